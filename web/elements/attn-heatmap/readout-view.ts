// The numbers under <attn-heatmap>'s picture: the spread of the raw and the
// scaled scores, each row's largest weight, the row sums and the formula; in
// compare mode one line per panel, each named after its panel.
import { h } from '../../shared/element';
import type { Strings } from './i18n';
import type { PanelData } from './panel';
import type { HeatmapState } from './parse';
import { fmt, fmtTiny, formula, readouts } from './readouts';

export class ReadoutView {
  readonly #rawStd = h('p', { class: 'std' });
  readonly #scaledStd = h('p', { class: 'std' });
  readonly #rowMaxTitle = h('span');
  readonly #rowMax = h('p', { class: 'rowmax' });
  readonly #rowSums = h('p', { class: 'rowsums' });
  readonly #formulaTitle = h('span');
  readonly #formula = h('code');
  readonly single = h('div', { class: 'single' });
  /** Compare mode: the readouts, one line per panel, each named after its panel. */
  readonly compared = h('div', { class: 'compared', part: 'compare-readouts', hidden: true });

  constructor() {
    this.single.append(this.#rawStd, this.#scaledStd,
      h('p', {}, this.#rowMaxTitle, this.#rowMax), this.#rowSums,
      h('p', { class: 'formula' }, this.#formulaTitle, ' ', this.#formula));
  }

  applyStrings(t: Strings): void {
    this.#rowMaxTitle.textContent = `${t.rowMax}: `;
    this.#formulaTitle.textContent = `${t.formula}:`;
  }

  /** Shows the readouts of `m` (the selected scale's matrices) and, in compare mode, of every panel in `data`. */
  update(s: HeatmapState, m: PanelData, data: readonly PanelData[], t: Strings): void {
    this.single.hidden = s.compare;
    this.compared.hidden = !s.compare;
    if (s.compare) {
      // Every line says which panel it describes: the raw scores are shared, the rest is per panel.
      const line = (who: string, text: string, cls?: string) => h('p', cls ? { class: cls } : {}, h('strong', {}, `${who} · `), text);
      const first = data[0];
      const lines: HTMLElement[] = [];
      if (first) {
        const r0 = readouts({ ...s, scale: first.scale }, first.stats, first.rowMax);
        lines.push(line(t.bothPanels, t.rawStd(fmt(r0.rawStd, 3), fmt(r0.sqrtDk, 3))));
      }
      for (const d of data) {
        const r = readouts({ ...s, scale: d.scale }, d.stats, d.rowMax);
        const who = t.panelName[d.scale];
        if (d.scale !== 'none') lines.push(line(who, t.scaledStd(fmt(r.scaledStd, 3))));
        lines.push(line(who, `${t.rowMax}: ${r.rowMax.map((x) => fmt(x, 3)).join(' · ')} — ${t.meanRowMax(fmt(r.meanRowMax, 3), fmt(r.uniform, 3))}`, 'rowmax'));
      }
      const worst = Math.max(...data.map((d) => d.stats.maxRowSumError));
      lines.push(line(t.bothPanels, t.rowSums(fmtTiny(worst))));
      for (const d of data) {
        lines.push(line(t.panelName[d.scale], `${t.formula}: `, 'formula'));
        lines[lines.length - 1]!.append(h('code', {}, formula({ ...s, scale: d.scale })));
      }
      this.compared.replaceChildren(...lines);
    }
    const r = readouts(s, m.stats, m.rowMax);
    this.#rawStd.textContent = t.rawStd(fmt(r.rawStd, 3), fmt(r.sqrtDk, 3));
    this.#scaledStd.textContent = t.scaledStd(fmt(r.scaledStd, 3));
    this.#rowMax.textContent = `${r.rowMax.map((x) => fmt(x, 3)).join(' · ')} — ${t.meanRowMax(fmt(r.meanRowMax, 3), fmt(r.uniform, 3))}`;
    this.#rowSums.textContent = t.rowSums(fmtTiny(r.maxRowSumError));
    this.#formula.textContent = formula(s);
  }
}
