// <attn-tril>: the reading note's toy tensors, live and identical to the
// learner's PyTorch. The C++ engine (attn_torch) draws x as torch.randn does
// after torch.manual_seed(seed) and computes the three ways of averaging the
// past, the one-head demo, the softmax temperature and the permutation demo;
// this element parses attributes, shows numbers and reports.
import { AttnElement, define, h } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getTorch, type TorchLab, type TrilHead, type TrilPermutation, type TrilThreeWays } from '../../engine/torch/browser';
import { STRINGS, type Strings } from './i18n';
import { DEFAULTS, SCHEMA, fmt4, type ParseError, type Part, type TrilState, type View } from './parse';
import { pytorchSnippet } from './snippet';
import { T, blankTable } from './tables';
import { BLANK, ariaFlag, say } from '../../shared/blank';
import { TRIL_CSS } from './styles';
import { TrilView } from './view';

export type { Part, View } from './parse';

/** detail of the `attn-tril-change` event, sent after each new state is shown. */
export type AttnTrilChangeDetail = Omit<TrilState, 'parts'>;

export const CHANGE_EVENT = 'attn-tril-change';

/**
 * The attributes' properties (parse.ts SCHEMA): each reads the parsed value and writes the
 * attribute (`mask` as `unmasked`, `scale` as scale="sqrt" / scale="none").
 */
