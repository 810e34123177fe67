// The training module through its loader, in Node: the two builds (SIMD has
// v128 arithmetic, the scalar build none; one JS glue), argument checks, the
// log of a short run against PyTorch's (e2e/golden/train_head_300.txt, made
// by scripts/train_reference.py), slices of any size giving the same run
// (what Pause/Resume relies on), errors returned as exceptions with the heap
// kept flat, and `npm run train` printing what the lecture's script prints.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaults, formatEval, loadThreadedTrainEngine, loadTrainEngine, resolveConfig, threadsAvailable, wrapTrainModule, type TrainEngine } from './train.js';

const gen = new URL('../../generated/', import.meta.url);
const text = readFileSync(new URL('../../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8');
const golden = readFileSync(new URL('../../../e2e/golden/train_head_300.txt', import.meta.url), 'utf8').trimEnd().split('\n');
let simd: TrainEngine;
let scalar: TrainEngine;

async function load(name: string): Promise<TrainEngine> {
  const { default: create } = await import(/* @vite-ignore */ new URL('attn_train.mjs', gen).href);
  return wrapTrainModule(await create({ wasmBinary: readFileSync(new URL(`${name}.wasm`, gen)) }));
}

beforeAll(async () => {
  simd = await loadTrainEngine({ wasmBinary: readFileSync(new URL('attn_train.wasm', gen)) });
  scalar = await load('attn_train_scalar');
});

/** Occurrences of one SIMD opcode (0xfd prefix, LEB128 sub-opcode) in a module's bytes. */
function countOpcode(bytes: Uint8Array, sub: number): number {
  const seq = sub < 0x80 ? [0xfd, sub] : [0xfd, (sub & 0x7f) | 0x80, sub >> 7];
  let n = 0;
  outer: for (let i = 0; i + seq.length <= bytes.length; i++) {
    for (let k = 0; k < seq.length; k++) if (bytes[i + k] !== seq[k]) continue outer;
    n++;
  }
  return n;
}

describe('builds', () => {
  it('the SIMD build has f32x4 arithmetic (v128), the scalar build none; both validate', () => {
    const a = new Uint8Array(readFileSync(new URL('attn_train.wasm', gen)));
    const b = new Uint8Array(readFileSync(new URL('attn_train_scalar.wasm', gen)));
    const F32X4_ADD = 0xe4, F32X4_MUL = 0xe6;
    expect(countOpcode(a, F32X4_ADD) + countOpcode(a, F32X4_MUL)).toBeGreaterThan(20);
    expect(countOpcode(b, F32X4_ADD) + countOpcode(b, F32X4_MUL)).toBeLessThan(3); // chance byte patterns only
    expect(WebAssembly.validate(a) && WebAssembly.validate(b)).toBe(true);
    expect(simd.simd).toBe(true);
  });

  it('the two builds share one JS glue but for the file name', () => {
    const glue = readFileSync(new URL('attn_train.mjs', gen), 'utf8');
    const other = readFileSync(new URL('attn_train_scalar.mjs', gen), 'utf8');
    expect(other.replaceAll('attn_train_scalar', 'attn_train')).toBe(glue);
  });
});

describe('a short head run', () => {
  it('prints PyTorch 1.13\'s log (300 steps, eval every 100), in both builds', () => {
    for (const e of [simd, scalar]) {
      const t = e.createTrainer(text, { model: 'head', iters: 300, evalInterval: 100 });
      const lines: string[] = [];
      for (;;) {
        const r = t.advance(64);
        lines.push(...r.evals.map(formatEval));
        if (r.done) break;
      }
      t.delete();
      expect(lines).toEqual(golden);
    }
  }, 120_000);

  it('gives the same run whatever the slices (Pause/Resume continue the same run)', () => {
    const run = (slices: number[], sampleAtEvals = false) => {
      const t = simd.createTrainer(text, { model: 'head', iters: 40, evalInterval: 10, evalIters: 4 });
      const evals: string[] = [];
      let i = 0;
      for (;;) {
        const r = t.advance(slices[i++ % slices.length]);
        evals.push(...r.evals.map(formatEval));
        // <attn-train>'s samples at each evaluation draw from a generator of their own
        if (sampleAtEvals && r.evals.length) expect(t.sample('', 30, 99 + r.step)).not.toBe('');
        if (r.done) break;
      }
      const sample = t.generate('', 40);
      const att = Array.from(t.attention('my lord,'));
      t.delete();
      return { evals, sample, att };
    };
    const a = run([40]);
    expect(a.evals).toHaveLength(4);
    expect(run([1])).toEqual(a);
    expect(run([3, 7, 1])).toEqual(a);
    expect(run([10], true)).toEqual(a);
  }, 60_000);

  it('the head\'s attention: T×T causal rows that sum to 1', () => {
    const t = simd.createTrainer(text, { model: 'head', iters: 5, evalInterval: 5, evalIters: 1 });
    t.advance(5);
    const w = t.attention('my lord,');
    expect(w).toHaveLength(64);
    for (let i = 0; i < 8; i++) {
      let s = 0;
      for (let j = 0; j < 8; j++) {
        if (j > i) expect(w[i * 8 + j]).toBe(0);
        s += w[i * 8 + j];
      }
      expect(s).toBeCloseTo(1, 5);
    }
    expect(t.attention('ab')).toHaveLength(4);
    t.delete();
  });
});

describe('checks and errors', () => {
  it('defaults are the lecture\'s', () => {
    expect(defaults('bigram')).toMatchObject({ iters: 3000, evalInterval: 300, lr: 1e-2, evalIters: 200, batch: 32, block: 8, seed: '1337' });
    expect(defaults('head')).toMatchObject({ iters: 5000, evalInterval: 500, lr: 1e-3 });
    expect(resolveConfig({ model: 'position', iters: 10 })).toMatchObject({ iters: 10, evalInterval: 300, modelCode: 1 });
  });

  it('formats losses as printf("%.4f") does', () => {
    expect(formatEval({ step: 0, train: Math.fround(4.2000), val: Math.fround(4.20474) })).toBe('step 0: train loss 4.2000, val loss 4.2047');
    expect(formatEval({ step: 7, train: NaN, val: Infinity })).toBe('step 7: train loss nan, val loss inf');
  });

  it('refuses bad settings with messages naming them', () => {
    expect(() => simd.createTrainer(text, { model: 'gpt-2' as never })).toThrow(/model must be one of/);
    expect(() => simd.createTrainer(text, { iters: -1 })).toThrow(/iters must be an integer in \[0, 1000000\]/);
    expect(() => simd.createTrainer(text, { lr: 0 })).toThrow(/lr must be a positive finite number/);
    expect(() => simd.createTrainer(text, { lr: 1e39 })).toThrow(/lr must be/);
    expect(() => simd.createTrainer(text, { seed: '-1' })).toThrow(/seed must be an integer/);
    expect(() => simd.createTrainer(42 as never, {})).toThrow(TypeError);
  });

  it('threads: the one-thread builds take 1 and refuse more; the threaded build is not loaded where the realm is not isolated', async () => {
    expect(simd.threads).toBe(1);
    expect(scalar.threads).toBe(1);
    expect(() => simd.createTrainer(text, { threads: 0 })).toThrow(/threads must be an integer in \[1, 8\]/);
    expect(() => simd.createTrainer(text, { threads: 9 })).toThrow(/threads must be an integer in \[1, 8\]/);
    expect(() => simd.createTrainer(text, { threads: 2 })).toThrow(/threads must be in \[1, 1\] in this build/);
    const t = simd.createTrainer(text, { model: 'bigram', iters: 1, threads: 1 });
    t.delete();
    // Node is not cross-origin isolated: no threaded build, and no fetch of its files.
    expect(threadsAvailable()).toBe(false);
    await expect(loadThreadedTrainEngine({ glueUrl: 'http://0.0.0.0/none.mjs', wasmUrl: 'x', workerUrl: 'y' })).resolves.toBeNull();
  });

  it('a block model allocates once: over a gpt run with dropout, evaluations, spreads and attention maps, the heap does not grow', () => {
    const t = simd.createTrainer(text.slice(0, 40_000), { model: 'gpt', iters: 60, evalInterval: 10, evalIters: 3, batch: 8, block: 12,
      nEmbd: 16, nHead: 2, nLayer: 2, dropout: 0.2 });
    t.advance(2); // the first step and evaluation have run: every buffer of the run exists
    t.spreads();
    t.attentionMaps('to be or');
    const after = simd.heapStats().usedBytes;
    for (;;) {
      const r = t.advance(7);
      t.spreads();
      t.attentionMaps('to be or');
      if (r.done) break;
    }
    expect(simd.heapStats().usedBytes).toBe(after);
    t.delete();
  });

  it('text too short for the block, unknown snippet characters and a model without a head are errors, not crashes; the heap stays flat', () => {
    const before = simd.heapStats().usedBytes;
    for (let i = 0; i < 50; i++) {
      expect(() => simd.createTrainer('abcdefgh', {})).toThrow(RangeError);
      const t = simd.createTrainer(text.slice(0, 2000), { model: 'bigram', iters: 2, evalInterval: 1, evalIters: 1 });
      t.advance(2);
      expect(() => t.attention('abc')).toThrow();
      t.delete();
      expect(() => t.advance(1)).toThrow(/deleted/);
      const h = simd.createTrainer(text.slice(0, 2000), { model: 'head', iters: 1, evalInterval: 1, evalIters: 1 });
      expect(() => h.attention('€€')).toThrow(RangeError);
      expect(() => h.generate('€', 3)).toThrow(RangeError);
      h.delete();
    }
    expect(simd.heapStats().usedBytes).toBe(before);
  });

  it('a learning rate that overflows reports the step whose loss is not finite', () => {
    const t = simd.createTrainer(text, { model: 'head', iters: 200, evalInterval: 100, evalIters: 2, lr: 1e30 });
    let bad: number | null = null;
    for (let i = 0; i < 300 && bad === null; i++) {
      const r = t.advance(10);
      bad = r.badStep;
      if (r.done) break;
    }
    t.delete();
    expect(bad).not.toBeNull();
    expect(bad!).toBeGreaterThanOrEqual(0);
  });
});

describe('the block models through the train module', () => {
  it('a layernorm and a gpt run print attn-cli train\'s log for the same settings, line for line', async () => {
    const { loadCli } = await import('../cli/cli.js');
    const { readFile } = await import('../../../scripts/attn-node.mjs');
    const cli = await loadCli({ wasmBinary: readFileSync(new URL('attn_cli.wasm', gen)) });
    for (const c of [
      { model: 'layernorm' as const, nEmbd: 16, nHead: 2, nLayer: 2, dropout: 0 },
      { model: 'gpt' as const, nEmbd: 24, nHead: 3, nLayer: 2, dropout: 0.2 },
    ]) {
      const settings = { ...c, seed: '11', iters: 41, evalInterval: 20, evalIters: 4, batch: 8, block: 16, lr: 1e-3 };
      const t = simd.createTrainer(text, settings);
      const lines: string[] = [];
      for (let done = false; !done;) {
        const a = t.advance(7);
        for (const e of a.evals) lines.push(formatEval(e));
        done = a.done;
      }
      t.delete();
      const args = ['--model', c.model, '--seed', '11', '--iters', '41', '--eval-interval', '20', '--eval-iters', '4', '--batch', '8',
        '--block', '16', '--n-embd', String(c.nEmbd), '--n-head', String(c.nHead), '--n-layer', String(c.nLayer), '--sample-chars', '0',
        ...(c.model === 'gpt' ? ['--dropout', String(c.dropout)] : [])];
      const r = cli.runCli(['train', ...args], readFile);
      expect(r.stderr).toBe('');
      expect(lines.join('\n') + '\n').toBe(r.stdout);
      expect(lines).toHaveLength(3);
    }
    expect(() => simd.createTrainer(text, { model: 'layernorm', nEmbd: 30, nHead: 4 })).toThrow(/multiple of n_head/);
    expect(() => simd.createTrainer(text, { model: 'gpt', dropout: 1 })).toThrow(/dropout must be in \[0, 1\)/);
  }, 120_000);
});

describe('npm run train (attn-cli train in the CLI module)', () => {
  it('prints the evaluation lines and then the sample, as attn-cli train', async () => {
    const { loadCli } = await import('../cli/cli.js');
    const { readFile } = await import('../../../scripts/attn-node.mjs');
    const cli = await loadCli({ wasmBinary: readFileSync(new URL('attn_cli.wasm', gen)) });
    const run = (...args: string[]) => cli.runCli(['train', ...args], readFile);
    const r = run('--model', 'head', '--iters', '300', '--eval-interval', '100', '--sample-chars', '0');
    expect(r).toEqual({ code: 0, stdout: `${golden.join('\n')}\n`, stderr: '' });
    const s = run('--model=bigram', '--iters=1', '--eval-iters=1', '--sample-chars=20');
    const lines = s.stdout.split('\n');
    expect(lines[0]).toMatch(/^step 0: train loss \d\.\d{4}, val loss \d\.\d{4}$/);
    expect(Array.from(lines.slice(1).join('\n').replace(/\n$/, ''))).toHaveLength(21); // the context character + 20
    const bad = run('--model', 'gpt-2');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^attn-cli train: --model must be bigram, position, head, multihead, ffwd, blocks, residual, layernorm or gpt, got "gpt-2"\nusage:/);
    // The text comes through readFile: without one, or when it returns null, nothing can be read.
    expect(cli.runCli(['train', '--model', 'bigram', '--data', 'x.txt']).stderr).toMatch(/^attn-cli train: cannot read x\.txt\n/);
    expect(run('--model', 'bigram', '--data', '/nonexistent/x.txt').stderr).toMatch(/^attn-cli train: cannot read \/nonexistent\/x\.txt\n/);
    const bytes = new TextEncoder().encode('hello world, hello attention\n'.repeat(4));
    const tiny = cli.runCli(['train', '--model', 'bigram', '--iters', '2', '--eval-iters', '1', '--sample-chars', '0', '--data', 'm'], (p) =>
      p === 'm' ? bytes : null,
    );
    expect(tiny.code).toBe(0);
    expect(tiny.stdout).toMatch(/^step 0: train loss \d\.\d{4}, val loss \d\.\d{4}\n$/);
    // A reader that misbehaves is the caller's error, thrown once the run is over.
    expect(() => cli.runCli(['train', '--model', 'bigram', '--data', 'm'], () => 'text' as never)).toThrow(
      /readFile must return a Uint8Array or null, got \[object String\]/,
    );
    expect(() => cli.runCli(['train', '--model', 'bigram', '--data', 'm'], () => { throw new Error('disk on fire'); })).toThrow('disk on fire');
    expect(() => cli.runCli(['train'], 42 as never)).toThrow(/readFile must be a function, got 42/);
  }, 120_000);
});
