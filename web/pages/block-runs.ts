// The block page's comparisons across its <attn-train> widgets. The ladder:
// every run they finish joins one val-loss chart and one table, beside the
// reading note's one-head run (the baseline). The spreads: the last spreads
// of the blocks, residual and layernorm runs, side by side, layer by layer. The table's numbers are the runs' own last log lines, as
// printed (4 decimals), and the gap is val − train of those printed digits,
// so a learner reads the same numbers off their PyTorch script's output.
import { h } from '../shared/element';
import { chartGeometry, type Point, type Series } from '../elements/attn-train/chart';
import { chartAxes, svg } from '../elements/attn-train/chart-frame';
import type { AttnTrainStartDetail, ModelName } from '../elements/attn-train/attn-train';
import { currentLang, LANG_EVENT } from '../i18n/lang';
import { spreadText } from '../elements/attn-train/spreads-panel';

/**
 * The reading note's one-head run at its defaults (seed 1337, 5000 steps,
 * an evaluation every 500): the engine's log, equal to PyTorch's
 * (cpp/tests/data/train_log_head.txt; block-runs.test.ts keeps them equal).
 */
export const BASELINE_LOG: readonly string[] = [
  'step 0: train loss 4.2000, val loss 4.2047',
  'step 500: train loss 2.6911, val loss 2.7087',
  'step 1000: train loss 2.5196, val loss 2.5303',
  'step 1500: train loss 2.4775, val loss 2.4829',
  'step 2000: train loss 2.4408, val loss 2.4523',
  'step 2500: train loss 2.4272, val loss 2.4435',
  'step 3000: train loss 2.4130, val loss 2.4327',
  'step 3500: train loss 2.3956, val loss 2.4212',
  'step 4000: train loss 2.4041, val loss 2.3992',
  'step 4500: train loss 2.3980, val loss 2.4084',
];

const LINE = /^step (\d+): train loss (\d+\.\d{4}), val loss (\d+\.\d{4})$/;

/** One log line's step and its two losses as printed, in units of 0.0001 (exact). */
export function parseLogLine(line: string): { step: number; train: number; val: number } | null {
  const m = LINE.exec(line);
  if (!m) return null;
  const tenK = (s: string) => Number(s.replace('.', ''));
  return { step: Number(m[1]), train: tenK(m[2]!), val: tenK(m[3]!) };
}

const tenThousandths = (tenK: number) => `${tenK < 0 ? '-' : ''}${Math.floor(Math.abs(tenK) / 1e4)}.${String(Math.abs(tenK) % 1e4).padStart(4, '0')}`;

export interface LadderRun {
  model: ModelName;
  /** The settings that name the run (what a learner sets to reproduce it). */
  settings: string;
  source: 'shakespeare' | 'own';
  /** The evaluations' log lines, in order. */
  lines: string[];
  /** Stopped before its last step (the step it reached), or null. */
  stoppedAt: number | null;
  baseline: boolean;
}

/** The settings a run is named by, as the CLI and the script spell them. */
export function runSettings(d: AttnTrainStartDetail): string {
  const parts = [`seed ${d.seed}`, `iters ${d.iters}`, `lr ${d.lr}`, `batch ${d.batch}`, `block ${d.block}`];
  if (['bigram', 'position', 'head'].includes(d.model)) return parts.join(' · ');
  parts.push(`n_embd ${d.nEmbd}`, `n_head ${d.nHead}`);
  if (!['multihead', 'ffwd'].includes(d.model)) parts.push(`n_layer ${d.nLayer}`);
  if (d.model === 'gpt') parts.push(`dropout ${d.dropout}`);
  return parts.join(' · ');
}

export const BASELINE: LadderRun = {
  model: 'head', settings: 'seed 1337 · iters 5000 · lr 0.001 · batch 32 · block 8', source: 'shakespeare',
  lines: [...BASELINE_LOG], stoppedAt: null, baseline: true,
};

function both(zh: string, en: string): Node[] {
  return [h('span', { class: 'zh', lang: 'zh-CN' }, zh), h('span', { class: 'en', lang: 'en' }, en)];
}

