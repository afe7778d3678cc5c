// A whole read's instance and path-edge rows (and their ids' text) made in the main thread's idle time (issue 15): they
// are made when first read (engine/lazy-column-rows.ts), so neither the model nor the first draw waits for them, and the
// live validation's first pass, right after the draw, reads them all. What idle time the main thread has while the
// rest of the answer arrives, and between the draw's frames, makes them in slices first (`requestIdleCallback`, each
// slice within the time the browser offers); rows a reader needs sooner are made then, as before. Without
// requestIdleCallback (tests, Node) nothing is scheduled.
import { fillSome } from 'engine/lazy-rows';

/** Rows made per step of a slice (≈ 1–2 ms of the browser's time at 100 000 edges). */
const STEP = 2000;

/** Fills the rows' unmade rows in idle time, slice by slice, until all are made. */
export function fillWhenIdle(rows: readonly unknown[]): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: (d: { timeRemaining(): number }) => void) => number }).requestIdleCallback;
  if (!ric || rows.length === 0) return;
  const slice = (d: { timeRemaining(): number }) => {
    let done = false;
    while (!done && d.timeRemaining() > 1) done = fillSome(rows, STEP);
    if (!done) ric(slice);
  };
  ric(slice);
}
