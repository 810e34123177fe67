// The loss chart as SVG, built from chartGeometry: axes, ticks, the uniform
// line, the current run's curves and the earlier runs', and the key below.
import { h, type Lang } from '../../shared/element';
import { chartGeometry, type Point, type Series } from './chart';
import { chartAxes, svg } from './chart-frame';
import type { Strings } from './i18n';
import { uniformLoss, type ModelName } from './parse';
import { pastRuns } from './runs';

/** The runs a chart shows: the element's own and the page's earlier ones. */
export interface ChartRuns {
  /** The element's run (null while idle). */
  current: { model: ModelName; points: readonly Point[] } | null;
  /** The text the runs compared were trained on. */
  source: string;
  /** The run's vocabulary ('' before it is known). */
  vocab: string;
  itersHint: number;
  /** The model shown (the run's, or the one chosen). */
  model: ModelName;
}

export interface ChartInput {
  series: Series[];
  /** ln V, or null when the vocabulary is not known. */
  uniform: number | null;
  itersHint: number;
  /** The current run's evaluations (for the label). */
  points: readonly Point[];
  /** The name of the model shown. */
  modelName: string;
}

export class LossChart {
  readonly svg = svg('svg', { class: 'chart', part: 'chart', role: 'img', viewBox: '0 0 440 250' });
  readonly keys = h('ul', { class: 'keys', part: 'chart-keys' });
  /** What the axes, labels and curve set were drawn for. */
  #frame = '';
  #curves: { path?: SVGElement; dot?: SVGElement }[] = [];

  /** Draws `runs.current` with the latest earlier run of each other model on the same text. */
  drawRuns(t: Strings, lang: Lang | null, runs: ChartRuns): void {
    const series: Series[] = [];
    const shown = new Set<ModelName>();
    if (runs.current) shown.add(runs.current.model);
    const past = pastRuns();
    for (let i = past.length - 1; i >= 0; i--) {
      const r = past[i];
      if (shown.has(r.model) || r.source !== runs.source) continue;
      shown.add(r.model);
      series.push({ model: r.model, points: r.points, current: false });
    }
    if (runs.current) series.push({ model: runs.current.model, points: runs.current.points, current: true });
    const V = runs.vocab ? Array.from(runs.vocab).length : runs.source === 'shakespeare' ? 65 : 0;
    this.draw(t, lang, {
      series,
      uniform: V > 1 ? uniformLoss(V) : null,
      itersHint: runs.itersHint,
      points: runs.current?.points ?? [],
      modelName: t.modelOption[runs.model],
    });
  }

  draw(t: Strings, lang: Lang | null, input: ChartInput): void {
    const { series, points } = input;
    const g = chartGeometry(series, input.uniform, input.itersHint);
    const c = this.svg;
    const last = points[points.length - 1];
    c.setAttribute('aria-label', points.length || series.length
      ? t.chartLabel(input.modelName, points.length, last ? last.val.toFixed(4) : '')
      : `${t.chartTitle}: ${t.chartEmpty}`);
    // A new evaluation usually moves only the current run's curves: then
    // only their paths and end dots change (a full rebuild of the chart in
    // the frame would delay the learner's typing while a run trains).
    const frame = JSON.stringify([lang, g.xTicks, g.yTicks, g.uniform,
      g.lines.map((l) => [l.model, l.split, l.current, l.d !== '', l.last !== null, l.current ? 0 : l.d])]);
    if (frame === this.#frame && this.#curves.length === g.lines.length) {
      g.lines.forEach((line, i) => {
        const el = this.#curves[i]!;
        if (el.path) el.path.setAttribute('d', line.d);
        if (el.dot && line.last) { el.dot.setAttribute('cx', String(line.last.x)); el.dot.setAttribute('cy', String(line.last.y)); }
      });
      return;
    }
    this.#frame = frame;
    this.#curves = [];
    const kids: SVGElement[] = chartAxes(g, t.stepAxis);
    if (g.uniform) {
      kids.push(svg('line', { class: 'uniform', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: g.uniform.y, y2: g.uniform.y }));
      const label = svg('text', { x: g.plot.x + g.plot.w - 4, y: g.uniform.y - 4, 'text-anchor': 'end' });
      label.textContent = t.uniformLine(g.uniform.value.toFixed(2));
      kids.push(label);
    }
    for (const line of g.lines) {
      const curve: { path?: SVGElement; dot?: SVGElement } = {};
      this.#curves.push(curve);
      if (!line.d) continue;
      const cls = line.current ? line.split : `earlier ${line.split}`;
      curve.path = svg('path', { class: cls, d: line.d, 'data-model': line.model, 'data-split': line.split });
      kids.push(curve.path);
      if (line.current && line.last) {
        curve.dot = svg('circle', { class: `dot ${line.split}`, cx: line.last.x, cy: line.last.y, r: 3 });
        kids.push(curve.dot);
      }
      if (!line.current && line.split === 'val' && line.last) {
        const label = svg('text', { x: line.last.x - 4, y: line.last.y - 5, 'text-anchor': 'end' });
        label.textContent = line.model;
        kids.push(label);
      }
    }
    c.replaceChildren(...kids);
    const keys = [
      h('li', {}, h('span', { class: 'k', 'aria-hidden': 'true' }), t.trainLine),
      h('li', {}, h('span', { class: 'k val', 'aria-hidden': 'true' }), t.valLine),
    ];
    if (series.some((s) => !s.current)) keys.push(h('li', {}, h('span', { class: 'k earlier', 'aria-hidden': 'true' }), `${t.earlier}: ${series.filter((s) => !s.current).map((s) => s.model).join(', ')}`));
    if (g.uniform) keys.push(h('li', {}, h('span', { class: 'k uniform', 'aria-hidden': 'true' }), t.uniformLine(g.uniform.value.toFixed(2))));
    this.keys.replaceChildren(...keys);
  }
}
