// @vitest-environment happy-dom
// The embed's widget table (web/embed/widgets.ts) against the elements: each
// entry names a module that defines its tag, whose element observes every
// parameter the embed copies onto it, and only engine modules the build can package.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBED_WASM, EMBED_WIDGETS, embedWidget } from './widgets';

const web = resolve(import.meta.dirname, '..');

describe('embed widget table', () => {
  for (const [name, w] of Object.entries(EMBED_WIDGETS)) {
    it(`${name}: module, tag, parameters, engine modules`, async () => {
      const file = resolve(web, w.module);
      expect(existsSync(file), file).toBe(true);
      await import(/* @vite-ignore */ file);
      const ctor = customElements.get(w.tag) as (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
      expect(ctor, `${w.module} defines ${w.tag}`).toBeDefined();
      // Every parameter the embed copies is an attribute the element observes.
      for (const a of [...w.attrs, ...w.flags]) expect(ctor!.observedAttributes ?? [], `${w.tag} observes ${a}`).toContain(a);
      for (const m of w.wasm) {
        expect(Object.keys(EMBED_WASM)).toContain(m);
        expect(existsSync(resolve(web, `embed/wasm-${m}.ts`)), `installer embed/wasm-${m}.ts`).toBe(true);
      }
      expect(w.title['zh-CN'].length).toBeGreaterThan(0);
      expect(w.title.en.length).toBeGreaterThan(0);
    });
  }

  it('train: copies every attribute <attn-train> reads but src, the block models\' sizes included', async () => {
    const { SCHEMA } = await import('../elements/attn-train/parse');
    const read = Object.values(SCHEMA.attrs).map((s) => s.attr).filter((a) => a !== 'src');
    expect([...EMBED_WIDGETS.train.attrs].sort()).toEqual(read.sort());
  });

  it('looks up own entries only', () => {
    expect(embedWidget('heatmap')?.tag).toBe('attn-heatmap');
    expect(embedWidget('toString')).toBeNull();
    expect(embedWidget('__proto__')).toBeNull();
    expect(embedWidget('')).toBeNull();
  });
});
