// The PyTorch module's bonus (attn_torch) in Node: the draws and the learner's
// attention as Debian's PyTorch computes them (e2e/golden/bonus_0.json from
// scripts/gen_bonus_golden.py), the fused kernel's trace, typed errors, and
// `attn-cli torch bonus` through the CLI module.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTorch, type TorchLab } from './torch.js';
import { loadCli } from '../cli/cli.js';
import type { Cli } from '../cli/types';

const root = new URL('../../../', import.meta.url);
const golden = JSON.parse(readFileSync(new URL('e2e/golden/bonus_0.json', root), 'utf8')) as { mine: number[]; mine00: string };
let lab: TorchLab;
let cli: Cli;

beforeAll(async () => {
  lab = await loadTorch({ wasmBinary: readFileSync(new URL('web/generated/attn_torch.wasm', root)) });
  cli = await loadCli({ wasmBinary: readFileSync(new URL('web/generated/attn_cli.wasm', root)) });
});

describe('attn_torch bonus', () => {
  it('gives PyTorch\'s my_attention for seed 0 at the lesson\'s shapes, causal', () => {
    const r = lab.bonus(0, [2, 4, 5, 16], true);
    expect(r.mine.length).toBe(640);
    expect(r.weights.length).toBe(200);
    r.mine.forEach((v, i) => expect(Math.abs(v - golden.mine[i])).toBeLessThan(2e-6));
    expect(Array.from(r.mine.slice(0, 80), (v) => v.toFixed(4))).toEqual(golden.mine00.match(/-?\d+\.\d+/g));
    expect(r.allclose).toBe(true);
    expect(r.maxDiff).toBeLessThan(1e-6);
    // causal: row 0 of every head sees only key 0
    for (let bh = 0; bh < 8; bh++) expect(Array.from(r.weights.slice(bh * 25, bh * 25 + 5))).toEqual([1, 0, 0, 0, 0]);
  });

  it('traces the fused kernel tile by tile, ending on the fused row', () => {
    const r = lab.bonus('0', [2, 4, 5, 16], false);
    const steps = lab.bonusTrace(0n, [2, 4, 5, 16], false, 1, 2, 3);
    expect(steps.map((s) => [s.firstKey, s.lastKey])).toEqual([[0, 2], [2, 4], [4, 5]]);
    for (let i = 1; i < steps.length; i++) expect(steps[i].max).toBeGreaterThanOrEqual(steps[i - 1].max);
    const at = ((1 * 4 + 2) * 5 + 3) * 16;
    expect(Array.from(steps[2].out)).toEqual(Array.from(r.fused.slice(at, at + 16)));
  });

  it('rejects bad arguments with a RangeError naming them', () => {
    expect(() => lab.bonus(-1, [2, 4, 5, 16])).toThrow(RangeError);
    expect(() => lab.bonus(0, [0, 4, 5, 16])).toThrow(/shape must be/);
    expect(() => lab.bonus(0, [4, 8, 16, 64])).toThrow(/at most 4096/);
    expect(() => lab.bonusTrace(0, [2, 4, 5, 16], true, 2, 0, 0)).toThrow(/b must be an integer in \[0, 1\]/);
    const raw = lab.raw as { bonus(...a: unknown[]): unknown };
    expect(raw.bonus({ seedHi: 0, seedLo: 0, batch: 2, heads: 4, tokens: 5, dk: 65, causal: true })).toBeInstanceOf(RangeError);
  });

  it('attn-cli torch bonus prints the lesson\'s two lines, then the values', () => {
    expect(cli.runCli(['torch', 'bonus'])).toEqual({ code: 0, stdout: 'shape: (2, 4, 5, 16)\nallclose: True\n', stderr: '' });
    const r = cli.runCli(['torch', 'bonus', '--seed', '0', '--shape', '2,4,5,16', '--causal', '1', '--values']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(642);
    lines.slice(2).forEach((l, i) => expect(Math.abs(Number(l) - golden.mine[i])).toBeLessThan(2e-6));
    const bad = cli.runCli(['torch', 'bonus', '--shape', '2,4,5']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^attn-cli torch bonus: shape must be four integers/);
  });

  it('keeps the heap flat over many calls', () => {
    lab.bonus(1, [4, 8, 8, 16], true);
    const before = lab.heapStats().usedBytes;
    for (let i = 0; i < 50; i++) { lab.bonus(i, [4, 8, 8, 16], i % 2 === 0); lab.bonusTrace(i, [4, 8, 8, 16], true, 3, 7, 7); }
    expect(lab.heapStats().usedBytes).toBe(before);
  });
});