export interface AttnTril extends Omit<TrilState, 'seed' | 'perm' | 'parts'> {
  get seed(): string;
  set seed(v: string | number | bigint);
  get perm(): number[];
  set perm(v: readonly number[]);
  get parts(): Part[];
  set parts(v: readonly Part[]);
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AttnTril extends AttnElement<TrilState, ParseError> {
  static override attributes = SCHEMA;
  static override engine: () => Promise<TorchLab> = getTorch;

  #t: Strings = STRINGS['zh-CN'];
  readonly #lab = this.engineSlot<TorchLab>();
  #three: TrilThreeWays | null = null;
  #threeKey = '';
  #head: TrilHead | null = null;
  #headKey = '';
  #unitVar: Float64Array | null = null;
  #perm: TrilPermutation | null = null;
  #probs: Float64Array | null = null;

  // The DOM (view.ts): built at the first render, not when the page defines the element.
  #view: TrilView | null = null;
  get #v(): TrilView { return this.#view ??= this.#build(); }

  readonly #copy = new SnippetControl({
    text: () => this.#snippetText(), strings: () => this.#t, track: (work) => this.track(work),
  });

  constructor() {
    super(TRIL_CSS);
  }

  #build(): TrilView {
    const v = new TrilView(this.#copy);
    this.root.append(v.status, v.message.el, v.body);
    this.#view = v;
    this.#wire();
    return v;
  }

  // --- read-only properties ---------------------------------------------------

  /** x = torch.randn(4, 8, 2) after torch.manual_seed(seed): a fresh copy, (4, 8, 2) row-major; empty until loaded. */
  get x(): Float64Array { return this.#three ? new Float64Array(this.#three.x) : new Float64Array(0); }
  /** xbow3 (masked_fill + softmax way), (4, 8, 2); the three ways agree to float rounding. */
  get xbow(): Float64Array { return this.#three ? new Float64Array(this.#three.xbowSoftmax) : new Float64Array(0); }
  /** The one-head demo's wei for the current mask and scale, (4, 8, 8). */
  get wei(): Float64Array { return this.#head ? new Float64Array(this.#head.wei) : new Float64Array(0); }
  /** The errors currently shown for bad attributes. */
  get inputErrors(): ParseError[] { return this.attrErrors.map((e) => ({ ...e })); }
  /** The PyTorch script "Copy as PyTorch" copies. */
  get pytorchCode(): string { return pytorchSnippet(this.attrs); }

  // --- lifecycle -------------------------------------------------------------

  connectedCallback(): void {
    this.#lab.start();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#lab.reset(); // a later reconnect tries to load the lab again
  }

  #wire(): void {
    const set = (name: string, v: string) => this.setAttribute(name, v);
    this.#v.viewAvg.addEventListener('change', () => set('view', 'average'));
    this.#v.viewAtt.addEventListener('change', () => set('view', 'attention'));
    this.#v.bSelect.addEventListener('change', () => set('b', this.#v.bSelect.value));
    this.#v.step.addEventListener('input', () => set('step', this.#v.step.value));
    this.#v.mask.addEventListener('change', () => { this.mask = this.#v.mask.checked; });
    this.#v.scale.addEventListener('change', () => { this.scale = this.#v.scale.checked; });
    this.#v.temp.addEventListener('input', () => set('m', this.#v.temp.value));
    this.#v.positions.addEventListener('change', () => { this.positions = this.#v.positions.checked; });
    const p = () => this.attrs.perm;
    this.#v.permBtns.reverse.addEventListener('click', () => set('perm', [...p()].reverse().join(',')));
    this.#v.permBtns.rotate.addEventListener('click', () => set('perm', [...p().slice(1), p()[0]].join(',')));
    this.#v.permBtns.swap.addEventListener('click', () => set('perm', [p()[1], p()[0], ...p().slice(2)].join(',')));
    this.#v.permBtns.reset.addEventListener('click', () => set('perm', DEFAULTS.perm.join(',')));
  }

  /** The script Copy takes, written into the code block below it as well. */
  #snippetText(): string {
    const text = pytorchSnippet(this.attrs);
    this.#v.snippet.textContent = text;
    return text;
  }

  // --- rendering ---------------------------------------------------------------

  protected render(): void {
    const { errors } = this.readAttributes();
    const { t, changed } = this.localize(STRINGS);
    this.#t = t;
    if (changed) this.#texts();
    this.#v.message.show(errors.map((e) => t.error(e)));

    if (this.#lab.error !== null) {
      this.#v.status.textContent = t.engineFailed(this.#lab.error);
      this.#v.body.hidden = true;
      return;
    }
    // Until the engine's numbers arrive the body stands at their size, each number a blank as
    // wide as one, so nothing below moves when they come.
    const lab = this.#lab.value;
    if (!lab) this.#lab.start();
    this.#v.status.textContent = lab ? '' : t.loading;
    this.#v.body.hidden = false;
    ariaFlag(this.#v.body, 'aria-busy', !lab);
    const s = this.attrs;
    const parts = new Set(s.parts);
    const both = parts.has('three') && parts.has('head');
    this.#v.viewBox.hidden = !both;
    const showThree = parts.has('three') && (!both || s.view === 'average');
    const showHead = parts.has('head') && (!both || s.view === 'attention');
    this.#v.threeSec.hidden = !showThree;
    this.#v.headSec.hidden = !showHead;
    this.#v.tempSec.hidden = !parts.has('temperature');
    this.#v.permSec.hidden = !parts.has('permutation');
    this.#v.bSelect.parentElement!.hidden = !(parts.has('three') || parts.has('head') || parts.has('permutation'));
    this.#v.viewAvg.checked = s.view === 'average';
    this.#v.viewAtt.checked = s.view === 'attention';
    this.#v.bSelect.value = String(s.b);

    if (lab) {
      const threeKey = this.changeKey('seed');
      if (this.#threeKey !== threeKey) {
        this.#three = lab.threeWays(s.seed);
        this.#unitVar = lab.unitVariance(s.seed);
        this.#threeKey = threeKey;
      }
      const headKey = this.changeKey('seed', 'mask', 'scale');
      if (this.#headKey !== headKey) {
        this.#head = lab.head(s.seed, s.mask, s.scale);
        this.#headKey = headKey;
      }
      this.#perm = lab.permutation(s.seed, s.b, s.perm, s.positions);
      this.#probs = lab.softmaxTemperature(s.m);
    }

    if (showThree) this.#renderThree(lab ? this.#three : null);
    if (showHead) this.#renderHead(lab ? this.#head : null);
    if (parts.has('temperature')) this.#renderTemp(lab ? this.#probs : null);
    if (parts.has('permutation')) this.#renderPerm(lab ? this.#perm : null);
    if ((this.#v.summary.parentElement as HTMLDetailsElement).open || this.#v.snippet.textContent) {
      this.#v.snippet.textContent = pytorchSnippet(s);
    }
    this.#copy.update();
    if (lab) this.#emitChange();
  }

  /** Texts that depend on the language only. */
  #texts(): void {
    const t = this.#t;
    this.#v.body.setAttribute('aria-label', t.title);
    this.#v.viewLegend.textContent = t.viewLabel;
    this.#v.viewAvgLabel.textContent = t.viewAverage;
    this.#v.viewAttLabel.textContent = t.viewAttention;
    this.#v.bLabel.textContent = t.batch;
    this.#v.stepLabel.textContent = t.step;
    this.#v.weiLoop.caption.textContent = t.weiCaption(t.wayLoop);
    this.#v.weiTril.caption.textContent = t.weiCaption(t.wayTril);
    this.#v.weiSoftmax.caption.textContent = t.weiCaption(t.waySoftmax);
    this.#v.allcloseWhy.textContent = t.allcloseWhy;
    this.#v.maskLabel.textContent = t.mask;
    this.#v.scaleLabel.textContent = t.scale;
    this.#v.tempTitle.textContent = t.tempTitle;
    this.#v.tempLabel.textContent = t.tempLabel;
    this.#v.permTitle.textContent = t.permTitle;
    this.#v.permBtns.reverse.textContent = t.permReverse;
    this.#v.permBtns.rotate.textContent = t.permRotate;
    this.#v.permBtns.swap.textContent = t.permSwap;
    this.#v.permBtns.reset.textContent = t.permReset;
    this.#v.positionsLabel.textContent = t.positions;
    this.#copy.update();
    this.#v.summary.textContent = t.snippetSummary;
    const heads = this.#v.permTable.table.querySelectorAll('thead th');
    heads[0].textContent = t.permBefore;
    heads[1].textContent = t.permAfter;
  }

  /** The three ways for batch b; without `r` (not computed yet), blanks in their place. */
  #renderThree(r: TrilThreeWays | null): void {
    const { b, step } = this.attrs;
    const t = this.#t;
    this.#v.step.value = String(step);
    this.#v.stepOut.value = String(step);
    this.#v.stepReading.textContent = t.stepReading(step);
    this.#v.xCaption.textContent = t.xCaption(b);
    this.#v.xbowCaption.textContent = t.xbowCaption(b);
    blankTable(this.#v.x.table, !r);
    blankTable(this.#v.xbow.table, !r);
    const num = (a: Float64Array | undefined, n: number) => (a ? fmt4(a[n]) : BLANK);
    for (let i = 0; i < T; i++) {
      this.#v.x.trs[i].classList.toggle('hl', i <= step);
      this.#v.xbow.trs[i].classList.toggle('hl', i === step);
      for (let c = 0; c < 2; c++) {
        const n = (b * T + i) * 2 + c;
        this.#v.x.cells[i * 2 + c].textContent = num(r?.x, n);
        this.#v.xbow.cells[i * 6 + c].textContent = num(r?.xbowLoop, n);
        this.#v.xbow.cells[i * 6 + 2 + c].textContent = num(r?.xbowTril, n);
        this.#v.xbow.cells[i * 6 + 4 + c].textContent = num(r?.xbowSoftmax, n);
      }
    }
    const future = (i: number, j: number) => j > i;
    this.#v.weiLoop.fill(r?.weiLoop ?? null, 0, future, step);
    this.#v.weiTril.fill(r?.weiTril ?? null, 0, future, step);
    this.#v.weiSoftmax.fill(r?.weiSoftmax ?? null, 0, future, step);
    say(this.#v.maxDiff, t.maxDiff(r ? r.maxDiff.toExponential(2) : '0.00e+0'), !r);
    say(this.#v.allclose, `${t.allclose('xbow2', r?.allcloseTril ?? false)} · ${t.allclose('xbow3', r?.allcloseSoftmax ?? false)}`, !r);
  }

  /** The one-head demo; without `hd` (not computed yet), blanks in its numbers' place. */
  #renderHead(hd: TrilHead | null): void {
    const { b, mask } = this.attrs;
    const t = this.#t;
    this.#v.mask.checked = mask;
    this.#v.scale.checked = this.attrs.scale;
    this.#v.encdec.textContent = t.encoderDecoder(mask);
    this.#v.weiHead.caption.textContent = t.headCaption(b, this.attrs.scale);
    this.#v.weiHead.fill(hd?.wei ?? null, b * T * T, (i, j) => mask && j > i);
    const uv = hd ? this.#unitVar : null;
    // Blanks as wide as the numbers they stand for: unscaled, a variance near head_size = 16.
    const four = (v: number | undefined, blank: string) => (v === undefined ? blank : v.toFixed(4));
    say(this.#v.vars, t.variances(four(hd?.varUnscaled, '00.0000'), four(hd?.varScaled, '0.0000')), !hd);
    say(this.#v.unitVars, t.unitVariances(four(uv?.[2], '00.0000'), four(uv?.[3], '0.0000')), !uv);
  }

  /** The softmax at temperature m; without `p` (not computed yet), empty bars and blank values. */
  #renderTemp(p: Float64Array | null): void {
    const m = this.attrs.m;
    this.#v.temp.value = String(Math.round(m));
    this.#v.tempOut.value = String(m);
    const base = ['0.1', '−0.2', '0.3', '−0.2', '0.5'];
    if (this.#v.bars.childElementCount !== 15) {
      const items: HTMLElement[] = [];
      for (let i = 0; i < 5; i++) {
        items.push(h('span', { role: 'listitem' }, base[i]), h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span')), h('span', {}));
      }
      this.#v.bars.replaceChildren(...items);
    }
    let mx = 0;
    for (let i = 0; i < 5; i++) {
      const bar = this.#v.bars.children[i * 3 + 1].firstElementChild as HTMLElement;
      bar.style.setProperty('--w', String(p ? p[i] : 0));
      say(this.#v.bars.children[i * 3 + 2] as HTMLElement, p ? fmt4(p[i]) : '0.0000', !p);
      const item = this.#v.bars.children[i * 3] as HTMLElement;
      if (p) item.setAttribute('aria-label', `${base[i]} → ${fmt4(p[i])}`);
      else item.removeAttribute('aria-label');
      if (p) mx = Math.max(mx, p[i]);
    }
    say(this.#v.tempReading, this.#t.tempReading(String(m), fmt4(mx)), !p);
  }

  /** The permutation demo; without `r` (not computed yet), blanks in its numbers' place. */
  #renderPerm(r: TrilPermutation | null): void {
    const s = this.attrs;
    const t = this.#t;
    this.#v.positions.checked = s.positions;
    this.#v.permOrder.textContent = t.permOrder(s.perm.join(', '));
    // Without positions the difference is float rounding, whose digits depend on the
    // order of the sums (PyTorch's BLAS vs the engine): shown as a bound, as the snippet prints it.
    const d = r?.maxDiff ?? 0;
    say(this.#v.permVerdict, s.positions ? t.permChanged(d.toFixed(4)) : d < 1e-6 ? t.permSame('1e-6') : t.permChanged(d.toExponential(1)), !r);
    this.#v.permCaption.textContent = t.permCaption(`x[${s.b}]`);
    blankTable(this.#v.permTable.table, !r);
    for (let i = 0; i < T; i++) {
      this.#v.permTable.cells[i * 2].textContent = r ? fmt4(r.out[s.perm[i] * 16]) : BLANK;
      this.#v.permTable.cells[i * 2 + 1].textContent = r ? fmt4(r.outPerm[i * 16]) : BLANK;
    }
  }

  #emitChange(): void {
    const s = this.attrs;
    const detail: AttnTrilChangeDetail = {
      seed: s.seed, b: s.b, step: s.step, view: s.view, mask: s.mask, scale: s.scale, m: s.m,
      perm: [...s.perm], positions: s.positions,
    };
    this.emitChange(CHANGE_EVENT, detail);
  }
}

define('attn-tril', AttnTril);

declare global {
  interface HTMLElementTagNameMap {
    'attn-tril': AttnTril;
  }
  interface HTMLElementEventMap {
    'attn-tril-change': CustomEvent<AttnTrilChangeDetail>;
  }
}
