// Unsupported constructs are worded by the element from the engine's codes:
// both tables know every code of cpp/src/pyeval/pyeval.hpp (kConstructs), the English
// wording is the engine's own template filled with the arguments, the Chinese
// one is Chinese and keeps none of the English words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSTRUCT_CODES, constructText } from './constructs';

interface CppConstruct { code: string; english: string; args: string[] }

function cppConstructs(): CppConstruct[] {
  const hpp = readFileSync(new URL('../../../cpp/src/pyeval/pyeval.hpp', import.meta.url), 'utf8');
  const body = hpp.match(/kConstructs\[\]\s*=\s*\{([\s\S]*?)\n\};/);
  expect(body).not.toBeNull();
  const rows = [...body![1].matchAll(/\{"([a-z0-9-]+)", "((?:[^"\\]|\\.)*)", "(\w*)", "(\w*)"\}/g)];
  return rows.map((m) => ({
    code: m[1],
    english: m[2].replace(/\\(.)/g, '$1'),
    args: [m[3], m[4]].filter((a) => a !== ''),
  }));
}

// Sample arguments, as the engine passes them (code, numbers).
const SAMPLE: Record<string, string> = {
  limit: '1000000', prefix: 'b', escape: 'N', keyword: 'lambda', op: ':=', argument: 'out', function: 'np.sum',
  dtype: 'float32', type: 'NoneType', name: 'np.cumsum',
};

describe('unsupported constructs by code', () => {
  const cpp = cppConstructs();

  it('the element words exactly the codes the engine lists', () => {
    expect(cpp.length).toBeGreaterThan(50);
    expect([...CONSTRUCT_CODES].sort()).toEqual(cpp.map((c) => c.code).sort());
  });

  it('every code renders in English as the engine words it, and in Chinese', () => {
    for (const c of cpp) {
      const params: Record<string, string> = { what: c.code, construct: '?' };
      for (const a of c.args) {
        expect(SAMPLE, `${c.code}: sample for ${a}`).toHaveProperty(a);
        params[a] = SAMPLE[a];
      }
      const english = c.english.replace('{0}', params[c.args[0]] ?? '').replace('{1}', params[c.args[1]] ?? '');
      expect(constructText('en', params), c.code).toBe(english);
      const zh = constructText('zh-CN', params);
      expect(zh, c.code).not.toBeNull();
      expect(zh, c.code).not.toContain('undefined');
      for (const a of c.args) expect(zh, `${c.code} quotes its ${a}`).toContain(params[a]);
      // no English word of the template is left (code and arguments aside)
      const words = c.english.replace(/\{[01]\}/g, ' ').match(/\b[a-z]{4,}\b/g) ?? [];
      const code = /^(np|einsum|where|tensordot|float16|int64|fill_value|copy|array|full|axes|dtype|copy|True|False)$/;  // NumPy names and parameters
      for (const w of words.filter((x) => !code.test(x))) expect(zh, `${c.code}: "${w}"`).not.toMatch(new RegExp(`\\b${w}\\b`));
      if (c.args.length === 0 || !/^\{0\}(\(\))?$/.test(c.english)) expect(zh, c.code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('an unknown code or a missing argument gives null (the caller keeps the English wording)', () => {
    expect(constructText('zh-CN', { what: 'from-the-future', construct: 'x' })).toBeNull();
    expect(constructText('zh-CN', { what: 'array-too-large', construct: 'x' })).toBeNull();
    expect(constructText('en', { construct: 'x' })).toBeNull();
    expect(constructText('zh-CN', { what: 'toString', construct: 'x' })).toBeNull();
  });
});
