// Each WASM module exports its areas of cpp/src/limits.hpp as limits(): they
// must equal web/engine/shared/limits.js (both come from the header; a module built
// from an older header, or a binding exporting the wrong area, fails here),
// and the messages on both sides must quote those numbers.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkShape } from './attention-checks.js';
import { LIMITS } from './limits.js';

const root = new URL('../../../', import.meta.url);
const wasm = (name: string) => ({ wasmBinary: readFileSync(new URL(`web/generated/${name}.wasm`, root)) });

// The raw modules (the loaders wrap them and do not pass limits() on).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
const raw = async (name: string): Promise<Raw> => {
  const glue = new URL(`web/generated/${name}.mjs`, root).href;
  const factory = (await import(/* @vite-ignore */ glue)).default as (o: object) => Promise<Raw>;
  return factory(wasm(name));
};
let core: Raw, py: Raw, cli: Raw, torch: Raw, train: Raw;
beforeAll(async () => {
  [core, py, cli, torch, train] = await Promise.all([raw('attn_core'), raw('attn_py'), raw('attn_cli'), raw('attn_torch'), raw('attn_train')]);
});

describe('limits() of every module equals web/engine/shared/limits.js', () => {
  it('core', () => expect(core.limits()).toEqual({ heatmap: LIMITS.heatmap, seed: LIMITS.seed, rng: LIMITS.rng }));
  it('py', () => expect(py.limits()).toEqual({ evaluator: LIMITS.evaluator, lesson1: LIMITS.lesson1, seed: LIMITS.seed }));
  it('cli', () => expect(cli.limits()).toEqual({
    cli: LIMITS.cli, lesson1: LIMITS.lesson1, evaluator: LIMITS.evaluator, seed: LIMITS.seed, trainCli: LIMITS.trainCli,
  }));
  it('torch', () => expect(torch.limits()).toEqual({ torch: LIMITS.torch, bonus: LIMITS.bonus }));
  it('train', () => expect(train.limits()).toEqual({ train: LIMITS.train, attention: LIMITS.attention }));
});

describe('messages quote the limits', () => {
  const A = LIMITS.attention, H = LIMITS.heatmap, T = LIMITS.train;

  it('the core bindings', () => {
    expect(String(core.heatmapNew(0, 0, H.maxTokens + 1, 1))).toBe(
      `RangeError: tokens must be in [${H.minTokens}, ${H.maxTokens}] and dkMax in [1, ${H.maxDk}]`);
    // the float attention kernel is in the float module (attn_train)
    expect(String(train.attentionF32New(A.maxDim + 1, 1, 1, 1))).toBe(
      `RangeError: T, S, dK and dV must be in [1, ${A.maxDim}] and keep every matrix at most ${A.maxValues} values`);
  });

  it('checks.js', () => {
    expect(() => checkShape(A.maxDim + 1, 1, 1, 1)).toThrow(`T must be an integer in [1, ${A.maxDim}], got ${A.maxDim + 1}`);
    expect(() => checkShape(A.maxDim, A.maxDim, 1, 1)).toThrow(`every matrix at most ${A.maxValues} values`);
  });

  it('the train bindings', () => {
    const run = { model: 0, seedHi: 0, seedLo: 0, iters: 1, evalInterval: 1, evalIters: 1, lr: 0.01, batch: 1, block: 1, nEmbd: 4, nHead: 1, nLayer: 1, dropout: 0, threads: 1 };
    const cases: [Record<string, number>, string][] = [
      [{ iters: T.maxIters + 1 }, `iters must be in [0, ${T.maxIters}]`],
      [{ evalInterval: T.maxEvalInterval + 1 }, `evalInterval must be in [1, ${T.maxEvalInterval}]`],
      [{ evalIters: T.maxEvalIters + 1 }, `evalIters must be in [1, ${T.maxEvalIters}]`],
      [{ batch: T.maxBatch + 1 }, `batch must be in [1, ${T.maxBatch}]`],
      [{ block: T.maxBlock + 1 }, `block must be in [1, ${T.maxBlock}]`],
      [{ model: 2, nEmbd: T.maxNEmbd + 1 }, `nEmbd must be in [1, ${T.maxNEmbd}]`],
      [{ model: 7, nHead: T.maxNHead + 1 }, `nHead must be in [1, ${T.maxNHead}]`],
      [{ model: 7, nLayer: T.maxNLayer + 1 }, `nLayer must be in [1, ${T.maxNLayer}]`],
      [{ model: 8, dropout: T.maxDropout }, `dropout must be in [0, ${T.maxDropout})`],
    ];
    for (const [bad, message] of cases) expect(String(train.trainerNew('abcdefghij', { ...run, ...bad }))).toBe(`RangeError: ${message}`);
    // the one-thread build takes 1 thread (the threaded one, attn_train_mt, up to T.maxThreads)
    expect(String(train.trainerNew('abcdefghij', { model: 0, seedHi: 0, seedLo: 0, iters: 1, evalInterval: 1, evalIters: 1, lr: 0.01, batch: 1, block: 1, nEmbd: 1, nHead: 1, nLayer: 1, dropout: 0, threads: 2 }))).toBe(
      'RangeError: threads must be in [1, 1] in this build');
    expect(train.maxThreads()).toBe(1);
  });

  it('the torch and cli bindings', () => {
    expect(String(torch.softmaxTemperature(LIMITS.torch.maxTemperature + 1))).toBe(
      `RangeError: m must be a number in [0, ${LIMITS.torch.maxTemperature}]`);
    const C = LIMITS.cli;
    expect(String(cli.runCli(Array(C.maxArgs + 1).fill('x'), undefined))).toBe(
      `RangeError: args must hold at most ${C.maxArgs} strings, got ${C.maxArgs + 1}`);
    expect(String(cli.runCli(['x'.repeat(C.maxArgChars + 1)], undefined))).toBe(
      `RangeError: args[0] must be at most ${C.maxArgChars} characters long`);
  });
});
