// The organisation's material catalogues in the database (material_catalogue, migration 060): read all of an
// organisation's changed catalogues, replace one (all or nothing), drop one (back to the template default), and the
// settings template of a project with its organisation's catalogues laid over it (used by the settings routes).
import type { Queryable } from '../db/db';
import { isCatalogueKind, withCatalogue, type CatalogueKind, type CatalogueRow, type Catalogues } from '../../common/materials/catalogues';
import { templateFor, type SettingsTemplate } from '../../common/settings/index';

export interface StoredCatalogue { kind: CatalogueKind; entries: CatalogueRow[]; updatedAt: string; updatedBy: number | null }

export async function storedCatalogues(q: Queryable, organisationId: number): Promise<StoredCatalogue[]> {
  const r = await q.query<{ kind: string; entries: CatalogueRow[]; updated_at: Date | string; updated_by: number | null }>(
    'SELECT kind, entries, updated_at, updated_by FROM material_catalogue WHERE organisation_id = $1 ORDER BY kind', [organisationId]);
  return r.rows.filter((x) => isCatalogueKind(x.kind)).map((x) => ({
    kind: x.kind as CatalogueKind, entries: x.entries, updatedAt: new Date(x.updated_at).toISOString(), updatedBy: x.updated_by,
  }));
}

/** The organisation's changed catalogues by kind (the input of withCatalogue). */
export async function organisationCatalogues(q: Queryable, organisationId: number): Promise<Catalogues> {
  return Object.fromEntries((await storedCatalogues(q, organisationId)).map((c) => [c.kind, c.entries]));
}

export async function saveCatalogue(q: Queryable, organisationId: number, kind: CatalogueKind, entries: CatalogueRow[], userId: number): Promise<void> {
  await q.query(`INSERT INTO material_catalogue (organisation_id, kind, entries, updated_by) VALUES ($1, $2, $3::jsonb, $4)
    ON CONFLICT (organisation_id, kind) DO UPDATE SET entries = EXCLUDED.entries, updated_by = EXCLUDED.updated_by, updated_at = now()`,
  [organisationId, kind, JSON.stringify(entries), userId]);
}

export async function deleteCatalogue(q: Queryable, organisationId: number, kind: CatalogueKind): Promise<number> {
  return (await q.query('DELETE FROM material_catalogue WHERE organisation_id = $1 AND kind = $2', [organisationId, kind])).rowCount;
}

/** The settings template of a project with its organisation's catalogues over the type's (or family's) template. */
export async function organisationTemplate(
  q: Queryable, p: { organisation_id: number; project_type_id: number; family: string },
): Promise<SettingsTemplate> {
  return withCatalogue(templateFor(p.project_type_id, p.family), await organisationCatalogues(q, p.organisation_id));
}
