// The DOM of <attn-heads>: its status line, message box and body with the
// shapes, the B × H grid of small weight heatmaps (a role="grid" with a roving
// tabindex, each head's weights in its label for screen readers), the number
// tables, the verdict, the fused kernel's steps and the code. The element
// builds it at its first render, not in its constructor: the page defines the
// element in one task, and every <attn-heads> on the page is constructed in it.
import { MessageBox, h } from '../../shared/element';
import type { SnippetControl } from '../../shared/snippet-control';
import { BLANK } from '../../shared/blank';
import { fmt4 } from './parse';

export interface GridText {
  headName: (b: number, h: number) => string;
  headCell: (b: number, h: number, rows: string) => string;
  weightRow: (i: number, values: string) => string;
}

/** The B × H heads, each a T × T mini heatmap; one is active (focusable) and selected. */
export class HeadGrid {
  readonly el = h('div', { class: 'heads', role: 'grid', part: 'heads' });
  #cells: HTMLElement[] = [];
  #minis: HTMLSpanElement[][] = [];
  #key = '';
  B = 0;
  H = 0;
  active = 0;

  constructor(readonly onSelect: (b: number, h: number, focus: boolean) => void) {
    this.el.addEventListener('keydown', (e) => this.#onKey(e));
    this.el.addEventListener('click', (e) => {
      const cell = (e.target as HTMLElement | null)?.closest('[role="gridcell"]') as HTMLElement | null;
      if (!cell) return;
      const n = this.#cells.indexOf(cell);
      if (n >= 0) this.onSelect(Math.floor(n / this.H), n % this.H, true);
    });
  }

  /** Rebuilds the cells when B, H or T change. */
  build(B: number, H: number, T: number): void {
    const key = `${B},${H},${T}`;
    if (key === this.#key) return;
    this.#key = key;
    this.B = B;
    this.H = H;
    if (this.active >= B * H) this.active = 0;
    this.#cells = [];
    this.#minis = [];
    const rows: HTMLElement[] = [];
    for (let b = 0; b < B; b++) {
      const row = h('div', { role: 'row' });
      for (let hd = 0; hd < H; hd++) {
        const n = b * H + hd;
        const spans = Array.from({ length: T * T }, () => h('span'));
        const mini = h('span', { class: 'mini', 'aria-hidden': 'true' }, ...spans);
        mini.style.setProperty('grid-template-columns', `repeat(${T}, 1fr)`);
        const name = h('span', { class: 'hname', 'aria-hidden': 'true' });
        const cell = h('div', {
          role: 'gridcell', tabindex: n === this.active ? '0' : '-1', 'aria-selected': n === this.active ? 'true' : 'false',
          'aria-rowindex': String(b + 1), 'aria-colindex': String(hd + 1), part: 'head',
        }, mini, name);
        this.#cells.push(cell);
        this.#minis.push(spans);
        row.append(cell);
      }
      rows.push(row);
    }
    this.el.setAttribute('aria-rowcount', String(B));
    this.el.setAttribute('aria-colcount', String(H));
    this.el.replaceChildren(...rows);
  }

  /** Shades every head's weights. weights: (B, H, T, T) */
  fill(weights: Float64Array, T: number, causal: boolean, t: GridText): void {
    for (let n = 0; n < this.#cells.length; n++) {
      const b = Math.floor(n / this.H);
      const hd = n % this.H;
      const spans = this.#minis[n];
      const rows: string[] = [];
      for (let i = 0; i < T; i++) {
        const vals: string[] = [];
        for (let j = 0; j < T; j++) {
          const w = weights[n * T * T + i * T + j];
          const masked = causal && j > i;
          spans[i * T + j].classList.toggle('masked', masked);
          spans[i * T + j].style.setProperty('--w', String(Math.max(0, Math.min(1, w))));
          if (!masked) vals.push(fmt4(w));
        }
        rows.push(t.weightRow(i, vals.join(', ')));
      }
      this.#cells[n].setAttribute('aria-label', t.headCell(b, hd, rows.join('; ')));
    }
  }

  /** Names each head, under its picture and for screen readers, before its weights are known too (fill adds them). */
  name(t: GridText): void {
    this.#cells.forEach((cell, n) => {
      const name = t.headName(Math.floor(n / this.H), n % this.H);
      (cell.lastElementChild as HTMLElement).textContent = name;
      cell.setAttribute('aria-label', name);
    });
  }

  /** Moves the roving tabindex and the selection to head n. */
  setActive(n: number, focus: boolean): void {
    const old = this.#cells[this.active];
    if (old) { old.tabIndex = -1; old.setAttribute('aria-selected', 'false'); }
    this.active = n;
    const cell = this.#cells[n];
    if (!cell) return;
    cell.tabIndex = 0;
    cell.setAttribute('aria-selected', 'true');
    if (focus) cell.focus();
  }

