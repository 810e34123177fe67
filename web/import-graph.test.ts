// The shape of web/: no module imports one that (through others) imports it
// back, no two folders import each other, and the page entries are in
// web/pages. Relative imports only (packages are outside the graph); type-only
// imports count, since they tie the files too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : files(p);
    return /\.(ts|js)$/.test(e.name) && !/\.test\.ts$|\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

const isFile = (p: string) => { try { return statSync(join(ROOT, p)).isFile(); } catch { return false; } };
const IMPORT = /(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g;

function graph(): Map<string, Set<string>> {
  const g = new Map<string, Set<string>>();
  for (const f of files('web')) {
    const out = new Set<string>();
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(IMPORT)) {
      const t = normalize(join(dirname(f), m[1] ?? m[2] ?? m[3]!));
      const hit = [t, `${t}.ts`, `${t}.js`, join(t, 'index.ts')].find(isFile);
      if (hit) out.add(hit);
    }
    g.set(f, out);
  }
  return g;
}

describe('the import graph of web/', () => {
  const g = graph();

  it('reads the modules and their imports (not vacuous)', () => {
    expect(g.size).toBeGreaterThan(50);
    expect(g.get(join('web', 'pages', 'block.ts'))).toContain(join('web', 'pages', 'block-runs.ts'));
  });

  it('has no import circle', () => {
    const state = new Map<string, 1 | 2>();
    const circles: string[][] = [];
    const visit = (f: string, path: string[]) => {
      state.set(f, 1);
      path.push(f);
      for (const t of g.get(f) ?? []) {
        if (state.get(t) === 1) circles.push([...path.slice(path.indexOf(t)), t].map((p) => relative('web', p)));
        else if (!state.has(t)) visit(t, path);
      }
      path.pop();
      state.set(f, 2);
    };
    for (const f of g.keys()) if (!state.has(f)) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('has no two folders that import each other', () => {
    const folders = new Map<string, Set<string>>();
    for (const [f, ts] of g) for (const t of ts) {
      const a = dirname(f), b = dirname(t);
      if (a !== b) (folders.get(a) ?? folders.set(a, new Set()).get(a)!).add(b);
    }
    const pairs = [...folders].flatMap(([a, bs]) => [...bs].filter((b) => a < b && folders.get(b)?.has(a)).map((b) => `${a} ↔ ${b}`));
    expect(pairs).toEqual([]);
  });

  it('keeps the page entries in web/pages, imported by nothing outside it', () => {
    const pages = join('web', 'pages');
    expect([...g.keys()].filter((f) => dirname(f) === 'web')).toEqual([]);
    const into = [...g].flatMap(([f, ts]) => (dirname(f) === pages ? [] : [...ts].filter((t) => dirname(t) === pages).map((t) => `${f} → ${t}`)));
    expect(into).toEqual([]);
  });

  it('imports each limits area from its own module, never limits.js (every area at once, for tests and tools)', () => {
    const all = join('web', 'engine', 'shared', 'limits.js');
    expect(g.get(join('web', 'elements', 'attn-heatmap', 'parse.ts'))).toContain(join('web', 'engine', 'shared', 'limits', 'heatmap.js'));
    expect([...g].filter(([f, ts]) => f !== all && ts.has(all)).map(([f]) => f)).toEqual([]);
  });
});
