// A WFS 1.1.0 (or 2.0.0) Transaction document → its actions, in document order: Insert (one or more features; element
// name = the stored table, child elements = properties, the geometry property a GML geometry), Update (typeName,
// Property Name/Value, Filter) and Delete (typeName, Filter). Filters: FeatureId fid / GmlObjectId gml:id /
// ResourceId rid (`{table}.{uuid}` or the bare uuid), PropertyIsEqualTo (PropertyName or ValueReference + Literal),
// And / Or of those. Every problem is a 400 OWS error whose locator names the action, feature and field.
import { OwsError } from './ows-error';
import type { GeoGeometry } from './geojson';
import { gmlGeometry } from './wfst-gml';
import { StoreRuleError } from './wfst-store-rules';
import { child, type XNode } from './wfst-xml';

/** Property names read as the geometry (ours is `geometry`; the usual names of other servers are accepted too). */
export const GEOMETRY_NAMES = new Set(['geometry', 'geom', 'the_geom', 'wkb_geometry', 'shape']);

export type Filter = { ids: string[] } | { eq: [string, string] } | { and: Filter[] } | { or: Filter[] };

export interface InsertFeature { typeName: string; locator: string; values: Map<string, string | null>; geometry?: GeoGeometry }
export interface UpdateProperty { name: string; value: string | null; geometry?: GeoGeometry }

export type Action =
  | { kind: 'insert'; locator: string; features: InsertFeature[] }
  | { kind: 'update'; locator: string; typeName: string; props: UpdateProperty[]; filter: Filter }
  | { kind: 'delete'; locator: string; typeName: string; filter: Filter };

const bad = (locator: string, why: string) => new OwsError('InvalidParameterValue', locator, why);
const local = (name: string) => (name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name);
const isNil = (n: XNode) => n.attrs.nil === 'true' || n.attrs.nil === '1';

/** Runs a geometry read, turning a rule error into a 400 located at `locator`. */
function located<T>(locator: string, fn: () => T): T {
  try { return fn(); } catch (e) {
    if (e instanceof StoreRuleError) throw bad(`${locator}.${e.field}`, e.message);
    throw e;
  }
}

function insertFeature(f: XNode, locator: string, srsName: string | undefined): InsertFeature {
  const values = new Map<string, string | null>();
  let geometry: GeoGeometry | undefined;
  for (const p of f.children) {
    const name = local(p.name);
    if (values.has(name) || (GEOMETRY_NAMES.has(name) && geometry)) throw bad(`${locator}.${name}`, `property ${name} is given twice`);
    if (GEOMETRY_NAMES.has(name)) {
      if (p.children.length !== 1) throw bad(`${locator}.geometry`, 'the geometry property must hold one GML geometry');
      geometry = located(locator, () => gmlGeometry(p.children[0], srsName));
    } else if (p.children.length) {
      throw bad(`${locator}.${name}`, `property ${name} must be a text value (objects go as JSON text)`);
    } else {
      values.set(name, isNil(p) ? null : p.text);
    }
  }
  // The feature's own id (gml:id / fid attribute, `{table}.{uuid}` or a bare uuid) stands for a missing uuid property.
  const id = f.attrs.id ?? f.attrs.fid;
  if (id && !values.has('uuid')) values.set('uuid', id.slice(id.lastIndexOf('.') + 1));
  return { typeName: f.name, locator, values, geometry };
}

function filterOf(n: XNode, locator: string): Filter {
  const parts: Filter[] = [];
  const ids: string[] = [];
  for (const c of n.children) {
    if (c.name === 'FeatureId' || c.name === 'GmlObjectId' || c.name === 'ResourceId') {
      const id = c.attrs.fid ?? c.attrs.id ?? c.attrs.rid;
      if (!id) throw bad(locator, `${c.name} without an id`);
      ids.push(id);
    } else if (c.name === 'PropertyIsEqualTo') {
      const prop = child(c, 'PropertyName') ?? child(c, 'ValueReference');
      const lit = child(c, 'Literal');
      if (!prop || !lit) throw bad(locator, 'PropertyIsEqualTo needs a PropertyName and a Literal');
      parts.push({ eq: [local(prop.text), lit.text] });
    } else if (c.name === 'And' || c.name === 'Or') {
      const subs = c.children.map((s) => filterOf({ ...c, children: [s] }, locator));
      if (subs.length < 1) throw bad(locator, `${c.name} without operands`);
      parts.push(c.name === 'And' ? { and: subs } : { or: subs });
    } else {
      throw bad(locator, `${c.name} is not supported (FeatureId, GmlObjectId, ResourceId, PropertyIsEqualTo, And, Or)`);
    }
  }
  if (ids.length) parts.push({ ids });
  if (!parts.length) throw bad(locator, 'an empty Filter');
  return parts.length === 1 ? parts[0] : { and: parts };
}

function requiredFilter(a: XNode, locator: string): Filter {
  const f = child(a, 'Filter');
  if (!f) throw new OwsError('MissingParameterValue', `${locator}.Filter`, `${a.name} needs a Filter (FeatureId, GmlObjectId or PropertyIsEqualTo)`);
  return filterOf(f, `${locator}.Filter`);
}

function typeNameOf(a: XNode, locator: string): string {
  const t = a.attrs.typeName ?? a.attrs.typename;
  if (!t) throw new OwsError('MissingParameterValue', `${locator}.typeName`, `${a.name} needs a typeName`);
  return local(t);
}

/** The actions of a Transaction root element. */
export function transactionActions(root: XNode): Action[] {
  if (root.name !== 'Transaction') throw bad('body', `expected a wfs:Transaction document, not ${root.name}`);
  const counters: Record<string, number> = {};
  return root.children.map((a): Action => {
    const i = counters[a.name] = (counters[a.name] ?? -1) + 1;
    const locator = `${a.name}[${i}]`;
    switch (a.name) {
      case 'Insert':
        if (!a.children.length) throw bad(locator, 'Insert without features');
        return { kind: 'insert', locator, features: a.children.map((f, j) => insertFeature(f, `${locator}.feature[${j}]`, a.attrs.srsName)) };
      case 'Update': {
        const props = a.children.filter((c) => c.name === 'Property').map((p, j): UpdateProperty => {
          const name = local(child(p, 'Name')?.text ?? child(p, 'ValueReference')?.text ?? '');
          const where = `${locator}.Property[${j}]`;
          if (!name) throw bad(where, 'Property without a Name');
          const v = child(p, 'Value');
          if (GEOMETRY_NAMES.has(name) && v?.children.length) {
            return { name: 'geometry', value: null, geometry: located(where, () => gmlGeometry(v.children[0])) };
          }
          if (v?.children.length) throw bad(where, `property ${name} must be a text value`);
          return { name, value: v && !isNil(v) ? v.text : null };
        });
        return { kind: 'update', locator, typeName: typeNameOf(a, locator), props, filter: requiredFilter(a, locator) };
      }
      case 'Delete':
        return { kind: 'delete', locator, typeName: typeNameOf(a, locator), filter: requiredFilter(a, locator) };
      default:
        throw new OwsError('OperationNotSupported', locator, `${a.name} is not supported in a Transaction (Insert, Update, Delete)`);
    }
  });
}
