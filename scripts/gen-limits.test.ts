// One source for every limit: cpp/src/limits.hpp. The generated files must be
// what the header gives now, and the prose that quotes a limit (docs, element
// READMEs) must quote the header's number.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CPP_OUT, HEADER, JS_OUT, areaFile, generate, parseLimits } from './gen-limits.mjs';
import { LIMITS } from '../web/engine/shared/limits.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('gen-limits', () => {
  it('the committed web/engine/shared/limits.js, limits/<area>.js and cpp/bindings/limits_js.hpp are current (run node scripts/gen-limits.mjs)', () => {
    const out = generate(read(HEADER));
    expect(Object.keys(out)).toEqual(expect.arrayContaining([JS_OUT, CPP_OUT, areaFile('Heatmap'), areaFile('TrainElement')]));
    expect(areaFile('TrainElement')).toBe('web/engine/shared/limits/train-element.js');
    for (const [path, text] of Object.entries(out)) expect(read(path), path).toBe(text);
    // No module is left behind by an area the header no longer has.
    const dir = new URL('web/engine/shared/limits/', root);
    expect(readdirSync(dir).map((f) => `web/engine/shared/limits/${f}`).sort()).toEqual(Object.keys(out).filter((p) => p.includes('/limits/')).sort());
  });

  it('reads every member of every area, with products and shifts evaluated', () => {
    const areas = parseLimits(read(HEADER));
    expect(areas.map((a) => a.name)).toContain('Heatmap');
    for (const a of areas) expect(a.members.length).toBeGreaterThan(0);
    expect(LIMITS.attention.maxValues).toBe(2 ** 22);
    expect(LIMITS.trainElement.maxTextBytes).toBe(5 * 1024 * 1024);
    expect(LIMITS.cli.torchMaxValues).toBe(2 ** 24);
    expect(LIMITS.train.headLr).toBe(1e-3);
  });

  it('refuses a line it cannot read instead of skipping it', () => {
    expect(() => parseLimits('struct A {\n  static constexpr int x = 1 + 2;\n};\n')).toThrow(/cannot read/);
    expect(() => parseLimits('struct A {\n  int x = 1;\n};\n')).toThrow(/not a "static constexpr/);
    expect(() => parseLimits('struct A {\n  static constexpr int x = 1;\n')).toThrow(/not closed/);
  });
});

describe('prose quotes the header', () => {
  const H = LIMITS.heatmap;
  const heatmapRows = [
    `| \`tokens\` | \`tokens: number\` | integer ${H.minTokens}–${H.maxTokens} | \`${H.defaultTokens}\` |`,
    `| \`dk\` | \`dk: number\` | integer 1–\`dk-max\` | \`${H.defaultDk}\` (or \`dk-max\` if smaller) |`,
    `| \`dk-max\` | \`dkMax: number\` | integer 1–${H.maxDk} | \`${H.defaultDkMax}\` |`,
  ];
  const T = LIMITS.torch;
  const E = LIMITS.trainElement;
  const cases: [string, string[]][] = [
    ['web/elements/attn-heatmap/README.md', heatmapRows],
    ['web/elements/attn-tril/README.md', [`| \`m\` | \`m: number\` | ${T.elementMinTemperature}–${T.elementMaxTemperature} | \`1\` |`]],
    ['web/elements/attn-exercise/README.md', [`${LIMITS.evaluator.maxLineChars} characters is not run`]],
    ['web/elements/attn-heads/README.md', [
      `| \`batch\` | \`batch: number\` | 1–${LIMITS.bonus.elementMaxBatch} | \`${LIMITS.bonus.defaultBatch}\` |`,
      `| \`heads\` | \`heads: number\` | 1–${LIMITS.bonus.elementMaxHeads} | \`${LIMITS.bonus.defaultHeads}\` |`,
      `| \`tokens\` | \`tokens: number\` | 1–${LIMITS.bonus.elementMaxTokens} | \`${LIMITS.bonus.defaultTokens}\` |`,
      `| \`dk\` | \`dk: number\` | 1–${LIMITS.bonus.elementMaxDk} | \`${LIMITS.bonus.defaultDk}\` |`,
      `batch × heads × tokens × dk is at most ${LIMITS.bonus.elementMaxValues}.`,
    ]],
    ['web/elements/attn-train/README.md', [
      `| \`seed\` | \`seed\` | \`${LIMITS.train.defaultSeed}\` |`,
      `training steps, 1 … ${E.maxIters} |`,
      `| \`eval-iters\` | \`evalIters\` | \`${LIMITS.train.defaultEvalIters}\` | batches per split per evaluation, 1 … ${E.maxEvalIters} |`,
      `| \`sample-chars\` | \`sampleChars\` | \`${LIMITS.train.defaultSampleChars}\` | characters generated at the end, 0 … ${E.maxSampleChars} |`,
      `at least block + 1 = ${LIMITS.train.defaultBlock + 1} characters, at most ${E.maxTextBytes / 1048576} MB.`,
    ]],
  ];
  for (const [file, quotes] of cases) {
    it(file, () => {
      const text = read(file);
      for (const q of quotes) expect(text, q).toContain(q);
    });
  }
});
