// The embed's widget table (web/embed/widgets.ts) against the sources: each
// entry names a module that defines its tag and observes every parameter the
// embed copies onto it, and only engine modules the build can package.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBED_WASM, EMBED_WIDGETS, embedWidget } from './widgets';

const web = resolve(import.meta.dirname, '..');

describe('embed widget table', () => {
  for (const [name, w] of Object.entries(EMBED_WIDGETS)) {
    it(`${name}: module, tag, parameters, engine modules`, () => {
      const file = resolve(web, w.module);
      expect(existsSync(file), file).toBe(true);
      const src = readFileSync(file, 'utf8');
      expect(src).toContain(`define('${w.tag}'`);
      // Every parameter the embed copies is an attribute the element observes
      // (named in the element's module or in the other modules of its folder, such as its parse.ts).
      const folder = dirname(file);
      const all = [src, ...readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => readFileSync(join(folder, f), 'utf8'))].join('\n');
      for (const a of [...w.attrs, ...w.flags]) expect(all, `${w.tag} observes ${a}`).toMatch(new RegExp(`['"]${a}['"]`));
      for (const m of w.wasm) {
        expect(Object.keys(EMBED_WASM)).toContain(m);
        expect(existsSync(resolve(web, `embed/wasm-${m}.ts`)), `installer embed/wasm-${m}.ts`).toBe(true);
      }
      expect(w.title['zh-CN'].length).toBeGreaterThan(0);
      expect(w.title.en.length).toBeGreaterThan(0);
    });
  }

  it('train: copies every attribute <attn-train> reads, the block models\' sizes included', async () => {
    const { REFLECTED } = await import('../elements/attn-train/parse');
    expect([...EMBED_WIDGETS.train.attrs].sort()).toEqual(REFLECTED.map(([a]) => a).sort());
  });

  it('looks up own entries only', () => {
    expect(embedWidget('heatmap')?.tag).toBe('attn-heatmap');
    expect(embedWidget('toString')).toBeNull();
    expect(embedWidget('__proto__')).toBeNull();
    expect(embedWidget('')).toBeNull();
  });
});
