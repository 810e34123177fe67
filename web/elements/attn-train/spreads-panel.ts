// The block models' inside view while they train: at each evaluation, per
// layer, the spread (standard deviation) of the layer's output and of the
// loss gradient reaching it, at the training step just before, so the
// learner can compare how the residual stream and LayerNorm change them.
import { h } from '../../shared/element';
import type { Strings } from './i18n';

export interface LayerSpreads { step: number; activation: number[]; gradient: number[] }

/** A spread as printed: 4 significant digits (the spreads of a deep stack go far below 0.0001). */
export const spreadText = (x: number): string => (Number.isFinite(x) ? x.toPrecision(4) : String(x));

export class SpreadsPanel {
  readonly root = h('section', { class: 'spreads', part: 'spreads', 'aria-labelledby': 'spreads-title', hidden: true });
  readonly #title = h('h3', { id: 'spreads-title' });
  readonly #help = h('p', { class: 'hint' });
  readonly #wrap = h('div', { class: 'hm-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'spreads-title' });
  #t: Strings | null = null;
  #history: LayerSpreads[] = [];

  constructor() {
    this.root.append(this.#title, this.#help, this.#wrap);
  }

  /** Every evaluation's spreads of the run so far (from step 1 on). */
  get history(): LayerSpreads[] {
    return this.#history.map((s) => ({ step: s.step, activation: [...s.activation], gradient: [...s.gradient] }));
  }

  setLang(t: Strings): void {
    this.#t = t;
    this.#title.textContent = t.spreadsTitle;
    this.#help.textContent = t.spreadsHelp;
    this.#draw();
  }

  add(s: LayerSpreads): void {
    this.#history.push(s);
    this.root.hidden = false;
    this.#draw();
  }

  clear(): void {
    this.#history = [];
    this.root.hidden = true;
    this.#wrap.replaceChildren();
  }

  #draw(): void {
    const t = this.#t, last = this.#history[this.#history.length - 1];
    if (!t || !last) return;
    const head = h('tr', {}, h('th', { scope: 'col' }, t.layerCol), h('th', { scope: 'col' }, t.activationCol), h('th', { scope: 'col' }, t.gradientCol));
    const rows = last.activation.map((a, l) => h('tr', {}, h('th', { scope: 'row' }, String(l + 1)),
      h('td', {}, spreadText(a)), h('td', {}, spreadText(last.gradient[l]!))));
    this.#wrap.replaceChildren(h('table', { class: 'spreads', part: 'spreads-table' },
      h('caption', {}, t.spreadsCaption(last.step)), h('thead', {}, head), h('tbody', {}, ...rows)));
  }
}
