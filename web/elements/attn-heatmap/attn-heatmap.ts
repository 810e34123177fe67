// <attn-heatmap>: the lesson's "drag d_k" picture. The C++ engine computes the
// T×T attention weights from fixed-seed Q, K (first d_k columns of T × dk_max
// draws); this element only parses attributes, paints and reports.
import { AttnElement, MessageBox, define, h, type Lang } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getEngine, type Engine, type Heatmap, type HeatmapStats } from '../../engine/core/browser';
import { STRINGS, type Strings } from './i18n';
import { DEFAULTS, SCHEMA, logStops, nearestStop, type HeatmapState, type ParseError, type Scale } from './parse';
import { fmt, numpySnippet } from './readouts';
import { ReadoutView } from './readout-view';
import { Panel, type PanelData } from './panel';
import { BoardWatch, Painter, canvasColors } from './paint';
import { HEATMAP_CSS } from './styles';

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
  /** When the canvases are painted, and how wide (paint.ts). */
  readonly #board = new BoardWatch(
    (width) => {
      const colors = canvasColors(this);
      for (const p of this.#panels) if (p.data) this.#painter.paint(p, p.data, colors, width);
    },
    () => { this.#painted(); this.settle(); },
  );
  #snippetShown = '';

  // static parts
  readonly #status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly #message = new MessageBox();
  // Not an error (the picture is right, only names are missing or unused): a quiet note for the author.
  readonly #labelsNote = h('p', { class: 'note', part: 'labels-note', hidden: true });
  readonly #dkLabel = h('label', { for: 'dk' });
  readonly #slider = h('input', { type: 'range', id: 'dk', part: 'slider', min: '1', max: String(DEFAULTS.dkMax), step: '1' });
  readonly #dkOut = h('output', { class: 'dkvalue', for: 'dk', part: 'dk-value' });
  readonly #log = h('input', { type: 'checkbox', id: 'log' });
  readonly #logLabel = h('span');
  readonly #scaleLabel = h('label', { for: 'scale' });
  readonly #scale = h('select', { id: 'scale', part: 'select', 'aria-describedby': 'scale-note' });
  // In compare mode the panels are fixed (unscaled, and divided by √d_k): the menu is off and says why.
  readonly #scaleNote = h('p', { class: 'note', id: 'scale-note', part: 'scale-note', hidden: true });
  readonly #causal = h('input', { type: 'checkbox', id: 'causal' });
  readonly #causalLabel = h('span');
  readonly #compare = h('input', { type: 'checkbox', id: 'compare' });
  readonly #compareLabel = h('span');
  readonly #reading = h('p', { class: 'reading' });
  readonly #panels = [new Panel(0), new Panel(1)];
  readonly #painter = new Painter();
  readonly #panelBox = h('div', { class: 'panels', part: 'panels' });
  readonly #legendTitle = h('span');
  readonly #legendMasked = h('span');
  readonly #info = h('p', { class: 'info', part: 'cell-info', 'aria-live': 'polite' });
  readonly #readouts = new ReadoutView();
  #data: PanelData[] = [];
  readonly #copy = new SnippetControl({
    text: () => this.#snippet.textContent ?? '',
    strings: () => this.#t,
    track: (work) => this.track(work),
  });
  readonly #summary = h('summary');
  readonly #snippet = h('pre', { part: 'snippet' });
  readonly #body = h('div', { class: 'body', role: 'group' });

  constructor() {
    super(HEATMAP_CSS);
    const opts = (['sqrt', 'none', 'dk'] as const).map((s) => h('option', { value: s }));
    this.#scale.append(...opts);
    this.#panelBox.append(this.#panels[0].el, this.#panels[1].el);
    this.#body.append(
      h('div', { class: 'controls', part: 'controls' },
        h('div', { class: 'field dkfield' }, this.#dkLabel, this.#slider, this.#dkOut,
          h('label', { class: 'check' }, this.#log, this.#logLabel)),
        h('div', { class: 'field' }, this.#scaleLabel, this.#scale),
        h('label', { class: 'check' }, this.#causal, this.#causalLabel),
        h('label', { class: 'check' }, this.#compare, this.#compareLabel)),
      this.#scaleNote,
      this.#reading,
      this.#panelBox,
      h('div', { class: 'legend', part: 'legend' },
        h('span', { class: 'ramp' }, this.#legendTitle, h('span', {}, '0'), h('span', { class: 'bar', 'aria-hidden': 'true' }), h('span', {}, '1')),
        h('span', { class: 'ramp' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), this.#legendMasked)),
      this.#info,
      h('div', { class: 'readouts', part: 'readouts' },
        this.#readouts.single,
        this.#readouts.compared),
      h('div', { class: 'copy-row' }, this.#copy.copyButton, this.#copy.status),
      this.#copy.fallback,
      h('details', {}, this.#summary, this.#snippet),
    );
    this.#body.hidden = true;
    this.root.append(this.#status, this.#message.el, this.#labelsNote, this.#body);
    this.#wire();
  }

  // --- read-only properties ---------------------------------------------------

  /** Attention weights on screen (selected scale), T×T row-major; a fresh copy. Empty until the engine has run. */
  get weights(): Float64Array { return this.#main ? new Float64Array(this.#main.weights) : new Float64Array(0); }
  /** Scaled scores on screen, masked cells -Infinity; a fresh copy. */
  get scores(): Float64Array { return this.#main ? new Float64Array(this.#main.scores) : new Float64Array(0); }
  /** The errors currently shown for bad attributes (empty when all are valid). */
  get inputErrors(): ParseError[] { return this.attrErrors.map((e) => ({ ...e })); }

  // --- lifecycle -------------------------------------------------------------

  /** Repaints the canvas (its colours come from the computed style) when the colour scheme flips. */
  readonly #onScheme = () => { this.#computedKey = ''; this.requestRender(); };
  #schemeQuery: MediaQueryList | null = null;

  connectedCallback(): void {
    if (typeof matchMedia === 'function' && !this.#schemeQuery) {
      this.#schemeQuery = matchMedia('(prefers-color-scheme: dark)');
      this.#schemeQuery.addEventListener?.('change', this.#onScheme);
    }
    this.#board.observe(this.#panels[0].board);
    // Start fetching and compiling the engine now, not in the first frame.
    this.#engine.start();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#schemeQuery?.removeEventListener?.('change', this.#onScheme);
    this.#schemeQuery = null;
    this.#engine.reset(); // a later reconnect tries to load the engine again
    this.#board.disconnect();
    this.#freeModel();
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = null;
    this.settle();
  }

  /** The screen-reader tables' refresh is part of an update (so is loading the engine). */
  protected override busy(): boolean {
    return this.#tableTimer !== null || this.#board.due;
  }

  #freeModel(): void {
    try { this.#model?.delete(); } catch { /* already freed */ }
    this.#model = null;
    this.#modelKey = '';
    this.#computedKey = '';
  }

  // --- controls ----------------------------------------------------------------

  #wire(): void {
    this.#slider.addEventListener('input', () => {
      performance.mark('attn-heatmap-input');
      this.#inputMarked = true;
      const v = Number(this.#slider.value);
      const dk = this.attrs.logScale ? logStops(this.attrs.dkMax)[v] ?? 1 : v;
      this.#dkOut.value = String(dk);
      this.setAttribute('dk', String(dk));
    });
    this.#log.addEventListener('change', () => this.toggleAttribute('log-scale', this.#log.checked));
    this.#scale.addEventListener('change', () => this.setAttribute('scale', this.#scale.value));
    this.#causal.addEventListener('change', () => this.toggleAttribute('causal', this.#causal.checked));
    this.#compare.addEventListener('change', () => this.toggleAttribute('compare', this.#compare.checked));
    for (const p of this.#panels) {
      p.onCell((n, hovered) => {
        if (hovered) this.#hover = { panel: p.index, n };
        this.#showInfo(p, n);
      }, () => {
        this.#hover = null;
        const focused = this.root.activeElement;
        if (focused && p.grid.contains(focused)) this.#showInfo(p, p.active);
        else this.#info.textContent = this.#t.cellHint;
      });
    }
  }

  #showInfo(p: Panel, n: number): void {
    const text = p.describe(n, this.#t, this.attrs.labels);
    if (text === null) return;
    this.#info.textContent = (this.attrs.compare ? `${p.caption.textContent ?? ''} · ` : '') + text;
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
      this.#status.textContent = this.#engine.error ? this.#t.engineFailed(this.#engine.error) : this.#t.loading;
      this.#status.hidden = false;
      this.#body.hidden = !this.#main; // keep the last picture if there was one
      return;
    }
    this.#body.hidden = false;

    try {
      this.#compute();
      this.#status.hidden = true;
    } catch (err) {
      // The state was validated, so this should not happen; keep the last picture and say why.
      this.#status.textContent = this.#t.engineFailed(err instanceof Error ? err.message : String(err));
      this.#status.hidden = false;
      return;
    }
    // A first paint waits for the board's width: the event follows it (BoardWatch).
    if (!this.#board.due) this.#painted();
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
    this.#dkLabel.textContent = t.dk;
    this.#logLabel.textContent = t.logScale;
    this.#scaleLabel.textContent = t.scale;
    for (const o of Array.from(this.#scale.options)) o.textContent = t.scaleOption[o.value as Scale];
    this.#causalLabel.textContent = t.causal;
    this.#compareLabel.textContent = t.compare;
    this.#reading.textContent = t.reading;
    this.#scaleNote.textContent = t.compareFixed;
    this.#legendTitle.textContent = t.legend;
    this.#legendMasked.textContent = t.legendMasked;
    this.#info.textContent = t.cellHint;
    this.#readouts.applyStrings(t);
    this.#copy.update();
    this.#copy.reset();
    this.#summary.textContent = t.snippetSummary;
    this.#body.setAttribute('aria-label', t.title);
  }

  #showErrors(): void {
    const t = this.#t;
    this.#message.show(this.attrErrors.map((e) => ({ text: t.error(e), attr: e.attr })));
    const { labels, tokens } = this.attrs;
    const off = labels.length > 0 && labels.length !== tokens;
    this.#labelsNote.textContent = off ? t.labelsCount(labels.length, tokens) : '';
    this.#labelsNote.hidden = !off;
  }

  #syncControls(): void {
    const s = this.attrs;
    if (s.logScale) {
      const stops = logStops(s.dkMax);
      this.#slider.min = '0';
      this.#slider.max = String(stops.length - 1);
      this.#slider.value = String(nearestStop(stops, s.dk));
    } else {
      this.#slider.min = '1';
      this.#slider.max = String(s.dkMax);
      this.#slider.value = String(s.dk);
    }
    this.#slider.setAttribute('aria-valuetext', `d_k = ${s.dk}`);
    this.#dkOut.value = String(s.dk);
    this.#log.checked = s.logScale;
    this.#scale.value = s.scale;
    this.#scale.disabled = s.compare;
    this.#scaleNote.hidden = !s.compare;
    this.#causal.checked = s.causal;
    this.#compare.checked = s.compare;
    this.#panelBox.classList.toggle('compare', s.compare);
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
    if (key === this.#computedKey) {
      // Only the board's width changed (a phone's first frame): the same weights, painted again.
      this.#board.refresh();
      return;
    }
    this.#computedKey = key;

    const model = this.#model;
    const run = (scale: Scale): PanelData => {
      const stats = model.compute(s.dk, scale, s.causal);
      return { scale, stats, weights: model.weights(), scores: model.scores(), raw: model.rawScores(), rowMax: model.rowMax() };
    };
    const data: PanelData[] = scales.map(run);
    // `weights`, `scores` and the change event follow the scale attribute, shown or not.
    this.#main = data.find((d) => d.scale === s.scale) ?? run(s.scale);

    this.#panels.forEach((p, idx) => {
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
    });
    this.#board.request();
    this.#data = data;
    this.#updateReadouts();
    const hover = this.#hover;
    const focusedPanel = this.#panels.find((p) => p.grid.contains(this.root.activeElement));
    if (hover && this.#panels[hover.panel].data) this.#showInfo(this.#panels[hover.panel], hover.n);
    else if (focusedPanel) this.#showInfo(focusedPanel, focusedPanel.active);
    this.#scheduleTables();
  }

  #updateReadouts(): void {
    const m = this.#main;
    if (!m) return;
    const s = this.attrs;
    this.#readouts.update(s, m, this.#data, this.#t);
    const snippet = numpySnippet(s);
    if (snippet !== this.#snippetShown) {
      this.#snippetShown = snippet;
      this.#snippet.textContent = snippet;
      this.#copy.reset();
    }
  }

  /** The screen-reader tables trail the slider a little, so a drag costs one paint per step. */
  #scheduleTables(): void {
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = setTimeout(() => {
      this.#tableTimer = null;
      const s = this.attrs, t = this.#t;
      for (const p of this.#panels) {
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
