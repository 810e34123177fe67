// The WASM modules in Node: the core (NumPy golden vectors, the heatmap
// model, typed errors), the evaluator (the lesson's text, the double
// attention), the float module's attention kernel and the CLI (attn-cli,
// Node only), each with a flat heap over 10,000 rejected calls.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, type Engine } from './engine.js';
import { loadCli } from '../cli/cli.js';
import { LIMITS } from '../shared/limits.js';
import { loadEvaluator, type Evaluator } from '../py/evaluator.js';
import { loadTrainEngine, type TrainEngine } from '../train/train.js';
import type { Cli } from '../cli/types';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
let engine: Engine;
let py: Evaluator;
let cli: Cli;
let float: TrainEngine; // the float module: the float attention kernel lives there

beforeAll(async () => {
  float = await loadTrainEngine({ wasmBinary: readFileSync(new URL('web/generated/attn_train.wasm', root)) });
  engine = await loadEngine({ wasmBinary: readFileSync(new URL('web/generated/attn_core.wasm', root)) });
  py = await loadEvaluator({ wasmBinary: readFileSync(new URL('web/generated/attn_py.wasm', root)) });
  cli = await loadCli({ wasmBinary: readFileSync(new URL('web/generated/attn_cli.wasm', root)) });
});

/** Records "<seed> <first> <count>" followed by hex IEEE-754 bit patterns. */
function goldenRecords(file: string) {
  const records: { seed: string; first: number; bits: string[] }[] = [];
  const tokens = read(file).split('\n').filter((l) => !l.startsWith('#')).join(' ').split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; ) {
    const [seed, first, count] = [tokens[i], Number(tokens[i + 1]), Number(tokens[i + 2])];
    records.push({ seed, first, bits: tokens.slice(i + 3, i + 3 + count) });
    i += 3 + count;
  }
  return records;
}

const hexBits = (x: number) => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0).toString(16).padStart(16, '0');
};

describe('standard normal draws', () => {
  it('equal NumPy default_rng bit for bit on every golden seed', () => {
    const records = goldenRecords('cpp/tests/data/rng_normal.txt');
    expect(records.length).toBeGreaterThanOrEqual(9);
    for (const r of records) {
      const draws = engine.standardNormal(r.seed, r.first + r.bits.length);
      expect(Array.from(draws.subarray(r.first), hexBits)).toEqual(r.bits);
    }
  });

  it('equal NumPy far into the stream, through the ziggurat slow paths', () => {
    for (const r of goldenRecords('cpp/tests/data/rng_normal_far.txt')) {
      const draws = engine.standardNormal(r.seed, r.first + r.bits.length);
      expect(Array.from(draws.subarray(r.first), hexBits)).toEqual(r.bits);
    }
  });

  it('accept a seed as string, number or BigInt, and reject others with a named range', () => {
    const a = engine.standardNormal('42', 4);
    expect(engine.standardNormal(42, 4)).toEqual(a);
    expect(engine.standardNormal(42n, 4)).toEqual(a);
    expect(() => engine.standardNormal('-1', 1)).toThrow(RangeError);
    expect(() => engine.standardNormal('-1', 1)).toThrow('seed must be an integer in [0, 2^64), got "-1"');
    expect(() => engine.standardNormal(-1, 1)).toThrow('seed must be an integer in [0, 2^64), got "-1"');
    expect(() => engine.standardNormal(1.5, 1)).toThrow(/got 1\.5/);
    expect(() => engine.standardNormal('18446744073709551616', 1)).toThrow(RangeError);
    expect(() => engine.standardNormal(2n ** 64n, 1)).toThrow(RangeError);
    expect(() => engine.standardNormal({} as never, 1)).toThrow(TypeError);
    expect(() => engine.standardNormal('1', -1)).toThrow('count must be an integer in [0, 1048576], got -1');
    expect(() => engine.standardNormal('1', '3' as never)).toThrow(TypeError);
  });
});

