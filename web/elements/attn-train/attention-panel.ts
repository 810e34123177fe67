// The panel shown after a run of a model with attention: the learner picks a
// snippet, the loop answers with the trained model's attention weights on it.
// The head model has one map, shown as a table (rows are queries, columns
// keys, the masked future as dots). A block model has one map per head per
// layer: a layer × head grid of small maps (arrow keys move between them,
// Enter or a click picks one), and the picked map as a table to 4 decimals.
import { h } from '../../shared/element';
import { rampColor, rampRgb } from './ramp';
import { charLabel } from './parse';
import type { Strings } from './i18n';

export const DEFAULT_SNIPPET = 'my lord,';

/** weights (layers, heads, T, T), rows queries, row-major; the head model is 1 × 1. */
export interface Attention { snippet: string; weights: Float32Array; layers: number; heads: number; T: number }

/** Map (l, h) of `a`: T×T, rows queries. */
export function mapOf(a: Attention, l: number, hd: number): Float32Array {
  const TT = a.T * a.T;
  const at = (l * a.heads + hd) * TT;
  return a.weights.subarray(at, at + TT);
}

/** The labels of the last T characters of `snippet` (the positions a map shows). */
const labelsOf = (snippet: string, T: number): string[] => Array.from(snippet).slice(-T).map(charLabel);

/** The table for one map (T×T, rows queries) on the last T characters of `snippet`. */
function attentionTable(caption: string, corner: string, snippet: string, weights: Float32Array, T: number, digits: number): HTMLTableElement {
  const names = labelsOf(snippet, T);
  const head = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, corner), ...names.map((n) => h('th', { scope: 'col' }, n)));
  const rows = names.map((n, i) => h('tr', {}, h('th', { scope: 'row' }, n), ...names.map((_, j) => {
    const w = weights[i * T + j]!;
    if (j > i) return h('td', { class: 'masked' }, '·');
    const td = h('td', {}, w.toFixed(digits));
    const c = rampColor(w);
    td.style.background = c.fill;
    td.style.color = c.ink;
    return td;
  })));
  return h('table', { class: digits > 2 ? 'hm fine' : 'hm', part: 'heatmap-table' },
    h('caption', {}, caption), h('thead', {}, head), h('tbody', {}, ...rows));
}

/** A small picture of one map: one canvas pixel per weight, scaled up by CSS. */
function miniMap(weights: Float32Array, T: number): HTMLCanvasElement {
  const c = h('canvas', { width: String(T), height: String(T), 'aria-hidden': 'true' }) as HTMLCanvasElement;
  const g = c.getContext('2d');
  if (!g) return c;
  const img = g.createImageData(T, T);
  for (let i = 0; i < T; i++) {
    for (let j = 0; j < T; j++) {
      const o = (i * T + j) * 4;
      img.data.set(rampRgb(j > i ? 0 : weights[i * T + j]!), o);
      img.data[o + 3] = j > i ? 60 : 255;
    }
  }
  g.putImageData(img, 0, 0);
  return c;
}

export class AttentionPanel {
  readonly root = h('section', { class: 'attention', part: 'attention', 'aria-labelledby': 'attn-title', hidden: true });
  readonly #title = h('h3', { id: 'attn-title' });
  readonly #help = h('p', { class: 'hint' });
  readonly #snippetLabel = h('label', { for: 'snippet' });
  readonly #snippet = h('input', { id: 'snippet', type: 'text', maxlength: '8', autocomplete: 'off', spellcheck: 'false', value: DEFAULT_SNIPPET });
  readonly #show = h('button', { type: 'button', part: 'show-button' });
  readonly #note = h('p', { class: 'hint', role: 'status' });
  readonly #grid = h('div', { class: 'maps', part: 'attention-grid', role: 'group' });
  readonly #wrap = h('div', { class: 'hm-wrap', part: 'heatmap', tabindex: '0', role: 'region' });
  #t: Strings | null = null;
  #shown: Attention | null = null;
  #request = 0;
  #block: number;
  #layered = false;
  #pick: [number, number] = [0, 0];

