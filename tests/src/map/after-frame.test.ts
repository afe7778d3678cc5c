// afterFrame (src/map/after-frame.ts): the planning plug-ins' first pass runs after the next frame is painted — after
// the animation frame and a task after it, never before; a cancelled one never; a tab that paints no frame still
// runs it after the fallback.
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { afterFrame } from '../../../src/map/after-frame';

describe('afterFrame', () => {
  let frames: (() => void)[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => { frames.push(f); return frames.length; });
    vi.stubGlobal('cancelAnimationFrame', (h: number) => { frames[h - 1] = () => {}; });
  });
  afterEach(() => { vi.useRealTimers(); vi.unstubAllGlobals(); });

  it('runs after the animation frame and a task after it, once', () => {
    const work = vi.fn();
    afterFrame(work);
    vi.advanceTimersByTime(100);
    expect(work).not.toHaveBeenCalled(); // no frame yet
    frames.shift()!();
    expect(work).not.toHaveBeenCalled(); // the frame itself renders first
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a cancelled one never runs', () => {
    const work = vi.fn();
    const cancel = afterFrame(work);
    cancel();
    for (const f of frames) f();
    vi.advanceTimersByTime(5000);
    expect(work).not.toHaveBeenCalled();
    const work2 = vi.fn();
    const cancel2 = afterFrame(work2);
    frames[frames.length - 1]();
    cancel2(); // between the frame and its task
    vi.advanceTimersByTime(5000);
    expect(work2).not.toHaveBeenCalled();
  });

  it('without frames (a hidden tab) it runs after the fallback', () => {
    const work = vi.fn();
    afterFrame(work, 800);
    vi.advanceTimersByTime(799);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    frames.shift()!();
    vi.advanceTimersByTime(10);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
