import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { cssTemplateMinify } from './scripts/vite-css-minify.ts';
import { THREADED_URL_IMPORT, WASM_GLUE, WASM_URL_IMPORT } from './scripts/wasm-modules.ts';
import { PAGE_BOOT_SCRIPT, siteChrome } from './scripts/vite-site-chrome.ts';
import { pytorchCode } from './scripts/vite-pytorch-code.ts';
import { EMBED_WASM, EMBED_WIDGETS, WASM_GLOBAL, type EmbedWidget, type EmbedWidgetName } from './web/embed/widgets.ts';

const here = import.meta.dirname;

/** The two headers that make a page cross-origin isolated (e2e/server.mjs sends the same on request). */
const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
const dist = resolve(here, 'dist');

/**
 * The embed build. embed.html must work in a sandboxed iframe
 * (sandbox="allow-scripts"): its origin is opaque, so every module script,
 * `crossorigin` stylesheet, fetch of the .wasm and fetch of a bank is a CORS
 * request that an ordinary static host refuses. So the embed is classic
 * scripts (IIFE) only: a small loader (embed.js) that adds the chosen
 * widget's script (embed-<w>.js, with the lesson banks inside where the
 * widget takes them) and the engine payloads it needs (embed-wasm-*.js, the
 * .wasm bytes in base64), one plain stylesheet, and a hand-written
 * embed.html that loads them without CORS.
 */
function stubWasmUrls(): Plugin {
  return {
    name: 'attention-lab:embed-wasm-url-stub',
    enforce: 'pre',
    // The embed hands the engine its bytes (wasmBinary) before any element asks,
    // so the .wasm URLs the elements import are never fetched (nor the threaded
    // training build's files, which go with URLs only): keep them out of the bundle.
    async resolveId(id) {
      if (WASM_URL_IMPORT.test(id) || THREADED_URL_IMPORT.test(id)) return '\0attn-wasm-url-stub';
      return null;
    },
    load(id) {
      if (id === '\0attn-wasm-url-stub') return 'export default "attn_core.wasm";';
      return null;
    },
    transform(code, id) {
      const glue = WASM_GLUE.exec(id);
      if (!glue) return null;
      return code.replace(`new URL("${glue[1]}.wasm",import.meta.url).toString()`, `"${glue[1]}.wasm"`);
    },
  };
}

/**
 * One widget's script, dist/embed-<w>.js: a virtual entry importing the
 * element's module, the installers of the engine modules it lists, the
 * shipped banks if it takes them, and mount.ts (see web/embed/widgets.ts).
 */
function embedWidgetEntry(name: EmbedWidgetName): Plugin {
  const w: EmbedWidget = EMBED_WIDGETS[name];
  const web = resolve(here, 'web');
  const id = embedEntryId(name); // no such file: this plugin provides it
  return {
    name: 'attention-lab:embed-entry',
    enforce: 'pre',
    resolveId: (source) => (source === id ? id : null),
    load(source) {
      if (source !== id) return null;
      const lines = [
        `import ${JSON.stringify(resolve(web, w.module))};`,
        `import { mount } from ${JSON.stringify(resolve(web, 'embed/mount.ts'))};`,
        ...w.wasm.map((m, i) => `import install${i} from ${JSON.stringify(resolve(web, `embed/wasm-${m}.ts`))};`),
        w.banks ? `import banks from ${JSON.stringify(resolve(web, 'embed/banks.ts'))};` : 'const banks = {};',
        `mount(${JSON.stringify(name)}, [${w.wasm.map((_, i) => `install${i}`).join(', ')}], banks);`,
      ];
      return lines.join('\n');
    },
  };
}

const embedEntryId = (name: string) => resolve(here, `web/embed/virtual-entry-${name}.js`);

/** A classic script per WASM payload: dist/embed-wasm-<file>.js sets self.AttentionLabWasm[<file>] to the bytes in base64. */
async function writeWasmPayloads(): Promise<void> {
  const files = new Set(Object.values(EMBED_WASM).flatMap((m) => [m.simd, m.scalar]));
  for (const f of files) {
    const b64 = (await readFile(resolve(here, `web/generated/${f}.wasm`))).toString('base64');
    await writeFile(resolve(dist, `embed-wasm-${f}.js`),
      `(self.${WASM_GLOBAL}=self.${WASM_GLOBAL}||{})[${JSON.stringify(f)}]=${JSON.stringify(b64)};\n`);
  }
}

function embedBuild(): Plugin {
  const common = (entry: string, fileName: string, extra: Plugin[]) => build({
    configFile: false,
    root: resolve(here, 'web'),
    publicDir: false,
    logLevel: 'warn',
    plugins: [...extra, stubWasmUrls(), cssTemplateMinify()],
    // A classic script has no import.meta; the URLs built from it are never fetched here.
    define: { 'import.meta.url': 'document.baseURI' },
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: 'es2022',
      assetsInlineLimit: 0,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'AttentionLabEmbed', fileName: () => fileName, cssFileName: 'embed' },
    },
  });
  return {
    name: 'attention-lab:embed',
    apply: 'build',
    async closeBundle() {
      // The loader (and the one stylesheet), then one script per widget, then the payloads.
      await common(resolve(here, 'web/pages/embed.ts'), 'embed.js', []);
      for (const name of Object.keys(EMBED_WIDGETS) as EmbedWidgetName[])
        await common(embedEntryId(name), `embed-${name}.js`, [embedWidgetEntry(name)]);
      await writeWasmPayloads();
      // The lesson pages' classic script in their <head> (web/pages/page-boot.ts).
      await common(resolve(here, 'web/pages/page-boot.ts'), PAGE_BOOT_SCRIPT, []);
      const src = await readFile(resolve(here, 'web/embed.html'), 'utf8');
      const html = src
        .replace(/<link rel="stylesheet" href="\.\/styles\/[^"]+">\s*/g, '')
        .replace('<script type="module" src="./pages/embed.ts"></script>',
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
  plugins: [siteChrome(), pytorchCode(), embedBuild(), cssTemplateMinify()],
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
        block: resolve(here, 'web/block.html'),
      },
      // The embed's builds (a loader and one script per widget) run in
      // embedBuild's closeBundle, seconds by design: no timing warning for them.
      checks: { pluginTimings: false },
      // What every element shares (the base class, attribute parsing, the
      // limits, copy and save) is one chunk: left to the automatic split, each
      // small module that a page's first elements share with a lazy one became
      // a chunk of its own, one more request in the page's <head>.
      output: {
        codeSplitting: {
          groups: [{ name: 'shared', test: /[\\/]web[\\/](shared[\\/]|engine[\\/]shared[\\/]limits\.js)/ }],
        },
      },
    },
  },
  // npm start's server makes the pages cross-origin isolated, so <attn-train>
  // loads its threaded build (docs/embedding.md#threads-for-training).
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, headers: ISOLATION_HEADERS },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, headers: ISOLATION_HEADERS },
});
