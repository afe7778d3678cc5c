// WFS DescribeFeatureType: an XML schema per feature type (GML 3.2 for 2.0, GML 3.1.1 for 1.1) with the geometry
// property and every property GetFeature writes, typed (string, int, double, boolean, dateTime) — GDAL builds its
// layer definition from it.
import { xmlEscape as x } from './xml';
import type { GeometryName } from './feature-types';
import { namespaceUri } from './capabilities';

export interface SchemaType { name: string; geometry: GeometryName; fields: [string, string][] }

const XSD: Record<string, string> = {
  String: 'xsd:string', List: 'xsd:string', Text: 'xsd:string', Integer: 'xsd:int', Float: 'xsd:double', Boolean: 'xsd:boolean',
  DateTime: 'xsd:dateTime',
};

/** Fields of a network feature type: the fixed layer fields, then the attribute types of its object types. */
export function networkFields(geometry: GeometryName, attrs: [string, string][]): [string, string][] {
  const fixed: [string, string][] = [['id', 'String'], ['uuid', 'String'], ['network_object_id', 'String'], ['project_id', 'Integer'],
    ['type', 'String'], ['object_type_id', 'Integer'], ['feature_type', 'String'], ['layer', 'String'], ['name', 'String'],
    ['canonical_name', 'String']];
  if (geometry === 'LineString') {
    fixed.push(['fromNodeId', 'String'], ['toNodeId', 'String'], ['start_id', 'String'], ['end_id', 'String'], ['length', 'Float']);
  }
  const names = new Set(fixed.map(([n]) => n));
  const out = [...fixed];
  for (const [n, t] of attrs) {
    if (names.has(n)) continue;
    names.add(n);
    // duct_type / cable_type are written as {name} objects (spec 3 §3): text in the schema.
    out.push([n, n === 'duct_type' || n === 'cable_type' ? 'String' : t]);
  }
  if (!names.has('cable_type') && attrs.some(([n]) => n === 'fibers')) out.push(['cable_type', 'String']);
  return out;
}

export function schemaXml(version: string, product: string, types: SchemaType[]): string {
  const v2 = version.startsWith('2.');
  const gmlNs = v2 ? 'http://www.opengis.net/gml/3.2' : 'http://www.opengis.net/gml';
  const gmlLoc = v2 ? 'http://schemas.opengis.net/gml/3.2.1/gml.xsd' : 'http://schemas.opengis.net/gml/3.1.1/base/gml.xsd';
  const subst = v2 ? 'gml:AbstractFeature' : 'gml:_Feature';
  const p = x(product);
  const body = types.map((t) => {
    const el = (n: string, type: string) =>
      `          <xsd:element maxOccurs="1" minOccurs="0" name="${x(n)}" nillable="true" type="${type}"/>`;
    const rows = [el('geometry', `gml:${t.geometry === 'Geometry' ? 'Geometry' : t.geometry}PropertyType`),
      ...t.fields.map(([n, ty]) => el(n, XSD[ty] ?? 'xsd:string'))];
    return `  <xsd:complexType name="${x(t.name)}Type">
    <xsd:complexContent>
      <xsd:extension base="gml:AbstractFeatureType">
        <xsd:sequence>
${rows.join('\n')}
        </xsd:sequence>
      </xsd:extension>
    </xsd:complexContent>
  </xsd:complexType>
  <xsd:element name="${x(t.name)}" substitutionGroup="${subst}" type="${p}:${x(t.name)}Type"/>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="${gmlNs}" xmlns:${p}="${x(namespaceUri(product))}"
  elementFormDefault="qualified" targetNamespace="${x(namespaceUri(product))}">
  <xsd:import namespace="${gmlNs}" schemaLocation="${gmlLoc}"/>
${body}
</xsd:schema>
`;
}
