// Writes of stored features from the map (issue 12): insert, update and delete, each one feature transaction (the
// planner + runner of this folder), then the layers reading that table are re-read (stored-features-events). The last
// feature edit can be undone once by its inverse transaction: an update is set back, a deleted feature is inserted
// again with its uuid, an inserted one is deleted. The undo is itself a write, not kept as an edit to undo.
import { CATALOGUE, type LayerEntry } from 'layers';
import { productOf } from '../render/image-layers';
import { isCustomLayer, prepareForStore, tableOf, type StoredFeature } from './stored-feature';
import type { FeatureOp } from './transaction-plan';
import { runTransaction, type RunOptions, type RunResult } from './transaction-runner';

export type FeatureEditKind = 'insert' | 'update' | 'delete';
export interface FeatureEdit { kind: FeatureEditKind; layer: LayerEntry; before: StoredFeature | null; after: StoredFeature | null }

export interface FeatureEditsOptions extends RunOptions {
  /** Sends one transaction document of `product`; resolves with the answer's text. */
  send(product: string, xml: string): Promise<string>;
  /** The stored features of these catalogue layers changed (re-read them). */
  changed(layers: string[]): void;
}

const COLUMNS = ['name', 'type', 'layer', 'category'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The update values turning `from` into `to`: changed columns, the whole properties object, the geometry. */
export function updateValues(from: StoredFeature, to: StoredFeature): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const c of COLUMNS) if (from[c] !== to[c]) v[c] = to[c];
  if (from.topologyId !== to.topologyId) v.topology_id = to.topologyId;
  if (!same(from.properties, to.properties)) v.properties = to.properties;
  if (!same(from.geometry, to.geometry)) v.geometry = to.geometry;
  return v;
}

/** The operation of an edit (forward) or of its undo (inverse). */
export function editOps(e: FeatureEdit, inverse = false): FeatureOp[] {
  const kind: FeatureEditKind = !inverse ? e.kind : e.kind === 'insert' ? 'delete' : e.kind === 'delete' ? 'insert' : 'update';
  const [from, to] = inverse ? [e.after, e.before] : [e.before, e.after];
  if (kind === 'insert') return [{ kind, feature: to! }];
  if (kind === 'delete') return [{ kind, table: from!.table, uuid: from!.uuid }];
  const values = updateValues(from!, to!);
  return Object.keys(values).length ? [{ kind, table: to!.table, uuid: to!.uuid, values }] : [];
}

/** Catalogue layers reading a stored table (they all show a change of it). */
export function layersOfTable(table: string): string[] {
  return CATALOGUE.filter((e) => tableOf(e) === table).map((e) => e.name);
}

export class FeatureEdits {
  /** The last feature edit (null after its undo). */
  last: FeatureEdit | null = null;
  busy = false;
  private listeners = new Set<() => void>();

  constructor(private o: FeatureEditsOptions) {}

  subscribe(l: () => void): () => void { this.listeners.add(l); return () => { this.listeners.delete(l); }; }
  private emit(): void { for (const l of [...this.listeners]) l(); }

  insert(layer: LayerEntry, f: StoredFeature): Promise<RunResult> {
    return this.write({ kind: 'insert', layer, before: null, after: this.clean(layer, f) });
  }
  update(layer: LayerEntry, before: StoredFeature, after: StoredFeature): Promise<RunResult> {
    return this.write({ kind: 'update', layer, before, after: this.clean(layer, after) });
  }
  remove(layer: LayerEntry, f: StoredFeature): Promise<RunResult> {
    return this.write({ kind: 'delete', layer, before: f, after: null });
  }

  /** Sends the inverse of the last edit; afterwards nothing is left to undo. */
  async undoLast(): Promise<RunResult | null> {
    const e = this.last;
    if (!e) return null;
    const r = await this.send(e, true);
    this.last = null;
    this.emit();
    return r;
  }

  private clean(layer: LayerEntry, f: StoredFeature): StoredFeature {
    return prepareForStore(f, isCustomLayer(layer, f.table));
  }

  private async write(e: FeatureEdit): Promise<RunResult> {
    const r = await this.send(e, false);
    this.last = e;
    this.emit();
    return r;
  }

  private async send(e: FeatureEdit, inverse: boolean): Promise<RunResult> {
    const ops = editOps(e, inverse);
    if (!ops.length) return { inserted: [], chunks: 0 };
    const product = productOf(e.layer);
    this.busy = true;
    this.emit();
    try {
      const r = await runTransaction(ops, product, (xml) => this.o.send(product, xml), this.o);
      this.o.changed(layersOfTable((e.after ?? e.before)!.table));
      return r;
    } finally {
      this.busy = false;
      this.emit();
    }
  }
}
