// Reference features of clash detection (KLIC utility records, BGT surfaces, trees, buildings, uploads) in their own
// rbush index, one entry per feature with its bounding box; the shapes (points, lines, polygons) are normalised once
// on insert. Bulk-loaded when built from a list, then edited by rbush's insert/remove as uploads arrive or go.
import RBush from 'rbush';
import type { Id } from '../types';
import { shapeBox, toShape, type Shape } from './geometry';
import type { ReferenceFeature } from './types';

export interface RefEntry { minX: number; minY: number; maxX: number; maxY: number; feature: ReferenceFeature; shape: Shape }

export class ReferenceIndex {
  private readonly tree = new RBush<RefEntry>(16);
  private readonly byId = new Map<Id, RefEntry>();

  constructor(features: Iterable<ReferenceFeature> = []) {
    const entries: RefEntry[] = [];
    for (const f of features) {
      const e = ReferenceIndex.entry(f);
      const old = this.byId.get(f.id);
      if (old) entries[entries.indexOf(old)] = e; // a later duplicate id wins
      else entries.push(e);
      this.byId.set(f.id, e);
    }
    this.tree.load(entries);
  }

  private static entry(feature: ReferenceFeature): RefEntry {
    const shape = toShape(feature.geometry);
    const [minX, minY, maxX, maxY] = shapeBox(shape);
    if (!(minX <= maxX && minY <= maxY)) throw new Error(`reference ${feature.id}: empty geometry`);
    return { minX, minY, maxX, maxY, feature, shape };
  }

  get size(): number { return this.byId.size; }
  get(id: Id): RefEntry | undefined { return this.byId.get(id); }
  all(): IterableIterator<RefEntry> { return this.byId.values(); }

  /** Adds (or replaces, by id) features; returns their entries. */
  add(features: Iterable<ReferenceFeature>): RefEntry[] {
    const out: RefEntry[] = [];
    for (const f of features) {
      this.remove(f.id);
      const e = ReferenceIndex.entry(f);
      this.byId.set(f.id, e);
      this.tree.insert(e);
      out.push(e);
    }
    return out;
  }

  /** Removes a feature; its entry, or undefined when unknown. */
  remove(id: Id): RefEntry | undefined {
    const e = this.byId.get(id);
    if (!e) return undefined;
    this.byId.delete(id);
    this.tree.remove(e);
    return e;
  }

  /** Entries whose boxes intersect the box. */
  search(minX: number, minY: number, maxX: number, maxY: number): RefEntry[] {
    return this.tree.search({ minX, minY, maxX, maxY });
  }
}
