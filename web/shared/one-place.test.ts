// The rules the elements share are written once: a second copy of one of
// them (a clipboard routine, the Copy control, a seed limit, a Blob download, a shadow root)
// anywhere in the shipped sources fails here, naming the file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, e.name);
    // web/testing/ holds the unit tests' stand-ins, which ship nowhere.
    if (e.isDirectory()) { if (e.name !== 'generated' && e.name !== 'testing') out.push(...sources(path)); }
    else if (/\.(ts|js|mjs)$/.test(e.name) && !/\.test\.ts$|\.d\.ts$/.test(e.name)) out.push(path);
  }
  return out;
}

const FILES = sources('web').map((f) => ({ path: relative(ROOT, join(ROOT, f)), text: readFileSync(join(ROOT, f), 'utf8') }));
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

const RULES: { what: string; pattern: RegExp; only: string[] }[] = [
  { what: 'writing to the clipboard', pattern: /navigator\.clipboard/, only: ['web/shared/clipboard.ts'] },
  { what: 'copying from an element (the snippet control)', pattern: /\bcopyText\(/, only: ['web/shared/clipboard.ts', 'web/shared/snippet-control.ts'] },
  { what: 'saving a file', pattern: /URL\.createObjectURL/, only: ['web/shared/download.ts'] },
  { what: 'the shadow root and its stylesheet', pattern: /attachShadow|adoptedStyleSheets\s*=/, only: ['web/shared/element.ts', 'web/scorm/notice.ts'] },
  { what: 'defining an element', pattern: /customElements\.define\(/, only: ['web/shared/element.ts'] },
  { what: 'a seed limit', pattern: /1n\s*<<\s*6[34]n|2n\s*\*\*\s*6[34]n/, only: ['web/shared/parse.ts', 'web/engine/shared/checks.js'] },
  { what: 'the attribute parsers', pattern: /function (parseSeed|parseIntIn|parseDecimal|parseFlag|parseChoice|flagSpelling)\b/, only: ['web/shared/parse.ts'] },
  { what: 'the training text limit', pattern: /MAX_TEXT_BYTES\s*=/, only: ['web/engine/train-runner/protocol.ts'] },
  { what: 'the list of element tags', pattern: /attn-heatmap['"]?\s*,\s*['"]?attn-/, only: ['web/shared/tags.ts'] },
  { what: 'the instantiate-once loader', pattern: /function loadModule\b/, only: ['web/engine/shared/load-module.js'] },
  { what: 'an element\'s observed attributes (the attribute table, in the base)', pattern: /static (get )?observedAttributes\b/, only: ['web/shared/element.ts'] },
  { what: 'an engine hook for tests (static engine, in the base)', pattern: /static (engine|\w*[lL]oader)\s*[:=]/, only: ['web/shared/element.ts'] },
];

describe('each shared rule has one home', () => {
  for (const rule of RULES) {
    it(rule.what, () => {
      const found = FILES.filter((f) => rule.pattern.test(code(f.text))).map((f) => f.path).sort();
      expect(found.length, `${rule.what}: nowhere`).toBeGreaterThan(0);
      for (const f of found) expect(rule.only, `${rule.what} is written again in ${f}`).toContain(f);
    });
  }
});

describe('element files stay small', () => {
  it('no file of an element is over 450 lines (split the parts that are not the element)', () => {
    for (const f of FILES.filter((x) => x.path.startsWith('web/elements/'))) {
      expect(f.text.split('\n').length - 1, f.path).toBeLessThanOrEqual(450);
    }
  });
});

describe('copies that must follow a source', () => {
  it('the engine\'s reference lines are the exercise\'s (web/elements/attn-exercise/reference.ts)', async () => {
    const { REFERENCE } = await import('../elements/attn-exercise/reference');
    const cpp = readFileSync(join(ROOT, 'cpp/lessons/exercise.cpp'), 'utf8');
    const block = /kExerciseReference\[3\] = \{([\s\S]*?)\};/.exec(cpp)?.[1] ?? '';
    const lines = [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
    expect(lines).toEqual([...REFERENCE]);
  });

  it('no other web source writes the reference answer out', () => {
    // (the heatmap's NumPy snippet builds the same mask in a program of its own)
    for (const line of ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)']) {
      const found = FILES.filter((f) => code(f.text).includes(line)).map((f) => f.path);
      expect(found, line).toEqual(['web/elements/attn-exercise/reference.ts']);
    }
  });
});
