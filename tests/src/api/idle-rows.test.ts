// A whole read's lazy instance and path-edge rows made in idle time (src/api/idle-rows.ts): slice by slice while the
// browser offers time, until every row is made; nothing scheduled where requestIdleCallback is missing.
import { afterEach, describe, expect, it } from 'vitest';
import { hasUnmade, lazyRows, madeCount } from 'engine/lazy-rows';
import { streamColumnRows } from 'engine/network-arrow-stream';
import { fillWhenIdle } from '../../../src/api/idle-rows';
import { generatedAnswer } from '../../engine/support/arrow-networks';

type Idle = (d: { timeRemaining(): number }) => void;
const g = globalThis as { requestIdleCallback?: (cb: Idle) => number };
afterEach(() => { delete g.requestIdleCallback; });

describe('rows made in idle time', () => {
  it('fills the rows in slices while idle time remains, rescheduling until all are made', () => {
    const queued: Idle[] = [];
    g.requestIdleCallback = (cb) => queued.push(cb);
    const rows = lazyRows(5000, (i) => ({ i }));
    fillWhenIdle(rows);
    expect(madeCount(rows)).toBe(0); // nothing before the browser is idle
    let budget = 1; // each slice: one step of 2 000 rows (time left once, then none)
    const run = () => { const cb = queued.shift()!; cb({ timeRemaining: () => (budget-- > 0 ? 10 : 0) }); budget = 1; };
    run();
    expect(madeCount(rows)).toBe(2000);
    expect(queued).toHaveLength(1);
    run(); run();
    expect(hasUnmade(rows)).toBe(false);
    expect(queued).toHaveLength(0);
  });

  it('schedules nothing without requestIdleCallback; a streamed read hands over its instance and path-edge rows', async () => {
    const rows = lazyRows(3, (i) => ({ i }));
    fillWhenIdle(rows);
    expect(madeCount(rows)).toBe(0);
    const bytes = generatedAnswer(40);
    const given: (readonly unknown[])[] = [];
    async function* one() { yield bytes; }
    const s = await streamColumnRows(one(), (r) => given.push(r));
    expect(given).toEqual([s.rows.pathEdges, s.rows.instances]);
    expect(given[0]).toBe(s.rows.pathEdges);
    expect(given[1]).toBe(s.rows.instances);
  });
});
