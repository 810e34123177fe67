// Static server for the browser tests: dist/ at /, e2e/fixtures/ at /fixtures/
// (with the one-element pages of e2e/helpers/alone-pages.mjs),
// every response under the strict CSP the widgets promise to work with.
// embed.html gets the policy docs/embedding.md asks a lesson host to send for
// it: the same, with the site's own origin named beside 'self' (WebKit does
// not match 'self' for the opaque origin of a sandboxed frame).
// A request carrying the cookie attn-isolated=1 also gets the two headers
// that make a page cross-origin isolated (ISOLATION_HEADERS), as
// docs/embedding.md asks a host to send for threaded training.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { alonePage } from './helpers/alone-pages.mjs';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const root = resolve(new URL('..', import.meta.url).pathname);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

/** Cross-origin isolation: SharedArrayBuffer, so <attn-train> can load its threaded build. */
export const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** The policy for embed.html served from `origin`: still no inline script or style. */
export function embedCsp(origin) {
  return `default-src 'self' ${origin}; script-src 'self' ${origin} 'wasm-unsafe-eval'; style-src 'self' ${origin}`;
}

/**
 * options.inject: a path under /__engines/ (served from e2e-engines/) of a
 * classic script put first into the <head> of every HTML page: the
 * cross-engine suite's error capture (WebKit's WebDriver has no console
 * endpoint). With it, a page asked for with `attn-nosimd` in its query also
 * gets /__engines/nosimd.js, which makes the engine look as if it had no
 * WebAssembly SIMD.
 */
/**
 * /lms-pkg/: the test LMS of e2e/fixtures/lms-host.html. `scorm-again/<file>`
 * is scorm-again's browser build; `<zip>/<path>` a file of a package that
 * `npm run package` wrote to dist/packages/ (unzipped once). Null: not there.
 */
const zips = new Map();
async function lmsFile(path) {
  const rest = path.slice('/lms-pkg/'.length);
  if (/^scorm-again\/scorm(12|2004)\.min\.js$/.test(rest)) return readFile(join(root, 'node_modules/scorm-again/dist', rest.slice('scorm-again/'.length)));
  const [zip, ...inner] = rest.split('/');
  if (!/^attention-lab-[\w-]+\.zip$/.test(zip)) return null;
  if (!zips.has(zip)) zips.set(zip, unzipSync(await readFile(join(root, 'dist/packages', zip))));
  const bytes = zips.get(zip)[inner.join('/')];
  return bytes ? Buffer.from(bytes) : null;
}

export function startServer(port, options = {}) {
  const injectPath = options.inject ?? null;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (/(?:^|;\s*)attn-isolated=1(?:;|$)/.test(req.headers.cookie ?? '')) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
    let path = decodeURIComponent(url.pathname);
    const injected = injectPath !== null && path.startsWith('/__engines/');
    const base = injected ? join(root, 'e2e-engines') : path.startsWith('/fixtures/') ? join(root, 'e2e') : join(root, 'dist');
    if (injected) path = path.slice(path.lastIndexOf('/'));
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    try {
      if (path.startsWith('/lms-pkg/')) {
        let body = await lmsFile(path);
        if (!body) throw new Error('not in the package');
        if (injectPath !== null && extname(path) === '.html') body = Buffer.from(body.toString('utf8').replace(/<head>/i, `<head><script src="${injectPath}"></script>`));
        res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream', 'Content-Security-Policy': STRICT_CSP, 'Cache-Control': 'no-store' });
        res.end(body);
        return;
      }
      const alone = alonePage(path);
      if (alone === null && !(await stat(file)).isFile()) throw new Error('not a file');
      let body = alone !== null ? Buffer.from(alone) : await readFile(file);
      if (injectPath !== null && extname(file) === '.html') {
        const extra = url.search.includes('attn-nosimd') ? '<script src="/__engines/nosimd.js"></script>' : '';
        body = Buffer.from(body.toString('utf8').replace(/<head>/i, `<head><script src="${injectPath}"></script>${extra}`));
      }
      res.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': path === '/embed.html' ? embedCsp(`http://127.0.0.1:${server.address().port}`) : STRICT_CSP,
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Security-Policy': STRICT_CSP }).end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 4173);
  await startServer(port);
  console.log(`serving dist/ on http://127.0.0.1:${port}/`);
}
