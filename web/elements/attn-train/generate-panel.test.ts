// @vitest-environment happy-dom
// <attn-train>'s generation panel with a stand-in training loop (the real
// one in e2e/train-generate.spec.ts): hidden until a run has finished, what
// Step / Play / Reset send, the window, bars, attention row, cache figures and
// the crop's explanation from the loop's answers, the `generation` property and
// `attn-train-generate` event, and the messages for bad input.
import { describe, expect, it } from 'vitest';
import type { GenStepView, ToRunner } from '../../engine/train-runner/protocol';
import type { AttnTrain as AttnTrainT } from './attn-train';
import { fakeLoop } from '../../testing/train-loop';
import { contextProblem, parseCount } from './generate-panel';
import { GEN_STRINGS } from './generate-i18n';

const { sent, reply } = fakeLoop();
const VOCAB = "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const sr = (el: Element) => el.shadowRoot!;

async function trained(model = 'head'): Promise<{ el: AttnTrainT; run: number }> {
  const el = document.createElement('attn-train');
  el.setAttribute('lang', 'en');
  el.setAttribute('model', model);
  el.setAttribute('iters', '100');
  document.body.append(el);
  await el.updateComplete;
  expect((sr(el).querySelector('[part="generate"]') as HTMLElement).hidden).toBe(true);
  el.start();
  const run = (sent.find((m) => m.type === 'start') as { run: number }).run;
  reply({ type: 'started', run, info: { step: 0, iters: 100, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: VOCAB, simd: true, threads: 1, textChars: 10, worker: true });
  reply({ type: 'done', run, step: 100, stopped: false, sample: '', activeMs: 50, stepsPerSecond: 2000 });
  await el.updateComplete;
  expect((sr(el).querySelector('[part="generate"]') as HTMLElement).hidden).toBe(false);
  return { el, run };
}

function step(window: string, chosen: string, slid: boolean, diff?: number): GenStepView {
  const w = Array.from(window);
  return {
    window: w, chosen, slid,
    probs: [{ char: chosen, p: 0.5 }, { char: ' ', p: 0.2 }],
    attention: w.map(() => 1 / w.length),
    ...(diff === undefined ? {} : { diff }),
    ops: {
      recompute: 12345, recomputeParts: { qkv: 1, scores: 2, weighted: 3, ffwd: 0, lmHead: 4, total: 12345 },
      ...(diff === undefined ? {} : { cached: 321, cachedParts: { qkv: 1, scores: 1, weighted: 1, ffwd: 0, lmHead: 1, total: 321 } }),
    },
  };
}

const gens = () => sent.filter((m): m is Extract<ToRunner, { type: 'generate' }> => m.type === 'generate');
const click = (el: Element, part: string) => (sr(el).querySelector(`[part="${part}"]`) as HTMLButtonElement).click();

describe('generation panel', () => {
  it('Step starts a decoder from the context, then steps it; each answer is shown and reported', async () => {
    const { el, run } = await trained();
    const events: unknown[] = [];
    el.addEventListener('attn-train-generate', (e) => events.push(e.detail));
    (sr(el).getElementById('gen-cache') as HTMLInputElement).click();
    click(el, 'generate-step');
    expect(gens()).toHaveLength(1);
    expect(gens()[0]).toMatchObject({ run, count: 1, start: { context: '\n', cache: true, greedy: true } });
    reply({ type: 'generated', run, request: gens()[0]!.request, steps: [step('\n', 'T', false, 2e-7)] });
    await el.updateComplete;
    click(el, 'generate-step');
    expect(gens()[1]!.start).toBeUndefined();  // the same decoder
    reply({ type: 'generated', run, request: gens()[1]!.request, steps: [step('\nT', 'h', false, 3e-7)] });
    await el.updateComplete;
    expect(el.generation.context).toBe('\n');
    expect(el.generation.steps.map((s) => s.chosen).join('')).toBe('Th');
    expect(events).toHaveLength(2);
    const root = sr(el);
    expect(root.querySelector('[part="generate-text"]')!.textContent).toBe('\nTh');
    expect(root.querySelector('[part="generate-window"] td.ch')!.textContent).toBe('↵');
    expect(Array.from(root.querySelectorAll('[part="generate-probs"] li'), (li) => li.textContent)).toEqual(['h0.500', '␣0.200']);
    expect(root.querySelector('[part="generate-chosen"]')!.textContent).toBe('Chosen: h');
    expect(root.querySelectorAll('[part="generate-attention"] td')).toHaveLength(2);
    expect(root.querySelector('[data-ops="recompute"]')!.textContent).toMatch(/12,345 multiply-adds/);
    expect(root.querySelector('[data-ops="cached"]')!.textContent).toMatch(/321 multiply-adds.*1 × 2/);
    expect(root.querySelector('[part="generate-diff"]')!.textContent).toMatch(/3\.00e-7/);
    expect(root.querySelector('[part="generate-explain"]')!.textContent).toMatch(/has not slid/);
    expect((root.querySelector('[part="generate-crop"]') as HTMLElement).hidden).toBe(true);
  });

  it('after a slide: the crop and the drift are explained', async () => {
    const { el, run } = await trained();
    (sr(el).getElementById('gen-cache') as HTMLInputElement).click();
    click(el, 'generate-step');
    reply({ type: 'generated', run, request: gens()[0]!.request, steps: [step('irst Cit', 'i', true, 0.31)] });
    await el.updateComplete;
    const root = sr(el);
    expect((root.querySelector('[part="generate-crop"]') as HTMLElement).hidden).toBe(false);
    expect(root.querySelector('[part="generate-crop"]')!.textContent).toMatch(/block_size = 8 rows/);
    expect(root.querySelector('[part="generate-diff"]')!.classList.contains('drift')).toBe(true);
    expect(root.querySelector('[part="generate-explain"]')!.textContent).toMatch(/recomputes every step/);
  });

  it('Play runs the count one step at a time until it is done; a mode change restarts from the text so far', async () => {
    const { el, run } = await trained();
    (sr(el).getElementById('gen-count') as HTMLInputElement).value = '3';
    click(el, 'generate-play');
    expect(sr(el).querySelector('[part="generate-play"]')!.getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => gens().length, { timeout: 30_000 }).toBe(i + 1);
      reply({ type: 'generated', run, request: gens()[i]!.request, steps: [step('ab', 'a', false)] });
    }
    await el.updateComplete;
    expect(el.generation.steps).toHaveLength(3);
    expect(sr(el).querySelector('[part="generate-play"]')!.getAttribute('aria-pressed')).toBe('false');
    (sr(el).getElementById('gen-sampled') as HTMLInputElement).click();
    (sr(el).getElementById('gen-sampled') as HTMLInputElement).dispatchEvent(new Event('change'));
    click(el, 'generate-step');
    expect(gens()[3]!.start).toEqual({ context: '\naaa', cache: false, greedy: false, temperature: 1, topK: 0 });
    click(el, 'generate-reset');
    expect(el.generation.steps).toHaveLength(0);
  });

  it('bad input gets a message and the panel keeps working', async () => {
    const { el, run } = await trained();
    const root = sr(el);
    const ctx = root.getElementById('gen-context') as HTMLTextAreaElement;
    ctx.value = 'café';
    ctx.dispatchEvent(new Event('input'));
    click(el, 'generate-step');
    expect(gens()).toHaveLength(0);
    expect(root.querySelector('[part="generate-message"]')!.textContent).toMatch(/outside the model's vocabulary.*“é”/);
    (root.getElementById('gen-count') as HTMLInputElement).value = '2001';
    click(el, 'generate-play');
    expect(root.querySelector('[part="generate-message"]')!.textContent).toMatch(/from 1 to 2000/);
    ctx.value = '';
    ctx.dispatchEvent(new Event('input'));
    click(el, 'generate-step');
    expect(gens()[0]!.start!.context).toBe('');  // empty: token 0
    reply({ type: 'error', run, kind: 'generate', request: gens()[0]!.request, message: 'boom' });
    await el.updateComplete;
    expect(root.querySelector('[part="generate-message"]')!.textContent).toMatch(/Generation failed: boom/);
    click(el, 'generate-step');
    expect(gens()[1]!.start).toBeDefined();
    reply({ type: 'generated', run, request: gens()[1]!.request, steps: [step('\n', 'A', false)] });
    await el.updateComplete;
    expect((root.querySelector('[part="generate-message"]') as HTMLElement).hidden).toBe(true);
    expect(el.generation.steps).toHaveLength(1);
  });

  it('bigram and position: no cache toggle and no attention row', async () => {
    const { el, run } = await trained('bigram');
    expect((sr(el).getElementById('gen-cache')!.parentElement as HTMLElement).hidden).toBe(true);
    click(el, 'generate-step');
    const s = step('a', 'b', false);
    delete s.attention;
    reply({ type: 'generated', run, request: gens()[0]!.request, steps: [s] });
    await el.updateComplete;
    expect(sr(el).querySelector('[part="generate-attention"]')!.textContent).toMatch(/no attention head/);
    expect((sr(el).querySelector('[part="generate-cache"]') as HTMLElement).hidden).toBe(true);
  });

  it('a block model: the cache toggle, every layer counted, the cache size, and the maps named in the grid', async () => {
    const { el, run } = await trained('layernorm');
    (sr(el).getElementById('gen-cache') as HTMLInputElement).click();
    click(el, 'generate-step');
    expect(gens()[0]).toMatchObject({ run, start: { cache: true } });
    const s = step('ab', 'c', false, 1e-7);
    delete s.attention;
    s.cache = { floats: 2 * 3 * 4 * 2 * 8, layers: 3, heads: 4, headSize: 8 };
    reply({ type: 'generated', run, request: gens()[0]!.request, steps: [s] });
    await el.updateComplete;
    const root = sr(el);
    expect((root.querySelector('[part="generate-cache"]') as HTMLElement).hidden).toBe(false);
    expect(root.querySelector('[data-ops="recompute"]')!.textContent).toMatch(/3 layers, each with 2 × 2 masked attention/);
    expect(root.querySelector('[data-ops="cached"]')!.textContent).toMatch(/through the 3 layers/);
    expect(root.querySelector('[data-ops="cache-size"]')!.textContent).toMatch(/^The cache now holds 384 floats.*2 × 3 layers × 4 heads × 2 positions × head_size 8/);
    expect(root.querySelector('[part="generate-attention"]')!.textContent).toMatch(/layer × head grid/);
  });

  it('sampled: temperature and top-k go with the start, are checked, and the shaped probabilities show the model\'s beside them', async () => {
    const { el, run } = await trained();
    const root = sr(el);
    expect((root.querySelector('.gen-shape') as HTMLElement).hidden).toBe(true);  // greedy: nothing to shape
    (root.getElementById('gen-sampled') as HTMLInputElement).click();
    expect((root.querySelector('.gen-shape') as HTMLElement).hidden).toBe(false);
    const temp = root.getElementById('gen-temperature') as HTMLInputElement, topK = root.getElementById('gen-top-k') as HTMLInputElement;
    temp.value = '9';
    click(el, 'generate-step');
    expect(gens()).toHaveLength(0);
    expect(root.querySelector('[part="generate-message"]')!.textContent).toBe('The temperature must be a number from 0.05 to 5.');
    temp.value = '0.7';
    topK.value = '2.5';
    click(el, 'generate-step');
    expect(root.querySelector('[part="generate-message"]')!.textContent).toBe('Top-k must be a whole number from 0 to 65536.');
    topK.value = '3';
    click(el, 'generate-step');
    expect(gens()[0]).toMatchObject({ run, start: { greedy: false, temperature: 0.7, topK: 3 } });
    const s = step('ab', 'c', false);
    s.probs = [{ char: 'c', p: 0.6, model: 0.4 }, { char: 'd', p: 0.4, model: 0.3 }, { char: 'e', p: 0, model: 0.2 }];
    reply({ type: 'generated', run, request: gens()[0]!.request, steps: [s] });
    await el.updateComplete;
    expect(Array.from(root.querySelectorAll('[part="generate-probs"] li'), (x) => `${x.querySelector('.p')!.textContent} ${x.querySelector('.model')!.textContent}`))
      .toEqual(['0.600 model 0.400', '0.400 model 0.300', '0.000 model 0.200']);
    expect(root.querySelector('#gen-probs-title')!.textContent).toBe('Next-character probabilities (top 10) after temperature 0.7 and top-k 3, beside the model\'s own');
    // a changed setting starts a new decoder for the next step, continuing the text
    topK.value = '0';
    topK.dispatchEvent(new Event('change'));
    click(el, 'generate-step');
    expect(gens()[1]).toMatchObject({ start: { context: '\nc', temperature: 0.7, topK: 0 } });
  });

  it('checks: counts and start texts', () => {
    const t = GEN_STRINGS.en;
    expect([parseCount('40'), parseCount('2000'), parseCount('0'), parseCount('2001'), parseCount('4.5'), parseCount('')]).toEqual([40, 2000, null, null, null, null]);
    expect(contextProblem('', 'ab', t)).toBeNull();
    expect(contextProblem('ab', 'ab', t)).toBeNull();
    expect(contextProblem('a b', 'ab', t)).toMatch(/“␣”/);
    expect(contextProblem('a'.repeat(2001), 'a', t)).toMatch(/at most 2000/);
    expect(GEN_STRINGS['zh-CN'].slid(8)).toMatch(/block_size = 8/);
  });
});
