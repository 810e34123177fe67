// <attn-tril>: the reading note's toy tensors, live and identical to the
// learner's PyTorch. The C++ engine (attn_torch) draws x as torch.randn does
// after torch.manual_seed(seed) and computes the three ways of averaging the
// past, the one-head demo, the softmax temperature and the permutation demo;
// this element parses attributes, shows numbers and reports.
import { AttnElement, MessageBox, define, h } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getTorch, type TorchLab, type TrilHead, type TrilPermutation, type TrilThreeWays } from '../../engine/torch/browser';
import { STRINGS, type Strings } from './i18n';
import { DEFAULTS, M_MAX, M_MIN, SCHEMA, fmt4, type ParseError, type Part, type TrilState, type View } from './parse';
import { pytorchSnippet } from './snippet';
import { T, WeightTable, blankTable, numberTable } from './tables';
import { BLANK, ariaFlag, say } from '../../shared/blank';
import { TRIL_CSS } from './styles';

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

  readonly #status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly #message = new MessageBox();
  readonly #body = h('div', { class: 'body', role: 'group' });
  // view switch
  readonly #viewBox = h('fieldset', { class: 'view', part: 'view' });
  readonly #viewLegend = h('legend');
  readonly #viewAvg = h('input', { type: 'radio', name: 'view', value: 'average', id: 'view-average' });
  readonly #viewAtt = h('input', { type: 'radio', name: 'view', value: 'attention', id: 'view-attention' });
  readonly #viewAvgLabel = h('label', { for: 'view-average' });
  readonly #viewAttLabel = h('label', { for: 'view-attention' });
  readonly #bLabel = h('label', { for: 'b' });
  readonly #bSelect = h('select', { id: 'b', part: 'select' });
  // three ways
  readonly #threeSec = h('section', { part: 'three' });
  readonly #xCaption = h('caption');
  readonly #x = numberTable(this.#xCaption, ['c0', 'c1'], T);
  readonly #stepLabel = h('label', { for: 'step' });
  readonly #step = h('input', { type: 'range', id: 'step', min: '0', max: '7', step: '1', part: 'slider' });
  readonly #stepOut = h('output', { for: 'step' });
  readonly #stepReading = h('p', { class: 'reading', 'aria-live': 'polite' });
  readonly #weiLoop = new WeightTable();
  readonly #weiTril = new WeightTable();
  readonly #weiSoftmax = new WeightTable();
  readonly #xbowCaption = h('caption');
  readonly #xbow = numberTable(this.#xbowCaption, ['① c0', '① c1', '② c0', '② c1', '③ c0', '③ c1'], T);
  readonly #maxDiff = h('p', { class: 'verdict', part: 'max-diff' });
  readonly #allclose = h('p', { class: 'verdict', part: 'allclose' });
  readonly #allcloseWhy = h('p', { class: 'reading' });
  // head
  readonly #headSec = h('section', { part: 'head' });
  readonly #mask = h('input', { type: 'checkbox', id: 'mask' });
  readonly #maskLabel = h('span');
  readonly #scale = h('input', { type: 'checkbox', id: 'scale' });
  readonly #scaleLabel = h('span');
  readonly #encdec = h('p', { class: 'reading' });
  readonly #weiHead = new WeightTable();
  readonly #vars = h('p', { part: 'variances' });
  readonly #unitVars = h('p', { part: 'unit-variances' });
  // temperature
  readonly #tempSec = h('section', { part: 'temperature' });
  readonly #tempTitle = h('h3');
  readonly #tempLabel = h('label', { for: 'm' });
  readonly #temp = h('input', { type: 'range', id: 'm', min: String(M_MIN), max: String(M_MAX), step: '1', part: 'slider' });
  readonly #tempOut = h('output', { for: 'm' });
  readonly #bars = h('div', { class: 'bars', role: 'list' });
  readonly #tempReading = h('p', { class: 'reading', 'aria-live': 'polite' });
  // permutation
  readonly #permSec = h('section', { part: 'permutation' });
  readonly #permTitle = h('h3');
  readonly #permOrder = h('p', { 'aria-live': 'polite' });
  readonly #permBtns = {
    reverse: h('button', { type: 'button' }),
    rotate: h('button', { type: 'button' }),
    swap: h('button', { type: 'button' }),
    reset: h('button', { type: 'button' }),
  };
  readonly #positions = h('input', { type: 'checkbox', id: 'positions' });
  readonly #positionsLabel = h('span');
  readonly #permVerdict = h('p', { class: 'verdict', part: 'perm-verdict', 'aria-live': 'polite' });
  readonly #permCaption = h('caption');
  readonly #permTable = numberTable(this.#permCaption, ['', ''], T);
  // copy
  readonly #summary = h('summary');
  readonly #snippet = h('pre', { part: 'snippet' });
  readonly #copy = new SnippetControl({
    text: () => this.#snippetText(), strings: () => this.#t, track: (work) => this.track(work),
  });

  constructor() {
    super(TRIL_CSS);
    for (let b = 0; b < 4; b++) this.#bSelect.append(h('option', { value: String(b) }, String(b)));
    this.#viewBox.append(this.#viewLegend, h('span', { class: 'check' }, this.#viewAvg, this.#viewAvgLabel), ' ',
      h('span', { class: 'check' }, this.#viewAtt, this.#viewAttLabel));
    this.#threeSec.append(
      h('div', { class: 'controls' }, h('div', { class: 'field' }, this.#stepLabel, this.#step, this.#stepOut)),
      this.#stepReading,
      h('div', { class: 'grids' }, h('div', { class: 'scroll' }, this.#x.table), h('div', { class: 'scroll' }, this.#xbow.table)),
      h('div', { class: 'grids' }, h('div', { class: 'scroll' }, this.#weiLoop.table), h('div', { class: 'scroll' }, this.#weiTril.table),
        h('div', { class: 'scroll' }, this.#weiSoftmax.table)),
      this.#maxDiff, this.#allclose, this.#allcloseWhy);
    this.#headSec.append(
      h('div', { class: 'controls' }, h('label', { class: 'check' }, this.#mask, this.#maskLabel),
        h('label', { class: 'check' }, this.#scale, this.#scaleLabel)),
      this.#encdec, h('div', { class: 'scroll' }, this.#weiHead.table), this.#vars, this.#unitVars);
    this.#tempSec.append(this.#tempTitle,
      h('div', { class: 'controls' }, h('div', { class: 'field' }, this.#tempLabel, this.#temp, this.#tempOut)),
      this.#bars, this.#tempReading);
    const pb = this.#permBtns;
    this.#permSec.append(this.#permTitle,
      h('div', { class: 'controls' }, pb.reverse, pb.rotate, pb.swap, pb.reset,
        h('label', { class: 'check' }, this.#positions, this.#positionsLabel)),
      this.#permOrder, this.#permVerdict, h('div', { class: 'scroll' }, this.#permTable.table));
    this.#body.append(
      h('div', { class: 'controls' }, this.#viewBox, h('div', { class: 'field' }, this.#bLabel, this.#bSelect)),
      this.#threeSec, this.#headSec, this.#tempSec, this.#permSec,
      h('div', { class: 'copy-row' }, this.#copy.copyButton, this.#copy.status),
      this.#copy.fallback,
      h('details', {}, this.#summary, this.#snippet));
    this.#body.hidden = true;
    this.root.append(this.#status, this.#message.el, this.#body);
    this.#wire();
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
    this.#viewAvg.addEventListener('change', () => set('view', 'average'));
    this.#viewAtt.addEventListener('change', () => set('view', 'attention'));
    this.#bSelect.addEventListener('change', () => set('b', this.#bSelect.value));
    this.#step.addEventListener('input', () => set('step', this.#step.value));
    this.#mask.addEventListener('change', () => { this.mask = this.#mask.checked; });
    this.#scale.addEventListener('change', () => { this.scale = this.#scale.checked; });
    this.#temp.addEventListener('input', () => set('m', this.#temp.value));
    this.#positions.addEventListener('change', () => { this.positions = this.#positions.checked; });
    const p = () => this.attrs.perm;
    this.#permBtns.reverse.addEventListener('click', () => set('perm', [...p()].reverse().join(',')));
    this.#permBtns.rotate.addEventListener('click', () => set('perm', [...p().slice(1), p()[0]].join(',')));
    this.#permBtns.swap.addEventListener('click', () => set('perm', [p()[1], p()[0], ...p().slice(2)].join(',')));
    this.#permBtns.reset.addEventListener('click', () => set('perm', DEFAULTS.perm.join(',')));
  }

  /** The script Copy takes, written into the code block below it as well. */
  #snippetText(): string {
    const text = pytorchSnippet(this.attrs);
    this.#snippet.textContent = text;
    return text;
  }

  // --- rendering ---------------------------------------------------------------

  protected render(): void {
    const { errors } = this.readAttributes();
    const { t, changed } = this.localize(STRINGS);
    this.#t = t;
    if (changed) this.#texts();
    this.#message.show(errors.map((e) => t.error(e)));

    if (this.#lab.error !== null) {
      this.#status.textContent = t.engineFailed(this.#lab.error);
      this.#body.hidden = true;
      return;
    }
    // Until the engine's numbers arrive the body stands at their size, each number a blank as
    // wide as one, so nothing below moves when they come.
    const lab = this.#lab.value;
    if (!lab) this.#lab.start();
    this.#status.textContent = lab ? '' : t.loading;
    this.#body.hidden = false;
    ariaFlag(this.#body, 'aria-busy', !lab);
    const s = this.attrs;
    const parts = new Set(s.parts);
    const both = parts.has('three') && parts.has('head');
    this.#viewBox.hidden = !both;
    const showThree = parts.has('three') && (!both || s.view === 'average');
    const showHead = parts.has('head') && (!both || s.view === 'attention');
    this.#threeSec.hidden = !showThree;
    this.#headSec.hidden = !showHead;
    this.#tempSec.hidden = !parts.has('temperature');
    this.#permSec.hidden = !parts.has('permutation');
    this.#bSelect.parentElement!.hidden = !(parts.has('three') || parts.has('head') || parts.has('permutation'));
    this.#viewAvg.checked = s.view === 'average';
    this.#viewAtt.checked = s.view === 'attention';
    this.#bSelect.value = String(s.b);

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
    if ((this.#summary.parentElement as HTMLDetailsElement).open || this.#snippet.textContent) {
      this.#snippet.textContent = pytorchSnippet(s);
    }
    this.#copy.update();
    if (lab) this.#emitChange();
  }

  /** Texts that depend on the language only. */
  #texts(): void {
    const t = this.#t;
    this.#body.setAttribute('aria-label', t.title);
    this.#viewLegend.textContent = t.viewLabel;
    this.#viewAvgLabel.textContent = t.viewAverage;
    this.#viewAttLabel.textContent = t.viewAttention;
    this.#bLabel.textContent = t.batch;
    this.#stepLabel.textContent = t.step;
    this.#weiLoop.caption.textContent = t.weiCaption(t.wayLoop);
    this.#weiTril.caption.textContent = t.weiCaption(t.wayTril);
    this.#weiSoftmax.caption.textContent = t.weiCaption(t.waySoftmax);
    this.#allcloseWhy.textContent = t.allcloseWhy;
    this.#maskLabel.textContent = t.mask;
    this.#scaleLabel.textContent = t.scale;
    this.#tempTitle.textContent = t.tempTitle;
    this.#tempLabel.textContent = t.tempLabel;
    this.#permTitle.textContent = t.permTitle;
    this.#permBtns.reverse.textContent = t.permReverse;
    this.#permBtns.rotate.textContent = t.permRotate;
    this.#permBtns.swap.textContent = t.permSwap;
    this.#permBtns.reset.textContent = t.permReset;
    this.#positionsLabel.textContent = t.positions;
    this.#copy.update();
    this.#summary.textContent = t.snippetSummary;
    const heads = this.#permTable.table.querySelectorAll('thead th');
    heads[0].textContent = t.permBefore;
    heads[1].textContent = t.permAfter;
  }

  /** The three ways for batch b; without `r` (not computed yet), blanks in their place. */
  #renderThree(r: TrilThreeWays | null): void {
    const { b, step } = this.attrs;
    const t = this.#t;
    this.#step.value = String(step);
    this.#stepOut.value = String(step);
    this.#stepReading.textContent = t.stepReading(step);
    this.#xCaption.textContent = t.xCaption(b);
    this.#xbowCaption.textContent = t.xbowCaption(b);
    blankTable(this.#x.table, !r);
    blankTable(this.#xbow.table, !r);
    const num = (a: Float64Array | undefined, n: number) => (a ? fmt4(a[n]) : BLANK);
    for (let i = 0; i < T; i++) {
      this.#x.trs[i].classList.toggle('hl', i <= step);
      this.#xbow.trs[i].classList.toggle('hl', i === step);
      for (let c = 0; c < 2; c++) {
        const n = (b * T + i) * 2 + c;
        this.#x.cells[i * 2 + c].textContent = num(r?.x, n);
        this.#xbow.cells[i * 6 + c].textContent = num(r?.xbowLoop, n);
        this.#xbow.cells[i * 6 + 2 + c].textContent = num(r?.xbowTril, n);
        this.#xbow.cells[i * 6 + 4 + c].textContent = num(r?.xbowSoftmax, n);
      }
    }
    const future = (i: number, j: number) => j > i;
    this.#weiLoop.fill(r?.weiLoop ?? null, 0, future, step);
    this.#weiTril.fill(r?.weiTril ?? null, 0, future, step);
    this.#weiSoftmax.fill(r?.weiSoftmax ?? null, 0, future, step);
    say(this.#maxDiff, t.maxDiff(r ? r.maxDiff.toExponential(2) : '0.00e+0'), !r);
    say(this.#allclose, `${t.allclose('xbow2', r?.allcloseTril ?? false)} · ${t.allclose('xbow3', r?.allcloseSoftmax ?? false)}`, !r);
  }

  /** The one-head demo; without `hd` (not computed yet), blanks in its numbers' place. */
  #renderHead(hd: TrilHead | null): void {
    const { b, mask } = this.attrs;
    const t = this.#t;
    this.#mask.checked = mask;
    this.#scale.checked = this.attrs.scale;
    this.#encdec.textContent = t.encoderDecoder(mask);
    this.#weiHead.caption.textContent = t.headCaption(b, this.attrs.scale);
    this.#weiHead.fill(hd?.wei ?? null, b * T * T, (i, j) => mask && j > i);
    const uv = hd ? this.#unitVar : null;
    // Blanks as wide as the numbers they stand for: unscaled, a variance near head_size = 16.
    const four = (v: number | undefined, blank: string) => (v === undefined ? blank : v.toFixed(4));
    say(this.#vars, t.variances(four(hd?.varUnscaled, '00.0000'), four(hd?.varScaled, '0.0000')), !hd);
    say(this.#unitVars, t.unitVariances(four(uv?.[2], '00.0000'), four(uv?.[3], '0.0000')), !uv);
  }

  /** The softmax at temperature m; without `p` (not computed yet), empty bars and blank values. */
  #renderTemp(p: Float64Array | null): void {
    const m = this.attrs.m;
    this.#temp.value = String(Math.round(m));
    this.#tempOut.value = String(m);
    const base = ['0.1', '−0.2', '0.3', '−0.2', '0.5'];
    if (this.#bars.childElementCount !== 15) {
      const items: HTMLElement[] = [];
      for (let i = 0; i < 5; i++) {
        items.push(h('span', { role: 'listitem' }, base[i]), h('span', { class: 'bar', 'aria-hidden': 'true' }, h('span')), h('span', {}));
      }
      this.#bars.replaceChildren(...items);
    }
    let mx = 0;
    for (let i = 0; i < 5; i++) {
      const bar = this.#bars.children[i * 3 + 1].firstElementChild as HTMLElement;
      bar.style.setProperty('--w', String(p ? p[i] : 0));
      say(this.#bars.children[i * 3 + 2] as HTMLElement, p ? fmt4(p[i]) : '0.0000', !p);
      const item = this.#bars.children[i * 3] as HTMLElement;
      if (p) item.setAttribute('aria-label', `${base[i]} → ${fmt4(p[i])}`);
      else item.removeAttribute('aria-label');
      if (p) mx = Math.max(mx, p[i]);
    }
    say(this.#tempReading, this.#t.tempReading(String(m), fmt4(mx)), !p);
  }

  /** The permutation demo; without `r` (not computed yet), blanks in its numbers' place. */
  #renderPerm(r: TrilPermutation | null): void {
    const s = this.attrs;
    const t = this.#t;
    this.#positions.checked = s.positions;
    this.#permOrder.textContent = t.permOrder(s.perm.join(', '));
    // Without positions the difference is float rounding, whose digits depend on the
    // order of the sums (PyTorch's BLAS vs the engine): shown as a bound, as the snippet prints it.
    const d = r?.maxDiff ?? 0;
    say(this.#permVerdict, s.positions ? t.permChanged(d.toFixed(4)) : d < 1e-6 ? t.permSame('1e-6') : t.permChanged(d.toExponential(1)), !r);
    this.#permCaption.textContent = t.permCaption(`x[${s.b}]`);
    blankTable(this.#permTable.table, !r);
    for (let i = 0; i < T; i++) {
      this.#permTable.cells[i * 2].textContent = r ? fmt4(r.out[s.perm[i] * 16]) : BLANK;
      this.#permTable.cells[i * 2 + 1].textContent = r ? fmt4(r.outPerm[i * 16]) : BLANK;
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
