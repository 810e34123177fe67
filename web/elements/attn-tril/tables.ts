// The tables <attn-tril> shows its 8-token tensors in: an 8 × 8 weight table
// whose cells carry a bar for their value, and a plain table of numbers.
import { ariaFlag } from '../../shared/blank';
import { h } from '../../shared/element';
import { fmt4 } from './parse';

/** Tokens per sequence in the reading note's toy batch. */
export const T = 8;

/** A weight not known yet: weights are in [0, 1], so no sign. */
const WEIGHT_BLANK = '0.0000';

/** Marks a table as blank (its numbers not known yet): unseen and unread, at its final size. */
export function blankTable(table: HTMLTableElement, blank: boolean): void {
  table.classList.toggle('blank', blank);
  ariaFlag(table, 'aria-hidden', blank);
}

function cellBar(td: HTMLElement, w: number): void {
  td.style.setProperty('--w', String(Math.max(0, Math.min(1, w))));
}

/** An 8 × 8 weight table with a caption; rows = queries, columns = keys. */
export class WeightTable {
  readonly table = h('table', { part: 'matrix' });
  readonly caption = h('caption');
  readonly cells: HTMLTableCellElement[] = [];
  readonly rows: HTMLTableRowElement[] = [];

  constructor() {
    const head = h('tr', {}, h('td', {}), ...Array.from({ length: T }, (_, j) => h('th', { scope: 'col' }, String(j))));
    const body: HTMLTableRowElement[] = [];
    for (let i = 0; i < T; i++) {
      const tds = Array.from({ length: T }, () => h('td', { class: 'w' }));
      this.cells.push(...tds);
      const tr = h('tr', {}, h('th', { scope: 'row' }, String(i)), ...tds);
      this.rows.push(tr);
      body.push(tr);
    }
    this.table.append(this.caption, h('thead', {}, head), h('tbody', {}, ...body));
  }

  /** The weights `w` from `offset`; null (not known yet), a blank as wide as a weight in each cell. */
  fill(w: Float64Array | null, offset: number, masked: (i: number, j: number) => boolean, hlRow = -1): void {
    blankTable(this.table, !w);
    for (let i = 0; i < T; i++) {
      this.rows[i].classList.toggle('hl', i === hlRow);
      for (let j = 0; j < T; j++) {
        const td = this.cells[i * T + j];
        const v = w ? w[offset + i * T + j] : 0;
        td.textContent = w ? fmt4(v) : WEIGHT_BLANK;
        td.classList.toggle('masked', masked(i, j));
        cellBar(td, v);
      }
    }
  }
}

/** A rows × cols table of numbers with a header row. */
export function numberTable(caption: HTMLElement, cols: string[], rows: number): { table: HTMLTableElement; cells: HTMLTableCellElement[]; trs: HTMLTableRowElement[] } {
  const cells: HTMLTableCellElement[] = [];
  const trs: HTMLTableRowElement[] = [];
  const head = h('tr', {}, h('td', {}), ...cols.map((c) => h('th', { scope: 'col' }, c)));
  for (let i = 0; i < rows; i++) {
    const tds = cols.map(() => h('td', {}));
    cells.push(...tds);
    trs.push(h('tr', {}, h('th', { scope: 'row' }, String(i)), ...tds));
  }
  const table = h('table', { part: 'matrix' }, caption, h('thead', {}, head), h('tbody', {}, ...trs));
  return { table, cells, trs };
}
