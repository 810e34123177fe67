// <attn-heatmap>: the lesson's "drag d_k" picture. The C++ engine computes the
// T×T attention weights from fixed-seed Q, K (first d_k columns of T × dk_max
// draws); this element only parses attributes, paints and reports.
import { AttnElement, define, h, resolveLang, type Lang } from '../../shared/element';
import { getEngine, type Engine, type Heatmap, type HeatmapStats } from '../../engine/browser';
import { STRINGS, type Strings } from './i18n';
import {
  DEFAULTS, logStops, nearestStop, resolveState, tokenLabel,
  type HeatmapState, type ParseError, type Scale,
} from './parse';
import { buildLut, fmt, fmtTiny, formula, lutIndex, numpySnippet, readouts } from './readouts';
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

const OBSERVED = ['tokens', 'dk', 'dk-max', 'seed', 'scale', 'causal', 'compare', 'lang', 'labels', 'log-scale'] as const;

let lut: ReturnType<typeof buildLut> | null = null;

/** The computed matrices of one panel (one scale). */
interface PanelData {
  scale: Scale;
  stats: HeatmapStats;
  weights: Float64Array;
  scores: Float64Array;
  raw: Float64Array;
  rowMax: Float64Array;
}

/** One heatmap picture: caption, axes, canvas, keyboard grid and screen-reader table. */
class Panel {
  readonly el: HTMLElement;
  readonly caption: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly grid: HTMLDivElement;
  readonly colhead: HTMLDivElement;
  readonly rowhead: HTMLDivElement;
  readonly corner: HTMLDivElement;
  readonly board: HTMLDivElement;
  readonly stat: HTMLParagraphElement;
  readonly table: HTMLTableElement;
  data: PanelData | null = null;
  cells: HTMLDivElement[] = [];
  T = 0;
  labelsKey = '';
  active = 0;

  constructor(readonly index: number) {
    this.caption = h('figcaption', { part: 'panel-title' });
    this.canvas = h('canvas', { part: 'canvas', 'aria-hidden': 'true' });
    this.grid = h('div', { class: 'cells', role: 'grid', part: 'grid' });
    this.colhead = h('div', { class: 'colhead', 'aria-hidden': 'true', part: 'axis' });
    this.rowhead = h('div', { class: 'rowhead', 'aria-hidden': 'true', part: 'axis' });
    this.corner = h('div', { class: 'corner', 'aria-hidden': 'true' }, 'q \\ k');
    this.board = h('div', { class: 'board' }, this.canvas, this.grid);
    this.stat = h('p', { class: 'pstat' });
    this.table = h('table', { part: 'table' });
    this.el = h('figure', { class: 'panel', part: 'panel' }, this.caption,
      h('div', { class: 'plot' }, this.corner, this.colhead, this.rowhead, this.board), this.stat,
      // a wrapper clips the table: a table's own width never drops below its content
      h('div', { class: 'sr-only' }, this.table));
  }

