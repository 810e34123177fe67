// @vitest-environment happy-dom
// The block page's ladder: the baseline is the head run's golden log, and a
// widget's finished run joins the chart and the table with its own last line.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { BASELINE_LOG, parseLogLine, runSettings, startLadder, startSpreads } from './block-runs';
import type { AttnTrainStartDetail } from '../elements/attn-train/attn-train';
import { applyLang } from '../i18n/lang';

const golden = readFileSync('cpp/tests/data/train_log_head.txt', 'utf8')
  .split('\n').filter((l) => l.startsWith('step '));

const start: AttnTrainStartDetail = {
  model: 'gpt', seed: '1337', iters: 41, evalInterval: 20, evalIters: 4, lr: 0.001, batch: 8, block: 16,
  nEmbd: 24, nHead: 3, nLayer: 2, dropout: 0.2, source: 'shakespeare',
};

function fire(el: HTMLElement, type: string, detail: unknown) {
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

describe('block page ladder', () => {
  let host: HTMLElement, widget: HTMLElement;
  beforeEach(() => {
    document.body.replaceChildren();
    host = document.createElement('div');
    widget = document.createElement('div');
    widget.id = 'train-gpt';
    document.body.append(host, widget);
  });

  it('has the one-head run of the reading note, as PyTorch and the engine print it, for its baseline', () => {
    expect(BASELINE_LOG).toEqual(golden);
  });

  it('reads a log line exactly, in units of 0.0001', () => {
    expect(parseLogLine('step 4500: train loss 2.3980, val loss 2.4084')).toEqual({ step: 4500, train: 23980, val: 24084 });
    expect(parseLogLine('step 1: train loss 2.3980')).toBeNull();
  });

  it('names a run by the settings that reproduce it', () => {
    expect(runSettings(start)).toBe('seed 1337 · iters 41 · lr 0.001 · batch 8 · block 16 · n_embd 24 · n_head 3 · n_layer 2 · dropout 0.2');
    expect(runSettings({ ...start, model: 'multihead' })).toBe('seed 1337 · iters 41 · lr 0.001 · batch 8 · block 16 · n_embd 24 · n_head 3');
    expect(runSettings({ ...start, model: 'head' })).toBe('seed 1337 · iters 41 · lr 0.001 · batch 8 · block 16');
  });

  it('adds a finished run with its last log line and the gap of the printed digits; a stopped one says where', () => {
    const runs = startLadder(host);
    expect(host.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(host.querySelectorAll('path.run')).toHaveLength(1);
    fire(widget, 'attn-train-start', start);
    fire(widget, 'attn-train-eval', { line: 'step 0: train loss 4.1870, val loss 4.1880' });
    fire(widget, 'attn-train-eval', { line: 'step 20: train loss 3.3002, val loss 3.3101' });
    expect(host.querySelectorAll('tbody tr')).toHaveLength(1);
    fire(widget, 'attn-train-done', { step: 41, stopped: false });
    expect(runs).toHaveLength(2);
    const rows = host.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    const cells = Array.from(rows[1]!.querySelectorAll('td'), (td) => td.textContent);
    expect(cells).toEqual(['20', '3.3002', '3.3101', '0.0099']);
    expect(rows[1]!.querySelector('th .settings')!.textContent).toBe(runSettings(start));
    expect(host.querySelectorAll('path.run')).toHaveLength(2);
    expect(host.dataset.runs).toBe('1');
    // The baseline's row: the head run's last evaluation.
    expect(Array.from(rows[0]!.querySelectorAll('td.num'), (td) => td.textContent)).toEqual(['2.3980', '2.4084', '0.0104']);

    fire(widget, 'attn-train-start', { ...start, dropout: 0 });
    fire(widget, 'attn-train-eval', { line: 'step 0: train loss 4.1870, val loss 4.1860' });
    fire(widget, 'attn-train-done', { step: 7, stopped: true });
    const last = host.querySelectorAll('tbody tr')[2]!;
    expect(last.querySelector('th .settings')!.textContent).toContain('dropout 0');
    expect(last.querySelectorAll('td')[0]!.textContent).toContain('stopped at step 7');
    expect(last.querySelectorAll('td')[3]!.textContent).toBe('-0.0010');
  });

  it('leaves out a run that failed or never evaluated, and keeps runs on the learner\'s own text off the chart', () => {
    const runs = startLadder(host);
    fire(widget, 'attn-train-start', start);
    fire(widget, 'attn-train-error', { kind: 'nan', message: 'x' });
    fire(widget, 'attn-train-done', { step: 3, stopped: true });
    fire(widget, 'attn-train-start', start);
    fire(widget, 'attn-train-done', { step: 3, stopped: true });
    expect(runs).toHaveLength(1);
    fire(widget, 'attn-train-start', { ...start, source: 'own' });
    fire(widget, 'attn-train-eval', { line: 'step 0: train loss 4.1870, val loss 4.1860' });
    fire(widget, 'attn-train-done', { step: 41, stopped: false });
    expect(host.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(host.querySelectorAll('path.run')).toHaveLength(1);
  });

  it('on a language switch rewrites only the chart\'s label: the rest is written in both languages', () => {
    document.documentElement.setAttribute('lang', 'zh-CN');
    startLadder(host);
    fire(widget, 'attn-train-start', start);
    fire(widget, 'attn-train-eval', { line: 'step 0: train loss 4.1870, val loss 4.1880' });
    fire(widget, 'attn-train-done', { step: 41, stopped: false });
    const chart = host.querySelector('svg.ladder-chart')!, table = host.querySelector('table')!;
    expect(chart.getAttribute('aria-label')).toContain('1 次运行');
    applyLang('en');
    expect(host.querySelector('svg.ladder-chart')).toBe(chart);
    expect(host.querySelector('table')).toBe(table);
    expect(chart.getAttribute('aria-label')).toBe('Val loss at each evaluation: the one-head baseline and 1 finished run of this page');
    expect(table.querySelector('th .en')!.textContent).toBe('Run and settings');
  });

  it('puts the last spreads of the blocks, residual and layernorm runs side by side, layer by layer', () => {
    startSpreads(host);
    expect(host.querySelector('table')).toBeNull();
    const el = (id: string, history: unknown[]) => {
      const w = document.createElement('div');
      w.id = id;
      Object.defineProperty(w, 'layerSpreads', { value: history });
      document.body.append(w);
      return w;
    };
    const first = { step: 500, activation: [9, 9, 9], gradient: [9, 9, 9] };
    fire(el('r', [first, { step: 4500, activation: [1.5, 2.25, 3.8], gradient: [0.0004, 0.0003, 0.00025] }]), 'attn-train-done', { model: 'residual', step: 5000 });
    fire(el('b', [{ step: 4500, activation: [0.5, 0.6, 0.7], gradient: [1e-5, 2e-5, 3e-5] }]), 'attn-train-done', { model: 'blocks', step: 5000 });
    fire(el('g', [{ step: 4500, activation: [1], gradient: [1] }]), 'attn-train-done', { model: 'gpt', step: 5000 });
    const heads = Array.from(host.querySelectorAll('thead th[scope="colgroup"] code'), (c) => c.textContent);
    expect(heads).toEqual(['blocks', 'residual']);
    const rows = Array.from(host.querySelectorAll('tbody tr'), (r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent));
    expect(rows).toEqual([
      ['0.5000', '0.00001000', '1.500', '0.0004000'],
      ['0.6000', '0.00002000', '2.250', '0.0003000'],
      ['0.7000', '0.00003000', '3.800', '0.0002500'],
    ]);
  });
});
