// Runs work once the map has drawn what the controller last handed to deck.gl (issue 15): deck.gl takes new layers in
// its own animation frame (LayerManager.updateLayers), and the map draws them in a render after that — one or two
// frames after they are handed over. The map screen builds its planning plug-ins this way, so the network of a fresh
// load is on screen before their whole-network first pass (≈ 1.7 s of the main thread at 100 000 edges). The work runs
// in a task of its own after that draw (not inside the frame), or after `fallbackMs` when nothing is drawn (a hidden
// tab paints no frames; the map's style not loaded yet). Returns a cancel function.

/** What the wait watches: deck.gl's draws, the controller's renders and whether deck.gl has taken their layers. */
export interface DrawSource {
  /** Calls `l` after each deck.gl draw (MapboxOverlay onAfterRender); returns the unsubscribe. */
  onDraw(l: () => void): () => void;
  /** How many times layers were handed to deck.gl so far. */
  renders(): number;
  /** Whether deck.gl has taken the layers handed over last (each has its internal state). */
  layersTaken(): boolean;
  /** Asks for layers to be handed over again (a frame of its own). */
  requestRender(): void;
}

/** localStorage key: 'off' makes the plug-ins (live validation, capex, clashes) not wait for the map's draw — built
 *  before the network's first draw, loads handed over after the next frame, as until issue 15's twelfth stop (the
 *  benchmarks' side-by-side pass). */
export const PLUGINS_AFTER_DRAW_KEY = 'netplan.pluginsAfterDraw';
export function pluginsAfterDraw(): boolean {
  try { return globalThis.localStorage?.getItem(PLUGINS_AFTER_DRAW_KEY) !== 'off'; } catch { return true; }
}

/** A deck.gl layer that deck.gl has taken (initialised, or given the state of the layer it replaced). */
export const layerTaken = (l: unknown): boolean => (l as { internalState?: unknown }).internalState != null;

/** Calls `drawn` (inside the draw, once) at the first deck.gl draw of layers handed over after this call — a draw
 *  counts once deck.gl has taken them: what the map shows now, not before. Asks for a render; returns the unsubscribe. */
export function onNextDraw(src: DrawSource, drawn: () => void): () => void {
  const after = src.renders();
  const off = src.onDraw(() => { if (src.renders() > after && src.layersTaken()) { off(); drawn(); } });
  src.requestRender();
  return off;
}

export function whenDrawn(src: DrawSource, work: () => void, fallbackMs = 3000): () => void {
  let done = false, task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true; off(); clearTimeout(fallback);
    task = setTimeout(work, 0);
  };
  const off = onNextDraw(src, run);
  const fallback = setTimeout(run, fallbackMs);
  return () => { done = true; off(); clearTimeout(fallback); if (task !== undefined) clearTimeout(task); };
}
