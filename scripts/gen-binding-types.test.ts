// The raw modules' TypeScript comes from their bindings (scripts/gen-binding-types.mjs):
// the committed raw.ts must be what the binding gives now, it must name what the
// built modules register, and the generator must refuse a binding it cannot type.
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPED, generate } from './gen-binding-types.mjs';
import { loadTorch } from '../web/engine/torch/torch.js';
import { loadEngine } from '../web/engine/core/engine.js';
import { loadCli } from '../web/engine/cli/cli.js';
import { loadEvaluator } from '../web/engine/py/evaluator.js';
import { loadTrainEngine } from '../web/engine/train/train.js';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** interface Name { field: T; ... } of a .d.ts -> its field names in order. */
function fields(dts: string, name: string): string[] {
  const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(dts)?.[1];
  if (!body) throw new Error(`no interface ${name}`);
  return [...body.matchAll(/^ {2}(\w+)[(:]/gm)].map((m) => m[1]);
}

describe('gen-binding-types', () => {
  it('every committed raw.ts is current (run node scripts/gen-binding-types.mjs)', () => {
    const out = generate();
    for (const t of TYPED) expect(read(t.out), t.out).toBe(out[t.out]);
  });

  it('types what attn_torch registers: its functions and the fields of its results, in order', async () => {
    const dts = read('web/engine/torch/raw.ts');
    const lab = await loadTorch({ wasmBinary: readFileSync(new URL('web/generated/attn_torch.wasm', root)) });
    const raw = lab.raw as Record<string, unknown>;
    for (const f of fields(dts, 'RawTorch')) expect(typeof raw[f], f).toBe('function');
    expect(Object.keys(lab.threeWays(1))).toEqual(fields(dts, 'TrilThreeWays'));
    expect(Object.keys(lab.head(1))).toEqual(fields(dts, 'TrilHead'));
    expect(Object.keys(lab.permutation(1, 0, [7, 6, 5, 4, 3, 2, 1, 0]))).toEqual(fields(dts, 'TrilPermutation'));
    expect(Object.keys(lab.bonus(1, [1, 2, 3, 4]))).toEqual(fields(dts, 'BonusResult'));
    expect(Object.keys(lab.bonusTrace(1, [1, 2, 3, 4], true, 0, 1, 2)[0])).toEqual(fields(dts, 'BonusTileStep'));
    expect(Object.keys(lab.heapStats())).toEqual(fields(dts, 'HeapStats'));
    const limits = (raw.limits as () => Record<string, object>)();
    expect(Object.keys(limits)).toEqual(fields(dts, 'Limits'));
    expect(Object.keys(limits.torch)).toEqual(fields(dts, 'TorchLimits'));
  });

  it('types what attn_core and attn_cli register', async () => {
    const core = read('web/engine/core/raw.ts');
    const engine = await loadEngine({ wasmBinary: readFileSync(new URL('web/generated/attn_core.wasm', root)) });
    const raw = engine.raw as Record<string, unknown>;
    for (const f of fields(core, 'RawCore')) expect(typeof raw[f], f).toBe('function');
    const h = engine.createHeatmap(1, 4, 8);
    expect(Object.keys(h.compute(8, 'sqrt', true))).toEqual(fields(core, 'HeatmapStats'));
    h.delete();
    expect(Object.keys((raw.limits as () => object)())).toEqual(fields(core, 'Limits'));
    const cliTypes = read('web/engine/cli/raw.ts');
    const cli = await loadCli({ wasmBinary: readFileSync(new URL('web/generated/attn_cli.wasm', root)) });
    for (const f of fields(cliTypes, 'RawCli')) expect(typeof (cli.raw as Record<string, unknown>)[f], f).toBe('function');
    expect(Object.keys(cli.runCli(['help']))).toEqual(fields(cliTypes, 'CliResult'));
  });

  it('types what attn_train registers', async () => {
    const dts = read('web/engine/train/raw.ts');
    const train = await loadTrainEngine({ wasmBinary: readFileSync(new URL('web/generated/attn_train.wasm', root)) });
    const raw = train.raw as Record<string, (...a: unknown[]) => Record<string, unknown>>;
    for (const f of fields(dts, 'RawTrain')) expect(typeof raw[f], f).toBe('function');
    const s = raw.settings();
    expect(Object.keys(s)).toEqual(fields(dts, 'Settings'));
    expect(Object.keys((s.settings as object[])[0])).toEqual(fields(dts, 'SettingRow'));
    expect(Object.keys((s.defaults as object[])[0])).toEqual(fields(dts, 'ModelDefaults'));
    const t = train.createTrainer('hello there, general kenobi. '.repeat(4), { model: 'layernorm', iters: 2, evalInterval: 1, evalIters: 1, batch: 2, block: 4, nEmbd: 8, nHead: 2, nLayer: 1 });
    expect(Object.keys(t.info())).toEqual(fields(dts, 'Info'));
    const a = t.advance(2);
    expect(Object.keys(a.evals[0]!)).toEqual(fields(dts, 'Eval'));
    expect(Object.keys(t.spreads())).toEqual(fields(dts, 'Spreads'));
    expect(Object.keys(t.attentionMaps('hell'))).toEqual(fields(dts, 'Maps'));
    const step = t.decoder('hel', { cache: 'rebuild' }).step();
    expect(Object.keys(step)).toEqual(fields(dts, 'Step'));
    expect(Object.keys(step.recompute)).toEqual([...fields(dts, 'Ops'), 'total']); // the loader adds the total
    t.delete();
  });

  it('types what attn_py registers', async () => {
    const dts = read('web/engine/py/raw.ts');
    const py = await loadEvaluator({ wasmBinary: readFileSync(new URL('web/generated/attn_py.wasm', root)) });
    for (const f of fields(dts, 'RawPy')) expect(typeof (py.raw as Record<string, unknown>)[f], f).toBe('function');
    const variance = py.lesson1Variance(0);
    expect(Object.keys(variance)).toEqual(fields(dts, 'Lesson1Variance'));
    expect(variance.rows).toHaveLength(2);
    expect(Object.keys(variance.rows[1])).toEqual(fields(dts, 'Lesson1VarianceRow'));
    expect(Object.keys(py.lesson1Run(0))).toEqual(fields(dts, 'Lesson1Run'));
    const r = py.exercise(0, 'scores = Q @ K.T', '', '');
    expect(Object.keys(r)).toEqual(fields(dts, 'Exercise'));
    expect(Object.keys(r.todos[0])).toEqual(fields(dts, 'Todo'));
    const q = new Float64Array([1, 0, 0, 1]);
    expect(Object.keys(py.attention(q, q, q, 2, 2, 2, 2))).toEqual(fields(dts, 'Attention'));
  });

  it('one bindings convention: no result object built by hand, seed_of and the handle table defined once', () => {
    const dir = new URL('cpp/bindings/', root);
    const files = readdirSync(dir).filter((f) => /\.(cpp|hpp)$/.test(f));
    const all = files.map((f) => [f, readFileSync(new URL(f, dir), 'utf8')] as const);
    for (const [f, text] of all) {
      expect(text, `${f} builds an object field by field`).not.toMatch(/\.set\(\s*"|val::object\(\)/);
      if (f !== 'common.hpp') expect(text, `${f} keeps its own handle vector`).not.toMatch(/std::vector<std::unique_ptr</);
    }
    const defs = all.filter(([, text]) => /std::uint64_t seed_of\(/.test(text)).map(([f]) => f);
    expect(defs).toEqual(['common.hpp']);
  });

  it('refuses an emscripten::val without its TypeScript type', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gen-binding-types-'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'x.cpp'), [
      'struct R {',
      '  val a = val::undefined();  // no type here',
      '};',
      'val js_f(int n_steps) { return val(R{}); }',
      'EMSCRIPTEN_BINDINGS(x) {',
      '  value_object<R>("R").field("a", &R::a);',
      '  function("f", &js_f);',
      '}',
      '',
    ].join('\n'));
    const { render } = await import('./gen-binding-types.mjs');
    expect(() => render('b/x.cpp', 'RawX', dir)).toThrow(/js_f\(\) is an emscripten::val without/);
  });
});
