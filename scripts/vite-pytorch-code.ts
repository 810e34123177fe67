import type { Plugin } from 'vite';
import { TRAIN_LIMITS as TL } from '../web/engine/shared/limits.js';
import { defaults } from '../web/engine/train/models.js';
import { scriptExcerpt, scriptFileName, type ScriptModel, type ScriptRegion, type ScriptSettings } from '../web/train-script/pytorch-script.ts';

/**
 * The reading page's code, from the training script itself: a marker
 *   <!--pytorch-code REGION MODEL-->
 * becomes that marked excerpt of the script for MODEL at the lecture's
 * settings (what the widget next to it trains, and what its Copy as PyTorch
 * copies), once with Chinese comments and once with English ones. A block of
 * more than OPEN_LINES lines starts folded. Run before Vite reads the HTML, in
 * the dev server and the build.
 */
export const OPEN_LINES = 20;

const TITLES: Record<ScriptRegion, { zh: string; en: string }> = {
  estimate_loss: { zh: 'estimate_loss：评估时关掉梯度', en: 'estimate_loss: evaluation without gradients' },
  embed: { zh: '嵌入、位置嵌入与 lm_head', en: 'The embeddings and lm_head' },
  init: { zh: '模型的各层', en: "The model's layers" },
  head_class: { zh: 'Head：一个注意力头，tril 是 buffer', en: 'Head: one attention head, tril a buffer' },
  forward: { zh: '模型的 forward', en: "The model's forward" },
  forward_generate: { zh: 'forward 与 generate', en: 'forward and generate' },
  generate: { zh: 'generate：上下文截到 block_size', en: 'generate: the context cropped to block_size' },
};

/** The lecture's settings for a model: what the page's widgets train by default. */
export function lectureSettings(model: ScriptModel): ScriptSettings {
  return { ...defaults(model), sampleChars: TL.defaultSampleChars, data: 'input.txt' };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function block(region: ScriptRegion, model: ScriptModel): string {
  const s = lectureSettings(model);
  const zh = scriptExcerpt(s, 'zh-CN', region);
  const en = scriptExcerpt(s, 'en', region);
  if (zh === null || en === null) throw new Error(`pytorch-code: the ${model} script has no region ${region}`);
  const t = TITLES[region];
  const file = scriptFileName(model);
  const open = en.split('\n').length - 1 <= OPEN_LINES ? ' open' : '';
  const pre = (lang: 'zh-CN' | 'en', code: string) =>
    `<pre class="code ${lang === 'en' ? 'en' : 'zh'}" lang="${lang}" tabindex="0" data-region="${region}" data-model="${model}"><code>${escapeHtml(code)}</code></pre>`;
  return `<details class="pytorch-code"${open}>
          <summary><span class="zh" lang="zh-CN">${t.zh}（摘自 ${file}）</span><span class="en" lang="en">${t.en} (from ${file})</span></summary>
          ${pre('zh-CN', zh)}
          ${pre('en', en)}
        </details>`;
}

/** The page with its code markers filled in. */
export function fillPytorchCode(html: string): string {
  return html.replace(/<!--pytorch-code (\w+) (\w+)-->/g, (_, region: string, model: string) => {
    if (!(region in TITLES)) throw new Error(`pytorch-code: unknown region ${region}`);
    if (!['bigram', 'position', 'head'].includes(model)) throw new Error(`pytorch-code: unknown model ${model}`);
    return block(region as ScriptRegion, model as ScriptModel);
  });
}

export function pytorchCode(): Plugin {
  return {
    name: 'attention-lab:pytorch-code',
    transformIndexHtml: { order: 'pre', handler: (html) => fillPytorchCode(html) },
  };
}
