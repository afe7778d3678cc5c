// whenDrawn (src/map/draw-wait.ts): the planning plug-ins' first pass waits until the map has drawn the layers handed
// to deck.gl after the wait began (deck.gl takes layers a frame later than they are handed over) — then runs in a task
// of its own, once; a draw of older layers, or before deck.gl took the new ones, does not count; a cancelled wait never
// runs; nothing drawn (a hidden tab) runs it after the fallback.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { whenDrawn, layerTaken, type DrawSource } from '../../../src/map/draw-wait';

interface FakeMap { renders: number; taken: boolean; requested: number; draw(): void; source: DrawSource; listening(): number }

function fakeMap(): FakeMap {
  const listeners = new Set<() => void>();
  const m: FakeMap = {
    renders: 0, taken: true, requested: 0,
    draw: () => { for (const l of [...listeners]) l(); },
    source: {
      onDraw: (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; },
      renders: () => m.renders, layersTaken: () => m.taken, requestRender: () => { m.requested++; },
    },
    listening: () => listeners.size,
  };
  return m;
}

describe('whenDrawn', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs in a task after the first draw of layers handed over after the call and taken by deck.gl, once', () => {
    const m = fakeMap(), work = vi.fn();
    m.renders = 3;
    whenDrawn(m.source, work);
    expect(m.requested).toBe(1); // a render of its own is asked for
    m.draw(); vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled(); // a draw of the layers handed over before the call
    m.renders = 4; m.taken = false;
    m.draw(); vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled(); // handed over, not yet taken by deck.gl: drawn without them
    m.taken = true;
    m.draw();
    expect(work).not.toHaveBeenCalled(); // not inside the frame
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    expect(m.listening()).toBe(0);
    m.draw(); vi.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a cancelled wait never runs, also when cancelled between the draw and its task', () => {
    const m = fakeMap(), work = vi.fn();
    whenDrawn(m.source, work)();
    m.renders++; m.draw(); vi.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();
    const cancel = whenDrawn(m.source, work);
    m.renders++; m.draw(); cancel(); vi.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();
  });

  it('without a draw it runs after the fallback', () => {
    const m = fakeMap(), work = vi.fn();
    whenDrawn(m.source, work, 2000);
    vi.advanceTimersByTime(1999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    m.renders++; m.draw(); vi.advanceTimersByTime(10);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a layer counts as taken once deck.gl gave it its internal state', () => {
    expect(layerTaken({ internalState: null })).toBe(false);
    expect(layerTaken({})).toBe(false);
    expect(layerTaken({ internalState: {} })).toBe(true);
  });
});
