import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

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
      if (!/attn_core(_scalar)?\.wasm\?url/.test(id) || id.includes('no-inline')) return null;
      return this.resolve(id.replace('?url', '?url&no-inline'), importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      const glue = /(attn_core(?:_scalar)?)\.mjs$/.exec(id);
      if (!glue) return null;
      return code.replace(`new URL("${glue[1]}.wasm",import.meta.url).toString()`, `"${glue[1]}.wasm"`);
    },
  };
}

// The library: dist/lib/attention-lab.js plus the one .wasm it loads.
export default defineConfig({
  publicDir: false,
  plugins: [wasmAsFile()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/lib'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    lib: {
      entry: resolve(import.meta.dirname, 'web/lib/attention-lab.ts'),
      formats: ['es'],
      fileName: () => 'attention-lab.js',
    },
    rollupOptions: {
      // One file for authors to copy: lazily loaded parts are inlined too.
      // Library mode leaves ES output's whitespace unminified (to keep pure
      // annotations for bundlers); authors ship this file as is, so minify it.
      output: { codeSplitting: false, minify: true },
    },
  },
});
