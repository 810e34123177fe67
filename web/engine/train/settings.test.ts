// The run settings are written once, in C++ (cpp/src/train/settings.hpp and
// Config::defaults): web/engine/train/settings.js must be what the built
// module's settings() gives now, the defaults must be attn-cli's, every JS
// layer must read its ranges and defaults from settings.js (no second copy),
// and the binding's errors carry codes, not only text.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUT, fromModule, render, shortestFloat32 } from '../../../scripts/gen-train-settings.mjs';
import { TRAIN_DEFAULTS, TRAIN_MODELS, TRAIN_SETTINGS } from './settings.js';
import { MODELS, defaults } from './models.js';
import { TRAIN_RANGES, resolveConfig } from './train.js';
import { DEFAULT_STATE, LIMITS, SCHEMA, attrOf, modelDefaults, resolveState, settingsOf } from '../../elements/attn-train/parse';

const root = new URL('../../../', import.meta.url);
const gen = new URL('web/generated/', root);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;
async function raw(name: string): Promise<Raw> {
  const factory = (await import(/* @vite-ignore */ new URL('attn_train.mjs', gen).href)).default as (o: object) => Promise<Raw>;
  return factory({ wasmBinary: readFileSync(new URL(`${name}.wasm`, gen)) });
}
let simd: Raw, scalar: Raw, cli: Raw;
beforeAll(async () => {
  [simd, scalar] = await Promise.all([raw('attn_train'), raw('attn_train_scalar')]);
  const factory = (await import(/* @vite-ignore */ new URL('attn_cli.mjs', gen).href)).default as (o: object) => Promise<Raw>;
  cli = await factory({ wasmBinary: readFileSync(new URL('attn_cli.wasm', gen)) });
});

describe('settings.js is the C++ table', () => {
  it('the committed web/engine/train/settings.js is what the module gives (run node scripts/gen-train-settings.mjs)', () => {
    const committed = readFileSync(new URL(OUT, root), 'utf8');
    expect(committed).toBe(render(fromModule(simd.settings())));
    expect(render(fromModule(scalar.settings()))).toBe(committed);
  });

  it('every model\'s defaults are attn-cli train\'s (the settings its PyTorch script prints)', () => {
    const names: Record<string, string> = { seed: 'seed', ...Object.fromEntries(TRAIN_SETTINGS.map((s) => [s.script, s.name])) };
    expect(TRAIN_MODELS).toEqual(MODELS);
    for (const model of TRAIN_MODELS) {
      const r = cli.runCli(['train', '--model', model, '--emit-pytorch'], undefined);
      expect(r.code).toBe(0);
      const block = String(r.stdout).split("# This run's settings\n")[1].split('\n\n')[0];
      const seen: Record<string, unknown> = {};
      for (const line of block.split('\n')) {
        const [k, v] = line.split(' = ');
        if (names[k]) seen[names[k]] = names[k] === 'seed' ? v : Number(v);
      }
      expect(Object.keys(seen).length, model).toBeGreaterThanOrEqual(7);
      expect(TRAIN_DEFAULTS[model], model).toMatchObject(seen);
    }
  });

  it('a float default is the shortest decimal that is its float32', () => {
    expect(shortestFloat32(Math.fround(1e-3))).toBe(1e-3);
    expect(shortestFloat32(Math.fround(0.01))).toBe(0.01);
    expect(shortestFloat32(Math.fround(3e-4))).toBe(3e-4);
  });
});

