// Catalogue entry builder: fills the spec defaults (opacity 0.5 areas / 0.85 reference and upload / 1 otherwise,
// draw order by geometry, project feature zoom range 8–24, label from zoom 17) so family files list only what differs.
import type { Category, GeometryKind, Group, LayerEntry, LayerType } from '../types';
import { drawOrderFor } from '../draw-order';

export const PROJECT_MAX_ZOOM = 24;
export const MAP_MAX_ZOOM = 28;
export const DEFAULT_LABEL_ZOOM = 17;

/** Opacity default (spec 2 §9 / spec 3 §9). */
export function defaultOpacity(category: Category, geometry: GeometryKind, type: LayerType): number {
  if (category === 'Reference' || category === 'Upload' || category === 'UploadKlic') return 0.85;
  if (geometry === 'polygon' && type !== 'image') return 0.5;
  return 1;
}

export type EntryInput = Partial<LayerEntry> & { name: string; geometry: GeometryKind };

export function family(group: Group, projectTypes: number[], base: Partial<LayerEntry> = {}) {
  return (e: EntryInput): LayerEntry => {
    const type = e.type ?? base.type ?? 'feature';
    const category = e.category ?? base.category ?? 'Network';
    return {
      type,
      category,
      group,
      defaultVisible: true,
      minZoom: 8,
      maxZoom: PROJECT_MAX_ZOOM,
      drawOrder: drawOrderFor(type === 'image' ? 'image' : e.geometry),
      opacity: defaultOpacity(category, e.geometry, type),
      projectTypes,
      organisations: [],
      attributions: [],
      objectTypes: [],
      styles: [e.name],
      ...base,
      ...e,
    } as LayerEntry;
  };
}

/** Project type ids (spec 3 §1). */
export const PT = {
  zpi: 1, drinkingWater: 2, hboMeerwerk: 3, naAansluitingen: 4, gzm: 5, overlay: 9, fttx: 10, caiw: 11, kpnPon: 12,
  largeScaleLowLevel: 13, caiwLowLevel: 14, kpnPonLowLevel: 15, heatQuickScan: 17, heatCapex: 18, heatSecondary: 19,
  deltaFiber: 20, deltaFiberLowLevel: 21, capexBuilder: 22, modeler: 23, analyzer: 24, dgFp: 25, fttxInternational: 26,
  internationalPon: 27, heatPrimary: 28, geotrace: 29, lowVoltage: 30, geowater: 31,
} as const;

export const FIBRE_TYPES = [PT.zpi, PT.hboMeerwerk, PT.naAansluitingen, PT.gzm, PT.overlay, PT.fttx, PT.caiw, PT.kpnPon,
  PT.largeScaleLowLevel, PT.caiwLowLevel, PT.kpnPonLowLevel, PT.deltaFiber, PT.deltaFiberLowLevel, PT.dgFp,
  PT.fttxInternational, PT.internationalPon];
export const LOW_LEVEL_TYPES = [PT.largeScaleLowLevel, PT.caiwLowLevel, PT.kpnPonLowLevel, PT.deltaFiberLowLevel];
export const HEAT_TYPES = [PT.heatQuickScan, PT.heatSecondary, PT.heatPrimary];
export const WATER_TYPES = [PT.drinkingWater, PT.geowater];
export const ESDL_TYPES = [PT.capexBuilder, PT.modeler, PT.analyzer];
export const CAPEX_TYPES = [PT.heatCapex, PT.capexBuilder];

/** Project geoserver WFS for a stored feature type. */
export function projectWfs(typeName: string) {
  return { kind: 'wfs' as const, url: '/api/project/{projectId}/geoserver/{product}/ows', typeName, projectFilter: true };
}
