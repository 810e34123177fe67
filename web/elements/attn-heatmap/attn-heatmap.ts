// <attn-heatmap>: the lesson's "drag d_k" picture. The C++ engine computes the
// T×T attention weights from fixed-seed Q, K (first d_k columns of T × dk_max
// draws); this element only parses attributes, paints and reports.
import { AttnElement, define, type Lang } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getEngine, type Engine, type Heatmap, type HeatmapStats } from '../../engine/core/browser';
import { STRINGS, type Strings } from './i18n';
import { SCHEMA, logStops, nearestStop, type HeatmapState, type ParseError, type Scale } from './parse';
import { fmt, numpySnippet } from './readouts';
import type { Panel, PanelData } from './panel';
import { HEATMAP_CSS } from './styles';
import { HeatmapView } from './view';

export type { Scale } from './parse';

/** detail of the `attn-heatmap-change` event, sent after each new matrix is painted. */
export interface AttnHeatmapChangeDetail {
  tokens: number;
  dk: number;
  dkMax: number;
  /** Decimal string, 0 <= seed < 2^64. */
  seed: string;
  scale: Scale;
  causal: boolean;
  /** Fresh copy, tokens × tokens, row-major. */
  weights: Float64Array;
}

export const CHANGE_EVENT = 'attn-heatmap-change';