describe('one copy: every layer reads settings.js', () => {
  it('the loader\'s ranges and defaults, the element\'s ranges and defaults', () => {
    for (const s of TRAIN_SETTINGS) {
      if (s.kind === 'int') {
        expect(TRAIN_RANGES[s.name as keyof typeof TRAIN_RANGES], s.name).toEqual([s.min, s.max]);
        expect(LIMITS[s.name as keyof typeof LIMITS], s.name).toEqual([s.elementMin, s.elementMax]);
      }
      expect(SCHEMA.attrs[s.name].attr, s.name).toBe(attrOf(s.name));
      expect(DEFAULT_STATE.given, s.name).toHaveProperty(s.name, false);
    }
    for (const model of TRAIN_MODELS) {
      expect(defaults(model)).toEqual({ model, ...TRAIN_DEFAULTS[model] });
      expect(modelDefaults(model)).toEqual(settingsOf(TRAIN_DEFAULTS[model]));
      expect(settingsOf(resolveConfig({ model }))).toEqual(settingsOf(TRAIN_DEFAULTS[model]));
      const { state } = resolveState((a) => (a === 'model' ? model : null), DEFAULT_STATE);
      expect(settingsOf(state)).toEqual(settingsOf(TRAIN_DEFAULTS[model]));
    }
  });

  it('the element reports an attribute out of the table\'s range with that range', () => {
    for (const s of TRAIN_SETTINGS.filter((r) => r.kind === 'int')) {
      const attr = s.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const { errors } = resolveState((a) => (a === attr ? String(s.elementMax + 1) : null), DEFAULT_STATE);
      expect(errors, attr).toEqual([{ attr, kind: 'int', got: String(s.elementMax + 1), min: s.elementMin, max: s.elementMax }]);
    }
  });

  // The generated limits.js still holds the numbers settings.hpp reads; a
  // second table of them in the JS (a range, a per-model default) would name them.
  it('no JS or TS source but the generated files names the numbers the table reads', () => {
    const owned = /\b(?:TL|TRAIN_LIMITS|EL|TRAIN_ELEMENT_LIMITS)\.(maxIters|maxEvalInterval|maxEvalIters|maxBatch|maxBlock|maxNEmbd|maxNHead|maxNLayer|maxDropout|defaultIters|headIters|blockIters|defaultEvalInterval|headEvalInterval|blockEvalInterval|defaultLr|headLr|blockLr|defaultNEmbd|defaultNHead|defaultNLayer|gptNEmbd|gptNHead|gptNLayer|gptBlock|gptDropout|defaultBatch|defaultBlock|defaultEvalIters)\b/;
    const files: string[] = [];
    const walk = (dir: URL) => {
      for (const f of readdirSync(dir)) {
        const u = new URL(f, dir);
        if (statSync(u).isDirectory()) { if (f !== 'generated') walk(new URL(`${f}/`, dir)); }
        else if (/\.(ts|js)$/.test(f) && !/\.test\.ts$/.test(f)) files.push(u.pathname);
      }
    };
    walk(new URL('web/', root));
    files.push(new URL('scripts/vite-pytorch-code.ts', root).pathname);
    const offenders = files.filter((f) => owned.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('the binding checks the table once and returns coded errors', () => {
  const run = { model: 2, seedHi: 0, seedLo: 1337, iters: 1, evalInterval: 1, evalIters: 1, lr: 0.01, batch: 2, block: 4, nEmbd: 8, nHead: 2, nLayer: 1, dropout: 0, threads: 1 };
  const text = 'hello there, general kenobi. '.repeat(4);

  it('a setting out of its range: code "range", the setting and its range', () => {
    for (const s of TRAIN_SETTINGS) {
      const bad = s.kind === 'int' ? s.max + 1 : s.kind === 'float' ? 0 : s.max;
      const e = simd.trainerNew(text, { ...run, model: 8, [s.name]: bad });
      expect(e, s.name).toBeInstanceOf(RangeError);
      expect({ code: e.code, setting: e.setting, min: e.min, max: e.max }, s.name).toEqual({ code: 'range', setting: s.name, min: s.min, max: s.max });
    }
    const missing = simd.trainerNew(text, { ...run, nEmbd: undefined });
    expect([missing.code, missing.setting]).toEqual(['range', 'nEmbd']);
    const model = simd.trainerNew(text, { ...run, model: 9 });
    expect([model.code, model.setting]).toEqual(['range', 'model']);
  });

  it('the text: code "text"; settings that do not fit together: code "settings"', () => {
    expect(simd.trainerNew('abc', run).code).toBe('text');
    expect(simd.trainerNew('\uD800'.repeat(40), run).code).toBe('text');
    const wide = Array.from({ length: 2100 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');
    expect(simd.trainerNew(wide + wide, { ...run, model: 0 }).code).toBe('text');
    expect(simd.trainerNew(text, { ...run, model: 7, nEmbd: 9, nHead: 2 }).code).toBe('settings');
    const h = simd.trainerNew(text, run);
    expect(typeof h).toBe('number');
    expect(simd.trainerDelete(h)).toBe(true);
  });

  it('through the loader: the error keeps its code', async () => {
    const { wrapTrainModule } = await import('./train.js');
    const eng = wrapTrainModule(simd);
    let caught: unknown;
    try { eng.createTrainer('abc', { model: 'head' }); } catch (e) { caught = e; }
    expect((caught as { code?: string }).code).toBe('text');
  });
});
