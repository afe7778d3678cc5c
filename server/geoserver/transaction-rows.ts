// The rows a WFS-T Insert or Update produces: fixed columns (uuid, type, layer, category, name, topology_id) from the
// properties of those names, `properties` (JSON text of an object) as the base of the properties bag, every other
// property in the bag — typed by the table's schema (numbers and booleans where DescribeFeatureType says so, text
// otherwise) — and the spec 3 §5 store rules applied (wfst-store-rules.ts). Read-only fields (project_id, created_at,
// updated_at, gml_id) are ignored.
import type { GeoGeometry } from './geojson';
import { OwsError } from './ows-error';
import type { InsertRow } from './stored-features';
import type { InsertFeature, UpdateProperty } from './wfst-parse';
import { checkedGeometryBox, CUSTOM_TABLE, geometryBox, storedProperties, storedUuid, StoreRuleError } from './wfst-store-rules';
import { checkType, defaultType, type WfstTables } from './wfst-types';

export const COLUMNS = new Set(['uuid', 'type', 'layer', 'category', 'name', 'topology_id']);
export const READ_ONLY = new Set(['project_id', 'created_at', 'updated_at', 'gml_id']);

/** Property name → schema type ('Float', 'Integer', 'Boolean', 'String', …) of one table. */
export type FieldTypes = Map<string, string>;

const bad = (locator: string, why: string) => new OwsError('InvalidParameterValue', locator, why);

export function typedValue(v: string, kind: string | undefined): unknown {
  if ((kind === 'Float' || kind === 'Integer') && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (kind === 'Boolean' && /^(true|false|1|0)$/i.test(v.trim())) return /^(true|1)$/i.test(v.trim());
  return v;
}

function propertiesObject(text: string | null, locator: string): Record<string, unknown> {
  if (text === null || text.trim() === '') return {};
  let v: unknown;
  try { v = JSON.parse(text); } catch { throw bad(`${locator}.properties`, 'properties must be JSON text of an object'); }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad(`${locator}.properties`, 'properties must be JSON text of an object');
  return v as Record<string, unknown>;
}

function box(g: GeoGeometry, locator: string): string {
  try { return checkedGeometryBox(g); } catch (e) {
    if (e instanceof StoreRuleError) throw bad(`${locator}.${e.field}`, e.message);
    throw e;
  }
}

/** An Insert feature → its stored row (table already resolved). */
export function insertRow(f: InsertFeature, table: string, tables: WfstTables, fields: FieldTypes): InsertRow {
  const v = f.values;
  const type = v.get('type') ?? defaultType(tables, table);
  if (!type) throw new OwsError('MissingParameterValue', `${f.locator}.type`, `type is required for ${table}`);
  checkType(tables, table, type, `${f.locator}.type`);
  if (!f.geometry) throw new OwsError('MissingParameterValue', `${f.locator}.geometry`, 'geometry is required');
  const bag = propertiesObject(v.get('properties') ?? null, f.locator);
  for (const [k, val] of v) {
    if (COLUMNS.has(k) || READ_ONLY.has(k) || k === 'properties') continue;
    if (val === null) delete bag[k]; else bag[k] = typedValue(val, fields.get(k));
  }
  return {
    uuid: storedUuid(v.get('uuid')), table, type, layer: v.get('layer') ?? null,
    category: table === CUSTOM_TABLE ? null : v.get('category') ?? null, name: v.get('name') ?? null,
    props: JSON.stringify(storedProperties(bag, table, true)), geometry: JSON.stringify(f.geometry), box: box(f.geometry, f.locator),
    topology: v.get('topology_id') ?? null,
  };
}

export interface CurrentRow {
  uuid: string; type: string; layer: string | null; category: string | null; name: string | null; topology_id: string | null;
  properties: Record<string, unknown> | string; geometry: GeoGeometry | string;
}

/** A stored row with an Update's properties applied (`properties` first, then the single keys). */
export function updatedRow(r: CurrentRow, table: string, props: UpdateProperty[], locator: string, tables: WfstTables, fields: FieldTypes): InsertRow {
  const cur = typeof r.properties === 'string' ? JSON.parse(r.properties) as Record<string, unknown> : r.properties;
  let geometry = typeof r.geometry === 'string' ? JSON.parse(r.geometry) as GeoGeometry : r.geometry;
  const whole = props.find((p) => p.name === 'properties');
  const bag = whole ? propertiesObject(whole.value, locator) : { ...cur };
  const row = { type: r.type, layer: r.layer, category: r.category, name: r.name, topology_id: r.topology_id };
  let moved = false;
  for (const p of props) {
    if (p.name === 'geometry') {
      if (!p.geometry) throw new OwsError('InvalidParameterValue', `${locator}.geometry`, 'geometry cannot be removed');
      geometry = p.geometry; moved = true;
    } else if (p.name === 'type') {
      if (!p.value) throw new OwsError('InvalidParameterValue', `${locator}.type`, 'type cannot be removed');
      checkType(tables, table, p.value, `${locator}.type`);
      row.type = p.value;
    } else if (p.name === 'layer' || p.name === 'category' || p.name === 'name' || p.name === 'topology_id') {
      row[p.name] = p.value;
    } else if (!COLUMNS.has(p.name) && !READ_ONLY.has(p.name) && p.name !== 'properties') {
      if (p.value === null) delete bag[p.name]; else bag[p.name] = typedValue(p.value, fields.get(p.name));
    }
  }
  return {
    uuid: r.uuid, table, type: row.type, layer: row.layer, category: table === CUSTOM_TABLE ? null : row.category, name: row.name,
    props: JSON.stringify(storedProperties(bag, table, true)), geometry: JSON.stringify(geometry),
    box: moved ? box(geometry, locator) : geometryBox(geometry), topology: row.topology_id,
  };
}
