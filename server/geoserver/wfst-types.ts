// Which stored tables a project's WFS-T transactions write, and which feature `type` values each takes: derived from
// the layer catalogue (layers/catalogue, source projectWfs(table)) for the project's type. A table takes the union
// of the featureTypes of the catalogue layers that read it; a table read by a layer without a type filter (e.g.
// networkDrawing on fttx_feature, notes on note) takes any type. Anything else is answered
// 'Feature type {type} is not a supported WFST feature type' (spec 3 §8).
import { CATALOGUE } from '../../layers/catalogue';
import { offeredTo, storedTable } from './feature-types';
import { OwsError } from './ows-error';

/** Stored table → the types it takes (null: any type). */
export type WfstTables = Map<string, Set<string> | null>;

const cache = new Map<number, WfstTables>();

export function wfstTables(projectTypeId: number): WfstTables {
  const hit = cache.get(projectTypeId);
  if (hit) return hit;
  const out: WfstTables = new Map();
  for (const e of CATALOGUE) {
    const table = offeredTo(e, projectTypeId) ? storedTable(e) : undefined;
    if (!table) continue;
    const prev = out.get(table);
    if (prev === null) continue;
    if (!e.featureTypes?.length) { out.set(table, null); continue; }
    out.set(table, new Set([...(prev ?? []), ...e.featureTypes]));
  }
  cache.set(projectTypeId, out);
  return out;
}

export const unsupportedType = (locator: string, type: string) =>
  new OwsError('InvalidParameterValue', locator, `Feature type ${type} is not a supported WFST feature type`);

/** The table a typeName (`{prefix}:table` or `table`) names, or the spec error. */
export function wfstTable(tables: WfstTables, locator: string, typeName: string): string {
  const name = typeName.includes(':') ? typeName.slice(typeName.lastIndexOf(':') + 1) : typeName;
  if (!tables.has(name)) throw unsupportedType(locator, name);
  return name;
}

/** Checks a feature's type against its table (the spec error otherwise). */
export function checkType(tables: WfstTables, table: string, type: string, locator: string): void {
  const allowed = tables.get(table);
  if (allowed && !allowed.has(type)) throw unsupportedType(locator, type);
}

/** The type a feature gets when it names none: the table's only type, if it has exactly one. */
export function defaultType(tables: WfstTables, table: string): string | undefined {
  const allowed = tables.get(table);
  return allowed && allowed.size === 1 ? [...allowed][0] : undefined;
}
