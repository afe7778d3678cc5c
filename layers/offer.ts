// Which layers a user is offered (spec 3 §6): by project type and organisation; the street-level surface-type layer
// only with imagery coverage permission; the aerial street-level layer only when the session carries an atlas address;
// never a layer the organisation's layer offer switches off (admin settings, GET /api/organisation/layer-offer).
import type { LayerEntry } from './types';

export interface OfferContext {
  projectTypeId: number;
  organisationId?: number | null;
  /** Permission names the user holds (e.g. 'cyclomedia.coverage'). */
  permissions?: ReadonlySet<string>;
  /** Session data carries a street-level atlas address. */
  hasAtlasAddress?: boolean;
  /** Layer names the organisation's layer offer hides (GET /api/organisation/layer-offer `hidden`). */
  hidden?: ReadonlySet<string>;
}

export function isOffered(e: LayerEntry, ctx: OfferContext): boolean {
  if (!Number.isInteger(ctx.projectTypeId)) throw new Error('projectTypeId is required for layer type checks');
  const byType = e.projectTypes.length === 0 || e.projectTypes.includes(ctx.projectTypeId);
  const byOrg = e.organisations.length === 0 || (ctx.organisationId != null && e.organisations.includes(ctx.organisationId));
  if (!byType || !byOrg) return false;
  if (ctx.hidden?.has(e.name)) return false;
  if (e.requiresPermission === 'atlas') return ctx.hasAtlasAddress === true;
  if (e.requiresPermission && !ctx.permissions?.has(e.requiresPermission)) return false;
  return true;
}

export function offeredLayers(entries: readonly LayerEntry[], ctx: OfferContext): LayerEntry[] {
  return entries.filter((e) => isOffered(e, ctx));
}