/** The attributes' properties (parse.ts SCHEMA): each reads the parsed value and writes the attribute. */
export interface AttnHeatmap {
  tokens: number;
  dk: number;
  dkMax: number;
  get seed(): string;
  set seed(v: string | number | bigint);
  scale: Scale;
  causal: boolean;
  compare: boolean;
  logScale: boolean;
  get labels(): string[];
  set labels(v: string | readonly string[] | null);
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AttnHeatmap extends AttnElement<HeatmapState, ParseError> {
  static override attributes = SCHEMA;
  static override engine: () => Promise<Engine> = getEngine;

  #lang: Lang | null = null;
  #t: Strings = STRINGS['zh-CN'];

  readonly #engine = this.engineSlot<Engine>();
  #model: Heatmap | null = null;
  #modelKey = '';
  #computedKey = '';
  #emittedKey = '';
  #main: PanelData | null = null;
  #inputMarked = false;
  #tableTimer: ReturnType<typeof setTimeout> | null = null;
  #hover: { panel: number; n: number } | null = null;
  #snippetShown = '';
  #data: PanelData[] = [];
  readonly #copy = new SnippetControl({
    text: () => this.#v.snippet.textContent ?? '',
    strings: () => this.#t,
    track: (work) => this.track(work),
  });
  // The DOM (view.ts): built at the first render, not when the page defines the element.
  #view: HeatmapView | null = null;
  get #v(): HeatmapView { return this.#view ??= this.#build(); }

  constructor() {
    super(HEATMAP_CSS);
  }

  #build(): HeatmapView {
    const v = new HeatmapView(this.#copy);
    this.root.append(v.status, v.message.el, v.labelsNote, v.body);
    this.#view = v;
    this.#wire();
    return v;
  }

  // --- read-only properties ---------------------------------------------------

  /** Attention weights on screen (selected scale), T×T row-major; a fresh copy. Empty until the engine has run. */
  get weights(): Float64Array { return this.#main ? new Float64Array(this.#main.weights) : new Float64Array(0); }
  /** Scaled scores on screen, masked cells -Infinity; a fresh copy. */
  get scores(): Float64Array { return this.#main ? new Float64Array(this.#main.scores) : new Float64Array(0); }
  /** The errors currently shown for bad attributes (empty when all are valid). */
  get inputErrors(): ParseError[] { return this.attrErrors.map((e) => ({ ...e })); }

  // --- lifecycle -------------------------------------------------------------

  connectedCallback(): void {
    // Start fetching and compiling the engine now, not in the first frame.
    this.#engine.start();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#engine.reset(); // a later reconnect tries to load the engine again
    this.#freeModel();
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = null;
    this.settle();
  }

  /** The screen-reader tables' refresh is part of an update (so is loading the engine). */
  protected override busy(): boolean {
    return this.#tableTimer !== null;
  }

  #freeModel(): void {
    try { this.#model?.delete(); } catch { /* already freed */ }
    this.#model = null;
    this.#modelKey = '';
    this.#computedKey = '';
  }

  // --- controls ----------------------------------------------------------------

  #wire(): void {
    this.#v.slider.addEventListener('input', () => {
      performance.mark('attn-heatmap-input');
      this.#inputMarked = true;
      const v = Number(this.#v.slider.value);
      const dk = this.attrs.logScale ? logStops(this.attrs.dkMax)[v] ?? 1 : v;
      this.#v.dkOut.value = String(dk);
      this.setAttribute('dk', String(dk));
    });
    this.#v.log.addEventListener('change', () => this.toggleAttribute('log-scale', this.#v.log.checked));
    this.#v.scale.addEventListener('change', () => this.setAttribute('scale', this.#v.scale.value));
    this.#v.causal.addEventListener('change', () => this.toggleAttribute('causal', this.#v.causal.checked));
    this.#v.compare.addEventListener('change', () => this.toggleAttribute('compare', this.#v.compare.checked));
    for (const p of this.#v.panels) {
      p.onCell((n, hovered) => {
        if (hovered) this.#hover = { panel: p.index, n };
        this.#showInfo(p, n);
      }, () => {
        this.#hover = null;
        const focused = this.root.activeElement;
        if (focused && p.grid.contains(focused)) this.#showInfo(p, p.active);
        else this.#v.info.textContent = this.#t.cellHint;
      });
    }
  }

  #showInfo(p: Panel, n: number): void {
    const text = p.describe(n, this.#t, this.attrs.labels);
    if (text === null) return;
    this.#v.info.textContent = (this.attrs.compare ? `${p.caption.textContent ?? ''} · ` : '') + text;
    if (n === p.active) p.cells[n]!.setAttribute('aria-label', text);
  }

  // --- render -----------------------------------------------------------------

  protected render(): void {
    const { lang, t, changed } = this.localize(STRINGS);
    if (changed) {
      this.#lang = lang;
      this.#t = t;
      this.#applyStrings();
      this.#computedKey = '';
    }
    this.readAttributes();
    this.#showErrors();
    this.#syncControls();

    if (!this.#engine.value) {
      this.#engine.start();
      this.#v.status.textContent = this.#engine.error ? this.#t.engineFailed(this.#engine.error) : this.#t.loading;
      this.#v.status.hidden = false;
      this.#v.body.hidden = !this.#main; // keep the last picture if there was one
      return;
    }
    this.#v.body.hidden = false;

    try {
      this.#compute();
      this.#v.status.hidden = true;
    } catch (err) {
      // The state was validated, so this should not happen; keep the last picture and say why.
      this.#v.status.textContent = this.#t.engineFailed(err instanceof Error ? err.message : String(err));
      this.#v.status.hidden = false;
      return;
    }
    this.#painted();
  }

  /** The matrix on screen is the one computed last: the benchmark's mark, then the change event. */
  #painted(): void {
    if (this.#inputMarked) {
      this.#inputMarked = false;
      performance.mark('attn-heatmap-painted');
    }
    this.#emitChange();
  }

  #applyStrings(): void {
    const t = this.#t;
    this.#v.dkLabel.textContent = t.dk;
    this.#v.logLabel.textContent = t.logScale;
    this.#v.scaleLabel.textContent = t.scale;
    for (const o of Array.from(this.#v.scale.options)) o.textContent = t.scaleOption[o.value as Scale];
    this.#v.causalLabel.textContent = t.causal;
    this.#v.compareLabel.textContent = t.compare;
    this.#v.reading.textContent = t.reading;
    this.#v.scaleNote.textContent = t.compareFixed;
    this.#v.legendTitle.textContent = t.legend;
    this.#v.legendMasked.textContent = t.legendMasked;
    this.#v.info.textContent = t.cellHint;
    this.#v.readouts.applyStrings(t);
    this.#copy.update();
    this.#copy.reset();
    this.#v.summary.textContent = t.snippetSummary;
    this.#v.body.setAttribute('aria-label', t.title);
  }

  #showErrors(): void {
    const t = this.#t;
    this.#v.message.show(this.attrErrors.map((e) => ({ text: t.error(e), attr: e.attr })));
    const { labels, tokens } = this.attrs;
    const off = labels.length > 0 && labels.length !== tokens;
    this.#v.labelsNote.textContent = off ? t.labelsCount(labels.length, tokens) : '';
    this.#v.labelsNote.hidden = !off;
  }

  #syncControls(): void {
    const s = this.attrs;
    if (s.logScale) {
      const stops = logStops(s.dkMax);
      this.#v.slider.min = '0';
      this.#v.slider.max = String(stops.length - 1);
      this.#v.slider.value = String(nearestStop(stops, s.dk));
    } else {
      this.#v.slider.min = '1';
      this.#v.slider.max = String(s.dkMax);
      this.#v.slider.value = String(s.dk);
    }
    this.#v.slider.setAttribute('aria-valuetext', `d_k = ${s.dk}`);
    this.#v.dkOut.value = String(s.dk);
    this.#v.log.checked = s.logScale;
    this.#v.scale.value = s.scale;
    this.#v.scale.disabled = s.compare;
    this.#v.scaleNote.hidden = !s.compare;
    this.#v.causal.checked = s.causal;
    this.#v.compare.checked = s.compare;
    this.#v.panelBox.classList.toggle('compare', s.compare);
  }

  #compute(): void {
    const engine = this.#engine.value!;
    const s = this.attrs;
    const modelKey = this.changeKey('seed', 'tokens', 'dkMax');
    if (modelKey !== this.#modelKey || !this.#model) {
      this.#freeModel();
      this.#model = engine.createHeatmap(s.seed, s.tokens, s.dkMax);
      this.#modelKey = modelKey;
    }
    // Compare mode always shows the same two panels, whatever the scale menu says.
    const scales: Scale[] = s.compare ? ['none', 'sqrt'] : [s.scale];
    const key = `${this.changeKey('seed', 'tokens', 'dkMax', 'dk', 'causal', 'labels')}|${scales.join(',')}|${this.#lang}`;
    if (key === this.#computedKey) return;
    this.#computedKey = key;

    const model = this.#model;
    const run = (scale: Scale): PanelData => {
      const stats = model.compute(s.dk, scale, s.causal);
      return { scale, stats, weights: model.weights(), scores: model.scores(), raw: model.rawScores(), rowMax: model.rowMax() };
    };
    const data: PanelData[] = scales.map(run);
    // `weights`, `scores` and the change event follow the scale attribute, shown or not.
    this.#main = data.find((d) => d.scale === s.scale) ?? run(s.scale);

    this.#v.panels.forEach((p, idx) => {
      const d = data[idx];
      p.el.hidden = !d;
      if (!d) { p.data = null; return; }
      p.data = d;
      p.build(s.tokens, s.labels);
      p.caption.textContent = this.#t.panelScaled(d.scale);
      p.caption.hidden = !s.compare;
      p.grid.setAttribute('aria-label', this.#t.gridLabel(this.#t.scaleOption[d.scale]));
      p.stat.textContent = `${this.#t.rowMax} · ${this.#t.meanRowMax(fmt(d.stats.meanRowMax, 3), fmt(1 / s.tokens, 3))}`;
      p.stat.hidden = !s.compare;
      p.paint(d);
    });
    this.#data = data;
    this.#updateReadouts();
    const hover = this.#hover;
    const focusedPanel = this.#v.panels.find((p) => p.grid.contains(this.root.activeElement));
    if (hover && this.#v.panels[hover.panel].data) this.#showInfo(this.#v.panels[hover.panel], hover.n);
    else if (focusedPanel) this.#showInfo(focusedPanel, focusedPanel.active);
    this.#scheduleTables();
  }

  #updateReadouts(): void {
    const m = this.#main;
    if (!m) return;
    const s = this.attrs;
    this.#v.readouts.update(s, m, this.#data, this.#t);
    const snippet = numpySnippet(s);
    if (snippet !== this.#snippetShown) {
      this.#snippetShown = snippet;
      this.#v.snippet.textContent = snippet;
      this.#copy.reset();
    }
  }

  /** The screen-reader tables trail the slider a little, so a drag costs one paint per step. */
  #scheduleTables(): void {
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = setTimeout(() => {
      this.#tableTimer = null;
      const s = this.attrs, t = this.#t;
      for (const p of this.#v.panels) {
        if (p.data && !p.el.hidden) p.fillTable(t.tableCaption(s.dk, t.scaleOption[p.data.scale], s.causal), `0 (${t.legendMasked})`);
      }
      this.settle();
    }, 120);
  }

  #emitChange(): void {
    const m = this.#main;
    if (!m) return;
    const s = this.attrs;
    const key = this.changeKey('tokens', 'dk', 'dkMax', 'seed', 'scale', 'causal');
    if (key === this.#emittedKey) return;
    this.#emittedKey = key;
    this.emit(CHANGE_EVENT, {
      tokens: s.tokens, dk: s.dk, dkMax: s.dkMax, seed: s.seed, scale: s.scale, causal: s.causal,
      weights: new Float64Array(m.weights),
    });
  }
}

define('attn-heatmap', AttnHeatmap);

declare global {
  interface HTMLElementTagNameMap {
    'attn-heatmap': AttnHeatmap;
  }
  interface HTMLElementEventMap {
    'attn-heatmap-change': CustomEvent<AttnHeatmapChangeDetail>;
  }
}
