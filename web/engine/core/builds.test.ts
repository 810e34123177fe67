// The two builds of the core (SIMD and the scalar fallback) and of the float
// module (the float attention kernel lives there, with the trainer): the
// float kernel against the double-precision reference, attentionF32 vs
// attention within 1e-5, causal and not, every scale; and loadEngine's
// choice between the core's builds.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngine, simdSupported, wrapModule, type Engine, type ScaleName } from './engine.js';
import { loadEvaluator, type Evaluator } from '../py/evaluator.js';
import { wrapTrainModule, type TrainEngine } from '../train/train.js';

const gen = new URL('../../generated/', import.meta.url);
const builds: Record<'simd' | 'scalar', Engine> = {} as never;
const floats: Record<'simd' | 'scalar', TrainEngine> = {} as never;
let reference: Evaluator; // the double-precision path lives in the evaluator module

async function load(name: string): Promise<Engine> {
  const { default: create } = await import(/* @vite-ignore */ new URL(`${name}.mjs`, gen).href);
  return wrapModule(await create({ wasmBinary: readFileSync(new URL(`${name}.wasm`, gen)) }));
}

async function loadFloat(name: string): Promise<TrainEngine> {
  const { default: create } = await import(/* @vite-ignore */ new URL('attn_train.mjs', gen).href);
  return wrapTrainModule(await create({ wasmBinary: readFileSync(new URL(`${name}.wasm`, gen)) }));
}

beforeAll(async () => {
  builds.simd = await load('attn_core');
  builds.scalar = await load('attn_core_scalar');
  floats.simd = await loadFloat('attn_train');
  floats.scalar = await loadFloat('attn_train_scalar');
  reference = await loadEvaluator({ wasmBinary: readFileSync(new URL('attn_py.wasm', gen)) });
});

// Cases that exercise the vector bodies and their remainders (d not a multiple of 4).
const shapes = [
  { T: 1, S: 1, dK: 1, dV: 1 },
  { T: 4, S: 4, dK: 16, dV: 16 },
  { T: 6, S: 9, dK: 5, dV: 7 },
  { T: 32, S: 32, dK: 64, dV: 64 },
  { T: 64, S: 61, dK: 67, dV: 13 },
  { T: 130, S: 130, dK: 16, dV: 33 },
];

describe.each(['simd', 'scalar'] as const)('%s build of the float module', (which) => {
  it.each(shapes)('attentionF32 agrees with attention within 1e-5 at T=$T S=$S dK=$dK dV=$dV', ({ T, S, dK, dV }) => {
    const e = floats[which];
    const draws = builds.simd.standardNormal('7', T * dK + S * dK + S * dV);
    const q64 = draws.slice(0, T * dK), k64 = draws.slice(T * dK, (T + S) * dK), v64 = draws.slice((T + S) * dK);
    // The reference sees exactly the float inputs.
    const [q32, k32, v32] = [q64, k64, v64].map((a) => Float32Array.from(a));
    const [qr, kr, vr] = [q32, k32, v32].map((a) => Float64Array.from(a));
    for (const scale of ['sqrt', 'none', 'dk'] as ScaleName[]) {
      for (const causal of [false, true]) {
        const ref = reference.attention(qr, kr, vr, T, S, dK, dV, scale, causal);
        const got = e.attentionF32(q32, k32, v32, T, S, dK, dV, scale, causal);
        for (const part of ['scores', 'weights', 'output'] as const) {
          const a = got[part], b = ref[part];
          expect(a.length).toBe(b.length);
          let worst = 0;
          for (let i = 0; i < a.length; i++) {
            if (b[i] === -Infinity) { expect(a[i]).toBe(-Infinity); continue; }
            // Relative to the value's size for scores (up to ~dK unscaled), absolute below 1.
            worst = Math.max(worst, Math.abs(a[i] - b[i]) / Math.max(1, Math.abs(b[i])));
          }
          expect(worst, `${part} scale=${scale} causal=${causal}`).toBeLessThan(1e-5);
        }
      }
    }
  });
});

describe('build choice', () => {
  it('Node has WebAssembly SIMD and both builds validate', () => {
    expect(simdSupported()).toBe(true);
    // 0xfd prefixes every SIMD opcode; the SIMD build must validate only with SIMD.
    const simd = readFileSync(new URL('attn_core.wasm', gen));
    const scalar = readFileSync(new URL('attn_core_scalar.wasm', gen));
    expect(WebAssembly.validate(simd)).toBe(true);
    expect(WebAssembly.validate(scalar)).toBe(true);
  });

  it('the two builds have the same JS glue but for the file name, so engine.js ships one', () => {
    const glue = readFileSync(new URL('attn_core.mjs', gen), 'utf8');
    const scalarGlue = readFileSync(new URL('attn_core_scalar.mjs', gen), 'utf8');
    expect(scalarGlue.replaceAll('attn_core_scalar', 'attn_core')).toBe(glue);
  });

  it('loadEngine({ simd: false }) loads the scalar build, which computes the same heatmap', async () => {
    const engine = await loadEngine({
      wasmBinary: readFileSync(new URL('attn_core.wasm', gen)),
      scalarWasmBinary: readFileSync(new URL('attn_core_scalar.wasm', gen)),
      simd: false,
    });
    expect(engine.simd).toBe(false);
    const [a, b] = [engine, builds.simd].map((e) => {
      const h = e.createHeatmap('0', 6, 64);
      const stats = h.compute(16, 'sqrt', true);
      const w = h.weights();
      h.delete();
      return { stats, w };
    });
    expect(a.stats).toEqual(b.stats);
    expect(Array.from(a.w)).toEqual(Array.from(b.w));
  });
});
