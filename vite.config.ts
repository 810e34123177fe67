import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { cssTemplateMinify } from './scripts/vite-css-minify.ts';

const here = import.meta.dirname;
const dist = resolve(here, 'dist');

/**
 * The embed build. embed.html must work in a sandboxed iframe
 * (sandbox="allow-scripts"): its origin is opaque, so every module script,
 * `crossorigin` stylesheet, fetch of the .wasm and fetch of a bank is a CORS
 * request that an ordinary static host refuses. So the embed is one classic
 * script (IIFE) with the .wasm bytes and the lesson banks inside, one plain
 * stylesheet, and a hand-written embed.html that loads them without CORS.
 */
function stubWasmUrls(): Plugin {
  return {
    name: 'attention-lab:embed-wasm-url-stub',
    enforce: 'pre',
    // The embed hands the engine its bytes (wasmBinary) before any element asks,
    // so the .wasm URLs the elements import are never fetched: keep them out of the bundle.
    async resolveId(id) {
      if (/(attn_core(_scalar)?|attn_py|attn_torch)\.wasm\?url/.test(id)) return '\0attn-wasm-url-stub';
      return null;
    },
    load(id) {
      if (id === '\0attn-wasm-url-stub') return 'export default "attn_core.wasm";';
      return null;
    },
    transform(code, id) {
      const glue = /(attn_core(?:_scalar)?|attn_py|attn_torch)\.mjs$/.exec(id);
      if (!glue) return null;
      return code.replace(`new URL("${glue[1]}.wasm",import.meta.url).toString()`, `"${glue[1]}.wasm"`);
    },
  };
}

/** `import b64 from '…/attn_core.wasm?base64'`: the module's bytes as a base64 string. */
function wasmBase64(): Plugin {
  return {
    name: 'attention-lab:wasm-base64',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (!id.endsWith('.wasm?base64')) return null;
      const file = id.slice(0, -'?base64'.length);
      const abs = importer && !file.startsWith('/') ? resolve(importer, '..', file) : file;
      return `\0wasm-base64:${abs}`;
    },
    async load(id) {
      if (!id.startsWith('\0wasm-base64:')) return null;
      const file = id.slice('\0wasm-base64:'.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify((await readFile(file)).toString('base64'))};`;
    },
  };
}

function embedBuild(): Plugin {
  return {
    name: 'attention-lab:embed',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root: resolve(here, 'web'),
        publicDir: false,
        logLevel: 'warn',
        plugins: [wasmBase64(), stubWasmUrls(), cssTemplateMinify()],
        // A classic script has no import.meta; the URLs built from it are never fetched here.
        define: { 'import.meta.url': 'document.baseURI' },
        build: {
          outDir: dist,
          emptyOutDir: false,
          target: 'es2022',
          assetsInlineLimit: 0,
          copyPublicDir: false,
          lib: {
            entry: resolve(here, 'web/embed.ts'),
            formats: ['iife'],
            name: 'AttentionLabEmbed',
            fileName: () => 'embed.js',
            cssFileName: 'embed',
          },
        },
      });
      const src = await readFile(resolve(here, 'web/embed.html'), 'utf8');
      const html = src
        .replace(/<link rel="stylesheet" href="\.\/styles\/[^"]+">\s*/g, '')
        .replace('<script type="module" src="./embed.ts"></script>',
          '<link rel="stylesheet" href="./embed.css">\n  <script defer src="./embed.js"></script>');
      if (!html.includes('./embed.js')) throw new Error('embed.html: script tag not found');
      await writeFile(resolve(dist, 'embed.html'), html);
    },
  };
}

// The site: lesson pages and the iframe embed, from web/ into dist/.
export default defineConfig({
  root: 'web',
  base: './',
  publicDir: resolve(here, 'public'),
  plugins: [wasmBase64(), embedBuild(), cssTemplateMinify()],
  // <attn-train>'s Web Worker: an ES module file (worker-src 'self').
  worker: { format: 'es' },
  build: {
    outDir: dist,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: resolve(here, 'web/index.html'),
        reading: resolve(here, 'web/reading.html'),
      },
    },
  },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
