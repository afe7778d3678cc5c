// The editor binding: the engine session on one side, what the map draws on the other. Every gesture goes through
// `perform` (area guard → engine operation → one history item); each change's diff goes to the chunk buffers (only
// the touched cells rebuild), the selection, and then to every plug-in listening (validation, capex, clashes: they get
// the same ChangeEvent with its diff, never a rescan). Warnings and the 20-item signal become notifications.
// Loads (area tiles read in, far tiles dropped) reach the plug-ins after the map has drawn them, in order, and
// before any later change: the tile is on screen first and its validation follows (issue 15: per tile ≈ 250 ms of
// live validation at 10⁶ edges no longer delays the draw); the engine's segment folds of merged tiles follow in a task
// of their own (same rows, nothing to emit).
import type { Layer } from '@deck.gl/core';
import type { Intent } from 'engine';
import type { Id, Position } from 'engine/types';
import { allObjects, getObject } from 'engine/model';
import type { Extent } from './geometry';
import { bboxOf as extentOf } from 'engine/geometry';
import { NetworkChunks } from './render/network-chunks';
import { modelSource } from './render/model-source';
import { chunkLayers } from './render/deck-layers';
import { defaultStyle, type StyleResolver } from './render/network-style';
import type { GroupState } from './render/catalogue-style';
import type { ChangeEvent, EditSession } from './edit-session';

export interface BindingHost {
  notify(key: string, level: 'info' | 'warning' | 'error', params?: Record<string, unknown>, throttleKey?: string): void;
  /** Something the screen shows changed (history, selection, …): redraw. */
  changed(): void;
  /** Runs work in a task once the map has drawn what it was handed after this call (draw-wait.ts); returns its
   *  cancel. Without it: after the next animation frame and a task. */
  whenDrawn?(work: () => void): () => void;
}

/** Is every point inside the part of the network loaded (area loading of large projects)? */
export type AreaCheck = (p: Position) => boolean;

/** Engine warnings with their own notification text (spec 1 §5); others show as a refusal with the reason. */
const WARNING_KEYS: Record<string, string> = { 'zero length': 'map.notification.zero_length', 'route overlapping': 'map.notification.route_overlapping' };

export interface ChunkView { widthScale: number; view: Extent | null; groups?: ReadonlyMap<string, GroupState>; zoom: number }

export class EditorBinding {
  session: EditSession | null = null;
  chunks: NetworkChunks | null = null;
  selection: Id[] = [];
  /** Set while a large project loads by area: gestures must stay inside the loaded tiles. */
  area: AreaCheck | null = null;
  private style: StyleResolver = defaultStyle;
  private offSession: (() => void) | null = null;
  private listeners = new Set<(e: ChangeEvent) => void>();
  /** Load events drawn but not yet handed to the plug-ins. */
  private pending: ChangeEvent[] = [];
  private flushing: { cancel: () => void } | null = null;

  constructor(private host: BindingHost) {}

  /** Plug-ins (validation, capex, clashes) follow every change's diff. A new one starts after the loads drawn so far
   *  reached the others (it reads the model as it is). */
  subscribe(l: (e: ChangeEvent) => void): () => void {
    this.flush();
    this.listeners.add(l);
    return () => { this.listeners.delete(l); };
  }

  /** Hands the load events waiting for their frame to the plug-ins now. */
  flush(): void {
    if (this.flushing) { this.flushing.cancel(); this.flushing = null; }
    const loads = this.pending.length;
    while (this.pending.length) { const e = this.pending.shift()!; for (const l of this.listeners) l(e); }
    if (loads) this.foldLater();
  }

  /** The engine's segment folds of merged tiles, in a task of their own after the loads reached the plug-ins. */
  private foldLater(): void {
    if (this.folding) return;
    this.folding = setTimeout(() => { this.folding = undefined; this.session?.fold(); }, 0);
  }
  private folding: ReturnType<typeof setTimeout> | undefined;

