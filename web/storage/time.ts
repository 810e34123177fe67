// Time and ids for the storage modules: now() is Date.now unless a test set
// another clock; every stored time is ISO 8601 UTC.


let clock: () => number = () => Date.now();
/** Milliseconds since the epoch; Date.now unless a test set another clock. */
export function now(): number { return clock(); }
export function setClock(fn: (() => number) | null): void { clock = fn ?? (() => Date.now()); }
export const iso = (ms: number) => new Date(ms).toISOString();

export function newId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
