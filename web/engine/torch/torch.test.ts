// The PyTorch module (attn_torch) in Node: PyTorch's own numbers for seed
// 1337 (e2e/golden/tril_1337.json, scripts/gen_tril_golden.py), the CLI's
// `torch` command through the CLI module (attn_cli), typed errors, a flat heap.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTorch, type TorchLab } from './torch.js';
import { loadCli } from '../cli/cli.js';
import type { Cli } from '../cli/types';

const root = new URL('../../../', import.meta.url);
const golden = JSON.parse(readFileSync(new URL('e2e/golden/tril_1337.json', root), 'utf8')) as {
  x: number[]; xbow: number[]; wei: number[]; wei0_printed: string[]; var: [number, number]; temp8: number[];
};
let lab: TorchLab;
let cli: Cli;

beforeAll(async () => {
  lab = await loadTorch({ wasmBinary: readFileSync(new URL('web/generated/attn_torch.wasm', root)) });
  cli = await loadCli({ wasmBinary: readFileSync(new URL('web/generated/attn_cli.wasm', root)) });
});

describe('attn_torch', () => {
  it('draws x exactly as torch.randn(4, 8, 2) after manual_seed(1337)', () => {
    const r = lab.threeWays(1337);
    expect(Array.from(r.x)).toEqual(golden.x); // float32 widened: exact
    expect(Array.from(r.xbowLoop)).toEqual(golden.xbow);
    expect(r.maxDiff).toBeLessThan(1e-6);
    // PyTorch 1.13 (x86) says False here: one mean near 0.002 differs by 3.2e-8 > 1e-8 + 1e-5·|b|.
    expect(r.allcloseTril).toBe(false);
    expect(lab.threeWays('0').allcloseTril).toBe(true);
    expect(Array.from(r.weiTril.slice(8, 10))).toEqual([0.5, 0.5]);
  });

  it('gives the one-head demo wei PyTorch prints', () => {
    const h = lab.head(1337n, true, true);
    expect(h.wei.length).toBe(256);
    h.wei.forEach((v, i) => expect(Math.abs(v - golden.wei[i])).toBeLessThan(1e-6));
    expect(Array.from(h.wei.slice(0, 64), (v) => v.toFixed(4))).toEqual(golden.wei0_printed);
    expect(h.varUnscaled).toBeCloseTo(golden.var[0], 5);
    expect(h.varScaled).toBeCloseTo(golden.var[1], 5);
    const unscaled = lab.head(1337, true, false);
    expect(unscaled.wei[8]).toBeCloseTo(0.1574, 4); // the notebook's wei[0][1]
  });

  it('sharpens softmax with the multiplier and permutes rows without positions', () => {
    Array.from(lab.softmaxTemperature(8)).forEach((v, i) => expect(Math.abs(v - golden.temp8[i])).toBeLessThan(1e-6));
    const rev = [7, 6, 5, 4, 3, 2, 1, 0];
    expect(lab.permutation(1337, 0, rev, false).maxDiff).toBeLessThan(1e-6);
    expect(lab.permutation(1337, 0, rev, true).maxDiff).toBeGreaterThan(0.1);
    const uv = lab.unitVariance(1337);
    expect(uv[2] / uv[3]).toBeCloseTo(16, 3);
  });

  it('rejects bad arguments with typed errors and keeps its heap flat', () => {
    expect(() => lab.threeWays(-1)).toThrow(RangeError);
    expect(() => lab.threeWays(2n ** 63n)).toThrow(/2\^63/);
    expect(() => lab.threeWays('abc')).toThrow(RangeError);
    expect(() => lab.head({} as unknown as number)).toThrow(TypeError);
    expect(() => lab.softmaxTemperature(Number.NaN)).toThrow(RangeError);
    expect(() => lab.permutation(1, 4, [0, 1, 2, 3, 4, 5, 6, 7])).toThrow(/b must be/);
    expect(() => lab.permutation(1, 0, [0, 0, 2, 3, 4, 5, 6, 7])).toThrow(/perm/);
    // the bindings check again (the raw module returns its errors)
    const raw = lab.raw as { threeWays(hi: number, lo: number): unknown; softmaxTemperature(m: number): unknown };
    expect(raw.threeWays(0x80000000, 0)).toBeInstanceOf(RangeError);
    expect(raw.softmaxTemperature(100)).toBeInstanceOf(RangeError);
    lab.threeWays(1);
    const before = lab.heapStats();
    for (let i = 0; i < 2000; i++) {
      raw.threeWays(0x80000000, 0);
      lab.threeWays(i);
    }
    expect(lab.heapStats()).toEqual(before);
  });
});

describe('attn-cli torch through WASM', () => {
  it('prints torch.randn(4, 8, 2) as Python does', () => {
    const r = cli.runCli(['torch', 'randn', '--seed', '1337', '--shape', '4,8,2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(new URL('cpp/tests/data/torch_cli_randn_1337_4x8x2.txt', root), 'utf8'));
    const bad = cli.runCli(['torch', 'randn', '--seed', '-1', '--shape', '2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^attn-cli torch: seed/);
  });
});
