// Catalogue schema check: every entry field validated with an error naming the layer and the field.
import { CATEGORIES, GEOMETRIES, GROUPS, LAYER_TYPES, type LayerEntry } from '../types';
import { STYLES } from '../styles';
import { filterErrors } from '../filter';

const inList = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

export function validateEntry(e: LayerEntry): string[] {
  const errs: string[] = [];
  const bad = (field: string, why: string) => errs.push(`layer ${e.name || '(unnamed)'}: ${field} ${why}`);
  if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(e.name ?? '')) bad('name', 'must be a camelCase identifier');
  if (!inList(LAYER_TYPES, e.type)) bad('type', `must be one of ${LAYER_TYPES.join(', ')}`);
  if (!inList(CATEGORIES, e.category)) bad('category', 'is not a known category');
  if (!inList(GROUPS, e.group)) bad('group', 'is not a known group');
  if (!inList(GEOMETRIES, e.geometry)) bad('geometry', 'must be point, line or polygon');
  if (typeof e.defaultVisible !== 'boolean') bad('defaultVisible', 'must be a boolean');
  if (!Number.isInteger(e.minZoom) || e.minZoom < 0 || e.minZoom > 28) bad('minZoom', 'must be an integer 0–28');
  if (!Number.isInteger(e.maxZoom) || e.maxZoom < e.minZoom || e.maxZoom > 28) bad('maxZoom', 'must be an integer ≥ minZoom and ≤ 28');
  if (!Number.isInteger(e.drawOrder) || e.drawOrder < 0) bad('drawOrder', 'must be a non-negative integer');
  if (!(e.opacity > 0 && e.opacity <= 1)) bad('opacity', 'must be in (0, 1]');
  if (e.type !== 'network' && e.labelField === undefined && e.labelMinZoom !== undefined) bad('labelField', 'is required when labelMinZoom is set (only network layers label by display name)');
  if (e.labelMinZoom !== undefined && (e.labelMinZoom < 0 || e.labelMinZoom > 28)) bad('labelMinZoom', 'must be 0–28');
  if (!Array.isArray(e.projectTypes) || e.projectTypes.some((p) => !Number.isInteger(p) || p < 1 || p > 31)) bad('projectTypes', 'must be project type ids 1–31');
  if (!Array.isArray(e.organisations) || e.organisations.some((o) => !Number.isInteger(o) || o < 1)) bad('organisations', 'must be organisation ids');
  if (!Array.isArray(e.attributions) || e.attributions.some((a) => typeof a !== 'string')) bad('attributions', 'must be strings');
  if (!Array.isArray(e.objectTypes)) bad('objectTypes', 'must be a list of object type names');
  if (e.type === 'network' && e.objectTypes.length === 0) bad('objectTypes', 'must name the network object types feeding a network layer');
  if (!Array.isArray(e.styles) || e.styles.length === 0) bad('styles', 'must name at least one style');
  else for (const s of e.styles) if (!STYLES.has(s)) bad('styles', `names unknown style ${s}`);
  if (e.type === 'image' && !(e.source && e.source.kind !== 'wfs')) bad('source', 'of an image layer must be wms, wmts or xyz');
  if (e.source?.kind === 'wms' && !e.source.layers) bad('source.layers', 'is required for WMS');
  if ((e.source?.kind === 'wmts' || e.source?.kind === 'xyz') && e.source.addressFrom !== undefined) {
    if (e.source.url !== '{atlas}') bad('source.url', 'must be {atlas} when the address is read from a call');
    if (!e.source.addressFrom.startsWith('/api/')) bad('source.addressFrom', 'must be a call under /api/');
  } else if ((e.source?.kind === 'wmts' || e.source?.kind === 'xyz') && !/\{z\}.*\{x\}.*\{y\}|\{z\}.*\{y\}.*\{x\}/.test(e.source.url)) bad('source.url', 'must contain {z}, {x} and {y}');
  errs.push(...filterErrors(e));
  return errs;
}

export function validateCatalogue(entries: readonly LayerEntry[]): string[] {
  const errs = entries.flatMap(validateEntry);
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.name)) errs.push(`layer ${e.name}: name is not unique`);
    seen.add(e.name);
  }
  return errs;
}