/** The chart's name for screen readers: the one string of the ladder not written in both languages. */
function chartLabel(n: number): string {
  return currentLang() === 'en'
    ? `Val loss at each evaluation: the one-head baseline and ${n} finished run${n === 1 ? '' : 's'} of this page`
    : `各次评估的验证损失：一个头的基线，以及本页已完成的 ${n} 次运行`;
}

/** The val-loss curves (train left out: the table has it) of the runs on Tiny Shakespeare. */
function drawChart(runs: readonly LadderRun[]): SVGSVGElement {
  const W = 480, H = 280;
  const shown = runs.filter((r) => r.source === 'shakespeare');
  const series: Series[] = shown.map((r) => ({
    model: r.model, current: false,
    points: r.lines.map(parseLogLine).filter((p) => p !== null).map((p): Point => ({ step: p.step, train: NaN, val: p.val / 1e4 })),
  }));
  const g = chartGeometry(series, null, 5000, W, H);
  const c = svg('svg', { class: 'ladder-chart', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  c.setAttribute('aria-label', chartLabel(shown.length - 1));
  c.append(...chartAxes(g, 'step'));
  // The y axis named as the log names it (the same words in both languages).
  const yName = svg('text', { x: g.plot.x + 6, y: g.plot.y + 12 });
  yName.textContent = 'val loss';
  c.append(yName);
  const val = g.lines.filter((l) => l.split === 'val');
  val.forEach((l, i) => {
    const r = shown[i]!;
    const cls = r.baseline ? 'run baseline' : `run c${runs.indexOf(r) % 6}`;
    c.append(svg('path', { class: cls, d: l.d }));
    if (l.last) c.append(svg('circle', { class: `${cls} dot`, cx: l.last.x, cy: l.last.y, r: 3.5 }));
  });
  return c;
}

function drawTable(runs: readonly LadderRun[]): HTMLTableElement {
  const head = h('tr', {},
    h('th', { scope: 'col' }, ...both('运行与设置', 'Run and settings')),
    h('th', { scope: 'col' }, 'step'),
    h('th', { scope: 'col' }, 'train'),
    h('th', { scope: 'col' }, 'val'),
    h('th', { scope: 'col' }, ...both('差距 val − train', 'Gap val − train')));
  const body = h('tbody');
  runs.forEach((r, i) => {
    const last = [...r.lines].reverse().map(parseLogLine).find((p) => p !== null) ?? null;
    const name = h('th', { scope: 'row' }, h('span', { class: r.baseline ? 'swatch baseline' : `swatch c${i % 6}`, 'aria-hidden': 'true' }), h('code', {}, r.model));
    if (r.baseline) name.append(' ', ...both('（阅读笔记，基线）', '(reading note, baseline)'));
    if (r.source === 'own') name.append(' ', ...both('（自己的文本，不在图中）', '(own text, not in the chart)'));
    name.append(h('span', { class: 'settings' }, r.settings));
    const when = last === null ? '–' : String(last.step);
    const step = h('td', {}, when);
    if (r.stoppedAt !== null) step.append(' ', ...both(`（在第 ${r.stoppedAt} 步停止）`, `(stopped at step ${r.stoppedAt})`));
    body.append(h('tr', {}, name, step,
      h('td', { class: 'num' }, last ? tenThousandths(last.train) : '–'),
      h('td', { class: 'num' }, last ? tenThousandths(last.val) : '–'),
      h('td', { class: 'num' }, last ? tenThousandths(last.val - last.train) : '–')));
  });
  return h('table', { class: 'ladder-table' }, h('thead', {}, head), body);
}

/** Fills `host` with the chart and the table of `runs`. */
export function renderLadder(host: HTMLElement, runs: readonly LadderRun[]): void {
  host.replaceChildren(drawChart(runs), h('div', { class: 'table-wrap', tabindex: '0' }, drawTable(runs)));
  host.dataset.runs = String(runs.length - runs.filter((r) => r.baseline).length);
}

/** Hears a widget event, typed as HTMLElementEventMap declares it, as it bubbles to the document. */
function on<K extends keyof HTMLElementEventMap>(root: Document, type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
  root.addEventListener(type, fn as unknown as EventListener);
}

/**
 * Follows every <attn-train> of the page: a run joins the ladder when it
 * finishes or is stopped with at least one evaluation. Returns the runs.
 */
export function startLadder(host: HTMLElement, root: Document = document): LadderRun[] {
  const runs: LadderRun[] = [BASELINE];
  const open = new Map<EventTarget, LadderRun>();
  on(root, 'attn-train-start', (e) => {
    const d = e.detail;
    open.set(e.target!, { model: d.model, settings: runSettings(d), source: d.source, lines: [], stoppedAt: null, baseline: false });
  });
  on(root, 'attn-train-eval', (e) => { open.get(e.target!)?.lines.push(e.detail.line); });
  on(root, 'attn-train-done', (e) => {
    const run = open.get(e.target!);
    open.delete(e.target!);
    if (!run || run.lines.length === 0) return;
    if (e.detail.stopped) run.stoppedAt = e.detail.step;
    runs.push(run);
    renderLadder(host, runs);
  });
  on(root, 'attn-train-error', (e) => { open.delete(e.target!); });
  // The text is in both languages (CSS shows one); only the chart's label is rewritten.
  root.addEventListener(LANG_EVENT, () => {
    host.querySelector('svg.ladder-chart')?.setAttribute('aria-label', chartLabel(runs.filter((r) => r.source === 'shakespeare').length - 1));
  });
  renderLadder(host, runs);
  return runs;
}

/** The models whose layer spreads are compared side by side, in the page's order. */
export const SPREAD_MODELS: readonly ModelName[] = ['blocks', 'residual', 'layernorm'];

interface LastSpreads { step: number; activation: number[]; gradient: number[] }

/** The table of the latest spreads of each model in SPREAD_MODELS that has some (a model with none is left out). */
export function renderSpreads(host: HTMLElement, last: ReadonlyMap<ModelName, LastSpreads>): void {
  const models = SPREAD_MODELS.filter((m) => last.has(m));
  if (models.length === 0) {
    host.replaceChildren(h('p', { class: 'hint' }, ...both('还没有完成的运行：训练第 3、4、5 节的组件后，它们最后一次评估的数值幅度会并排出现在这里。',
      'No finished run yet: train the widgets of sections 3, 4 and 5, and their last spreads appear here side by side.')));
    return;
  }
  const layers = Math.max(...models.map((m) => last.get(m)!.activation.length));
  const top = h('tr', {}, h('td', {}));
  const sub = h('tr', {}, h('th', { scope: 'col' }, ...both('层', 'Layer')));
  for (const m of models) {
    top.append(h('th', { scope: 'colgroup', colspan: '2' }, h('code', {}, m), ' ',
      ...both(`（第 ${last.get(m)!.step} 步之前）`, `(before step ${last.get(m)!.step})`)));
    sub.append(h('th', { scope: 'col' }, ...both('激活', 'activation')), h('th', { scope: 'col' }, ...both('梯度', 'gradient')));
  }
  const body = h('tbody');
  for (let l = 0; l < layers; l++) {
    const row = h('tr', {}, h('th', { scope: 'row' }, String(l + 1)));
    for (const m of models) {
      const s = last.get(m)!;
      row.append(h('td', { class: 'num' }, l < s.activation.length ? spreadText(s.activation[l]!) : ''),
        h('td', { class: 'num' }, l < s.gradient.length ? spreadText(s.gradient[l]!) : ''));
    }
    body.append(row);
  }
  host.replaceChildren(h('div', { class: 'table-wrap', tabindex: '0' }, h('table', { class: 'spreads-side' }, h('thead', {}, top, sub), body)));
}

/** Follows the page's blocks, residual and layernorm widgets: each finished run's last spreads replace that model's column. */
export function startSpreads(host: HTMLElement, root: Document = document): void {
  const last = new Map<ModelName, LastSpreads>();
  on(root, 'attn-train-done', (e) => {
    const spreads = (e.target as HTMLElement & { layerSpreads?: LastSpreads[] }).layerSpreads;
    const s = spreads?.[spreads.length - 1];
    if (!s || !SPREAD_MODELS.includes(e.detail.model)) return;
    last.set(e.detail.model, s);
    renderSpreads(host, last);
  });
  renderSpreads(host, last);
}
