import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// docs/embedding.md, "Linking a hosted copy": a page on one origin links the
// library served by another. The lesson site sends Access-Control-Allow-Origin
// on lib/; the linking page allows that origin in script-src and connect-src.
// Without the CORS header nothing loads (so the docs' header is needed).

const lib = resolve(new URL('../dist/lib', import.meta.url).pathname);
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' };

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    const a = server.address() as { port: number };
    ok({ server, origin: `http://127.0.0.1:${a.port}` });
  }));
}

async function lessonSite(cors: boolean) {
  return listen(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(lib, path.replace(/^\/lib\//, '/')));
    if (!path.startsWith('/lib/') || !file.startsWith(lib)) { res.writeHead(404).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}) });
      res.end(body);
    } catch { res.writeHead(404).end(); }
  });
}

async function authorPage(libOrigin: string) {
  return listen((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'self'; script-src 'self' ${libOrigin} 'wasm-unsafe-eval'; connect-src 'self' ${libOrigin}; style-src 'self'`,
    });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>author</title>
<script type="module" src="${libOrigin}/lib/attention-lab.js"></script></head>
<body><attn-heatmap id="hm" dk="16" causal></attn-heatmap></body></html>`);
  });
}

for (const cors of [true, false]) {
  test(`a page on another origin links the hosted library ${cors ? 'with' : 'without'} Access-Control-Allow-Origin`, async ({ page }) => {
    const site = await lessonSite(cors);
    const author = await authorPage(site.origin);
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(author.origin + '/');
      const weights = () => page.evaluate(() => (document.getElementById('hm') as HTMLElement & { weights?: Float64Array }).weights?.length ?? 0);
      if (cors) {
        await expect.poll(weights, { timeout: 15_000 }).toBe(36);
        expect(errors).toEqual([]);
      } else {
        // The browser refuses the module: the element is never defined, so it never computes.
        await expect.poll(() => errors.join('\n'), { timeout: 15_000 }).toMatch(/CORS|Access-Control-Allow-Origin/);
        expect(await page.evaluate(() => customElements.get('attn-heatmap'))).toBeUndefined();
        expect(await weights()).toBe(0);
      }
    } finally {
      site.server.close();
      author.server.close();
    }
  });
}
