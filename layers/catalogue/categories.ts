// Layer categories (spec 3 §2) with their icons (every category has one except Other) and the second naming.
import type { Category } from '../types';

/** 24×24 SVG path data per category; Other has no icon. */
export const CATEGORY_ICONS: Record<Category, string | null> = {
  Background: 'M3 5h18v14H3z M3 15l5-5 4 4 3-3 6 6',
  Reference: 'M4 4h12l4 4v12H4z M8 10h8 M8 14h8',
  Network: 'M5 5a2 2 0 1 0 0.1 0 M19 19a2 2 0 1 0 0.1 0 M19 5a2 2 0 1 0 0.1 0 M6 6l12 12 M6 5h12',
  'As-built': 'M3 20h18 M6 20V9l6-5 6 5v11 M10 20v-6h4v6',
  Upload: 'M12 16V4 M7 9l5-5 5 5 M4 20h16',
  UploadKlic: 'M12 16V4 M7 9l5-5 5 5 M4 20h16 M4 12h3 M17 12h3',
  Other: null,
  Custom: 'M4 20l4-1 11-11-3-3L5 16z',
  CustomExternal: 'M4 20l4-1 11-11-3-3L5 16z M14 4h6v6',
  ExternalEnexis: 'M13 2L5 14h6l-1 8 8-12h-6z',
  ExternalWfs: 'M12 3a9 9 0 1 0 0.1 0 M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18',
};

/** Second naming of categories (spec 3 §2). */
export const CATEGORY_KEYS: Record<Category, string> = {
  Background: 'background', Reference: 'reference', Network: 'network', 'As-built': 'network', Upload: 'upload',
  UploadKlic: 'upload-klic', Other: 'other', Custom: 'custom', CustomExternal: 'custom', ExternalEnexis: 'external',
  ExternalWfs: 'external',
};

/** Legend group names (spec 3 §2). */
export const LEGEND_GROUPS = ['Clashes', 'Analyses', 'Measurement'] as const;
