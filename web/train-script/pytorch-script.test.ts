// The training script has one source (template.ts): the TypeScript rendering
// (the element, the reading page) and the C++ one (attn-cli train
// --emit-pytorch, here in the CLI module) give the same bytes for the same
// settings, and both give the scripts Debian's PyTorch ran for the committed
// goldens (cpp/tests/data/pytorch/, scripts/gen_pytorch_goldens.py); the C++
// copy of the template is current.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_LIMITS as TL } from '../engine/shared/limits.js';
import { defaults } from '../engine/train/models.js';
import type { Cli } from '../engine/cli/types';
import { cliOptions, lrLiteral, pyFloat, pyString, pytorchScript, scriptExcerpt, type ScriptModel, type ScriptSettings } from './pytorch-script';
import type { Lang } from '../shared/lang';
import { CPP_OUT, SOURCE, cppInclude, templateText } from '../../scripts/gen-pytorch-template.mjs';

const root = new URL('../../', import.meta.url);
const dir = new URL('cpp/tests/data/pytorch/', root);
const gen = new URL('../generated/', import.meta.url);

/** attn-cli train's options as the CLI reads them (absent ones: the model's defaults). */
function fromOptions(opts: string[]): { settings: ScriptSettings; lang: Lang } {
  const o = new Map<string, string>();
  for (let i = 0; i < opts.length; i += 2) o.set(opts[i]!.slice(2), opts[i + 1]!);
  const model = o.get('model') as ScriptModel;
  const head = model === 'head';
  const num = (k: string, d: number) => (o.has(k) ? Number(o.get(k)) : d);
  return {
    settings: {
      model, seed: o.get('seed') ?? String(TL.defaultSeed),
      iters: num('iters', head ? TL.headIters : TL.defaultIters),
      evalInterval: num('eval-interval', head ? TL.headEvalInterval : TL.defaultEvalInterval),
      evalIters: num('eval-iters', TL.defaultEvalIters), lr: num('lr', head ? TL.headLr : TL.defaultLr),
      batch: num('batch', TL.defaultBatch), block: num('block', TL.defaultBlock),
      sampleChars: num('sample-chars', TL.defaultSampleChars), data: o.get('data') ?? 'input.txt',
    },
    lang: (o.get('lang') as Lang | undefined) ?? 'en',
  };
}

const runs = readFileSync(new URL('runs.txt', dir), 'utf8').split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => { const [name, opts] = l.split('|').map((s) => s.trim()) as [string, string]; return { name, opts: opts.split(/\s+/) }; });

let cli: Cli;
beforeAll(async () => {
  const { loadCli } = await import('../engine/cli/cli.js');
  cli = await loadCli({ wasmBinary: readFileSync(new URL('attn_cli.wasm', gen)) });
});
const emit = (opts: string[]) => {
  const r = cli.runCli(['train', ...opts, '--emit-pytorch'], () => null);
  expect(r.stderr).toBe('');
  return r.stdout;
};

