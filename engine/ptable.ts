// Persistent table as plain data: a `base` record (as loaded, never copied) plus a small bucketed overlay of local
// changes (iD coreGraph idea). A write copies the overlay root (256 slots) and one bucket, so an edit is O(change).
export const BUCKETS = 256;

export type Bucket<T> = Record<string, T | null>;
export interface PTable<T> {
  readonly base: Readonly<Record<string, T>>;
  /** null when there are no local changes; else 256 buckets, each null or a record key → value (null = deleted). */
  readonly over: ReadonlyArray<Readonly<Bucket<T>> | null> | null;
}

export function bucketOf(key: string): number {
  let h = 0;
  for (let i = key.length - 1, n = 0; i >= 0 && n < 10; i--, n++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 8)) & (BUCKETS - 1);
}

export function ptable<T>(base: Record<string, T> = {}): PTable<T> {
  return { base, over: null };
}

const has = Object.prototype.hasOwnProperty;

export function pget<T>(t: PTable<T>, key: string): T | undefined {
  if (t.over !== null) {
    const b = t.over[bucketOf(key)];
    if (b !== null && b !== undefined && has.call(b, key)) return b[key] ?? undefined;
  }
  return has.call(t.base, key) ? t.base[key] : undefined;
}

export function phas<T>(t: PTable<T>, key: string): boolean {
  return pget(t, key) !== undefined;
}

/** All live entries: base entries not overridden, then overlay entries. Full scans are for tests, saving and checks. */
export function* pentries<T>(t: PTable<T>): Generator<[string, T]> {
  const over = t.over;
  for (const k in t.base) {
    if (over !== null) {
      const b = over[bucketOf(k)];
      if (b && has.call(b, k)) continue;
    }
    yield [k, t.base[k]];
  }
  if (over === null) return;
  for (const b of over) {
    if (!b) continue;
    for (const k in b) {
      const v = b[k];
      if (v !== null && v !== undefined) yield [k, v];
    }
  }
}

/** Number of overlay entries (local changes). */
export function overlaySize<T>(t: PTable<T>): number {
  let n = 0;
  if (t.over) for (const b of t.over) if (b) n += Object.keys(b).length;
  return n;
}

/**
 * Writer for one transaction: the overlay root and each touched bucket are copied once, then mutated in place.
 * Writes are normalised (a value equal to base drops the overlay entry) so undo restores the table exactly.
 */
export class PTableWriter<T> {
  private over: (Bucket<T> | null)[] | null = null;
  private copied: Set<number> | null = null;
  constructor(private src: PTable<T>, private eq: (a: T, b: T) => boolean) {}

  get(key: string): T | undefined {
    if (this.over === null) return pget(this.src, key);
    const b = this.over[bucketOf(key)];
    if (b !== null && has.call(b, key)) return b[key] ?? undefined;
    return has.call(this.src.base, key) ? this.src.base[key] : undefined;
  }

  set(key: string, value: T | undefined): void {
    if (this.over === null) {
      this.over = this.src.over ? this.src.over.slice() as (Bucket<T> | null)[] : new Array<Bucket<T> | null>(BUCKETS).fill(null);
      this.copied = new Set();
    }
    const i = bucketOf(key);
    let b = this.over[i];
    if (!this.copied!.has(i)) {
      b = b ? { ...b } : {};
      this.over[i] = b;
      this.copied!.add(i);
    }
    const inBase = has.call(this.src.base, key);
    if (value === undefined) {
      if (inBase) b![key] = null;
      else delete b![key];
    } else if (inBase && this.eq(this.src.base[key], value)) {
      delete b![key];
    } else {
      b![key] = value;
    }
  }

  finish(): PTable<T> {
    if (this.over === null) return this.src;
    let any = false;
    for (const i of this.copied!) {
      const b = this.over[i];
      if (b) {
        let empty = true;
        for (const _ in b) { empty = false; break; }
        if (empty) this.over[i] = null;
      }
    }
    for (const b of this.over) if (b) { any = true; break; }
    return { base: this.src.base, over: any ? this.over : null };
  }
}
