// <attn-heads>: lesson 1's bonus, live. The C++ engine (attn_torch) draws
// q, k, v as torch.randn(3, B, H, T, d).unbind(0) does after
// torch.manual_seed(seed), runs the learner's batched attention and a tiled
// online-softmax kernel standing in for F.scaled_dot_product_attention; this
// element parses attributes, shows the numbers and reports. The engine loads
// when the element nears the viewport.
import { AttnElement, define, h } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getTorch, type BonusResult, type BonusTileStep, type TorchLab } from '../../engine/torch/browser';
import { STRINGS, type Strings } from './i18n';
import { L, SCHEMA, fmt4, tuple, type HeadsState, type ParseError } from './parse';
import { BONUS_FILE, pytorchSnippet } from './snippet';
import { HEADS_CSS } from './styles';
import { BLANK, ariaFlag, say } from '../../shared/blank';
import { HeadsView, numberTable } from './view';

/** detail of the `attn-heads-change` event, sent after each new state is shown. */
export interface AttnHeadsChangeDetail extends HeadsState {
  /** The chosen head. */
  b: number;
  h: number;
  maxDiff: number;
  allclose: boolean;
}

export const CHANGE_EVENT = 'attn-heads-change' as const;

/** The attributes' properties (parse.ts SCHEMA): each reads the parsed value and writes the attribute. */
export interface AttnHeads {
  get seed(): string;
  set seed(v: string | number | bigint);
  batch: number;
  heads: number;
  tokens: number;
  dk: number;
  causal: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AttnHeads extends AttnElement<HeadsState, ParseError> {
  static override attributes = SCHEMA;
  static override engine: () => Promise<TorchLab> = getTorch;

  #t: Strings = STRINGS['zh-CN'];
  #lang = '';
  readonly #lab = this.engineSlot<TorchLab>();
  #near = false;
  #observer: IntersectionObserver | null = null;
  #run: BonusResult | null = null;
  #runKey = '';
  #tablesKey = '';
  #b = 0;
  #h = 0;
  #row = -1; // the query row of the step-by-step; -1: the last row

  readonly #copy = new SnippetControl({
    text: () => this.#snippetText(),
    strings: () => ({ ...this.#t, downloaded: this.#t.downloaded(BONUS_FILE) }),
    file: () => BONUS_FILE,
    track: (work) => this.track(work),
  });

  // The DOM (view.ts): built at the first render, not when the page defines the element.
  #view: HeadsView | null = null;
  get #v(): HeadsView { return this.#view ??= this.#build(); }

  constructor() {
    super(HEADS_CSS);
  }

  #build(): HeadsView {
    const v = new HeadsView(this.#copy, (b, hd, focus) => this.#select(b, hd, focus));
    this.root.append(v.status, v.message.el, v.body);
    this.#view = v;
    v.rowSelect.addEventListener('change', () => { this.#row = Number(v.rowSelect.value); this.requestRender(); });
    return v;
  }

  // --- public surface ----------------------------------------------------------

  /** The learner's attention, (B, H, T, D) row-major; empty until loaded. */
  get mine(): Float64Array { return this.#run ? new Float64Array(this.#run.mine) : new Float64Array(0); }
  /** The fused (tiled online-softmax) kernel's output, (B, H, T, D). */
  get fused(): Float64Array { return this.#run ? new Float64Array(this.#run.fused) : new Float64Array(0); }
  /** The softmax weights, (B, H, T, T). */
  get weights(): Float64Array { return this.#run ? new Float64Array(this.#run.weights) : new Float64Array(0); }
  /** max |mine − fused|; NaN until loaded. */
  get maxDiff(): number { return this.#run ? this.#run.maxDiff : Number.NaN; }
  /** torch.allclose(mine, fused, atol=1e-6); false until loaded. */
  get allclose(): boolean { return this.#run ? this.#run.allclose : false; }
  /** The errors currently shown for bad attributes. */
  get inputErrors(): ParseError[] { return this.attrErrors.map((e) => ({ ...e })); }
  /** The chosen head [b, h]. */
  get selected(): [number, number] { return [this.#b, this.#h]; }
  /** The script "Copy as PyTorch" copies and Download saves. */
  get pytorchCode(): string { return pytorchSnippet(this.attrs, this.#b, this.#h); }

  // --- lifecycle -------------------------------------------------------------

  connectedCallback(): void {
    this.#watchViewport();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#lab.reset();
  }

  /** The engine is fetched once the element is within a screen of the viewport. */
  #watchViewport(): void {
    if (this.#near || this.#observer) return;
    if (typeof IntersectionObserver !== 'function') { this.#near = true; return; }
    this.#observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.#near = true;
      this.#observer?.disconnect();
      this.#observer = null;
      this.requestRender();
    }, { rootMargin: '100% 0px' });
    this.#observer.observe(this);
  }

  #select(b: number, hd: number, focus: boolean): void {
    this.#b = b;
    this.#h = hd;
    this.#v.grid.setActive(b * this.attrs.heads + hd, focus);
    this.requestRender();
  }

  /** The script Copy and Download take (saved as 0001_bonus_torch_check.py), written into the code block as well. */
  #snippetText(): string {
    const text = this.pytorchCode;
    this.#v.snippet.textContent = text;
    return text;
  }

  // --- rendering ---------------------------------------------------------------

  protected render(): void {
    const { errors } = this.readAttributes();
    const { lang, t } = this.localize(STRINGS);
    this.#t = t;
    this.#lang = lang;
    this.#texts();
    this.#v.message.show(errors.map((e) => t.error(e)));

    const lab = this.#lab.value;
    if (this.#lab.error !== null) {
      this.#v.status.textContent = t.engineFailed(this.#lab.error);
      this.#v.body.hidden = true;
      return;
    }
    const s = this.attrs;
    if (this.#b >= s.batch) this.#b = 0;
    if (this.#h >= s.heads) this.#h = 0;
    if (this.#row >= s.tokens) this.#row = -1;
    this.#v.body.hidden = false;
    this.#renderShapes();
    if (!lab) {
      // Until the engine's numbers arrive the body stands at their size, each number a blank
      // as wide as one, so nothing below moves when they come.
      this.#v.status.textContent = this.#near ? t.loading : t.waiting;
      if (this.#near) this.#lab.start();
      this.#renderNumbers(null, null);
      return;
    }
    const key = this.changeKey('seed', 'batch', 'heads', 'tokens', 'dk', 'causal');
    if (key !== this.#runKey) {
      this.#run = lab.bonus(s.seed, [s.batch, s.heads, s.tokens, s.dk], s.causal);
      this.#runKey = key;
    }
    this.#v.status.textContent = '';
    this.#renderNumbers(this.#run!, lab);
    if (this.#v.details.open || this.#v.snippet.textContent) this.#v.snippet.textContent = this.pytorchCode;
    this.#emitChange();
  }

  /** What the attributes alone decide: the shapes, the grid of heads, the chosen head, the query rows. */
  #renderShapes(): void {
    const s = this.attrs;
    const t = this.#t;
    const T = s.tokens;
    const shape = [s.batch, s.heads, T, s.dk] as const;
    this.#v.shapeLine.textContent = `shape: ${tuple(shape)}`;
    this.#v.shapeSteps.textContent = t.shapeSteps(tuple(shape), tuple([s.batch, s.heads, T, T]), tuple(shape));
    this.#v.grid.build(s.batch, s.heads, T);
    this.#v.grid.setActive(this.#b * s.heads + this.#h, false);
    this.#v.grid.name(t);
    this.#v.selected.textContent = t.selected(this.#b, this.#h);
    if (this.#v.rowSelect.options.length !== T) {
      this.#v.rowSelect.replaceChildren(...Array.from({ length: T }, (_, i) => h('option', { value: String(i) }, String(i))));
    }
    this.#v.rowSelect.value = String(this.#row < 0 ? T - 1 : this.#row);
    this.#v.stepWhy.textContent = t.stepWhy(T, L.tile, s.dk);
  }

  /** The numbers of run `r`, or (null) blanks of their size while the engine loads. */
  #renderNumbers(r: BonusResult | null, lab: TorchLab | null): void {
    const t = this.#t;
    ariaFlag(this.#v.body, 'aria-busy', !r);
    if (r) this.#v.grid.fill(r.weights, this.attrs.tokens, this.attrs.causal, t);
    this.#renderTables(r);
    say(this.#v.maxDiff, t.maxDiff(!r ? '0.00e+0' : r.maxDiff === 0 ? '0' : r.maxDiff.toExponential(2)), !r);
    say(this.#v.allclose, t.allclose(r?.allclose ?? true), !r);
    this.#renderSteps(r, lab);
  }

  /** Texts that depend on the language only. */
  #texts(): void {
    const t = this.#t;
    this.#v.shapesTitle.textContent = t.shapesTitle;
    this.#v.gridHelp.textContent = t.gridHelp;
    this.#v.grid.el.setAttribute('aria-label', t.gridLabel);
    this.#v.verdictTitle.textContent = t.verdictTitle;
    this.#v.stepTitle.textContent = t.stepTitle;
    this.#v.body.setAttribute('aria-label', t.title);
    this.#v.rowLabel.textContent = t.rowLabel;
    this.#v.stepIntro.textContent = t.stepIntro(L.tile);
    this.#copy.update();
    this.#v.summary.textContent = t.snippetSummary;
    this.#v.torchNote.textContent = t.torchNote;
  }

  /** q, k, v, the weights and the output of the chosen head (blanks without a run). */
  #renderTables(r: BonusResult | null): void {
    const s = this.attrs;
    const T = s.tokens;
    const D = s.dk;
    const bh = this.#b * s.heads + this.#h;
    const key = `${r ? this.#runKey : `blank ${T} ${D}`}|${bh}|${this.#lang}`;
    if (key === this.#tablesKey) return;
    this.#tablesKey = key;
    // A table the keyboard is on keeps the focus when the tables are rebuilt (its numbers arrived, or another head was chosen).
    const focused = Array.prototype.indexOf.call(this.#v.tables.children, this.root.activeElement);
    const cap = (n: string) => this.#t.tensorCaption(n, this.#b, this.#h);
    this.#v.tables.replaceChildren(
      numberTable(cap('q'), r?.q ?? null, bh * T * D, T, D, 'q'),
      numberTable(cap('k'), r?.k ?? null, bh * T * D, T, D, 'k'),
      numberTable(cap('v'), r?.v ?? null, bh * T * D, T, D, 'v'),
      numberTable(cap('weights'), r?.weights ?? null, bh * T * T, T, T, 'weights'),
      numberTable(cap('mine'), r?.mine ?? null, bh * T * D, T, D, 'mine'),
    );
    if (focused >= 0) (this.#v.tables.children[focused] as HTMLElement | undefined)?.focus({ preventScroll: true });
  }

  /** The fused kernel's running max, sum and output after each key tile, for one query row (blanks without a run). */
  #renderSteps(r: BonusResult | null, lab: TorchLab | null): void {
    const s = this.attrs;
    const t = this.#t;
    const T = s.tokens;
    const D = s.dk;
    const row = this.#row < 0 ? T - 1 : this.#row;
    const steps: BonusTileStep[] | null = r && lab ? lab.bonusTrace(s.seed, [s.batch, s.heads, T, D], s.causal, this.#b, this.#h, row) : null;
    const c = t.stepCols;
    const head = h('tr', {}, h('th', { scope: 'col' }, c.tile), h('th', { scope: 'col' }, c.keys),
      h('th', { scope: 'col' }, c.max), h('th', { scope: 'col' }, c.sum), h('th', { scope: 'col' }, c.out));
    // Without a run: as many rows as tiles the row's keys fill, every number a blank.
    const keys = s.causal ? row + 1 : T; // the keys the row attends to
    const tiles = steps?.length ?? Math.ceil(keys / L.tile);
    const body = Array.from({ length: tiles }, (_, n) => {
      const st = steps?.[n];
      const first = n * L.tile, last = Math.min(first + L.tile, keys);
      return h('tr', {}, h('th', { scope: 'row' }, String(n)),
        h('td', {}, st ? `${st.firstKey}–${st.lastKey - 1}` : `${first}–${last - 1}`),
        h('td', {}, st ? fmt4(st.max) : BLANK), h('td', {}, st ? fmt4(st.sum) : BLANK),
        h('td', { class: 'mono' }, `[${st ? Array.from(st.out, fmt4).join(', ') : Array.from({ length: D }, () => BLANK).join(', ')}]`));
    });
    const caption = `${t.rowLabel} ${row} · ${t.headName(this.#b, this.#h)}`;
    this.#v.stepTable.setAttribute('aria-label', caption);
    this.#v.stepTable.classList.toggle('blank', !steps);
    ariaFlag(this.#v.stepTable, 'aria-hidden', !steps);
    if (steps) this.#v.stepTable.tabIndex = 0;
    else this.#v.stepTable.removeAttribute('tabindex');
    this.#v.stepTable.replaceChildren(h('table', { part: 'steps-table' },
      h('caption', {}, caption), h('thead', {}, head), h('tbody', {}, ...body)));
    if (!steps || !r) {
      say(this.#v.stepEnd, t.stepEnd(true, '0'), true);
      return;
    }
    const last = steps[steps.length - 1]?.out ?? new Float64Array(0);
    const at = ((this.#b * s.heads + this.#h) * T + row) * D;
    let d = 0;
    for (let c2 = 0; c2 < D; c2++) d = Math.max(d, Math.abs(last[c2] - r.mine[at + c2]));
    say(this.#v.stepEnd, t.stepEnd(d <= 1e-6, d === 0 ? '0' : d.toExponential(2)), false);
  }

  #emitChange(): void {
    const s = this.attrs;
    const r = this.#run!;
    this.emitChange(CHANGE_EVENT, { ...s, b: this.#b, h: this.#h, maxDiff: r.maxDiff, allclose: r.allclose });
  }
}

define('attn-heads', AttnHeads);

declare global {
  interface HTMLElementTagNameMap {
    'attn-heads': AttnHeads;
  }
  interface HTMLElementEventMap {
    'attn-heads-change': CustomEvent<AttnHeadsChangeDetail>;
  }
}
