// The exercise checker against real Python + NumPy: generated lines (scripts/diff/
// gen_lines.py, seeded) each run by `attn-cli exercise-batch` and by /usr/bin/python3 on the exact
// program <attn-exercise> copies (program.ts), comparing printed text, exception types and
// verdicts (scripts/diff/exercise_diff.py). `npm test` runs a fixed sample of ATTN_DIFF_COUNT
// (default 1,200) lines of seed 19; `npm run test:diff` runs 6,000. Fails – never skips – when
// Python, NumPy or the native CLI is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fullProgram, INDENT, todoStatement } from '../../web/elements/attn-exercise/program';

const PYTHON = '/usr/bin/python3';
const ROOT = new URL('../../', import.meta.url).pathname;
const CLI = `${ROOT}build/native/attn-cli`;
const COUNT = Number(process.env.ATTN_DIFF_COUNT ?? 1200);
const SEED = Number(process.env.ATTN_DIFF_SEED ?? 19);
const SEEDS = ['0', '7', '42'];

describe('exercise checker vs Python + NumPy', () => {
  it(`agrees on ${COUNT} generated lines (seed ${SEED})`, () => {
    expect(existsSync(PYTHON), `${PYTHON} is missing: scripts/setup.sh installs python3-numpy`).toBe(true);
    const np = spawnSync(PYTHON, ['-c', 'import numpy'], { encoding: 'utf8' });
    expect(np.status, `NumPy is missing (${np.stderr.trim()}): scripts/setup.sh installs python3-numpy`).toBe(0);
    expect(existsSync(CLI), `${CLI} is missing: run scripts/build-native.sh`).toBe(true);

    const gen = spawnSync(PYTHON, ['-c', `import json, sys; sys.path.insert(0, 'scripts/diff'); from gen_lines import generate
from gen_lines import table_cover_count
print(table_cover_count())
for k, l in generate(${SEED}, ${COUNT}): print(json.dumps([k, l]))`], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(gen.status, gen.stderr).toBe(0);
    const [cover, ...lines] = gen.stdout.trim().split('\n');
    const items = lines.map((l, i) => {
      const [todo, line] = JSON.parse(l) as [number, string];
      const lines = ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
        'weights = softmax(scores)'];
      lines[todo - 1] = line;
      const seed = SEEDS[i % SEEDS.length];
      return JSON.stringify({
        todo, line, seed, program: fullProgram(seed, lines, 'en'), slot: INDENT[todo - 1] + todoStatement(todo - 1, line),
        run: '# call attention', experiment: '# the section 3 experiment',
      });
    });
    expect(items.length).toBe(COUNT);
    mkdirSync(`${ROOT}build`, { recursive: true });
    const report = `${ROOT}build/exercise-diff-${SEED}-${COUNT}.json`;
    // every entry of the checker's table of Python's errors is confirmed once the run holds them all
    const table = COUNT >= Number(cover) ? ['--require-table'] : [];
    const r = spawnSync(PYTHON, ['scripts/diff/exercise_diff.py', '--cli', CLI, '--report', report, ...table], {
      cwd: ROOT, input: items.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28, timeout: 3_600_000,
      env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
    });
    console.log(`exercise diff (${report}): ${r.stdout.trim()}`);
    expect(r.status, `${r.stderr}\n${r.stdout}\nsee ${report}`).toBe(0);
  }, 3_600_000);
});
