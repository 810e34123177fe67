import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { cssTemplateMinify } from './scripts/vite-css-minify.ts';
import { WASM_GLUE, WASM_URL_IMPORT } from './scripts/wasm-modules.ts';

/**
 * Keeps the engine's .wasm a separate file next to attention-lab.js.
 * In library mode Vite inlines `?url` assets as data: URLs, and the strict CSP
 * (`default-src 'self'`, so connect-src 'self') refuses to fetch a data: URL.
 * Every `attn_core.wasm?url` import becomes `?url&no-inline`, so all of them
 * name the one emitted file; the Emscripten glue's own
 * `new URL("attn_core.wasm", import.meta.url)` (used only when no locateFile
 * is given, which never happens here) is cut so it does not inline a copy.
 */
function wasmAsFile(): Plugin {
  return {
    name: 'attention-lab:wasm-as-file',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (!WASM_URL_IMPORT.test(id) || id.includes('no-inline')) return null;
      return this.resolve(id.replace('?url', '?url&no-inline'), importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      const glue = WASM_GLUE.exec(id);
      if (!glue) return null;
      return code.replace(`new URL("${glue[1]}.wasm",import.meta.url).toString()`, `"${glue[1]}.wasm"`);
    },
  };
}

// The library: dist/lib/attention-lab.js (the autoloader: one script tag for
// every element), one entry per element (attn-heatmap.js, …), the chunks they
// share, and the .wasm files they fetch: attn_core.wasm (SIMD), its scalar
// fallback (fetched only without SIMD) and attn_py.wasm (the evaluator,
// fetched only by the exercise and the review).
const el = (name: string) => resolve(import.meta.dirname, `web/elements/${name}/${name}.ts`);
export default defineConfig({
  publicDir: false,
  plugins: [wasmAsFile(), cssTemplateMinify()],
  // The Web Workers (<attn-train>'s, and the evaluator's for <attn-exercise>
  // and <attn-review>): ES module files next to the entries (never a blob: or
  // data: URL, which the strict CSP's worker-src 'self' refuses).
  worker: { format: 'es', plugins: () => [wasmAsFile()] },
  // A worker's URL is relative to the module that starts it (import.meta.url),
  // so dist/lib/ works wherever it is served from.
  experimental: { renderBuiltUrl: (file) => (/-worker-[\w-]+\.js$/.test(file) ? { relative: true } : undefined) },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/lib'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    lib: {
      entry: {
        'attention-lab': resolve(import.meta.dirname, 'web/lib/attention-lab.ts'),
        'attn-heatmap': el('attn-heatmap'),
        'attn-quiz': el('attn-quiz'),
        'attn-review': el('attn-review'),
        'attn-exercise': el('attn-exercise'),
        'attn-tril': el('attn-tril'),
        'attn-heads': el('attn-heads'),
        'attn-train': el('attn-train'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      // Library mode leaves ES output's whitespace unminified (to keep pure
      // annotations for bundlers); authors ship these files as they are, so minify them.
      // Chunks sit next to the entries and the .wasm files: the engine loader finds
      // each .wasm relative to its own URL.
      // The small modules every element uses (the base element class, the
      // palette, the argument checks) and those of every engine's loader (finding,
      // checking for SIMD and instantiating a .wasm, handles into its tables) are one
      // chunk rather than several files: fewer requests and one gzip stream. The
      // quiz and the review carry the loaders' few hundred bytes unused; the
      // heatmap page, with its 40 KB budget, saves two requests and more bytes.
      output: {
        minify: true,
        chunkFileNames: '[name]-[hash].js',
        codeSplitting: { groups: [{ name: 'shared', test: /web[\\/](shared[\\/]|engine[\\/]shared[\\/](checks\.js|locate\.ts|load-module\.js|handle\.js|simd\.js))/ }] },
      },
    },
  },
});
