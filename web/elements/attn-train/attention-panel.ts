// The panel shown after the head model's run: the learner picks a snippet,
// the loop answers with the head's attention weights on it, shown as a table
// (rows are queries, columns keys, the masked future as dots).
import { h } from '../../shared/element';
import { rampColor } from './ramp';
import { charLabel } from './parse';
import type { Strings } from './i18n';

export const DEFAULT_SNIPPET = 'my lord,';

export interface Attention { snippet: string; weights: Float32Array }

/** The table for `weights` (T×T, rows queries) on the last `block` characters of `snippet`. */
function attentionTable(t: Strings, snippet: string, weights: Float32Array, block: number): HTMLTableElement {
  const chars = Array.from(snippet).slice(-block);
  const T = Math.round(Math.sqrt(weights.length));
  const names = chars.slice(chars.length - T).map(charLabel);
  const head = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, t.queryKey), ...names.map((n) => h('th', { scope: 'col' }, n)));
  const rows = names.map((n, i) => h('tr', {}, h('th', { scope: 'row' }, n), ...names.map((_, j) => {
    const w = weights[i * T + j];
    if (j > i) return h('td', { class: 'masked' }, '·');
    const td = h('td', {}, w.toFixed(2));
    const c = rampColor(w);
    td.style.background = c.fill;
    td.style.color = c.ink;
    return td;
  })));
  return h('table', { class: 'hm', part: 'heatmap-table' },
    h('caption', {}, t.attentionCaption(names.join(''))), h('thead', {}, head), h('tbody', {}, ...rows));
}

export class AttentionPanel {
  readonly root = h('section', { class: 'attention', part: 'attention', 'aria-labelledby': 'attn-title', hidden: true });
  readonly #title = h('h3', { id: 'attn-title' });
  readonly #help = h('p', { class: 'hint' });
  readonly #snippetLabel = h('label', { for: 'snippet' });
  readonly #snippet = h('input', { id: 'snippet', type: 'text', maxlength: '8', autocomplete: 'off', spellcheck: 'false', value: DEFAULT_SNIPPET });
  readonly #show = h('button', { type: 'button', part: 'show-button' });
  readonly #note = h('p', { class: 'hint', role: 'status' });
  readonly #wrap = h('div', { class: 'hm-wrap', part: 'heatmap', tabindex: '0', role: 'region' });
  #t: Strings | null = null;
  #shown: Attention | null = null;
  #request = 0;

  /** `ask` is called on Show (or Enter in the snippet field). */
  constructor(private readonly block: number, ask: () => void) {
    this.root.append(this.#title, this.#help,
      h('div', { class: 'snip' }, h('div', { class: 'field' }, this.#snippetLabel, this.#snippet), this.#show),
      this.#note, this.#wrap);
    this.#wrap.setAttribute('aria-labelledby', 'attn-title');
    this.#show.addEventListener('click', ask);
    this.#snippet.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); ask(); } });
  }

  /** The weights shown, or null. */
  get shown(): Attention | null {
    return this.#shown;
  }

  setLang(t: Strings): void {
    this.#t = t;
    this.#title.textContent = t.attentionTitle;
    this.#help.textContent = t.attentionHelp;
    this.#snippetLabel.textContent = t.snippet;
    this.#show.textContent = t.show;
    this.#draw();
  }

  /** The next request for the snippet typed, or null (and a note) when the run's vocabulary `vocab` cannot read it. */
  request(vocab: string): { request: number; snippet: string } | null {
    const snippet = this.#snippet.value;
    const chars = Array.from(snippet);
    const unknown = chars.some((c) => !vocab.includes(c));
    if (chars.length < 1 || chars.length > this.block || (vocab && unknown)) {
      this.fail();
      return null;
    }
    return { request: ++this.#request, snippet };
  }

  /** Shows the answer to the latest request; false for an answer to an earlier one. */
  receive(request: number, a: Attention): boolean {
    if (request !== this.#request) return false;
    this.#shown = a;
    this.#note.textContent = '';
    this.#draw();
    return true;
  }

  /** The loop could not read the snippet. */
  fail(): void {
    if (this.#t) this.#note.textContent = this.#t.snippetLength(this.block);
  }

  clear(): void {
    this.#shown = null;
    this.#wrap.replaceChildren();
    this.#note.textContent = '';
  }

  #draw(): void {
    const a = this.#shown;
    if (a && this.#t) this.#wrap.replaceChildren(attentionTable(this.#t, a.snippet, a.weights, this.block));
  }
}
