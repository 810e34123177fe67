// Storage stubs for the unit tests: a Map-backed Storage that can be told to
// throw on reads or writes, or to hold at most `quota` characters.
export class StubStorage implements Storage {
  readonly map = new Map<string, string>();
  throwOnRead = false;
  throwOnWrite = false;
  quota = Infinity;
  writes = 0;

  constructor(init: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(init)) this.map.set(k, v);
  }
  get length(): number { return this.map.size; }
  key(i: number): string | null { return [...this.map.keys()][i] ?? null; }
  getItem(k: string): string | null {
    if (this.throwOnRead) throw new DOMException('denied', 'SecurityError');
    return this.map.has(k) ? this.map.get(k)! : null;
  }
  setItem(k: string, v: string): void {
    if (this.throwOnWrite) throw new DOMException('denied', 'SecurityError');
    let size = 0;
    for (const [key, val] of this.map) if (key !== k) size += key.length + val.length;
    if (size + k.length + v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(k, String(v));
    this.writes++;
  }
  removeItem(k: string): void {
    if (this.throwOnWrite) throw new DOMException('denied', 'SecurityError');
    this.map.delete(k);
  }
  clear(): void { this.map.clear(); }
  backups(): [string, string][] { return [...this.map].filter(([k]) => k.startsWith('attention-lab:backup:')); }
}