describe('lesson 1', () => {
  it('matches the NumPy golden output (seed 0 at the lesson\'s sizes first, then other seeds and sizes), through the CLI module too', () => {
    const text = read('cpp/tests/data/lesson1_golden.txt');
    const cases = [...text.matchAll(/^# case seed=(\d+) T=(\d+) d_model=(\d+) d_k=(\d+) d_v=(\d+) lines=(\d+)\n/gm)];
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const m of cases) {
      const [seed, T, dm, dk, dv, lines] = [m[1], +m[2], +m[3], +m[4], +m[5], +m[6]];
      const start = m.index! + m[0].length;
      const expected = text.slice(start).split('\n').slice(0, lines).join('\n') + '\n';
      expect(py.lesson1(seed, T, dm, dk, dv)).toBe(expected);
      if (cases.indexOf(m) >= 3) continue; // runCli on the first cases only: each run draws ~31M normals
      const r = cli.runCli(['lesson1', '--seed', seed, '--T', `${T}`, '--d-model', `${dm}`, '--d-k', `${dk}`, '--d-v', `${dv}`]);
      expect(r).toEqual({ code: 0, stdout: expected, stderr: '' });
    }
  }, 120_000);

  it('lesson1Variance gives the numbers of the program\'s last three lines, each as the program prints it', () => {
    const text = read('cpp/tests/data/lesson1_golden.txt');
    const all = [...text.matchAll(/^# case seed=(\d+) T=(\d+) d_model=(\d+) d_k=(\d+) d_v=(\d+) lines=(\d+)\n/gm)];
    expect(all.length).toBeGreaterThanOrEqual(10);
    // the lesson's sizes at seeds 0 and 2^64 - 1, and other sizes (each case draws ~10M normals)
    const cases = [all[0]!, all[3]!, all.at(-1)!];
    for (const m of cases) {
      const [seed, T, dm, dk, dv, lines] = [m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!];
      const printed = text.slice(m.index! + m[0].length).split('\n').slice(0, lines);
      const v = py.lesson1Variance(seed, T, dm, dk, dv);
      expect(v.rows.map((r) => r.dK)).toEqual([16, 512]);
      expect(printed.slice(-3)).toEqual([
        ...v.rows.map((r) => `d_k=${String(r.dK).padStart(4)}  var(q·k)=${r.rawText.padStart(7)}  var(q·k/sqrt(d_k))=${r.scaledText}`),
        `avg max weight  unscaled: ${v.maxUnscaledText}  scaled: ${v.maxScaledText}`,
      ]);
      for (const r of v.rows) {
        expect(Math.abs(r.raw - Number(r.rawText))).toBeLessThanOrEqual(0.05);
        expect(Math.abs(r.scaled - Number(r.scaledText))).toBeLessThanOrEqual(0.005);
      }
      expect([v.maxUnscaled, v.maxScaled]).toEqual([Number(v.maxUnscaledText), Number(v.maxScaledText)]);
    }
    expect(py.lesson1Variance(0n)).toEqual(py.lesson1Variance('0'));
    // the lesson page's one call: the same text and the same numbers
    expect(py.lesson1Run('0')).toEqual({ output: py.lesson1('0'), variance: py.lesson1Variance('0') });
    expect(() => py.lesson1Variance('-1')).toThrow(RangeError);
    expect(() => py.lesson1Variance('0', 11)).toThrow('T must be an integer in [1, 10], got 11');
  }, 120_000);

  it('rejects bad sizes naming the argument, range and value', () => {
    expect(() => py.lesson1('0', 11)).toThrow('T must be an integer in [1, 10], got 11');
    expect(() => py.lesson1('0', 4, 0)).toThrow('dModel must be an integer in [1, 512], got 0');
    expect(() => py.lesson1('0', 4, 8, 2.5)).toThrow(RangeError);
    expect(() => py.lesson1('0', 4, 8, 16, 'x' as never)).toThrow(TypeError);
    const r = cli.runCli(['lesson1', '--T', '99']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('T must be an integer in [1, 10], got "99"');
  });
});

describe('attention', () => {
  it('computes a hand-worked case and agrees between float64 and float32', () => {
    const I = new Float64Array([1, 0, 0, 1]);
    const V = new Float64Array([1, 2, 3, 4]);
    const r = py.attention(I, I, V, 2, 2, 2, 2, 'none', false);
    const a = Math.E / (Math.E + 1);
    expect(r.weights[0]).toBeCloseTo(a, 15);
    expect(r.output[0]).toBeCloseTo(a + 3 * (1 - a), 14);
    const masked = py.attention(I, I, V, 2, 2, 2, 2, 'sqrt', true);
    expect(masked.scores[1]).toBe(-Infinity);
    expect(Array.from(masked.weights)).toEqual([1, 0, expect.any(Number), expect.any(Number)]);
    const f = float.attentionF32(new Float32Array(I), new Float32Array(I), new Float32Array(V), 2, 2, 2, 2, 'none', false);
    expect(f.weights).toBeInstanceOf(Float32Array);
    expect(Math.abs(f.weights[0] - a)).toBeLessThan(1e-6);
  });

  it('checks every shape and type', () => {
    const x = new Float64Array(8);
    expect(() => py.attention(x, x, x, 2, 2, 4, 4, 'sqrt', false)).not.toThrow();
    expect(() => py.attention(x, x, x, 2, 2, 3, 4, 'sqrt', false)).toThrow('q must hold 6 values for its shape, got 8');
    expect(() => py.attention(x, x, x, 2, 2, 4, 4, 'cube' as never, false)).toThrow(
      'scale must be one of "none", "sqrt", "dk", got "cube"',
    );
    expect(() => py.attention(x, x, x, 2, 2, 4, 4, 'sqrt', 1 as never)).toThrow(TypeError);
    expect(() => py.attention([] as never, x, x, 2, 2, 4, 4, 'sqrt', false)).toThrow(TypeError);
    expect(() => py.attention(x, x, x, 0, 2, 4, 4, 'sqrt', false)).toThrow('T must be an integer in [1, 4096], got 0');
  });
});

describe('preallocated float attention', () => {
  it('runs in heap buffers, equals attentionF32, and survives the memory growing', () => {
    const [T, S, dK, dV] = [5, 7, 6, 3];
    const d = engine.standardNormal('3', T * dK + S * dK + S * dV);
    const q = Float32Array.from(d.subarray(0, T * dK));
    const k = Float32Array.from(d.subarray(T * dK, (T + S) * dK));
    const v = Float32Array.from(d.subarray((T + S) * dK));
    const a = float.createAttentionF32(T, S, dK, dV);
    expect([a.q.length, a.k.length, a.v.length]).toEqual([T * dK, S * dK, S * dV]);
    a.q.set(q);
    a.k.set(k);
    a.v.set(v);
    const r = a.run('sqrt', true);
    const ref = float.attentionF32(q, k, v, T, S, dK, dV, 'sqrt', true);
    expect(Array.from(r.weights)).toEqual(Array.from(ref.weights));
    expect(Array.from(r.output)).toEqual(Array.from(ref.output));
    expect(r.scores[1]).toBe(-Infinity);
    // A 32 MB buffer grows the WASM memory: the old views detach, the handle fetches new ones.
    const before = float.heapStats().memoryBytes;
    const big = float.createAttentionF32(2048, 2048, 1, 1);
    expect(float.heapStats().memoryBytes).toBeGreaterThan(before);
    expect(r.weights.length).toBe(0);
    expect(Array.from(a.q)).toEqual(Array.from(q));
    const again = a.run('sqrt', true);
    expect(Array.from(again.output)).toEqual(Array.from(ref.output));
    expect(() => a.run('cube' as never)).toThrow(RangeError);
    expect(() => float.createAttentionF32(0, 1, 1, 1)).toThrow('T must be an integer in [1, 4096], got 0');
    big.delete();
    a.delete();
    expect(() => a.q).toThrow('deleted');
  });
});

describe('heatmap model', () => {
  it('slices the first dk columns of one fixed draw', () => {
    const h = engine.createHeatmap('0', 6, 32);
    const draws = engine.standardNormal('0', 2 * 6 * 32);
    h.compute(2, 'none', false);
    const raw = h.rawScores();
    const q = (i: number, c: number) => draws[i * 32 + c];
    const k = (j: number, c: number) => draws[6 * 32 + j * 32 + c];
    expect(raw[1 * 6 + 4]).toBe(q(1, 0) * k(4, 0) + q(1, 1) * k(4, 1));
    const st = h.compute(16, 'sqrt', true);
    expect(st.maxRowSumError).toBeLessThan(1e-12);
    expect(h.weights()[1]).toBe(0);
    expect(h.scores()[1]).toBe(-Infinity);
    expect(() => h.compute(33, 'sqrt', true)).toThrow('dk must be an integer in [1, 32], got 33');
    h.delete();
    expect(() => engine.createHeatmap('0', 1000, 32)).toThrow('tokens must be an integer in [2, 32], got 1000');
  });
});

/** Calls the bad calls in turn 10,000 times; how many threw an Error. */
function rejectedOf10k(bad: (() => unknown)[]): number {
  let rejected = 0;
  for (let i = 0; i < 10_000; i++) {
    try {
      bad[i % bad.length]!();
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      rejected++;
    }
  }
  return rejected;
}

describe('robustness', () => {
  it('keeps the core working with a flat heap after 10,000 rejected calls', () => {
    const before = engine.heapStats();
    const bad: (() => unknown)[] = [
      () => engine.standardNormal('-1', 1),
      () => engine.standardNormal('x'.repeat(100), 1),
      () => engine.standardNormal('18446744073709551616', 1),
      () => engine.createHeatmap('0', 1, 1),
      () => engine.createHeatmap('-5', 6, 8),
    ];
    expect(rejectedOf10k(bad)).toBe(10_000);
    const after = engine.heapStats();
    expect(after.memoryBytes).toBe(before.memoryBytes);
    expect(after.usedBytes).toBe(before.usedBytes);
    expect(engine.standardNormal('0', 1)[0]).toBe(0.1257302210933933);
  });

  it('keeps the float kernel working with a flat heap after 10,000 rejected calls', () => {
    const x = new Float32Array(4);
    float.attentionF32(x, x, x, 2, 2, 2, 2); // the cached buffers of this shape exist before and after
    const before = float.heapStats();
    const bad: (() => unknown)[] = [
      () => float.attentionF32(x, x, new Float32Array(3), 2, 2, 2, 2),
      () => float.attentionF32(x, x, x, 2, 2, 2, 3),
      () => float.createAttentionF32(4096, 4096, 1, 1),
      () => float.createAttentionF32(1, 1, 0, 1),
    ];
    expect(rejectedOf10k(bad)).toBe(10_000);
    const after = float.heapStats();
    expect(after.memoryBytes).toBe(before.memoryBytes);
    expect(after.usedBytes).toBe(before.usedBytes);
    expect(float.attentionF32(x, x, x, 2, 2, 2, 2).weights[0]).toBe(0.5);
  });

  it('keeps the evaluator working with a flat heap after 10,000 rejected calls', () => {
    py.lesson1('0');
    const before = py.heapStats();
    const bad: (() => unknown)[] = [
      () => py.lesson1('-1'),
      () => py.lesson1('0', 11),
      () => py.exercise('0', 'x'.repeat(5000), '', ''),
      () => py.attention(new Float64Array(3), new Float64Array(3), new Float64Array(3), 2, 2, 2, 2, 'sqrt', false),
    ];
    expect(rejectedOf10k(bad)).toBe(10_000);
    const after = py.heapStats();
    expect(after.memoryBytes).toBe(before.memoryBytes);
    expect(after.usedBytes).toBe(before.usedBytes);
    expect(py.lesson1('0')).toContain('avg max weight  unscaled: 0.958  scaled: 0.365');
  });

  it('keeps the CLI working with a flat heap after 10,000 rejected calls and usage errors', () => {
    cli.runCli(['normal', '--seed', '0', '--count', '2']);
    const before = cli.heapStats();
    const bad: (() => unknown)[] = [
      () => cli.runCli(42 as never),
      () => cli.runCli(['x', 7 as never]),
      () => cli.runCli(Array(LIMITS.cli.maxArgs + 1).fill('x')),
    ];
    expect(rejectedOf10k(bad)).toBe(10_000);
    // a usage error is thrown and caught inside the module (C++ exceptions): its strings are freed
    for (let i = 0; i < 2_000; i++) expect(cli.runCli(['lesson1', '--T', '99']).code).toBe(2);
    const after = cli.heapStats();
    expect(after.memoryBytes).toBe(before.memoryBytes);
    expect(after.usedBytes).toBe(before.usedBytes);
    expect(cli.runCli(['normal', '--seed', '0', '--count', '1'])).toEqual({ code: 0, stdout: '0.1257302210933933\n', stderr: '' });
  });

  it('leaves the CLI and C++ exception catching out of the evaluator (attn_cli carries them)', () => {
    expect((py.raw as Record<string, unknown>).runCli).toBeUndefined();
    expect(typeof (cli.raw as Record<string, unknown>).runCli).toBe('function');
    // Emscripten's JS-based exception catching imports invoke_* wrappers into the module
    expect(read('web/generated/attn_py.mjs')).not.toMatch(/invoke_/);
    expect(read('web/generated/attn_cli.mjs')).toMatch(/invoke_/);
  });

  it('the raw core module checks ranges and handles itself and returns (does not throw) its errors', () => {
    const raw = engine.raw as Record<string, (...a: unknown[]) => unknown>;
    expect(raw.heatmapNew(0, 0, 1000, 32)).toBeInstanceOf(RangeError);
    expect(raw.standardNormal(0, 1, -1)).toBeInstanceOf(RangeError);
    expect(raw.attentionF32New).toBeUndefined(); // the float kernel is in the float module
    // seeds arrive as two 32-bit halves: 2^64 - 1 is (0xffffffff, 0xffffffff)
    expect(Array.from(raw.standardNormal(0xffffffff, 0xffffffff, 2) as Float64Array)).toEqual(
      Array.from(engine.standardNormal(2n ** 64n - 1n, 2)),
    );
    const h = raw.heatmapNew(0, 0, 4, 8) as number;
    expect(Object.keys(raw.heatmapCompute(h, 8, 1, false) as object)).toEqual(['scoreStd', 'meanRowMax', 'maxRowSumError']);
    expect(raw.heatmapCompute(h, 9, 1, false)).toBeInstanceOf(RangeError);
    expect(raw.heatmapCompute(h, 8, 3, false)).toBeInstanceOf(RangeError);
    expect(raw.heatmapArray(h, 5)).toBeInstanceOf(RangeError);
    expect(raw.heatmapDelete(h)).toBe(true);
    // A deleted or made-up handle is refused, never dereferenced.
    for (const bad of [h, 0, -1, 999, 2 ** 31 - 1]) {
      expect(raw.heatmapCompute(bad, 1, 1, false)).toBeInstanceOf(RangeError);
      expect(raw.heatmapArray(bad, 0)).toBeInstanceOf(RangeError);
      expect(raw.heatmapDelete(bad)).toBe(false);
    }
  });

  it('the raw float module checks the float kernel\'s shapes and handles and returns its errors', () => {
    const raw = float.raw as Record<string, (...a: unknown[]) => unknown>;
    expect(raw.attentionF32New(0, 1, 1, 1)).toBeInstanceOf(RangeError);
    for (const bad of [0, -1, 999, 2 ** 31 - 1]) {
      expect(raw.attentionF32Run(bad, 1, false)).toBeInstanceOf(RangeError);
      expect(raw.attentionF32View(bad, 0)).toBeInstanceOf(RangeError);
      expect(raw.attentionF32Delete(bad)).toBe(false);
    }
    const a = raw.attentionF32New(2, 2, 2, 2) as number;
    expect(raw.attentionF32View(a, 6)).toBeInstanceOf(RangeError);
    expect(raw.attentionF32Run(a, 3, false)).toBeInstanceOf(RangeError);
    expect(raw.attentionF32Delete(a)).toBe(true);
  });

  it('emits no new Function or eval in the modules\' JS (strict CSP)', () => {
    for (const file of ['web/generated/attn_core.mjs', 'web/generated/attn_py.mjs', 'web/generated/attn_cli.mjs']) {
      const js = read(file);
      expect(js).not.toMatch(/new Function/);
      expect(js).not.toMatch(/\beval\(/);
    }
  });
});