  /** Rebuilds axes, grid cells and table skeleton when T or the labels change. */
  build(T: number, labels: readonly string[]): void {
    const key = `${T}|${labels.join('\u0000')}`;
    if (key === this.labelsKey) return;
    this.labelsKey = key;
    const sameT = T === this.T;
    this.T = T;
    const names = Array.from({ length: T }, (_, i) => tokenLabel(labels, i));
    this.colhead.replaceChildren(...names.map((n) => h('span', { title: n }, n)));
    this.rowhead.replaceChildren(...names.map((n) => h('span', { title: n }, n)));
    if (!sameT) {
      if (this.active >= T * T) this.active = 0;
      this.cells = [];
      const rows: HTMLDivElement[] = [];
      for (let i = 0; i < T; i++) {
        const row = h('div', { role: 'row' });
        for (let j = 0; j < T; j++) {
          const n = i * T + j;
          const cell = h('div', {
            role: 'gridcell', tabindex: n === this.active ? '0' : '-1',
            'data-i': String(i), 'data-j': String(j), 'aria-rowindex': String(i + 1), 'aria-colindex': String(j + 1),
          });
          if (n === this.active) cell.classList.add('active');
          this.cells.push(cell);
          row.append(cell);
        }
        rows.push(row);
      }
      this.grid.setAttribute('aria-rowcount', String(T));
      this.grid.setAttribute('aria-colcount', String(T));
      this.grid.replaceChildren(...rows);
    }
    // Table skeleton: caption, header row, one row per query (values filled later).
    const head = h('tr', {}, h('th', { scope: 'col' }, 'query \\ key'), ...names.map((n) => h('th', { scope: 'col' }, n)));
    const body = names.map((n) => h('tr', {}, h('th', { scope: 'row' }, n), ...names.map(() => h('td', {}))));
    this.table.replaceChildren(h('caption', {}), h('thead', {}, head), h('tbody', {}, ...body));
  }

  /** Moves the roving tabindex to cell n. */
  setActive(n: number, focus: boolean): void {
    const old = this.cells[this.active];
    if (old) { old.tabIndex = -1; old.classList.remove('active'); old.removeAttribute('aria-label'); }
    this.active = n;
    const cell = this.cells[n];
    if (!cell) return;
    cell.tabIndex = 0;
    cell.classList.add('active');
    if (focus) cell.focus();
  }
}

export class AttnHeatmap extends AttnElement {
  static get observedAttributes(): string[] {
    return [...OBSERVED];
  }

  /** Where the engine comes from; tests may replace it before the element connects. */
  static engineLoader: () => Promise<Engine> = getEngine;

  #state: HeatmapState = { ...DEFAULTS, labels: [] };
  #errors: ParseError[] = [];
  #lang: Lang | null = null;
  #t: Strings = STRINGS['zh-CN'];

  #engine: Engine | null = null;
  #engineError: string | null = null;
  #loading = false;
  #model: Heatmap | null = null;
  #modelKey = '';
  #computedKey = '';
  #emittedKey = '';
  #main: PanelData | null = null;
  #inputMarked = false;
  #tableTimer: ReturnType<typeof setTimeout> | null = null;
  #hover: { panel: number; n: number } | null = null;
  #boardSize = 0;
  #resize: ResizeObserver | null = null;
  #snippetShown = '';

