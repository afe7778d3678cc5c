// Material management calls (issue 16): the organisation's material catalogues (GET /api/materials), one catalogue
// replaced (PUT /api/materials/{kind}) or put back to the defaults (DELETE). Saving invalidates the settings too: the
// catalogues are the defaults and choices of the project settings tables. Writes skip the global error notification
// (the screen shows the problems beside the rows).
import { api } from '../api';
import { bypassHeaders } from '../../shell/requests/headers';
import type { CatalogueDef, CatalogueKind, CatalogueRow } from 'common/materials/catalogues';

export interface MaterialCatalogue {
  kind: CatalogueKind;
  /** The organisation changed it (false: the template's default rows). */
  custom: boolean;
  updatedAt: string | null;
  key: string | null;
  unique: string[];
  uses: CatalogueDef['uses'];
  entries: CatalogueRow[];
}
export interface MaterialCatalogues { organisationId: number; catalogues: MaterialCatalogue[] }

const quiet = bypassHeaders('messages');

export const materialsApi = api.injectEndpoints({
  endpoints: (b) => ({
    // read quietly: where it fails the settings and attribute editors keep the templates' own choices
    materials: b.query<MaterialCatalogues, void>({
      query: () => ({ url: '/materials', headers: bypassHeaders('messages', 'loading') }), providesTags: [{ type: 'Settings', id: 'materials' }],
    }),
    saveMaterials: b.mutation<MaterialCatalogues, { kind: CatalogueKind; entries: CatalogueRow[] }>({
      query: ({ kind, entries }) => ({ url: `/materials/${kind}`, method: 'PUT', body: { entries }, headers: quiet }),
      invalidatesTags: ['Settings'],
    }),
    resetMaterials: b.mutation<MaterialCatalogues, CatalogueKind>({
      query: (kind) => ({ url: `/materials/${kind}`, method: 'DELETE', headers: quiet }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useMaterialsQuery, useSaveMaterialsMutation, useResetMaterialsMutation } = materialsApi;