describe('the training script', () => {
  it('the C++ copy of the template is current', () => {
    const want = cppInclude(templateText(readFileSync(new URL(SOURCE, root), 'utf8')));
    expect(readFileSync(new URL(CPP_OUT, root), 'utf8')).toBe(want);
  });

  it('for every committed golden: TypeScript, attn-cli and the script PyTorch ran are the same bytes', () => {
    expect(runs.length).toBeGreaterThanOrEqual(5);
    for (const { name, opts } of runs) {
      const ran = readFileSync(new URL(`${name}.py`, dir), 'utf8');
      const { settings, lang } = fromOptions(opts);
      expect(pytorchScript(settings, lang), name).toBe(ran);
      expect(emit(opts), name).toBe(ran);
    }
  });

  it('TypeScript and attn-cli agree on settings no golden lists', () => {
    // A fixed pseudo-random walk over the settings (no Math.random: the same cases every run).
    let x = 12345;
    const next = (n: number) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
    const models: ScriptModel[] = ['bigram', 'position', 'head'];
    const names = ['input.txt', 'my_text.txt', "it's here.txt", 'dir/文本.txt', 'a\\b\tc.txt'];
    for (let k = 0; k < 60; k++) {
      const s: ScriptSettings = {
        model: models[next(3)]!, seed: k % 7 === 0 ? '18446744073709551615' : String(next(100000)),
        iters: 1 + next(20000), evalInterval: 1 + next(1000), evalIters: 1 + next(500),
        lr: [1e-3, 3e-4, 0.1, 2, 1234.5, 7e-7, 1e20, 0.0012345678, (1 + next(1000)) / 997][next(9)]!,
        batch: 1 + next(64), block: 1 + next(32), sampleChars: next(3) === 0 ? 0 : next(2000), data: names[next(names.length)]!,
      };
      const lang: Lang = k % 2 ? 'zh-CN' : 'en';
      expect(emit(cliOptions(s, lang)), JSON.stringify(s)).toBe(pytorchScript(s, lang));
    }
  });

  it('settings without sizes get the model\'s defaults, as attn-cli gives them without the size options', () => {
    for (const model of ['multihead', 'layernorm', 'gpt'] as const) {
      const s: ScriptSettings = {
        model, seed: '1337', iters: 100, evalInterval: 50, evalIters: 10, lr: 1e-3, batch: 4, block: 8, sampleChars: 0, data: 'input.txt',
      };
      const d = defaults(model);
      const script = pytorchScript(s);
      expect(script).toContain(`\nn_embd = ${d.nEmbd}\n`);
      if (model !== 'multihead') expect(script).toContain(`\nn_layer = ${d.nLayer}\n`);
      if (model === 'gpt') expect(script).toContain(`\ndropout = ${pyFloat(d.dropout)}\n`);
      const bare = ['--model', model, '--seed', '1337', '--iters', '100', '--eval-interval', '50', '--eval-iters', '10', '--lr', '1e-3',
        '--batch', '4', '--block', '8', '--sample-chars', '0', '--data', 'input.txt'];
      expect(emit(bare), model).toBe(script);
      expect(emit(cliOptions(s)), model).toBe(script);
    }
  });

  it('TypeScript and attn-cli agree on gpt\'s dropout, written as Python\'s repr of the double', () => {
    for (const dropout of [0, 0.1, 0.15, 0.3333333333333333, 1e-5, 2.5e-7, 0.999, 0.1 + 0.2]) {
      const s: ScriptSettings = {
        model: 'gpt', seed: '1337', iters: 100, evalInterval: 50, evalIters: 10, lr: 1e-3, batch: 4, block: 16,
        nEmbd: 32, nHead: 4, nLayer: 2, dropout, sampleChars: 0, data: 'input.txt',
      };
      expect(emit(cliOptions(s)), String(dropout)).toBe(pytorchScript(s));
      expect(pytorchScript(s)).toContain(`\ndropout = ${pyFloat(dropout)}\n`);
    }
    // Python 3: repr(x) for each
    expect([0, 0.1, 1e-5, 2.5e-7, 0.999, 0.1 + 0.2, 1e-4, 123.0, 1e16, 1.5e16, 0.000123].map(pyFloat)).toEqual(
      ['0.0', '0.1', '1e-05', '2.5e-07', '0.999', '0.30000000000000004', '0.0001', '123.0', '1e+16', '1.5e+16', '0.000123']);
  });

  it('writes the learning rate as the shortest decimal of its float32, and strings as Python literals', () => {
    expect([1e-3, 1e-2, 2.5e-4, 0.1, 0.375, 3, 1234.5, 1e20, 0.0012345678].map(lrLiteral))
      .toEqual(['1e-3', '1e-2', '2.5e-4', '0.1', '0.375', '3.0', '1234.5', '1e20', '1.2345678e-3']);
    expect(() => lrLiteral(0)).toThrow(RangeError);
    expect(pyString("it's\\x")).toBe(String.raw`'it\'s\\x'`);
    expect(pyString('a\nb\t')).toBe(String.raw`'a\x0ab\x09'`);
    expect(pyString('文本.txt')).toBe("'文本.txt'");
  });

  it('keeps only the model\'s parts and the page\'s language', () => {
    const base = fromOptions(['--model', 'bigram']).settings;
    const bigram = pytorchScript(base, 'en');
    expect(bigram).not.toContain('class Head');
    expect(bigram).not.toContain('n_embd');
    expect(bigram).toContain('nn.Embedding(vocab_size, vocab_size)');
    const head = pytorchScript({ ...base, model: 'head' }, 'zh-CN');
    expect(head).toContain("self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))");
    expect(head).toContain('idx_cond = idx[:, -block_size:]');
    expect(head).toMatch(/[\u4e00-\u9fff]/);
    expect(bigram).not.toMatch(/[\u4e00-\u9fff]/);
    for (const text of [bigram, head]) {
      expect(text).not.toMatch(/^@(if|end|region|endregion)\b|^(zh|en)\||\{\{/m);
      expect(text.endsWith('\n')).toBe(true);
    }
    // an excerpt is a piece of the script, as it stands there
    const excerpt = scriptExcerpt({ ...base, model: 'head' }, 'zh-CN', 'head_class')!;
    expect(excerpt.startsWith('class Head(nn.Module):\n')).toBe(true);
    expect(head).toContain(excerpt);
    expect(scriptExcerpt(base, 'en', 'head_class')).toBeNull();
  });
});
