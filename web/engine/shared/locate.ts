// Where a .wasm file emitted by the build is, for a loader module: relative to
// that module's own URL (pass import.meta.url). The library build gives
// root-absolute `?url` imports ("/attn_core.wasm"); they are made relative so
// that dist/lib/ works wherever it is served from.
export function besideModule(url: string, moduleUrl: string): URL {
  return new URL(url.startsWith('/') ? `.${url}` : url, moduleUrl);
}
