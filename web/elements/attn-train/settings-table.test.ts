// @vitest-environment happy-dom
// A run setting is one row of cpp/src/train/settings.hpp (web/engine/train/settings.js):
// every JS layer takes it from the row. For each row: <attn-train> observes
// its attribute and reflects it as its property (the sizes fieldset shows it
// under its script name when it is a size), the embed widget copies it, the
// loader lets a config leave it out exactly when some model does not read it,
// the PyTorch script writes the value under the row's Python name for the
// models that read it (the template's line sits under an @if of exactly
// them), and cliOptions passes it to exactly those models.
import { describe, expect, it } from 'vitest';
import { TRAIN_MODELS, TRAIN_SETTINGS, type TrainSetting } from '../../engine/train/settings.js';
import { defaults, kebab } from '../../engine/train/models.js';
import { resolveConfig } from '../../engine/train/train.js';
import { EMBED_WIDGETS } from '../../embed/widgets';
import { TEMPLATE } from '../../train-script/template';
import { cliOptions, pytorchScript, settingText, type ScriptSettings } from '../../train-script/pytorch-script';
import type { ModelName } from './parse';
import { makeTrain } from '../../testing/train-loop';
import './attn-train';

/** Twice the model's default (0.5 where it is 0): a value that shows only where the setting is read. */
const valueFor = (r: TrainSetting, model: ModelName): number => {
  const d = defaults(model)[r.name];
  return d !== 0 ? 2 * d : 0.5;
};
/** The models of the @if above the template's `name = {{name}}` line (every model when it has none). */
function templateModels(script: string): string[] {
  const lines = TEMPLATE.split('\n');
  const at = lines.indexOf(`${script} = {{${script}}}`);
  expect(at, `the template's line ${script} = {{${script}}}`).toBeGreaterThan(0);
  const above = lines[at - 1]!;
  return above.startsWith('@if ') ? above.slice(4).split(' ') : [...TRAIN_MODELS];
}

describe('a setting is its row: every layer reads TRAIN_SETTINGS', () => {
  it('the table has the block models\' settings with their precise model sets', () => {
    const models = Object.fromEntries(TRAIN_SETTINGS.map((r) => [r.name, r.models]));
    expect(models.nEmbd).toEqual(TRAIN_MODELS.filter((m) => m !== 'bigram'));
    expect(models.nHead).toEqual(['multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt']);
    expect(models.nLayer).toEqual(['blocks', 'residual', 'layernorm', 'gpt']);
    expect(models.dropout).toEqual(['gpt']);
  });

  for (const r of TRAIN_SETTINGS) {
    const attr = kebab(r.name);
    it(`${r.name}: <attn-train>, the embed, the loader, the script and the CLI options`, async () => {
      const ctor = customElements.get('attn-train') as CustomElementConstructor & { observedAttributes: string[] };
      expect(ctor.observedAttributes).toContain(attr);
      expect(EMBED_WIDGETS.train.attrs).toContain(attr);
      expect(templateModels(r.script), 'the template\'s @if').toEqual(r.models);

      const model = r.models[r.models.length - 1]!;
      const v = valueFor(r, model);
      const el = await makeTrain({ model, [attr]: String(v) });
      expect(el.inputErrors).toEqual([]);
      expect((el as unknown as Record<string, unknown>)[r.name]).toBe(v);
      const field = el.shadowRoot!.getElementById(attr);
      if (r.group === 'size') {
        expect(field?.closest('fieldset')?.getAttribute('part')).toBe('sizes');
        expect(el.shadowRoot!.querySelector(`label[for="${attr}"] code`)?.textContent).toBe(r.script);
      } else {
        expect(field?.closest('fieldset[part="sizes"]') ?? null).toBeNull();
      }
      el.remove();

      const every = r.models.length === TRAIN_MODELS.length;
      if (every) expect(() => resolveConfig({ model, [r.name]: undefined } as never)).toThrow(TypeError);
      else expect(resolveConfig({ model, [r.name]: undefined } as never)[r.name]).toBe(defaults(model)[r.name]);

      for (const m of TRAIN_MODELS) {
        const reads = r.models.includes(m);
        const s: ScriptSettings = { ...defaults(m), model: m, [r.name]: valueFor(r, m), sampleChars: 0, data: 'input.txt' };
        const script = pytorchScript(s);
        const line = new RegExp(`^${r.script} = (.*)$`, 'm').exec(script);
        expect(line?.[1] ?? null, `${m}'s script`).toBe(reads ? settingText(r, valueFor(r, m)) : null);
        const opts = cliOptions(s);
        const at = opts.indexOf(`--${attr}`);
        expect(at >= 0, `${m}'s options`).toBe(reads);
        if (reads) expect(opts[at + 1]).toBe(settingText(r, valueFor(r, m)));
      }
    });
  }
});
