// The WASM modules as cpp/bindings/modules.json lists them, for the bundler
// configs and the tests.
import { readFileSync } from 'node:fs';

export interface WasmModule {
  readonly name: string;
  readonly binding: string;
  readonly files: readonly string[];
  readonly site: boolean;
}

export const WASM_MODULES: readonly WasmModule[] = JSON.parse(
  readFileSync(new URL('../cpp/bindings/modules.json', import.meta.url), 'utf8'),
).modules;

/** Every build file name shipped to the site and the library (attn_core, attn_core_scalar, …). */
export const SITE_WASM_FILES: readonly string[] = WASM_MODULES.filter((m) => m.site).flatMap((m) => m.files);

const alternatives = SITE_WASM_FILES.map((f) => f.replace(/[^a-z0-9_]/g, '')).join('|');
/** A shipped module's `.wasm?url` import. */
export const WASM_URL_IMPORT = new RegExp(`(${alternatives})\\.wasm\\?url`);
/** A shipped module's Emscripten glue; group 1 is its file name. */
export const WASM_GLUE = new RegExp(`(${alternatives})\\.mjs$`);

/**
 * The threaded training build's glue and thread-worker script, imported by URL (`?url`) beside
 * its .wasm; the embed, which hands the engine its bytes, never loads them.
 */
export const THREADED_URL_IMPORT = /attn_train_mt\.(mjs|worker\.js)\?url/;
