// Project phases (spec 3 §3 Phases: status, name; stored features of type 'phase' in the project's fttx feature
// service): read for the map's phase panel, whose choice is the active phase new instances take (spec 3 §4).
import { findLayer, wfsFeatureUrl } from 'layers';
import { api } from '../api';

export interface ProjectPhase { id: string; name: string; status: string | null }

/** The whole plane in EPSG:3857: the phase list is not limited to the view. */
const WORLD: [number, number, number, number] = [-20037508.34, -20037508.34, 20037508.34, 20037508.34];

interface FeatureCollection { features?: { id?: string | number; properties?: Record<string, unknown> }[] }

/** Phases of a GetFeature answer, by name (features without an id are left out). */
export function phasesOf(fc: FeatureCollection): ProjectPhase[] {
  const out: ProjectPhase[] = [];
  for (const f of fc.features ?? []) {
    const p = f.properties ?? {};
    const id = String(p.uuid ?? f.id ?? '');
    if (!id) continue;
    out.push({ id, name: String(p.name ?? id), status: p.status == null ? null : String(p.status) });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

export const phasesApi = api.injectEndpoints({
  endpoints: (b) => ({
    projectPhases: b.query<ProjectPhase[], number>({
      query: (projectId) => wfsFeatureUrl(findLayer('phases')!, { projectId, product: 'fttx', extent: WORLD }).replace(/^\/api(?=\/)/, ''),
      transformResponse: (r: FeatureCollection) => phasesOf(r),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useProjectPhasesQuery } = phasesApi;
