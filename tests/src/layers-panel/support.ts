// Test support for the layer panel test: the layers API it needs in one import.
import { dpFillColor, type DpFillState } from '../../../layers/styles/dp-fill';
export { CONTEXT_DEFAULTS, getLayer, resolveView, restoreView, upsertSetting, type LayerSetting } from 'layers';
export const dpFillColorFor = (s: DpFillState) => dpFillColor(s);
