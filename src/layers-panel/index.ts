// Layer panel public entry (mounted by the map screen).
export { LayerPanel, type LayerPanelProps, type LayerChange } from './LayerPanel';
export { LegendSwatch } from './LegendSwatch';
