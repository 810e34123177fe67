import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssTemplates } from './vite-css-minify';

describe('CSS template minifier', () => {
  it('drops comments and the whitespace CSS does not need, keeps the rest', () => {
    expect(minifyCss('\n:host {\n  display: block; /* x */\n  margin: 0 auto;\n}\n.a > .b,\n.c { width: calc(100% - 2px); }\n'))
      .toBe(':host{display:block;margin:0 auto}.a>.b,.c{width:calc(100% - 2px)}');
    expect(minifyCss('@media (prefers-color-scheme: dark) { :host { color: red !important; } }')).toBe('@media (prefers-color-scheme:dark){:host{color:red!important}}');
  });

  it('keeps quoted strings exactly (a content value of two spaces stays two spaces)', () => {
    expect(minifyCss(".ln::before { content: '  '; }\n.d::before { content: \"a: b;  }\"; }")).toBe(".ln::before{content:'  '}.d::before{content:\"a: b;  }\"}");
    expect(minifyCss(".e::before { content: 'it\\'s  ,  > { }'; }")).toBe(".e::before{content:'it\\'s  ,  > { }'}");
  });

  it('keeps interpolations and the separation around them', () => {
    const src = 'const A = `\n:host {${P}\n  color: red;\n}`;\nconst B = `a ${X} b`;';
    expect(minifyCssTemplates(src)).toBe('const A = `:host{${P} color:red}`;\nconst B = `a ${X} b`;');
  });

  it('gives the same rules as the source for every stylesheet (same declarations, in order)', () => {
    const decls = (css: string) =>
      css.replace(/\/\*[\s\S]*?\*\//g, '').split(/[{};]/).map((s) => s.replace(/\s+/g, ' ').replace(/\s*([,>])\s*/g, '$1').replace(/: /g, ':').replace(/ !important/g, '!important').trim()).filter(Boolean);
    for (const f of ['web/elements/attn-heatmap/styles.ts', 'web/elements/attn-quiz/styles.ts', 'web/elements/attn-review/styles.ts', 'web/elements/attn-exercise/styles.ts', 'web/shared/theme.ts']) {
      const src = readFileSync(f, 'utf8');
      const before = [...src.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
      const after = [...minifyCssTemplates(src).matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
      expect(after.length).toBe(before.length);
      after.forEach((a, i) => {
        expect(a.length).toBeLessThanOrEqual(before[i]!.length);
        expect(decls(a)).toEqual(decls(before[i]!));
      });
    }
  });
});
