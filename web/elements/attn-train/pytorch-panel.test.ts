// @vitest-environment happy-dom
// <attn-train>'s Copy as PyTorch / Download row: the script is the generator's
// for the settings the attributes and controls say now (batch 32, block 8),
// the page's language; Tiny Shakespeare is read as input.txt, the learner's
// own text as my_text.txt. (That it equals attn-cli's is
// web/train-script/pytorch-script.test.ts; the clipboard and the downloads
// are e2e/train-script.spec.ts.)
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AttnTrain as AttnTrainT } from './attn-train';
import { pytorchScript } from '../../train-script/pytorch-script';

let AttnTrain: typeof AttnTrainT;
beforeAll(async () => {
  ({ AttnTrain } = await import('./attn-train'));
  AttnTrain.engine = async () => () => ({ send: () => {}, close: () => {}, inPage: false });
});
afterEach(() => document.body.replaceChildren());

const sr = (el: Element) => el.shadowRoot!;

async function make(attrs: Record<string, string>): Promise<AttnTrainT> {
  const el = document.createElement('attn-train');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<attn-train> pytorchScript', () => {
  it('is the script for the current settings, in the element\'s language', async () => {
    const el = await make({ lang: 'en', model: 'position', seed: '7', iters: '900', 'eval-interval': '90', 'eval-iters': '40', lr: '5e-3', 'sample-chars': '0' });
    const want = pytorchScript({
      model: 'position', seed: '7', iters: 900, evalInterval: 90, evalIters: 40, lr: 5e-3, batch: 32, block: 8, sampleChars: 0, data: 'input.txt',
    }, 'en');
    expect(el.pytorchScript).toBe(want);
    expect(want).toContain('learning_rate = 5e-3\n');
    // an attribute changed just now counts, before the render that shows it
    el.setAttribute('seed', '8');
    expect(el.pytorchScript).toContain('seed = 8\n');
    // an invalid value keeps the last valid one, as the run would
    el.setAttribute('iters', 'lots');
    await el.updateComplete;
    expect(el.pytorchScript).toContain('max_iters = 900\n');
    const root = sr(el);
    expect(root.querySelector('[part="copy-button"]')!.textContent).toBe('Copy as PyTorch');
    expect(root.querySelector('[part="download-button"]')!.textContent).toBe('Download train_position.py');
    const link = root.querySelector('[part="text-link"]')!;
    expect(link.getAttribute('download')).toBe('input.txt');
    expect(link.getAttribute('href')).toMatch(/tinyshakespeare\.txt/);
  });

  it('reads my_text.txt for the learner\'s own text, and follows the model and language', async () => {
    const el = await make({ lang: 'zh-CN', model: 'head' });
    el.setText('some text of my own, long enough to train on.\n');
    await el.updateComplete;
    expect(el.pytorchScript).toBe(pytorchScript({
      model: 'head', seed: '1337', iters: 5000, evalInterval: 500, evalIters: 200, lr: 1e-3, batch: 32, block: 8, sampleChars: 500, data: 'my_text.txt',
    }, 'zh-CN'));
    const root = sr(el);
    expect(root.querySelector('[part="download-button"]')!.textContent).toBe('下载 train_head.py');
    expect(root.querySelector('[part="text-link"]')!.getAttribute('download')).toBe('my_text.txt');
    expect(root.querySelector('[part="pytorch"] p.hint')!.textContent).toContain('my_text.txt');
    el.setText(null);
    el.setAttribute('lang', 'en');
    el.setAttribute('model', 'bigram');
    await el.updateComplete;
    expect(el.pytorchScript).toContain("data_path = 'input.txt'\n");
    expect(el.pytorchScript).toContain('# This run\'s settings\n');
    expect(root.querySelector('[part="download-button"]')!.textContent).toBe('Download train_bigram.py');
  });
});