  /** Once the map has drawn the change (host.whenDrawn: deck.gl takes new layers a frame after they are handed over,
   *  so a task after the next frame came before the tile's draw); without it after the next frame (rAF, then a task),
   *  or in a task where there are no frames (tests, a hidden tab's 250 ms). */
  private later(): void {
    if (this.flushing) return;
    const f = { cancel: () => {} };
    const go = () => { if (this.flushing === f) this.flush(); };
    this.flushing = f;
    if (this.host.whenDrawn) { f.cancel = this.host.whenDrawn(go); return; }
    let frame = 0, timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof requestAnimationFrame === 'function') {
      frame = requestAnimationFrame(() => { frame = 0; clearTimeout(timer); timer = setTimeout(go, 0); });
      timer = setTimeout(go, 250);
    } else timer = setTimeout(go, 0);
    f.cancel = () => { if (frame) globalThis.cancelAnimationFrame?.(frame); clearTimeout(timer); };
  }

  /** Binds a session: builds the chunk buffers once; returns the extent of (a sample of) its network, for fitting. */
  setSession(session: EditSession | null): Extent | null {
    if (session === this.session) return null;
    this.flush();
    this.offSession?.(); this.offSession = null;
    this.session = session;
    if (session) session.deferFolds = true;
    this.selection = [];
    if (!session) { this.chunks = null; return null; }
    const src = modelSource(() => this.session!.model);
    const pts: Position[] = [];
    let count = 0;
    // the objects' own positions (no instance read per object: the build below describes each one once)
    for (const [, o] of allObjects(session.model)) {
      count++;
      const p = o.node ? o.node.geometry.coordinates : o.edge?.geometry.coordinates[0];
      if (p && count % 97 === 1) pts.push(p);
    }
    const ext = pts.length ? extentOf(pts) : null;
    // an empty session (a project loaded by area) fills tile by tile: cells of 1 024 units (≈ 2 000 objects at 10⁶ density)
    const cell = ext ? NetworkChunks.chooseCellSize(ext[2] - ext[0], ext[3] - ext[1], count) : 1024;
    this.chunks = new NetworkChunks(src, { cellSize: cell, style: this.style });
    this.chunks.build();
    this.offSession = session.subscribe((e) => this.follow(session, e));
    return ext;
  }

  private follow(session: EditSession, e: ChangeEvent): void {
    this.chunks?.update(e.ids);
    if (this.selection.some((id) => !getObject(session.model, id))) this.selection = this.selection.filter((id) => getObject(session.model, id));
    if (e.kind === 'load' && this.listeners.size) { this.pending.push(e); this.later(); }
    else { this.flush(); for (const l of this.listeners) l(e); }
    if (e.kind === 'load' && !this.listeners.size) this.foldLater();
    this.host.changed();
  }

  /** A new style (layer settings): every chunk is rebuilt once. */
  restyle(style: StyleResolver): void {
    this.style = style;
    this.chunks?.restyle(style);
  }

  setSelection(ids: Id[]): void { this.selection = ids; this.host.changed(); }

  /** Why the engine would refuse this gesture now, or null. */
  disabled(intent: Intent): string | null {
    return this.session ? this.session.disabled(intent) : 'no network loaded';
  }

  /** Runs one gesture (one history item) unless it reaches outside the loaded area; notifies warnings. */
  perform(intent: Intent): ChangeEvent | null {
    const s = this.session;
    if (!s) return null;
    if (this.area && !s.editor.touched(intent).every(this.area)) {
      this.host.notify('map.notification.outside_loaded_area', 'warning', undefined, 'outside_loaded_area');
      return null;
    }
    try {
      const e = s.perform(intent);
      for (const w of e.warnings) this.host.notify(WARNING_KEYS[w] ?? (e.rejected ? 'map.notification.rejected' : w), 'warning', { reason: w });
      if (e.limitReached) this.host.notify('map.notification.history_limit', 'warning', undefined, 'history_limit');
      return e;
    } catch (err) {
      this.host.notify('map.notification.rejected', 'error', { reason: (err as Error).message });
      return null;
    }
  }

  undo(): void { this.session?.undo(); }
  redo(): void { this.session?.redo(); }

  /** The selected geometries (for the highlight overlay). */
  selected(): { lines: Position[][]; points: Position[] } {
    const lines: Position[][] = [], points: Position[] = [];
    const s = this.session;
    if (s) for (const id of this.selection) {
      const o = getObject(s.model, id);
      if (o?.edge) lines.push(o.edge.geometry.coordinates); else if (o?.node) points.push(o.node.geometry.coordinates);
    }
    return { lines, points };
  }

  /** The network's deck.gl layers for this view (unchanged chunks hand back the same layer instances). */
  layers(v: ChunkView): Layer[] {
    const c = this.chunks;
    return c ? chunkLayers(c.chunks(), { ...v, cellSize: c.cellSize }) : [];
  }
}
