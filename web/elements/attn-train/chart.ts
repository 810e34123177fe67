// The loss chart's geometry (pure: the element turns it into SVG): train and
// val loss at each evaluation for the current run and for earlier runs of the
// other models, on one pair of axes, with the uniform-guess line ln V.
import type { ModelName } from './parse';

export interface Point { step: number; train: number; val: number }

export interface Series {
  model: ModelName;
  points: readonly Point[];
  /** The run in progress or just finished in this element (drawn on top, in full colour). */
  current: boolean;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; w: number; h: number };
  xTicks: { value: number; x: number; label: string }[];
  yTicks: { value: number; y: number; label: string }[];
  uniform: { y: number; value: number } | null;
  lines: { model: ModelName; current: boolean; split: 'train' | 'val'; d: string; last: { x: number; y: number } | null }[];
}

/** 1, 2, 5 × 10^k steps giving at most `max` ticks over [lo, hi]. */
export function niceTicks(lo: number, hi: number, max: number): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, max);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + 1e-9 * step; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

export function chartGeometry(series: readonly Series[], uniform: number | null, itersHint: number, width = 440, height = 250): ChartGeometry {
  const plot = { x: 40, y: 10, w: width - 40 - 14, h: height - 10 - 34 };
  let maxStep = Math.max(1, itersHint);
  let lo = Infinity, hi = -Infinity;
  for (const s of series) {
    for (const p of s.points) {
      maxStep = Math.max(maxStep, p.step);
      for (const v of [p.train, p.val]) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
    }
  }
  if (uniform !== null && Number.isFinite(uniform)) { lo = Math.min(lo, uniform); hi = Math.max(hi, uniform); }
  if (!Number.isFinite(lo)) { lo = 2; hi = 5; }
  lo = Math.floor(lo * 2 - 0.2) / 2;
  hi = Math.ceil(hi * 2 + 0.2) / 2;
  if (hi - lo < 1) hi = lo + 1;
  const X = (step: number) => plot.x + (step / maxStep) * plot.w;
  const Y = (v: number) => plot.y + (1 - (v - lo) / (hi - lo)) * plot.h;
  const r = (n: number) => Math.round(n * 10) / 10;
  const lines: ChartGeometry['lines'] = [];
  // Earlier runs first, so the current run is drawn on top.
  const ordered = [...series].sort((a, b) => Number(a.current) - Number(b.current));
  for (const s of ordered) {
    for (const split of ['train', 'val'] as const) {
      let d = '';
      let last: { x: number; y: number } | null = null;
      for (const p of s.points) {
        const v = p[split];
        if (!Number.isFinite(v)) continue;
        last = { x: r(X(p.step)), y: r(Y(Math.min(hi, Math.max(lo, v)))) };
        d += `${d ? 'L' : 'M'}${last.x} ${last.y}`;
      }
      lines.push({ model: s.model, current: s.current, split, d, last });
    }
  }
  return {
    width, height, plot,
    xTicks: niceTicks(0, maxStep, 6).map((v) => ({ value: v, x: r(X(v)), label: String(v) })),
    yTicks: niceTicks(lo, hi, 5).map((v) => ({ value: v, y: r(Y(v)), label: v.toFixed(1) })),
    uniform: uniform !== null && Number.isFinite(uniform) ? { y: r(Y(uniform)), value: uniform } : null,
    lines,
  };
}