  // static parts
  readonly #status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly #message = h('div', { class: 'message', part: 'message', role: 'alert', hidden: true });
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
  readonly #panelBox = h('div', { class: 'panels', part: 'panels' });
  readonly #legendTitle = h('span');
  readonly #legendMasked = h('span');
  readonly #info = h('p', { class: 'info', part: 'cell-info', 'aria-live': 'polite' });
  readonly #rawStd = h('p', { class: 'std' });
  readonly #scaledStd = h('p', { class: 'std' });
  readonly #rowMaxTitle = h('span');
  readonly #rowMax = h('p', { class: 'rowmax' });
  readonly #rowSums = h('p', { class: 'rowsums' });
  readonly #formulaTitle = h('span');
  readonly #formula = h('code');
  readonly #single = h('div', { class: 'single' });
  /** Compare mode: the readouts, one line per panel, each named after its panel. */
  readonly #compared = h('div', { class: 'compared', part: 'compare-readouts', hidden: true });
  #data: PanelData[] = [];
  readonly #copyBtn = h('button', { type: 'button', part: 'copy-button' });
  readonly #copyStatus = h('span', { class: 'copystatus', role: 'status' });
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
        this.#single,
        this.#compared),
      h('div', { class: 'copy' }, this.#copyBtn, this.#copyStatus),
      h('details', {}, this.#summary, this.#snippet),
    );
    this.#single.append(this.#rawStd, this.#scaledStd,
      h('p', {}, this.#rowMaxTitle, this.#rowMax), this.#rowSums,
      h('p', { class: 'formula' }, this.#formulaTitle, ' ', this.#formula));
    this.#body.hidden = true;
    this.root.append(this.#status, this.#message, this.#labelsNote, this.#body);
    this.#wire();
  }

  // --- attributes reflected as properties ----------------------------------

  get tokens(): number { return this.#state.tokens; }
  set tokens(v: number) { this.setAttribute('tokens', String(v)); }
  get dk(): number { return this.#state.dk; }
  set dk(v: number) { this.setAttribute('dk', String(v)); }
  get dkMax(): number { return this.#state.dkMax; }
  set dkMax(v: number) { this.setAttribute('dk-max', String(v)); }
  get seed(): string { return this.#state.seed; }
  set seed(v: string | number | bigint) { this.setAttribute('seed', String(v)); }
  get scale(): Scale { return this.#state.scale; }
  set scale(v: Scale) { this.setAttribute('scale', String(v)); }
  get causal(): boolean { return this.#state.causal; }
  set causal(v: boolean) { this.toggleAttribute('causal', Boolean(v)); }
  get compare(): boolean { return this.#state.compare; }
  set compare(v: boolean) { this.toggleAttribute('compare', Boolean(v)); }
  get logScale(): boolean { return this.#state.logScale; }
  set logScale(v: boolean) { this.toggleAttribute('log-scale', Boolean(v)); }
  get labels(): string[] { return [...this.#state.labels]; }
  set labels(v: string | readonly string[] | null) {
    if (v === null) this.removeAttribute('labels');
    else this.setAttribute('labels', typeof v === 'string' ? v : v.join(','));
  }

  /** Attention weights on screen (selected scale), T×T row-major; a fresh copy. Empty until the engine has run. */
  get weights(): Float64Array { return this.#main ? new Float64Array(this.#main.weights) : new Float64Array(0); }
  /** Scaled scores on screen, masked cells -Infinity; a fresh copy. */
  get scores(): Float64Array { return this.#main ? new Float64Array(this.#main.scores) : new Float64Array(0); }
  /** The errors currently shown for bad attributes (empty when all are valid). */
  get inputErrors(): ParseError[] { return this.#errors.map((e) => ({ ...e })); }

  // --- lifecycle -------------------------------------------------------------

  /** Repaints the canvas (its colours come from the computed style) when the colour scheme flips. */
  readonly #onScheme = () => { this.#computedKey = ''; this.requestRender(); };
  #schemeQuery: MediaQueryList | null = null;

  connectedCallback(): void {
    if (typeof matchMedia === 'function' && !this.#schemeQuery) {
      this.#schemeQuery = matchMedia('(prefers-color-scheme: dark)');
      this.#schemeQuery.addEventListener?.('change', this.#onScheme);
    }
    if (typeof ResizeObserver === 'function' && !this.#resize) {
      this.#resize = new ResizeObserver((entries) => {
        const w = Math.round(entries[0]?.contentRect.width ?? 0);
        if (w !== this.#boardSize) { this.#boardSize = w; this.#computedKey = ''; this.requestRender(); }
      });
      this.#resize.observe(this.#panels[0].board);
    }
    // Start fetching and compiling the engine now, not in the first frame.
    this.#loadEngine();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#schemeQuery?.removeEventListener?.('change', this.#onScheme);
    this.#schemeQuery = null;
    this.#engineError = null; // a later reconnect tries to load the engine again
    this.#resize?.disconnect();
    this.#resize = null;
    this.#freeModel();
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = null;
    this.settle();
  }

  /** Loading the engine and the screen-reader tables' refresh are part of an update. */
  protected override busy(): boolean {
    return this.#loading || this.#tableTimer !== null;
  }

  #freeModel(): void {
    try { this.#model?.delete(); } catch { /* already freed */ }
    this.#model = null;
    this.#modelKey = '';
    this.#computedKey = '';
  }

  #loadEngine(): void {
    if (this.#loading || this.#engine || this.#engineError !== null) return;
    this.#loading = true;
    this.#engineError = null;
    AttnHeatmap.engineLoader().then(
      (engine) => { this.#engine = engine; this.#loading = false; this.requestRender(); },
      (err: unknown) => {
        this.#loading = false;
        this.#engineError = err instanceof Error ? err.message : String(err);
        this.requestRender();
      },
    );
  }

  // --- controls ----------------------------------------------------------------

  #wire(): void {
    this.#slider.addEventListener('input', () => {
      performance.mark('attn-heatmap-input');
      this.#inputMarked = true;
      const v = Number(this.#slider.value);
      const dk = this.#state.logScale ? logStops(this.#state.dkMax)[v] ?? 1 : v;
      this.#dkOut.value = String(dk);
      this.setAttribute('dk', String(dk));
    });
    this.#log.addEventListener('change', () => this.toggleAttribute('log-scale', this.#log.checked));
    this.#scale.addEventListener('change', () => this.setAttribute('scale', this.#scale.value));
    this.#causal.addEventListener('change', () => this.toggleAttribute('causal', this.#causal.checked));
    this.#compare.addEventListener('change', () => this.toggleAttribute('compare', this.#compare.checked));
    this.#copyBtn.addEventListener('click', () => this.track(() => this.#copy()));
    for (const p of this.#panels) {
      p.grid.addEventListener('pointerover', (e) => {
        const n = this.#cellIndex(p, e.target);
        if (n !== null) { this.#hover = { panel: p.index, n }; this.#showInfo(p, n); }
      });
      p.grid.addEventListener('pointerleave', () => {
        this.#hover = null;
        const focused = this.root.activeElement;
        if (focused && p.grid.contains(focused)) this.#showInfo(p, p.active);
        else this.#info.textContent = this.#t.cellHint;
      });
      p.grid.addEventListener('focusin', (e) => {
        const n = this.#cellIndex(p, e.target);
        if (n === null) return;
        if (n !== p.active) p.setActive(n, false);
        this.#showInfo(p, n);
      });
      p.grid.addEventListener('keydown', (e) => this.#onKey(p, e));
    }
  }

  #cellIndex(p: Panel, target: EventTarget | null): number | null {
    if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'gridcell') return null;
    return Number(target.dataset.i) * p.T + Number(target.dataset.j);
  }

  #onKey(p: Panel, e: KeyboardEvent): void {
    const T = p.T;
    if (T === 0) return;
    let i = Math.floor(p.active / T);
    let j = p.active % T;
    switch (e.key) {
      case 'ArrowRight': j = Math.min(T - 1, j + 1); break;
      case 'ArrowLeft': j = Math.max(0, j - 1); break;
      case 'ArrowDown': i = Math.min(T - 1, i + 1); break;
      case 'ArrowUp': i = Math.max(0, i - 1); break;
      case 'Home': j = 0; if (e.ctrlKey) i = 0; break;
      case 'End': j = T - 1; if (e.ctrlKey) i = T - 1; break;
      case 'PageUp': i = 0; break;
      case 'PageDown': i = T - 1; break;
      default: return;
    }
    e.preventDefault();
    p.setActive(i * T + j, true);
    this.#showInfo(p, i * T + j);
  }

  #showInfo(p: Panel, n: number): void {
    const d = p.data;
    const cell = p.cells[n];
    if (!d || !cell || d.weights.length !== p.T * p.T) return;
    const T = p.T;
    const i = Math.floor(n / T);
    const j = n % T;
    const q = `${i}${this.#labelSuffix(i)}`;
    const k = `${j}${this.#labelSuffix(j)}`;
    const text = d.scores[n] === -Infinity
      ? this.#t.cellMasked(q, k, fmt(d.raw[n], 3))
      : this.#t.cell(q, k, fmt(d.raw[n], 3), fmt(d.scores[n], 3), fmt(d.weights[n], 4));
    const prefix = this.#state.compare ? `${p.caption.textContent ?? ''} · ` : '';
    this.#info.textContent = prefix + text;
    if (n === p.active) cell.setAttribute('aria-label', text);
  }

  #labelSuffix(i: number): string {
    const l = this.#state.labels[i];
    return l ? ` (${l})` : '';
  }

  async #copy(): Promise<void> {
    const text = this.#snippet.textContent ?? '';
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      this.#copyStatus.textContent = this.#t.copied;
    } catch {
      this.#copyStatus.textContent = this.#t.copyFailed;
      const details = this.#snippet.parentElement;
      if (details instanceof HTMLDetailsElement) details.open = true;
    }
  }

  // --- render -----------------------------------------------------------------

  protected render(): void {
    const lang = resolveLang(this);
    if (lang !== this.#lang) {
      this.#lang = lang;
      this.#t = STRINGS[lang];
      this.#applyStrings();
      this.#computedKey = '';
    }
    const { state, errors } = resolveState((n) => this.getAttribute(n), this.#state);
    this.#state = state;
    this.#errors = errors;
    this.#showErrors();
    this.#syncControls();

    if (!this.#engine) {
      this.#loadEngine();
      this.#status.textContent = this.#engineError ? this.#t.engineFailed(this.#engineError) : this.#t.loading;
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
    this.#rowMaxTitle.textContent = `${t.rowMax}: `;
    this.#formulaTitle.textContent = `${t.formula}:`;
    this.#copyBtn.textContent = t.copy;
    this.#copyStatus.textContent = '';
    this.#summary.textContent = t.snippetSummary;
    this.#body.setAttribute('aria-label', t.title);
  }

  #showErrors(): void {
    const t = this.#t;
    this.#message.replaceChildren(...this.#errors.map((e) => h('p', { 'data-attr': e.attr }, t.error(e))));
    this.#message.hidden = this.#errors.length === 0;
    const { labels, tokens } = this.#state;
    const off = labels.length > 0 && labels.length !== tokens;
    this.#labelsNote.textContent = off ? t.labelsCount(labels.length, tokens) : '';
    this.#labelsNote.hidden = !off;
  }

  #syncControls(): void {
    const s = this.#state;
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
    const engine = this.#engine!;
    const s = this.#state;
    const modelKey = `${s.seed}|${s.tokens}|${s.dkMax}`;
    if (modelKey !== this.#modelKey || !this.#model) {
      this.#freeModel();
      this.#model = engine.createHeatmap(s.seed, s.tokens, s.dkMax);
      this.#modelKey = modelKey;
    }
    // Compare mode always shows the same two panels, whatever the scale menu says.
    const scales: Scale[] = s.compare ? ['none', 'sqrt'] : [s.scale];
    const key = `${modelKey}|${s.dk}|${scales.join(',')}|${s.causal}|${this.#lang}|${s.labels.join('\u0000')}`;
    if (key === this.#computedKey) return;
    this.#computedKey = key;

    const model = this.#model;
    const run = (scale: Scale): PanelData => {
      const stats = model.compute(s.dk, scale, s.causal);
      return { scale, stats, weights: model.weights(), scores: model.scores(), raw: model.rawScores(), rowMax: model.rowMax() };
    };
    const data: PanelData[] = scales.map(run);
    this.#data = data;
    // `weights`, `scores` and the change event follow the scale attribute, shown or not.
    this.#main = data.find((d) => d.scale === s.scale) ?? run(s.scale);

    const colors = this.#colors();
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
      this.#paint(p, d, colors);
    });
    this.#updateReadouts();
    const hover = this.#hover;
    const focusedPanel = this.#panels.find((p) => p.grid.contains(this.root.activeElement));
    if (hover && this.#panels[hover.panel].data) this.#showInfo(this.#panels[hover.panel], hover.n);
    else if (focusedPanel) this.#showInfo(focusedPanel, focusedPanel.active);
    this.#scheduleTables();
  }

  #colors(): { bg: string; masked: string; hatch: string } {
    const cs = getComputedStyle(this);
    const get = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
    return { bg: get('--_bg', '#ffffff'), masked: get('--_masked', '#ffffff'), hatch: get('--_hatch', '#5f6672') };
  }

  #paint(p: Panel, d: PanelData, colors: { bg: string; masked: string; hatch: string }): void {
    const T = p.T;
    const css = this.#boardSize || p.board.clientWidth || 352;
    const dpr = Math.max(1, Math.min(4, globalThis.devicePixelRatio || 1));
    const W = Math.max(T, Math.round(css * dpr));
    if (p.canvas.width !== W || p.canvas.height !== W) { p.canvas.width = W; p.canvas.height = W; }
    const ctx = p.canvas.getContext('2d');
    if (!ctx) return;
    lut ??= buildLut();
    ctx.fillStyle = colors.bg;
    ctx.fillRect(0, 0, W, W);
    const gap = W / T >= 6 * dpr ? Math.max(1, Math.round(dpr)) : 0;
    const hatch = this.#hatchPattern(ctx, dpr, colors);
    const cellCss = css / T;
    const showValues = cellCss >= 34;
    if (showValues) {
      ctx.font = `${Math.round(Math.min(13, cellCss * 0.3) * dpr)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
    }
    for (let i = 0; i < T; i++) {
      const y0 = Math.round((i * W) / T);
      const y1 = Math.round(((i + 1) * W) / T);
      for (let j = 0; j < T; j++) {
        const n = i * T + j;
        const x0 = Math.round((j * W) / T);
        const x1 = Math.round(((j + 1) * W) / T);
        const masked = d.scores[n] === -Infinity;
        if (masked) {
          ctx.fillStyle = colors.masked;
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
          ctx.fillStyle = hatch ?? colors.hatch;
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
        } else {
          const li = lutIndex(d.weights[n]);
          ctx.fillStyle = lut.fill[li];
          ctx.fillRect(x0, y0, x1 - x0 - gap, y1 - y0 - gap);
          if (showValues) {
            ctx.fillStyle = lut.ink[li];
            ctx.fillText(fmt(d.weights[n], 2), (x0 + x1 - gap) / 2, (y0 + y1 - gap) / 2);
          }
        }
      }
    }
  }

  #pattern: { key: string; pattern: CanvasPattern | null } | null = null;

  #hatchPattern(ctx: CanvasRenderingContext2D, dpr: number, colors: { masked: string; hatch: string }): CanvasPattern | null {
    const key = `${dpr}|${colors.masked}|${colors.hatch}`;
    if (this.#pattern?.key === key) return this.#pattern.pattern;
    const size = Math.max(4, Math.round(5 * dpr));
    const tile = document.createElement('canvas');
    tile.width = size;
    tile.height = size;
    const t = tile.getContext('2d');
    let pattern: CanvasPattern | null = null;
    if (t) {
      t.fillStyle = colors.masked;
      t.fillRect(0, 0, size, size);
      t.strokeStyle = colors.hatch;
      t.lineWidth = Math.max(1, 1.3 * dpr);
      t.beginPath();
      // diagonal lines that tile seamlessly
      t.moveTo(0, size); t.lineTo(size, 0);
      t.moveTo(-size / 2, size / 2); t.lineTo(size / 2, -size / 2);
      t.moveTo(size / 2, size * 1.5); t.lineTo(size * 1.5, size / 2);
      t.stroke();
      pattern = ctx.createPattern(tile, 'repeat');
    }
    this.#pattern = { key, pattern };
    return pattern;
  }

  #updateReadouts(): void {
    const m = this.#main;
    if (!m) return;
    const s = this.#state;
    const t = this.#t;
    this.#single.hidden = s.compare;
    this.#compared.hidden = !s.compare;
    if (s.compare) {
      // Every line says which panel it describes: the raw scores are shared, the rest is per panel.
      const line = (who: string, text: string, cls?: string) => h('p', cls ? { class: cls } : {}, h('strong', {}, `${who} · `), text);
      const first = this.#data[0];
      const lines: HTMLElement[] = [];
      if (first) {
        const r0 = readouts({ ...s, scale: first.scale }, first.stats, first.rowMax);
        lines.push(line(t.bothPanels, t.rawStd(fmt(r0.rawStd, 3), fmt(r0.sqrtDk, 3))));
      }
      for (const d of this.#data) {
        const r = readouts({ ...s, scale: d.scale }, d.stats, d.rowMax);
        const who = t.panelName[d.scale];
        if (d.scale !== 'none') lines.push(line(who, t.scaledStd(fmt(r.scaledStd, 3))));
        lines.push(line(who, `${t.rowMax}: ${r.rowMax.map((x) => fmt(x, 3)).join(' · ')} — ${t.meanRowMax(fmt(r.meanRowMax, 3), fmt(r.uniform, 3))}`, 'rowmax'));
      }
      const worst = Math.max(...this.#data.map((d) => d.stats.maxRowSumError));
      lines.push(line(t.bothPanels, t.rowSums(fmtTiny(worst))));
      for (const d of this.#data) {
        lines.push(line(t.panelName[d.scale], `${t.formula}: `, 'formula'));
        lines[lines.length - 1]!.append(h('code', {}, formula({ ...s, scale: d.scale })));
      }
      this.#compared.replaceChildren(...lines);
    }
    const r = readouts(s, m.stats, m.rowMax);
    this.#rawStd.textContent = t.rawStd(fmt(r.rawStd, 3), fmt(r.sqrtDk, 3));
    this.#scaledStd.textContent = t.scaledStd(fmt(r.scaledStd, 3));
    this.#rowMax.textContent = `${r.rowMax.map((x) => fmt(x, 3)).join(' · ')} — ${t.meanRowMax(fmt(r.meanRowMax, 3), fmt(r.uniform, 3))}`;
    this.#rowSums.textContent = t.rowSums(fmtTiny(r.maxRowSumError));
    this.#formula.textContent = formula(s);
    const snippet = numpySnippet(s);
    if (snippet !== this.#snippetShown) {
      this.#snippetShown = snippet;
      this.#snippet.textContent = snippet;
      this.#copyStatus.textContent = '';
    }
  }

  /** The screen-reader tables trail the slider a little, so a drag costs one paint per step. */
  #scheduleTables(): void {
    if (this.#tableTimer !== null) clearTimeout(this.#tableTimer);
    this.#tableTimer = setTimeout(() => {
      this.#tableTimer = null;
      this.#fillTables();
      this.settle();
    }, 120);
  }

  #fillTables(): void {
    const s = this.#state;
    for (const p of this.#panels) {
      const d = p.data;
      if (!d || p.el.hidden) continue;
      const T = p.T;
      const caption = p.table.querySelector('caption');
      if (caption) caption.textContent = this.#t.tableCaption(s.dk, this.#t.scaleOption[d.scale], s.causal);
      const rows = p.table.tBodies[0]?.rows;
      if (!rows) continue;
      for (let i = 0; i < T && i < rows.length; i++) {
        const cells = rows[i].cells;
        for (let j = 0; j < T; j++) {
          const td = cells[j + 1];
          if (td) td.textContent = d.scores[i * T + j] === -Infinity ? `0 (${this.#t.legendMasked})` : fmt(d.weights[i * T + j], 4);
        }
      }
    }
  }

  #emitChange(): void {
    const m = this.#main;
    if (!m) return;
    const s = this.#state;
    const key = `${s.tokens}|${s.dk}|${s.dkMax}|${s.seed}|${s.scale}|${s.causal}`;
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
