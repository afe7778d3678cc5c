// Runs work after the next frame has been painted: requestAnimationFrame, then a task (the frame's rendering runs
// between the two). The map screen builds its planning plug-ins this way, so the network drawn from a fresh load is
// on screen before their whole-network first pass (issue 15: ≈ 1.7 s of the main thread at 100 000 edges). A tab
// that paints no frames (hidden) still runs the work after `fallbackMs`. Returns a cancel function.
export function afterFrame(work: () => void, fallbackMs = 1000): () => void {
  let done = false, raf = 0, task: ReturnType<typeof setTimeout> | undefined;
  const run = () => { if (done) return; done = true; clear(); work(); };
  const clear = () => {
    if (raf && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(raf);
    if (task !== undefined) clearTimeout(task);
    clearTimeout(fallback);
  };
  const fallback = setTimeout(run, fallbackMs);
  if (typeof requestAnimationFrame === 'function') raf = requestAnimationFrame(() => { raf = 0; task = setTimeout(run, 0); });
  else task = setTimeout(run, 0);
  return () => { done = true; clear(); };
}
