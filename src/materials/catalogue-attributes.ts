// The organisation's material catalogues as the choices of attribute editors (issue 16): a List attribute that names
// a catalogue entry (duct_type, cable_type, pipe_type, transformer_type, ap_type) offers the names of the entries the
// organisation keeps selected in that catalogue, once the organisation changed it (otherwise the object type's own
// allowed values stay). Used as the feature-info panel's allowed-values filter.
import { useMemo } from 'react';
import { catalogueRows, type CatalogueKind, type Catalogues } from 'common/materials/catalogues';
import type { AllowedValuesFilter } from 'engine/attributes';
import { useMaterialsQuery } from '../api/endpoints/materials';

export const ATTRIBUTE_CATALOGUES: Readonly<Record<string, CatalogueKind>> = {
  duct_type: 'duct_types', cable_type: 'cable_types', pipe_type: 'heat_pipe_types', transformer_type: 'transformer_types', ap_type: 'ap_cabinets',
};

/** The allowed-values filter of an organisation's changed catalogues (pure: for tests and the hook). */
export function catalogueFilter(catalogues: Catalogues): AllowedValuesFilter {
  return (type, allowed) => {
    const kind = ATTRIBUTE_CATALOGUES[type.name];
    if (!kind || !catalogues[kind]) return allowed;
    return catalogueRows(kind, catalogues).filter((r) => r.selected !== false && (kind !== 'ap_cabinets' || r.kind === 'AP')).map((r) => String(r.name));
  };
}

export function useCatalogueAttributeFilter(): AllowedValuesFilter {
  const q = useMaterialsQuery();
  return useMemo(() => catalogueFilter(Object.fromEntries((q.data?.catalogues ?? []).filter((c) => c.custom).map((c) => [c.kind, c.entries]))), [q.data]);
}
