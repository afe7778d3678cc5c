// Style definitions of the general layers (notes, dimensioning, clashes, analyses, user location, highlights) and
// vector reference layers (risk grid, address objects, neighbourhoods, road sections, trees, water defences).
import type { StyleDef } from '../types';
import { rgba } from './colors';
import { computed, fixed } from './define';
import { analysisPriorityColor, ANALYSIS_PRIORITIES, clashStatusColor, CLASH_STATUSES } from './clash';
import { NOTE_STYLE_DEFAULTS, parseColor } from './note';
import { riskFeatureColor, RISK_CLASSES } from './risk';

export const GENERAL_STYLES: StyleDef[] = [
  computed('note', (p) => parseColor(p.color) ?? NOTE_STYLE_DEFAULTS.color,
    (p) => (typeof p.size === 'number' ? p.size : NOTE_STYLE_DEFAULTS.size), [{ label: '', sample: {} }], { fillAlpha: 128 }),
  fixed('dimension', rgba('black'), 1),
  computed('clash', (p) => clashStatusColor(p.status), 6,
    CLASH_STATUSES.map((s) => ({ label: `legend.clash_${s}`, sample: { status: s } })), { fillAlpha: 80 }),
  computed('analysis', (p) => analysisPriorityColor(p.priority), 6,
    ANALYSIS_PRIORITIES.map((s) => ({ label: `legend.priority_${s}`, sample: { priority: s } })), { fillAlpha: 80 }),
  fixed('userLocation', rgba('blue'), 8),
  fixed('highlight', rgba('yellow', 200), 8, { fillAlpha: 80 }),
  computed('riskGrid', (p) => riskFeatureColor(p), 1,
    RISK_CLASSES.map((c) => ({ label: `legend.risk_${c}`, sample: { class: c } })), { fillAlpha: 110 }),
  fixed('addressObject', rgba('grey'), 3),
  fixed('neighbourhood', rgba('violet'), 1, { fillAlpha: 0 }),
  fixed('roadSection', rgba('orange'), 2),
  fixed('tree', rgba('darkGreen'), 4),
  fixed('waterDefence', rgba('blue'), 2, { fillAlpha: 40 }),
  fixed('surfaceType', rgba('brown'), 1, { fillAlpha: 50 }),
  fixed('externalWfs', rgba('violet'), 2, { fillAlpha: 50 }),
  fixed('image', rgba('grey'), 1),
];
