// Deleting fttx features keeps the links of the remaining ones whole (server/README.md "fttx feature service"):
// a deleted uuid is dropped from every `cap_id`, `DP`, `start_id`, `end_id` property that names it, from trenches'
// `cables` maps and from cables' `ducts` lists (in the form the property was stored: object or JSON text).
import type { Queryable } from '../db/db';
import { deleteRows, jsonProp, LINK, linkIn, sameForm, selectLinks, writeProps, type Props } from './rows';

const SCALAR_LINKS = [LINK.cap, LINK.dp, LINK.start, LINK.end];

/** The props without references to `gone`, or undefined when nothing referred to it. */
export function withoutReferences(props: Props, gone: Set<string>): Props | undefined {
  let changed = false;
  const out: Props = { ...props };
  for (const key of SCALAR_LINKS) {
    const v = out[key];
    if (typeof v === 'string' && gone.has(v.toLowerCase())) { delete out[key]; changed = true; }
  }
  const cables = jsonProp(out[LINK.cables]);
  if (cables && typeof cables === 'object' && !Array.isArray(cables)) {
    const kept = Object.fromEntries(Object.entries(cables).filter(([k]) => !gone.has(k.toLowerCase())));
    if (Object.keys(kept).length !== Object.keys(cables).length) { out[LINK.cables] = sameForm(out[LINK.cables], kept); changed = true; }
  }
  const ducts = jsonProp(out[LINK.ducts]);
  if (Array.isArray(ducts)) {
    const kept = ducts.filter((d) => !(typeof d === 'string' && gone.has(d.toLowerCase())));
    if (kept.length !== ducts.length) { out[LINK.ducts] = sameForm(out[LINK.ducts], kept); changed = true; }
  }
  return changed ? out : undefined;
}

/** Deletes the features and removes the references to them from the project's other fttx features. */
export async function deleteWithReferences(q: Queryable, projectId: number, uuids: string[]): Promise<string[]> {
  const deleted = await deleteRows(q, projectId, uuids);
  if (!deleted.length) return deleted;
  const gone = new Set(deleted);
  // Candidates: any feature with a scalar link naming a deleted uuid, or with a cables map / ducts list at all.
  const refs = await selectLinks(q, projectId, `${linkIn(SCALAR_LINKS, '$2')}
    OR properties ? '${LINK.cables}' OR properties ? '${LINK.ducts}'`, [deleted]);
  const updates = refs.flatMap((r) => {
    const props = withoutReferences(r.props, gone);
    return props ? [{ uuid: r.uuid, props }] : [];
  });
  await writeProps(q, projectId, updates);
  return deleted;
}
