// The program <attn-exercise> shows and copies is the one the engine runs:
// saved and run with /usr/bin/python3 (NumPy 1.24), it prints exactly what the
// engine prints (engine.lesson1 for the reference lines, engine.exercise for
// the menu's wrong lines). Fails where there is no /usr/bin/python3 with NumPy
// (scripts/setup.sh installs python3-numpy).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../../engine/py/evaluator.js';
import { fullProgram, PROGRAM_FILE, todoStatement } from './program';

const PYTHON = '/usr/bin/python3';
const REFERENCE = [
  'scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)',
  'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
  'weights = softmax(scores)',
];

function numpyCheck(): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} not found`;
  const r = spawnSync(PYTHON, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' });
  return r.status === 0 ? null : `${PYTHON} has no NumPy: ${r.stderr.trim().split('\n').pop()}`;
}
const missing = numpyCheck();

function runPythonFull(source: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(PYTHON, ['-'], { input: source, encoding: 'utf8', env: { ...process.env, PYTHONIOENCODING: 'utf-8' }, timeout: 60_000 });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}
const runPython = (source: string): string => runPythonFull(source).stdout;

let engine: Evaluator;
beforeAll(async () => {
  engine = await loadEvaluator({ wasmBinary: readFileSync(new URL('../../generated/attn_py.wasm', import.meta.url)) });
});

describe('todoStatement', () => {
  it('keeps an assignment, completes a bare expression, fills a blank TODO with ...', () => {
    expect(todoStatement(0, '  scores = Q @ K.T ')).toBe('scores = Q @ K.T');
    expect(todoStatement(0, 'Q @ K.T / np.sqrt(d_k)')).toBe('scores = Q @ K.T / np.sqrt(d_k)');
    expect(todoStatement(1, '')).toBe('mask = ...');
    expect(todoStatement(2, 'softmax(x=scores)')).toBe('weights = softmax(x=scores)');
    expect(todoStatement(2, 'scores == 1')).toBe('weights = scores == 1');
  });
});

describe('the copied program, run with Python', () => {
  it('has /usr/bin/python3 with NumPy (scripts/setup.sh installs python3-numpy)', () => {
    expect(missing).toBeNull();
  });

  for (const lang of ['zh-CN', 'en'] as const) {
    it(`prints engine.lesson1(seed) with the reference lines (seeds 0 and 7, ${lang})`, () => {
      for (const seed of ['0', '7']) {
        expect(runPython(fullProgram(seed, REFERENCE, lang))).toBe(engine.lesson1(seed));
      }
    });
  }

  it('prints engine.exercise(...).output for bare right-hand sides and the menu\'s wrong lines', () => {
    const cases: string[][] = [
      ['Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'np.triu(np.ones((T, T), dtype=bool), k=1)', 'softmax(scores)'],
      ['scores = Q @ K.swapaxes(-2, -1)', REFERENCE[1], REFERENCE[2]],
      ['scores = Q @ K.swapaxes(-2, -1) / d_k', REFERENCE[1], REFERENCE[2]],
      [REFERENCE[0], 'mask = np.triu(np.ones((T, T), dtype=bool), k=0)', REFERENCE[2]],
      [REFERENCE[0], REFERENCE[1], 'weights = np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)'],
    ];
    for (const lines of cases) {
      expect(runPython(fullProgram('0', lines, 'en')), lines.join(' | ')).toBe(engine.exercise('0', lines[0], lines[1], lines[2]).output);
    }
  });

  it('stops at the first TODO left blank with a message naming it, in the program\'s language', () => {
    const last = (stderr: string) => stderr.trimEnd().split('\n').pop();
    const none = runPythonFull(fullProgram('0', ['', '', ''], 'en'));
    expect(none.status).toBe(1);
    expect(last(none.stderr)).toBe('NotImplementedError: TODO 1 is not filled in yet: replace the ... in scores = ... with your line, then run again.');
    const two = runPythonFull(fullProgram('0', [REFERENCE[0], '', REFERENCE[2]], 'zh-CN'));
    expect(two.status).toBe(1);
    expect(last(two.stderr)).toBe('NotImplementedError: TODO 2 还没有补完：把 mask = ... 里的 ... 换成你的那一行，再运行。');
    const three = runPythonFull(fullProgram('0', [REFERENCE[0], REFERENCE[1], '  '], 'en'));
    expect(last(three.stderr)).toContain('TODO 3 is not filled in yet');
    // A filled line carries no check: the reference program is the lesson's, line for line.
    expect(fullProgram('0', REFERENCE, 'en')).not.toContain('NotImplementedError');
  });

  it('says in its first line how to run it, under the name Download saves it as', () => {
    for (const lang of ['zh-CN', 'en'] as const) expect(fullProgram('0', REFERENCE, lang).split('\n')[0]).toContain(`python3 ${PROGRAM_FILE}`);
  });
});
