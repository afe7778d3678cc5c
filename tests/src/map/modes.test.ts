// Interaction-mode bit set of spec 3 §4 (select returns when none is active; draw + modify together).
import { describe, it, expect } from 'vitest';
import { Mode, activate, deactivate, toggle, has, normalize, restrictToViewing, names } from '../../../src/map/modes';

describe('interaction modes bit set (spec 3 §4)', () => {
  it('has the ten modes none, select, draw, measure, modify, split, delete feature, delete segment, unsnap, draw feature as distinct bits', () => {
    const bits = [Mode.Select, Mode.Draw, Mode.Measure, Mode.Modify, Mode.Split, Mode.DeleteFeature, Mode.DeleteSegment, Mode.Unsnap, Mode.DrawFeature];
    expect(Mode.None).toBe(0);
    expect(new Set(bits).size).toBe(9);
    for (const b of bits) expect(b & (b - 1)).toBe(0);
  });
  it('select becomes active again when no mode remains active', () => {
    expect(normalize(Mode.None)).toBe(Mode.Select);
    expect(deactivate(Mode.Measure, Mode.Measure)).toBe(Mode.Select);
    expect(toggle(Mode.Split, Mode.Split)).toBe(Mode.Select);
  });
  it('draw and modify can be active together', () => {
    const both = activate(activate(Mode.Select, Mode.Draw), Mode.Modify);
    expect(has(both, Mode.Draw) && has(both, Mode.Modify)).toBe(true);
    expect(has(both, Mode.Select)).toBe(false);
    expect(deactivate(both, Mode.Draw)).toBe(Mode.Modify);
  });
  it('activating another mode ends the incompatible ones', () => {
    const m = activate(Mode.Draw | Mode.Modify, Mode.Split);
    expect(m).toBe(Mode.Split);
    expect(activate(Mode.Measure, Mode.Draw)).toBe(Mode.Draw);
    expect(names(activate(Mode.Draw, Mode.Modify))).toEqual(['Draw', 'Modify']);
  });
  it('viewing restriction keeps select and measure only', () => {
    expect(restrictToViewing(Mode.Draw | Mode.Modify)).toBe(Mode.Select);
    expect(restrictToViewing(Mode.Measure)).toBe(Mode.Measure);
  });
});
