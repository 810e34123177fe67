// @vitest-environment happy-dom
// The element's wiring with a stand-in training loop (the real one runs in
// e2e/train.spec.ts): attributes ↔ properties and controls, what Start sends,
// the log, chart, progress and events from the loop's messages, Pause /
// Resume / Stop / Reset, NaN and own-text messages, the attention table.
import { describe, expect, it } from 'vitest';
import { fakeLoop, makeTrain } from '../../testing/train-loop';

const { sent, reply } = fakeLoop();

const sr = (el: Element) => el.shadowRoot!;

describe('<attn-train>', () => {
  it('shows its controls from its first render on, every button, field and heading named', async () => {
    const el = document.createElement('attn-train');
    el.setAttribute('lang', 'en');
    document.body.append(el);
    const root = sr(el);
    // Before it: nothing to meet unnamed (and nothing to lay out while the element is far from the view).
    expect(root.querySelectorAll('button, input, select, h3')).toHaveLength(0);
    await el.updateComplete;
    expect(root.querySelectorAll('button').length).toBeGreaterThan(3);
    expect(root.querySelectorAll('h3').length).toBeGreaterThan(0);
    for (const b of Array.from(root.querySelectorAll('button'))) expect(b.textContent!.trim(), b.getAttribute('part')!).not.toBe('');
    for (const hd of Array.from(root.querySelectorAll('h3'))) expect(hd.textContent!.trim(), hd.id).not.toBe('');
    for (const id of ['model', 'seed', 'iters', 'lr']) {
      expect(root.querySelector(`label[for="${id}"]`)?.textContent?.trim(), id).toBeTruthy();
    }
  });

  it('a block model\'s sizes are controls: each writes its attribute, the script follows, and only the model\'s own are shown', async () => {
    const el = await makeTrain({ model: 'gpt' });
    const root = sr(el);
    const field = (id: string) => root.getElementById(id) as HTMLInputElement;
    const shown = () => ['n-embd', 'n-head', 'n-layer', 'dropout', 'batch', 'block']
      .filter((id) => !(field(id).closest('.field') as HTMLElement).hidden);
    expect((root.querySelector('[part="sizes"]') as HTMLElement).hidden).toBe(false);
    expect(shown()).toEqual(['n-embd', 'n-head', 'n-layer', 'dropout', 'batch', 'block']);
    expect(['n-embd', 'n-head', 'n-layer', 'dropout', 'batch', 'block'].map((id) => field(id).value)).toEqual(['32', '4', '4', '0.1', '32', '16']);
    expect(root.querySelector('label[for="dropout"]')!.textContent).toBe('dropout');
    field('dropout').value = '0';
    field('dropout').dispatchEvent(new Event('change'));
    field('block').value = '8';
    field('block').dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.getAttribute('dropout')).toBe('0');
    expect(el.dropout).toBe(0);
    expect(el.block).toBe(8);
    expect(el.pytorchScript).toMatch(/^dropout = 0(\.0)?$/m);
    expect(el.pytorchScript).toContain('block_size = 8');
    el.start();
    expect(sent.filter((m) => m.type === 'start').at(-1)).toMatchObject({ settings: { model: 'gpt', dropout: 0, block: 8, nEmbd: 32 } });
    el.stop();
    // Another model takes no dropout: the attribute the control wrote leaves with it, and no message is shown.
    const model = root.getElementById('model') as HTMLSelectElement;
    model.value = 'multihead';
    model.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.hasAttribute('dropout')).toBe(false);
    expect((root.querySelector('[part="message"]') as HTMLElement).hidden).toBe(true);
    expect(shown()).toEqual(['n-embd', 'n-head', 'batch', 'block']);
    model.value = 'head';
    model.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect((root.querySelector('[part="sizes"]') as HTMLElement).hidden).toBe(true);
    el.remove();
  });

  it('a run on more than one thread says so while it runs, in both languages; one thread says nothing of it', async () => {
    for (const [lang, threads, want] of [['en', 2, '(on 2 threads)'], ['zh-CN', 4, '（4 个线程并行计算）'], ['en', 1, null]] as const) {
      const el = await makeTrain({ model: 'gpt', lang });
      el.start();
      const run = (sent.filter((m) => m.type === 'start').at(-1) as { run: number }).run;
      reply({ type: 'started', run, info: { step: 0, iters: 5000, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: 'ab', simd: true, threads, textChars: 10, worker: true });
      await el.updateComplete;
      const status = () => sr(el).querySelector('[part="status"]')!.textContent!;
      const says = () => { if (want) expect(status()).toContain(want); else expect(status()).not.toMatch(/thread|线程/); };
      says();
      // The steps that follow, and a pause and resume, keep saying it.
      reply({ type: 'progress', run, step: 40, iters: 5000, stepsPerSecond: 20, secondsLeft: 248, activeMs: 2000 });
      await el.updateComplete;
      expect(status()).toContain(lang === 'en' ? 'step 40 of 5000' : '40');
      says();
      el.pause();
      reply({ type: 'paused', run, step: 41 });
      await el.updateComplete;
      reply({ type: 'resumed', run, step: 41 });
      await el.updateComplete;
      says();
      el.remove();
    }
  });

  it('a block model: per-layer spreads at each evaluation, then a layer × head grid of maps, by keyboard', async () => {
    const el = await makeTrain({ model: 'layernorm', iters: '200', 'eval-interval': '100', 'n-layer': '2', 'n-head': '2', 'n-embd': '16' });
    el.start();
    const run = (sent.filter((m) => m.type === 'start').at(-1) as { run: number }).run;
    reply({ type: 'started', run, info: { step: 0, iters: 200, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: 'abcdefghijklmnopqrstuvwxyz ,', simd: true, threads: 1, textChars: 10, worker: true });
    reply({ type: 'eval', run, point: { step: 0, train: 4.2, val: 4.2 }, line: 'step 0: train loss 4.2000, val loss 4.2000', sample: '' });
    reply({ type: 'eval', run, point: { step: 100, train: 3, val: 3.1 }, line: 'step 100: train loss 3.0000, val loss 3.1000', sample: '',
      spreads: { activation: [1.25, 2.5], gradient: [0.000123456, 0.5] } });
    await el.updateComplete;
    expect(el.layerSpreads).toEqual([{ step: 100, activation: [1.25, 2.5], gradient: [0.000123456, 0.5] }]);
    const spreads = sr(el).querySelector('[part="spreads-table"]')!;
    expect(Array.from(spreads.querySelectorAll('tbody tr')).map((r) => r.textContent)).toEqual(['11.2500.0001235', '22.5000.5000']);
    reply({ type: 'done', run, step: 200, stopped: false, sample: '', activeMs: 500, stepsPerSecond: 400 });
    const att = sent.at(-1) as { type: string; request: number; snippet: string };
    expect(att).toMatchObject({ type: 'attention', snippet: 'my lord,' });
    // 2 layers × 2 heads of 8 × 8: map m has row i spread evenly over its first i + 1 keys, but map 3's rows all on key 0
    const T = 8, w = new Float32Array(4 * T * T);
    for (let m = 0; m < 4; m++) for (let i = 0; i < T; i++) for (let j = 0; j <= i; j++) w[(m * T + i) * T + j] = m === 3 ? (j === 0 ? 1 : 0) : 1 / (i + 1);
    const events: { layers: Float32Array[][] }[] = [];
    el.addEventListener('attn-train-attention', (e) => events.push(e.detail));
    reply({ type: 'attention', run, request: att.request, snippet: 'my lord,', weights: w, layers: 2, heads: 2, T });
    await el.updateComplete;
    const a = el.attention!;
    expect(a.layers).toHaveLength(2);
    expect(a.layers.map((l) => l.length)).toEqual([2, 2]);
    expect(a.layers[1]![1]![T * 5]).toBe(1);
    expect(events).toHaveLength(1);
    const cells = () => Array.from(sr(el).querySelectorAll<HTMLButtonElement>('[part~="map"]'));
    expect(cells().map((b) => b.getAttribute('aria-label'))).toEqual(['L1·H1: layer 1, head 1', 'L1·H2: layer 1, head 2', 'L2·H1: layer 2, head 1', 'L2·H2: layer 2, head 2']);
    expect(cells().map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    const table = () => sr(el).querySelector('[part="heatmap-table"]')!;
    expect(table().querySelector('caption')!.textContent).toMatch(/Layer 1, head 1/);
    expect(table().querySelectorAll('tbody tr')[1]!.textContent).toBe('y0.50000.5000··' + '····');
    cells()[0]!.focus();
    cells()[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    cells()[2]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(cells().map((b) => b.tabIndex)).toEqual([-1, -1, -1, 0]);
    cells()[3]!.click();
    await el.updateComplete;
    expect(cells()[3]!.getAttribute('aria-pressed')).toBe('true');
    expect(table().querySelector('caption')!.textContent).toMatch(/Layer 2, head 2/);
    expect(table().querySelectorAll('tbody tr')[1]!.textContent).toBe('y1.00000.0000······');
    el.reset();
    expect(el.layerSpreads).toEqual([]);
    expect(el.attention).toBeNull();
  });

  it('shows the model\'s lecture defaults and reflects attributes', async () => {
    const el = await makeTrain({ model: 'bigram' });
    expect([el.model, el.iters, el.lr, el.evalInterval]).toEqual(['bigram', 3000, 0.01, 300]);
    expect((sr(el).getElementById('iters') as HTMLInputElement).value).toBe('3000');
    const lastTick = () => Array.from(sr(el).querySelectorAll('svg text')).map((t) => t.textContent).filter((t) => /^\d+$/.test(t ?? '')).at(-1);
    expect(lastTick()).toBe('3000'); // the idle chart's step axis is the model's run
    // the step labels: the first starts at the axis, the one at the right edge ends there
    const anchors = Array.from(sr(el).querySelectorAll('svg text')).filter((t) => /^\d+$/.test(t.textContent ?? ''))
      .map((t) => `${t.textContent}:${t.getAttribute('text-anchor')}`);
    expect(anchors).toContain('0:start');
    expect(anchors).toContain('1500:middle');
    expect(anchors.at(-1)).toBe('3000:end');
    el.model = 'head';
    await el.updateComplete;
    expect([el.iters, el.lr]).toEqual([5000, 1e-3]);
    expect(lastTick()).toBe('5000');
    expect((sr(el).getElementById('lr') as HTMLInputElement).value).toBe('1e-3');
    el.setAttribute('iters', 'many');
    await el.updateComplete;
    expect(el.iters).toBe(5000);
    expect(sr(el).querySelector('.message')!.textContent).toMatch(/iters="many" is not valid/);
  });

  it('a property reads its attribute before the render; the idle chart still follows the model', async () => {
    const el = await makeTrain({ model: 'bigram' });
    el.setAttribute('model', 'head');
    expect([el.model, el.iters]).toEqual(['head', 5000]);
    await el.updateComplete;
    const ticks = Array.from(sr(el).querySelectorAll('svg text')).map((t) => t.textContent).filter((t) => /^\d+$/.test(t ?? ''));
    expect(ticks.at(-1)).toBe('5000');
  });

  it('a run started before the element is connected starts once its connection is made', async () => {
    const el = document.createElement('attn-train');
    el.setAttribute('iters', '30');
    el.start();
    expect(sent).toEqual([]);
    await el.updateComplete;
    expect(sent.find((m) => m.type === 'start')).toMatchObject({ settings: { model: 'head', iters: 30 } });
    expect(el.phase).toBe('loading');
  });

  it('Start sends the settings and a text URL, nothing is fetched before', async () => {
    const el = await makeTrain({ model: 'head', iters: '300', 'eval-interval': '100' });
    expect(sent).toEqual([]);
    const starts: unknown[] = [];
    el.addEventListener('attn-train-start', (e) => starts.push(e.detail));
    (sr(el).querySelector('[part="start-button"]') as HTMLButtonElement).click();
    const start = sent.find((m) => m.type === 'start')!;
    expect(start).toMatchObject({ settings: { model: 'head', seed: '1337', iters: 300, evalInterval: 100, evalIters: 200, lr: 1e-3, batch: 32, block: 8 } });
    expect((start as { textUrl: string }).textUrl).toMatch(/tinyshakespeare/);
    expect(starts).toHaveLength(1);
    expect(el.phase).toBe('loading');
  });

  it('prints the log, draws the chart, reports progress and the end; Pause/Resume/Stop/Reset', async () => {
    const el = await makeTrain({ model: 'head', iters: '300', 'eval-interval': '100' });
    const evals: unknown[] = [];
    const done: unknown[] = [];
    el.addEventListener('attn-train-eval', (e) => evals.push(e.detail));
    el.addEventListener('attn-train-done', (e) => done.push(e.detail));
    el.start();
    const run = (sent.find((m) => m.type === 'start') as { run: number }).run;
    reply({ type: 'started', run, info: { step: 0, iters: 300, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", simd: true, threads: 1, textChars: 10, worker: true });
    reply({ type: 'eval', run, point: { step: 0, train: 4.2, val: 4.2047 }, line: 'step 0: train loss 4.2000, val loss 4.2047', sample: 'Fiwz' });
    reply({ type: 'progress', run, step: 50, iters: 300, stepsPerSecond: 800, secondsLeft: 0.3, activeMs: 60 });
    await el.updateComplete; // progress and evaluations are shown in the next frame
    expect(el.log).toEqual(['step 0: train loss 4.2000, val loss 4.2047']);
    expect(sr(el).querySelector('.log')!.textContent).toBe('step 0: train loss 4.2000, val loss 4.2047');
    expect(sr(el).querySelector('[part="rate"]')!.textContent).toMatch(/800 steps\/s/);
    expect(el.evalSamples).toEqual([{ step: 0, text: 'Fiwz' }]);
    expect(sr(el).querySelector('.sample')!.textContent).toBe('Fiwz');
    expect(sr(el).querySelector('[part="sample-caption"]')!.textContent).toMatch(/step 0/);
    expect((sr(el).querySelector('progress') as HTMLProgressElement).value).toBeCloseTo(50 / 300);
    expect(sr(el).querySelector('svg .uniform')).not.toBeNull();
    el.pause();
    expect(sent.at(-1)).toEqual({ type: 'pause', run });
    reply({ type: 'paused', run, step: 60 });
    expect(el.phase).toBe('paused');
    el.resume();
    expect(sent.at(-1)).toEqual({ type: 'resume', run });
    reply({ type: 'resumed', run, step: 60 });
    reply({ type: 'eval', run, point: { step: 100, train: 3.2338, val: 3.2548 }, line: 'step 100: train loss 3.2338, val loss 3.2548', sample: '' });
    await el.updateComplete;
    expect(sr(el).querySelectorAll('svg path.train, svg path.val')).toHaveLength(2);
    reply({ type: 'done', run, step: 300, stopped: false, sample: 'KING:\nO my lord', activeMs: 500, stepsPerSecond: 600 });
    expect(el.phase).toBe('done');
    expect(el.sample).toBe('KING:\nO my lord');
    expect(evals).toHaveLength(2);
    expect(done).toHaveLength(1);
    // the head model asks for its attention on the default snippet
    const att = sent.at(-1) as { type: string; request: number; snippet: string };
    expect(att).toMatchObject({ type: 'attention', snippet: 'my lord,' });
    const w = new Float32Array(64);
    for (let i = 0; i < 8; i++) for (let j = 0; j <= i; j++) w[i * 8 + j] = 1 / (i + 1);
    reply({ type: 'attention', run, request: att.request, snippet: 'my lord,', weights: w, layers: 1, heads: 1, T: 8 });
    await el.updateComplete;
    const table = sr(el).querySelector('table.hm')!;
    expect(Array.from(table.querySelectorAll('thead th')).map((t) => t.textContent)).toEqual(['query \\ key', 'm', 'y', '␣', 'l', 'o', 'r', 'd', ',']);
    expect(table.querySelectorAll('tbody td.masked')).toHaveLength(28);
    expect(el.attention!.weights[9]).toBeCloseTo(0.5);
    // a reset drops the run; its late messages are ignored
    el.reset();
    expect(sent.at(-1)).toEqual({ type: 'reset', run });
    reply({ type: 'eval', run, point: { step: 200, train: 3, val: 3 }, line: 'x', sample: '' });
    expect(el.log).toEqual([]);
    expect(el.phase).toBe('idle');
  });

  it('progress and evaluations are shown once per frame, in message order; a later end is not overwritten', async () => {
    const el = await makeTrain({ model: 'bigram', iters: '300', 'eval-interval': '100' });
    el.start();
    const run = (sent.find((m) => m.type === 'start') as { run: number }).run;
    reply({ type: 'started', run, info: { step: 0, iters: 300, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: 'ab', simd: true, threads: 1, textChars: 10, worker: true });
    const rate = sr(el).querySelector('[part="rate"]')!;
    const before = rate.textContent;
    for (let step = 10; step <= 90; step += 10) reply({ type: 'progress', run, step, iters: 300, stepsPerSecond: 700 + step, secondsLeft: 1, activeMs: step });
    reply({ type: 'eval', run, point: { step: 0, train: 4.2, val: 4.2 }, line: 'step 0: a', sample: '' });
    reply({ type: 'eval', run, point: { step: 100, train: 3.1, val: 3.2 }, line: 'step 100: b', sample: '' });
    expect(rate.textContent).toBe(before); // nothing written in the message handlers
    expect(el.log).toEqual(['step 0: a', 'step 100: b']); // the data is there at once
    await el.updateComplete;
    expect(rate.textContent).toMatch(/790 steps\/s/);
    expect(sr(el).querySelector('.log')!.textContent).toBe('step 0: a\nstep 100: b');
    reply({ type: 'progress', run, step: 299, iters: 300, stepsPerSecond: 650, secondsLeft: 0, activeMs: 400 });
    reply({ type: 'done', run, step: 300, stopped: false, sample: '', activeMs: 500, stepsPerSecond: 600 });
    expect(sr(el).querySelector('[part="status"]')!.textContent).toMatch(/300/);
    await el.updateComplete;
    expect(el.phase).toBe('done');
    expect(sr(el).querySelector('[part="status"]')!.textContent).not.toMatch(/299/);
    expect(rate.textContent).toMatch(/600/);
  });

  it('a new evaluation moves the curves in place; they equal a full redraw', async () => {
    const el = await makeTrain({ model: 'head', iters: '1000', 'eval-interval': '100' });
    el.start();
    const run = (sent.find((m) => m.type === 'start') as { run: number }).run;
    reply({ type: 'started', run, info: { step: 0, iters: 1000, vocabSize: 65, trainTokens: 9, valTokens: 1, parameters: 1 }, vocab: 'ab', simd: true, threads: 1, textChars: 10, worker: true });
    const losses = [4.2, 3.9, 3.7, 3.6, 3.55, 3.5];
    const paths = () => Array.from(sr(el).querySelectorAll('svg path:not(.earlier)')).map((p) => `${p.getAttribute('class')}:${p.getAttribute('d')}`);
    let grid: Element | null = null;
    for (const [i, v] of losses.entries()) {
      reply({ type: 'eval', run, point: { step: i * 100, train: v, val: v + 0.01 }, line: `step ${i * 100}`, sample: '' });
      await el.updateComplete;
      if (i === 2) grid = sr(el).querySelector('svg line.grid');
    }
    expect(sr(el).querySelector('svg line.grid')).toBe(grid); // same axes: not rebuilt
    const inPlace = paths();
    expect(inPlace).toHaveLength(2);
    expect(inPlace[0]!.split('L')).toHaveLength(losses.length);
    el.setAttribute('lang', 'zh-CN'); // a new language redraws everything
    await el.updateComplete;
    expect(sr(el).querySelector('svg line.grid')).not.toBe(grid);
    expect(paths()).toEqual(inPlace);
  });

  it('NaN stops with a message naming the step', async () => {
    const el = await makeTrain({ lr: '1e30' });
    const errors: { kind: string; step?: number }[] = [];
    el.addEventListener('attn-train-error', (e) => errors.push(e.detail));
    el.start();
    const run = (sent.find((m) => m.type === 'start') as { run: number }).run;
    reply({ type: 'nan', run, step: 3 });
    await el.updateComplete;
    expect(el.phase).toBe('failed');
    expect(sr(el).querySelector('.message')!.textContent).toMatch(/NaN at step 3/);
    expect(errors).toEqual([expect.objectContaining({ kind: 'nan', step: 3 })]);
  });

  it('own text: too short or empty gets a message and nothing is sent; a good text is sent as is', async () => {
    const el = await makeTrain();
    el.setText('short');
    el.start();
    expect(sent.filter((m) => m.type === 'start')).toHaveLength(0);
    expect(sr(el).querySelector('.message')!.textContent).toMatch(/only 5 characters; at least 9/);
    el.setText('hello world, hello');
    el.start();
    expect(sent.find((m) => m.type === 'start')).toMatchObject({ text: 'hello world, hello' });
  });
});
