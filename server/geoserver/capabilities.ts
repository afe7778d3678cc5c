// WFS GetCapabilities of one project (2.0.0, or 1.1.0 for 1.x requests): the project's feature types with EPSG:3857
// as default CRS (4326, 28992, 32632 offered), the project's WGS84 extent, and application/json as GetFeature format.
import { xmlEscape as x, num } from './xml';
import type { FeatureType } from './feature-types';
import { GML311 } from './wfst-gml-write';

export interface CapabilitiesInput {
  version: string;
  /** Absolute URL of this endpoint (no query). */
  url: string;
  product: string;
  projectName: string;
  types: Pick<FeatureType, 'name' | 'title'>[];
  /** WGS84 lon/lat envelope [minLon, minLat, maxLon, maxLat]. */
  wgs84: [number, number, number, number];
  /** Advertise the WFS-T Transaction operation (POST to `url`; wfst-route.ts). */
  transaction?: boolean;
}

export const OTHER_CRS = ['EPSG:4326', 'EPSG:28992', 'EPSG:32632'];
export const namespaceUri = (product: string) => `urn:netplan:geoserver:${product}`;

function operations(url: string, ows: string, formats: string, transaction?: boolean): string {
  const get = `<${ows}:DCP><${ows}:HTTP><${ows}:Get xlink:href="${x(url)}?"/></${ows}:HTTP></${ows}:DCP>`;
  const op = (name: string, extra = '') => `    <${ows}:Operation name="${name}">${get}${extra}</${ows}:Operation>`;
  const outFmt = `<${ows}:Parameter name="outputFormat">${formats}</${ows}:Parameter>`;
  const post = `    <${ows}:Operation name="Transaction"><${ows}:DCP><${ows}:HTTP><${ows}:Post xlink:href="${x(url)}"/></${ows}:HTTP></${ows}:DCP></${ows}:Operation>`;
  return [op('GetCapabilities'), op('DescribeFeatureType'), op('GetFeature', outFmt), ...(transaction ? [post] : [])].join('\n');
}

export function capabilitiesXml(c: CapabilitiesInput): string {
  const v2 = c.version.startsWith('2.');
  const prefix = c.product;
  const [a, b, cc, d] = c.wgs84;
  const bbox = (ows: string) => `<${ows}:WGS84BoundingBox><${ows}:LowerCorner>${num(a)} ${num(b)}</${ows}:LowerCorner>`
    + `<${ows}:UpperCorner>${num(cc)} ${num(d)}</${ows}:UpperCorner></${ows}:WGS84BoundingBox>`;
  const title = `${c.projectName} (${c.product})`;
  if (v2) {
    const types = c.types.map((t) => `    <wfs:FeatureType>
      <wfs:Name>${x(prefix)}:${x(t.name)}</wfs:Name><wfs:Title>${x(t.title)}</wfs:Title>
      <wfs:DefaultCRS>urn:ogc:def:crs:EPSG::3857</wfs:DefaultCRS>
${OTHER_CRS.map((s) => `      <wfs:OtherCRS>urn:ogc:def:crs:EPSG::${s.slice(5)}</wfs:OtherCRS>`).join('\n')}
      <wfs:OutputFormats><wfs:Format>application/json</wfs:Format></wfs:OutputFormats>
      ${bbox('ows')}
    </wfs:FeatureType>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1"
  xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:gml="http://www.opengis.net/gml/3.2"
  xmlns:${x(prefix)}="${x(namespaceUri(c.product))}">
  <ows:ServiceIdentification><ows:Title>${x(title)}</ows:Title><ows:ServiceType>WFS</ows:ServiceType>
    <ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion><ows:ServiceTypeVersion>1.1.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
${operations(c.url, 'ows', '<ows:AllowedValues><ows:Value>application/json</ows:Value></ows:AllowedValues>', c.transaction)}
    <ows:Constraint name="ImplementsBasicWFS"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="ImplementsTransactionalWFS"><ows:NoValues/><ows:DefaultValue>${c.transaction ? 'TRUE' : 'FALSE'}</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="ImplementsResultPaging"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="KVPEncoding"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></ows:Constraint>
    <ows:Constraint name="CountDefault"><ows:NoValues/><ows:DefaultValue>50000</ows:DefaultValue></ows:Constraint>
  </ows:OperationsMetadata>
  <wfs:FeatureTypeList>
${types}
  </wfs:FeatureTypeList>
  <fes:Filter_Capabilities>
    <fes:Conformance><fes:Constraint name="ImplementsQuery"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></fes:Constraint></fes:Conformance>
  </fes:Filter_Capabilities>
</wfs:WFS_Capabilities>
`;
  }
  // A transactional WFS also writes GML 3.1.1 (gml:id for WFS-T clients; wfst-gml-write.ts); JSON stays the default.
  const gml = c.transaction ? `<Format>${GML311}</Format>` : '';
  const types = c.types.map((t) => `    <FeatureType>
      <Name>${x(prefix)}:${x(t.name)}</Name><Title>${x(t.title)}</Title>
      <DefaultSRS>urn:ogc:def:crs:EPSG::3857</DefaultSRS>
${OTHER_CRS.map((s) => `      <OtherSRS>urn:ogc:def:crs:EPSG::${s.slice(5)}</OtherSRS>`).join('\n')}
      <OutputFormats><Format>application/json</Format>${gml}</OutputFormats>
      ${bbox('ows')}
    </FeatureType>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<WFS_Capabilities version="1.1.0" xmlns="http://www.opengis.net/wfs" xmlns:wfs="http://www.opengis.net/wfs"
  xmlns:ows="http://www.opengis.net/ows" xmlns:ogc="http://www.opengis.net/ogc" xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:gml="http://www.opengis.net/gml" xmlns:${x(prefix)}="${x(namespaceUri(c.product))}">
  <ows:ServiceIdentification><ows:Title>${x(title)}</ows:Title><ows:ServiceType>WFS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.1.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
${operations(c.url, 'ows', `<ows:Value>application/json</ows:Value>${c.transaction ? `<ows:Value>${GML311}</ows:Value>` : ''}`, c.transaction)}
  </ows:OperationsMetadata>
  <FeatureTypeList>
${types}
  </FeatureTypeList>
  <ogc:Filter_Capabilities>
    <ogc:Spatial_Capabilities><ogc:GeometryOperands><ogc:GeometryOperand>gml:Envelope</ogc:GeometryOperand></ogc:GeometryOperands>
      <ogc:SpatialOperators><ogc:SpatialOperator name="BBOX"/></ogc:SpatialOperators></ogc:Spatial_Capabilities>
    <ogc:Scalar_Capabilities><ogc:LogicalOperators/><ogc:ComparisonOperators><ogc:ComparisonOperator>EqualTo</ogc:ComparisonOperator></ogc:ComparisonOperators></ogc:Scalar_Capabilities>
    <ogc:Id_Capabilities><ogc:FID/></ogc:Id_Capabilities>
  </ogc:Filter_Capabilities>
</WFS_Capabilities>
`;
}

/** resultType=hits answer: the number of matching features, no features. */
export function hitsXml(version: string, matched: number): string {
  const ts = new Date().toISOString();
  return version.startsWith('2.')
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" numberMatched="${matched}" numberReturned="0" timeStamp="${ts}"/>\n`
    : `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" numberOfFeatures="${matched}" timeStamp="${ts}"/>\n`;
}
