// The X-CacheRequest cache (spec 1 §7, §9): GET answers only, 20 entries, least recently used leaves first.
export const REQUEST_CACHE_SIZE = 20;

export class RequestCache {
  private entries = new Map<string, unknown>();
  constructor(private readonly size = REQUEST_CACHE_SIZE) {}

  get(key: string): { hit: true; value: unknown } | { hit: false } {
    if (!this.entries.has(key)) return { hit: false };
    const value = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    return { hit: true, value };
  }

  set(key: string, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }

  get count(): number { return this.entries.size; }
  clear(): void { this.entries.clear(); }
}

export const requestCache = new RequestCache();
