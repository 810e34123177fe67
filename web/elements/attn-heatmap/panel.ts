// One panel of <attn-heatmap>: caption, axes, canvas, the printed values over
// it, the keyboard grid over both (one cell per weight, a roving tabindex;
// each cell draws its gap, and the hatch when masked) and the screen-reader
// table.
import { h } from '../../shared/element';
import type { HeatmapStats } from '../../engine/core/browser';
import { tokenLabel, type Scale } from './parse';
import { fmt } from './readouts';
import { lightInk, paintWeights } from './paint';
import type { Strings } from './i18n';

/** The computed matrices of one panel (one scale). */
export interface PanelData {
  scale: Scale;
  stats: HeatmapStats;
  weights: Float64Array;
  scores: Float64Array;
  raw: Float64Array;
  rowMax: Float64Array;
}

/** One heatmap picture: caption, axes, canvas, keyboard grid and screen-reader table. */
export class Panel {
  readonly el: HTMLElement;
  readonly caption: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly grid: HTMLDivElement;
  /** The printed values, one per cell, shown where a cell is large enough (styles.ts); not read out. */
  readonly valueLayer: HTMLDivElement;
  readonly colhead: HTMLDivElement;
  readonly rowhead: HTMLDivElement;
  readonly corner: HTMLDivElement;
  readonly board: HTMLDivElement;
  readonly stat: HTMLParagraphElement;
  readonly table: HTMLTableElement;
  data: PanelData | null = null;
  cells: HTMLDivElement[] = [];
  // The printed values' text nodes, and what each cell shows now (0 unknown; else 1 + masked + 2 × light ink),
  // so that a step writes to the DOM only where a cell changed.
  #texts: Text[] = [];
  #shownText: string[] = [];
  #shownLook = new Uint8Array(0);
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
    this.valueLayer = h('div', { class: 'values', 'aria-hidden': 'true' });
    this.board = h('div', { class: 'board' }, this.canvas, this.valueLayer, this.grid);
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
      this.#texts = Array.from({ length: T * T }, () => document.createTextNode(''));
      this.#shownText = new Array<string>(T * T).fill('');
      this.#shownLook = new Uint8Array(T * T);
      const values = this.#texts.map((t) => h('span', { class: 'v' }, t));
      this.valueLayer.className = `values t${T}`;
      this.valueLayer.replaceChildren(...Array.from({ length: T }, (_, i) => h('div', {}, ...values.slice(i * T, (i + 1) * T))));
      this.grid.setAttribute('aria-rowcount', String(T));
      this.grid.setAttribute('aria-colcount', String(T));
      this.grid.replaceChildren(...rows);
    }
    // Table skeleton: caption, header row, one row per query (values filled later).
    const head = h('tr', {}, h('th', { scope: 'col' }, 'query \\ key'), ...names.map((n) => h('th', { scope: 'col' }, n)));
    const body = names.map((n) => h('tr', {}, h('th', { scope: 'row' }, n), ...names.map(() => h('td', {}))));
    this.table.replaceChildren(h('caption', {}), h('thead', {}, head), h('tbody', {}, ...body));
  }

  /** Shows `d`: the canvas's pixels, and in the cells the hatch of masked ones and each value with its ink. */
  paint(d: PanelData): void {
    const T = this.T;
    paintWeights(this.canvas, T, d.weights, d.scores);
    for (let n = 0; n < T * T && n < this.cells.length; n++) {
      const masked = d.scores[n] === -Infinity;
      const w = d.weights[n]!;
      const light = !masked && lightInk(w);
      const look = 1 + (masked ? 1 : 0) + (light ? 2 : 0);
      if (look !== this.#shownLook[n]) {
        this.#shownLook[n] = look;
        this.cells[n]!.classList.toggle('masked', masked);
        this.#texts[n]!.parentElement!.classList.toggle('light', light);
      }
      const text = masked ? '' : fmt(w, 2);
      if (text !== this.#shownText[n]) { this.#shownText[n] = text; this.#texts[n]!.data = text; }
    }
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

  /**
   * Calls show(n, hovered) when cell n is hovered, focused or reached with a
   * grid key (which also moves the roving tabindex), and leave() when the
   * pointer leaves the grid.
   */
  onCell(show: (n: number, hovered: boolean) => void, leave: () => void): void {
    this.grid.addEventListener('pointerover', (e) => {
      const n = this.cellIndex(e.target);
      if (n !== null) show(n, true);
    });
    this.grid.addEventListener('pointerleave', leave);
    this.grid.addEventListener('focusin', (e) => {
      const n = this.cellIndex(e.target);
      if (n === null) return;
      if (n !== this.active) this.setActive(n, false);
      show(n, false);
    });
    this.grid.addEventListener('keydown', (e) => {
      const n = this.keyTarget(e);
      if (n === null) return;
      e.preventDefault();
      this.setActive(n, true);
      show(n, false);
    });
  }

  /** What cell n says (query, key, raw and scaled score, weight), or null before its data. */
  describe(n: number, t: Strings, labels: readonly string[]): string | null {
    const d = this.data;
    const T = this.T;
    if (!d || !this.cells[n] || d.weights.length !== T * T) return null;
    const name = (i: number) => (labels[i] ? `${i} (${labels[i]})` : `${i}`);
    const q = name(Math.floor(n / T));
    const k = name(n % T);
    return d.scores[n] === -Infinity
      ? t.cellMasked(q, k, fmt(d.raw[n]!, 3))
      : t.cell(q, k, fmt(d.raw[n]!, 3), fmt(d.scores[n]!, 3), fmt(d.weights[n]!, 4));
  }

  /** The index of the grid cell `target`, or null when it is not one. */
  cellIndex(target: EventTarget | null): number | null {
    if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'gridcell') return null;
    return Number(target.dataset.i) * this.T + Number(target.dataset.j);
  }

  /** The cell a grid key moves the active cell to, or null for a key the grid does not use. */
  keyTarget(e: KeyboardEvent): number | null {
    const T = this.T;
    if (T === 0) return null;
    let i = Math.floor(this.active / T);
    let j = this.active % T;
    switch (e.key) {
      case 'ArrowRight': j = Math.min(T - 1, j + 1); break;
      case 'ArrowLeft': j = Math.max(0, j - 1); break;
      case 'ArrowDown': i = Math.min(T - 1, i + 1); break;
      case 'ArrowUp': i = Math.max(0, i - 1); break;
      case 'Home': j = 0; if (e.ctrlKey) i = 0; break;
      case 'End': j = T - 1; if (e.ctrlKey) i = T - 1; break;
      case 'PageUp': i = 0; break;
      case 'PageDown': i = T - 1; break;
      default: return null;
    }
    return i * T + j;
  }

  /** Writes the weights into the screen-reader table; a masked cell reads `maskedText`. */
  fillTable(caption: string, maskedText: string): void {
    const d = this.data;
    if (!d) return;
    const T = this.T;
    const cap = this.table.querySelector('caption');
    if (cap) cap.textContent = caption;
    const rows = this.table.tBodies[0]?.rows;
    if (!rows) return;
    for (let i = 0; i < T && i < rows.length; i++) {
      const cells = rows[i].cells;
      for (let j = 0; j < T; j++) {
        const td = cells[j + 1];
        if (td) td.textContent = d.scores[i * T + j] === -Infinity ? maskedText : fmt(d.weights[i * T + j], 4);
      }
    }
  }
}