  /** `ask` is called on Show (or Enter in the snippet field). */
  constructor(block: number, ask: () => void) {
    this.#block = block;
    this.root.append(this.#title, this.#help,
      h('div', { class: 'snip' }, h('div', { class: 'field' }, this.#snippetLabel, this.#snippet), this.#show),
      this.#note, this.#grid, this.#wrap);
    this.#wrap.setAttribute('aria-labelledby', 'attn-title');
    this.#show.addEventListener('click', ask);
    this.#snippet.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); ask(); } });
    this.#grid.addEventListener('click', (e) => {
      const b = e.target instanceof Element ? e.target.closest<HTMLElement>('button[data-l]') : null;
      if (b) this.#select(Number(b.dataset.l), Number(b.dataset.h), true);
    });
    this.#grid.addEventListener('keydown', (e) => this.#onKey(e));
  }

  /** The weights shown, or null. */
  get shown(): Attention | null {
    return this.#shown;
  }

  /** The map picked in the grid: [layer, head], from 0. */
  get picked(): [number, number] {
    return [...this.#pick];
  }

  /** The run's context length (the snippet's limit) and whether its model has layers of heads. */
  setRun(block: number, layered: boolean): void {
    this.#block = block;
    this.#layered = layered;
    this.#snippet.maxLength = block;
    this.#help.textContent = this.#t ? (layered ? this.#t.attentionHelpLayers(block) : this.#t.attentionHelp) : '';
  }

  setLang(t: Strings): void {
    this.#t = t;
    this.#title.textContent = t.attentionTitle;
    this.#help.textContent = this.#layered ? t.attentionHelpLayers(this.#block) : t.attentionHelp;
    this.#snippetLabel.textContent = t.snippet;
    this.#show.textContent = t.show;
    this.#draw();
  }

  /** The next request for the snippet typed, or null (and a note) when the run's vocabulary `vocab` cannot read it. */
  request(vocab: string): { request: number; snippet: string } | null {
    const snippet = this.#snippet.value;
    const chars = Array.from(snippet);
    const unknown = chars.some((c) => !vocab.includes(c));
    if (chars.length < 1 || chars.length > this.#block || (vocab && unknown)) {
      this.fail();
      return null;
    }
    return { request: ++this.#request, snippet };
  }

  /** Shows the answer to the latest request; false for an answer to an earlier one. */
  receive(request: number, a: Attention): boolean {
    if (request !== this.#request) return false;
    const same = this.#shown && this.#shown.layers === a.layers && this.#shown.heads === a.heads;
    this.#shown = a;
    if (!same) this.#pick = [0, 0];
    this.#note.textContent = '';
    this.#draw();
    return true;
  }

  /** The loop could not read the snippet. */
  fail(): void {
    if (this.#t) this.#note.textContent = this.#t.snippetLength(this.#block);
  }

  clear(): void {
    this.#shown = null;
    this.#grid.replaceChildren();
    this.#wrap.replaceChildren();
    this.#note.textContent = '';
  }

  #onKey(e: KeyboardEvent): void {
    const a = this.#shown;
    if (!a || !(e.target instanceof HTMLElement) || !e.target.dataset.l) return;
    let [l, hd] = [Number(e.target.dataset.l), Number(e.target.dataset.h)];
    switch (e.key) {
      case 'ArrowRight': hd = Math.min(a.heads - 1, hd + 1); break;
      case 'ArrowLeft': hd = Math.max(0, hd - 1); break;
      case 'ArrowDown': l = Math.min(a.layers - 1, l + 1); break;
      case 'ArrowUp': l = Math.max(0, l - 1); break;
      case 'Home': [l, hd] = e.ctrlKey ? [0, 0] : [l, 0]; break;
      case 'End': [l, hd] = e.ctrlKey ? [a.layers - 1, a.heads - 1] : [l, a.heads - 1]; break;
      default: return;
    }
    e.preventDefault();
    this.#focusCell(l, hd);
  }

  /** Roving focus: the focused cell is the grid's one tab stop. */
  #focusCell(l: number, hd: number): void {
    for (const b of Array.from(this.#grid.querySelectorAll<HTMLElement>('button[data-l]'))) {
      const here = Number(b.dataset.l) === l && Number(b.dataset.h) === hd;
      b.tabIndex = here ? 0 : -1;
      if (here) b.focus();
    }
  }

  #select(l: number, hd: number, focus: boolean): void {
    this.#pick = [l, hd];
    this.#draw();
    if (focus) this.#focusCell(l, hd);
  }

  #draw(): void {
    const a = this.#shown, t = this.#t;
    if (!a || !t) return;
    const layered = a.layers * a.heads > 1;
    this.#grid.hidden = !layered;
    if (!layered) {
      this.#grid.replaceChildren();
      this.#wrap.replaceChildren(attentionTable(t.attentionCaption(labelsOf(a.snippet, a.T).join('')),
        t.queryKey, a.snippet, mapOf(a, 0, 0), a.T, 2));
      return;
    }
    const [pl, ph] = this.#pick;
    const focused = this.#grid.contains((this.#grid.getRootNode() as Document | ShadowRoot).activeElement);
    this.#grid.setAttribute('aria-label', t.gridCaption(a.layers, a.heads));
    const rows: HTMLElement[] = [];
    for (let l = 0; l < a.layers; l++) {
      const cells: HTMLElement[] = [];
      for (let hd = 0; hd < a.heads; hd++) {
        const on = l === pl && hd === ph;
        const short = `L${l + 1}·H${hd + 1}`; // the visible name starts the accessible one
        cells.push(h('button', {
          type: 'button', class: 'map', part: on ? 'map map-picked' : 'map', 'data-l': String(l), 'data-h': String(hd),
          'aria-pressed': on ? 'true' : 'false', 'aria-label': `${short}: ${t.mapName(l + 1, hd + 1)}`, tabindex: on ? '0' : '-1',
        }, miniMap(mapOf(a, l, hd), a.T), h('span', { class: 'map-name' }, short)));
      }
      rows.push(h('div', { class: 'maps-row' }, ...cells));
    }
    this.#grid.replaceChildren(h('p', { class: 'hint', 'aria-hidden': 'true' }, t.gridCaption(a.layers, a.heads)), ...rows);
    this.#wrap.replaceChildren(attentionTable(t.mapCaption(pl + 1, ph + 1, labelsOf(a.snippet, a.T).join('')),
      t.queryKey, a.snippet, mapOf(a, pl, ph), a.T, 4));
    if (focused) this.#focusCell(pl, ph);
  }
}