  #onKey(e: KeyboardEvent): void {
    if (!this.B || !this.H) return;
    let b = Math.floor(this.active / this.H);
    let hd = this.active % this.H;
    switch (e.key) {
      case 'ArrowRight': hd = Math.min(this.H - 1, hd + 1); break;
      case 'ArrowLeft': hd = Math.max(0, hd - 1); break;
      case 'ArrowDown': b = Math.min(this.B - 1, b + 1); break;
      case 'ArrowUp': b = Math.max(0, b - 1); break;
      case 'Home': hd = 0; if (e.ctrlKey) b = 0; break;
      case 'End': hd = this.H - 1; if (e.ctrlKey) b = this.B - 1; break;
      default: return;
    }
    e.preventDefault();
    this.onSelect(b, hd, true);
  }
}


/**
 * A rows × cols table of values at 4 decimals; rows and columns numbered from 0.
 * Without values (the engine still loading), the same table with a blank for each
 * number, hidden from screen readers and out of the tab order.
 */
export function numberTable(caption: string, values: Float64Array | null, offset: number, rows: number, cols: number, part: string): HTMLElement {
  const head = h('tr', {}, h('td', {}), ...Array.from({ length: cols }, (_, j) => h('th', { scope: 'col' }, String(j))));
  const body = Array.from({ length: rows }, (_, i) =>
    h('tr', {}, h('th', { scope: 'row' }, String(i)),
      ...Array.from({ length: cols }, (_, j) => {
        if (!values) return h('td', {}, BLANK);
        const v = values[offset + i * cols + j];
        return h('td', {}, Number.isFinite(v) || Number.isNaN(v) ? fmt4(v) : v > 0 ? 'inf' : '-inf');
      })));
  const table = h('table', { part }, h('caption', {}, caption), h('thead', {}, head), h('tbody', {}, ...body));
  if (!values) return h('div', { class: 'scroll blank', 'aria-hidden': 'true' }, table);
  // (a region that can scroll sideways takes focus, so the keyboard can scroll it)
  return h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': caption }, table);
}

/** Every node of an <attn-heads> the element writes to, assembled under `body` (hidden until the first render shows it). */
export class HeadsView {
  readonly status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly message = new MessageBox();
  readonly body = h('div', { class: 'body', role: 'group', hidden: true });
  readonly shapesTitle = h('h3');
  readonly shapeLine = h('p', { class: 'verdict mono', part: 'shape' });
  readonly shapeSteps = h('p', { class: 'reading', part: 'shape-steps' });
  readonly gridHelp = h('p', { class: 'reading', id: 'grid-help' });
  readonly grid: HeadGrid;
  readonly selected = h('p', { class: 'verdict', part: 'selected', 'aria-live': 'polite' });
  readonly tables = h('div', { class: 'tables', part: 'tables' });
  readonly verdictTitle = h('h3');
  readonly maxDiff = h('p', { class: 'verdict', part: 'max-diff' });
  readonly allclose = h('p', { class: 'verdict mono', part: 'allclose' });
  readonly stepTitle = h('h3');
  readonly rowLabel = h('label', { for: 'row' });
  readonly rowSelect = h('select', { id: 'row', part: 'row-select' });
  readonly stepIntro = h('p', { class: 'reading' });
  readonly stepTable = h('div', { class: 'scroll', part: 'steps', tabindex: '0', role: 'region' });
  readonly stepEnd = h('p', { class: 'verdict', part: 'step-end' });
  readonly stepWhy = h('p', { class: 'reading', part: 'step-why' });
  readonly torchNote = h('p', { class: 'reading', part: 'torch-note' });
  readonly summary = h('summary');
  readonly snippet = h('pre', { part: 'snippet', tabindex: '0' });
  readonly details = h('details', {}, this.summary, this.snippet);

  constructor(copy: SnippetControl, onSelect: (b: number, h: number, focus: boolean) => void) {
    this.grid = new HeadGrid(onSelect);
    this.grid.el.setAttribute('aria-describedby', 'grid-help');
    this.body.append(
      h('section', { part: 'shapes' }, this.shapesTitle, this.shapeLine, this.shapeSteps),
      h('section', { part: 'grid' }, this.gridHelp, this.grid.el, this.selected, this.tables),
      h('section', { part: 'verdict' }, this.verdictTitle, this.maxDiff, this.allclose),
      h('section', { part: 'fused' }, this.stepTitle, this.stepIntro,
        h('div', { class: 'field' }, this.rowLabel, this.rowSelect), this.stepTable, this.stepEnd, this.stepWhy),
      h('section', { part: 'code' }, this.torchNote,
        h('div', { class: 'copy-row' }, copy.copyButton, copy.downloadButton, copy.status), copy.fallback,
        this.details),
    );
  }
}
