// Phase and construction status colours, customer connection status, clash status/severity, analysis priority,
// route classes.
import { describe, it, expect } from 'vitest';
import { normalisePhaseStatus, phaseStatusColor, PHASE_STATUSES, connectionStatus } from 'layers/styles/status';
import { analysisPriorityColor, clashSeverity, clashStatusColor, CLASH_STATUS_LABELS, CLASH_STATUSES } from 'layers/styles/clash';
import { routeClassColor, ROUTE_CLASSES, routeClass } from 'layers/styles/route';
import { COLORS } from 'layers/styles/colors';

describe('status colours', () => {
  it('each phase status has its own colour; construction spelling maps onto it', () => {
    const colors = PHASE_STATUSES.map((s) => JSON.stringify(phaseStatusColor(s)));
    expect(new Set(colors).size).toBe(5);
    expect(normalisePhaseStatus('under_construction')).toBe('underConstruction');
    expect(phaseStatusColor('under_construction')).toEqual(phaseStatusColor('underConstruction'));
    expect(phaseStatusColor('bogus')).toBeNull();
  });
  it('customer connection status defaults to connect', () => {
    expect(connectionStatus(undefined)).toBe('connect');
    expect(connectionStatus('reserve')).toBe('reserve');
    expect(connectionStatus('dont_connect')).toBe('dontConnect');
  });
});

describe('clashes and analyses', () => {
  it('status labels', () => {
    expect(CLASH_STATUSES.map((s) => CLASH_STATUS_LABELS[s])).toEqual(['Approved', 'Action required', 'Unresolved', 'Info', 'Warning', 'Unknown']);
  });
  it('severity: Unresolved error, ActionRequired/Warning warning, Info info, Approved normal; unknown → Unknown', () => {
    expect(clashSeverity('Unresolved')).toBe('error');
    expect(clashSeverity('ActionRequired')).toBe('warning');
    expect(clashSeverity('Warning')).toBe('warning');
    expect(clashSeverity('Info')).toBe('info');
    expect(clashSeverity('Approved')).toBe('normal');
    expect(clashStatusColor('garbage')).toEqual(clashStatusColor('Unknown'));
    expect(clashStatusColor('Unresolved')).toEqual(COLORS.red);
  });
  it('analysis priority colours: Error red, Warning orange, Info blue, Normal green', () => {
    expect(analysisPriorityColor('Error')).toEqual(COLORS.red);
    expect(analysisPriorityColor('Warning')).toEqual(COLORS.orange);
    expect(analysisPriorityColor('Info')).toEqual(COLORS.blue);
    expect(analysisPriorityColor('Normal')).toEqual(COLORS.green);
    expect(analysisPriorityColor(undefined)).toEqual(COLORS.green);
  });
  it('route classes each have a fixed, distinct colour', () => {
    expect(new Set(ROUTE_CLASSES.map((r) => JSON.stringify(routeClassColor(r)))).size).toBe(6);
    expect(routeClass('nope')).toBe('other');
  });
});
