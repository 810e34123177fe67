// <attn-train>: trains the reading note's character models (bigram, + position
// embeddings, + one self-attention head) in the browser, with the lecture's
// hyperparameters, initial weights and batches, and prints the lecture's log.
// The C++ engine runs in a Web Worker (engine/training/train-worker.ts); this element
// parses attributes, sends Start / Pause / Resume / Stop / Reset, and shows the
// log, a live loss chart, the progress, the samples and, after the head model,
// its attention weights on a snippet the learner picks.
import { AttnElement, define, h, resolveLang, type Lang } from '../../shared/element';
import { TrainClient, defaultTextUrl, type FromRunner, type RunSettings } from '../../engine/training/client';
import { rampColor } from './ramp';
import { chartGeometry, type Point, type Series } from './chart';
import { STRINGS, type Strings } from './i18n';
import {
  DEFAULT_STATE, MODELS, charLabel, formatLr, formatSeconds, resolveState, uniformLoss,
  type ModelName, type ParseError, type TrainAttr, type TrainState,
} from './parse';
import { TRAIN_CSS } from './styles';
import { GEN_CSS } from './generate-styles';
import { TRAIN_ELEMENT_LIMITS, TRAIN_LIMITS } from '../../engine/shared/limits.js';
import { MAX_TEXT_BYTES, checkBytes, checkText, type TextProblem } from './text';
import { OWN_TEXT_FILE, PytorchPanel, SHAKESPEARE_FILE } from './pytorch-panel';
import { GenerationPanel, type AttnTrainGenerateDetail, type Generation } from './generate-panel';

export type { ModelName } from './parse';
export type { AttnTrainGenerateDetail, Generation } from './generate-panel';

export type TrainPhase = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'stopped' | 'failed';
export type TrainErrorKind = 'nan' | 'engine' | 'fetch' | 'text' | 'settings' | 'attention' | 'generate';

/** detail of `attn-train-start`. */
export interface AttnTrainStartDetail {
  model: ModelName; seed: string; iters: number; evalInterval: number; evalIters: number; lr: number;
  source: 'shakespeare' | 'own';
}
/** detail of `attn-train-eval`: one line of the log. */
export interface AttnTrainEvalDetail { model: ModelName; step: number; train: number; val: number; line: string }
/** detail of `attn-train-done` (also sent after Stop, with stopped: true). */
export interface AttnTrainDoneDetail {
  model: ModelName; step: number; stopped: boolean; evals: Point[]; sample: string; seconds: number; stepsPerSecond: number;
}
/** detail of `attn-train-error`. */
export interface AttnTrainErrorDetail { kind: TrainErrorKind; message: string; step?: number }

const BLOCK = TRAIN_LIMITS.defaultBlock;
const BATCH = TRAIN_LIMITS.defaultBatch;
const DEFAULT_SNIPPET = 'my lord,';
const EVAL_SAMPLE_CHARS = 120;
const SVG = 'http://www.w3.org/2000/svg';
const OBSERVED = ['model', 'seed', 'iters', 'lr', 'eval-interval', 'eval-iters', 'sample-chars', 'src', 'lang'] as const;

// Runs finished on this page, for the chart's comparison curves (every
// <attn-train> on the page shows the others' models).
interface PastRun { owner: object; model: ModelName; source: string; points: Point[] }
const pastRuns: PastRun[] = [];
const pastRunsChanged = new EventTarget();

let nextRun = 1;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export class AttnTrain extends AttnElement {
  static get observedAttributes(): string[] {
    return [...OBSERVED];
  }

  /** Makes the connection to the training loop; tests may replace it. */
  static clientFactory: (listener: (msg: FromRunner) => void) => Pick<TrainClient, 'send' | 'close' | 'inPage'> =
    (listener) => new TrainClient(listener);

  #state: TrainState = { ...DEFAULT_STATE, given: { ...DEFAULT_STATE.given } };
  #errors: ParseError[] = [];
  #lang: Lang | null = null;
  #t: Strings = STRINGS['zh-CN'];

  #client: Pick<TrainClient, 'send' | 'close' | 'inPage'> | null = null;
  #run = 0;
  #runModel: ModelName = 'head';
  #runSource = 'shakespeare';
  #phase: TrainPhase = 'idle';
  #points: Point[] = [];
  #lines: string[] = [];
  #vocab = '';
  #step = 0;
  #iters = 0;
  #sample = '';
  #attention: { snippet: string; weights: Float32Array } | null = null;
  #evalSamples: { step: number; text: string }[] = [];
  #attentionRequest = 0;
  #problem: string | null = null;
  #sourceOwn = false;
  #ownText: string | null = null;
  #ownFromFile = false;

  // static parts
  readonly #message = h('div', { class: 'message', part: 'message', role: 'alert', hidden: true });
  readonly #modelLabel = h('label', { for: 'model' });
  readonly #model = h('select', { id: 'model', part: 'select' });
  readonly #seedLabel = h('label', { for: 'seed' });
  readonly #seed = h('input', { id: 'seed', type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false' });
  readonly #itersLabel = h('label', { for: 'iters' });
  readonly #itersIn = h('input', { id: 'iters', type: 'number', min: '1', max: String(TRAIN_ELEMENT_LIMITS.maxIters), step: '1' });
  readonly #lrLabel = h('label', { for: 'lr' });
  readonly #lr = h('input', { id: 'lr', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false' });
  readonly #sourceLegend = h('legend');
  readonly #srcShake = h('input', { type: 'radio', name: 'source', id: 'src-shakespeare', value: 'shakespeare' });
  readonly #srcShakeLabel = h('label', { for: 'src-shakespeare' });
  readonly #srcOwn = h('input', { type: 'radio', name: 'source', id: 'src-own', value: 'own' });
  readonly #srcOwnLabel = h('label', { for: 'src-own' });
  readonly #ownTextLabel = h('label', { for: 'own-text' });
  readonly #ownText_ = h('textarea', { id: 'own-text', part: 'own-text', spellcheck: 'false' });
  readonly #ownFileLabel = h('label', { for: 'own-file' });
  readonly #ownFile = h('input', { id: 'own-file', type: 'file', accept: '.txt,text/plain' });
  readonly #ownHint = h('p', { class: 'hint', id: 'own-hint' });
  readonly #own = h('div', { class: 'own' });
  readonly #start = h('button', { type: 'button', class: 'primary', part: 'start-button' });
  readonly #pause = h('button', { type: 'button', part: 'pause-button' });
  readonly #stop = h('button', { type: 'button', part: 'stop-button' });
  readonly #reset = h('button', { type: 'button', part: 'reset-button' });
  readonly #status = h('p', { class: 'status', part: 'status', role: 'status' });
  readonly #progress = h('progress', { part: 'progress', max: '1', value: '0' });
  readonly #rate = h('p', { class: 'rate', part: 'rate' });
  readonly #chartTitle = h('h3', { id: 'chart-title' });
  readonly #chart = svg('svg', { class: 'chart', part: 'chart', role: 'img', viewBox: '0 0 440 250' });
  readonly #keys = h('ul', { class: 'keys', part: 'chart-keys' });
  readonly #logTitle = h('h3', { id: 'log-title' });
  readonly #log = h('pre', { class: 'log', part: 'log', role: 'log', tabindex: '0', 'aria-labelledby': 'log-title' });
  readonly #sampleTitle = h('h3', { id: 'sample-title' });
  readonly #sampleCaption = h('p', { class: 'hint', part: 'sample-caption' });
  readonly #sampleOut = h('pre', { class: 'sample', part: 'sample', tabindex: '0', 'aria-labelledby': 'sample-title' });
  readonly #attnBox = h('section', { class: 'attention', part: 'attention', 'aria-labelledby': 'attn-title', hidden: true });
  readonly #attnTitle = h('h3', { id: 'attn-title' });
  readonly #attnHelp = h('p', { class: 'hint' });
  readonly #snippetLabel = h('label', { for: 'snippet' });
  readonly #snippet = h('input', { id: 'snippet', type: 'text', maxlength: '8', autocomplete: 'off', spellcheck: 'false', value: DEFAULT_SNIPPET });
  readonly #show = h('button', { type: 'button', part: 'show-button' });
  readonly #attnNote = h('p', { class: 'hint', role: 'status' });
  readonly #hmWrap = h('div', { class: 'hm-wrap', part: 'heatmap', tabindex: '0', role: 'region' });
  readonly #body = h('div', { role: 'group' });
  readonly #pytorch = new PytorchPanel({
    // the attributes as they are now, even before the render that applies them
    settings: () => {
      const s = resolveState((n: TrainAttr) => this.getAttribute(n), this.#state).state;
      return { ...s, batch: BATCH, block: BLOCK, data: this.#sourceOwn ? OWN_TEXT_FILE : SHAKESPEARE_FILE };
    },
    lang: () => this.#lang ?? resolveLang(this),
    ownText: () => (this.#sourceOwn ? this.#ownText ?? this.#ownText_.value : null),
    textUrl: () => {
      try { return new URL(this.src, document.baseURI).href; } catch { return ''; }
    },
    textSrc: () => this.getAttribute('src') ?? '',
  });

  readonly #gen = new GenerationPanel({
    send: (msg) => this.#client?.send({ ...msg, run: this.#run }),
    emit: (detail) => this.emit('attn-train-generate', detail),
    settled: () => this.settle(),
  });

  constructor() {
    super(TRAIN_CSS + GEN_CSS);
    this.#model.append(...MODELS.map((m) => h('option', { value: m })));
    this.#own.append(
      h('div', { class: 'field' }, this.#ownTextLabel, this.#ownText_),
      h('div', { class: 'field' }, this.#ownFileLabel, this.#ownFile),
      this.#ownHint);
    this.#ownText_.setAttribute('aria-describedby', 'own-hint');
    this.#body.append(
      h('div', { class: 'controls', part: 'controls' },
        h('div', { class: 'field' }, this.#modelLabel, this.#model),
        h('div', { class: 'field' }, this.#seedLabel, this.#seed),
        h('div', { class: 'field' }, this.#itersLabel, this.#itersIn),
        h('div', { class: 'field' }, this.#lrLabel, this.#lr)),
      h('fieldset', { part: 'source' }, this.#sourceLegend,
        h('span', { class: 'choice' }, this.#srcShake, this.#srcShakeLabel),
        h('span', { class: 'choice' }, this.#srcOwn, this.#srcOwnLabel),
        this.#own),
      h('div', { class: 'buttons', part: 'buttons' }, this.#start, this.#pause, this.#stop, this.#reset),
      this.#status, this.#progress, this.#rate,
      h('div', { class: 'panels' },
        h('figure', { 'aria-labelledby': 'chart-title' }, this.#chartTitle, this.#chart, this.#keys),
        h('div', {}, this.#logTitle, this.#log)),
      this.#pytorch.root,
      h('section', { 'aria-labelledby': 'sample-title' }, this.#sampleTitle, this.#sampleCaption, this.#sampleOut),
      this.#attnBox,
      this.#gen.root,
    );
    this.#attnBox.append(this.#attnTitle, this.#attnHelp,
      h('div', { class: 'snip' }, h('div', { class: 'field' }, this.#snippetLabel, this.#snippet), this.#show),
      this.#attnNote, this.#hmWrap);
    this.#hmWrap.setAttribute('aria-labelledby', 'attn-title');
    this.root.append(this.#message, this.#body);
    this.#wire();
  }

  // --- attributes reflected as properties ----------------------------------

  get model(): ModelName { return this.#state.model; }
  set model(v: ModelName) { this.setAttribute('model', String(v)); }
  get seed(): string { return this.#state.seed; }
  set seed(v: string | number | bigint) { this.setAttribute('seed', String(v)); }
  get iters(): number { return this.#state.iters; }
  set iters(v: number) { this.setAttribute('iters', String(v)); }
  get lr(): number { return this.#state.lr; }
  set lr(v: number) { this.setAttribute('lr', String(v)); }
  get evalInterval(): number { return this.#state.evalInterval; }
  set evalInterval(v: number) { this.setAttribute('eval-interval', String(v)); }
  get evalIters(): number { return this.#state.evalIters; }
  set evalIters(v: number) { this.setAttribute('eval-iters', String(v)); }
  get sampleChars(): number { return this.#state.sampleChars; }
  set sampleChars(v: number) { this.setAttribute('sample-chars', String(v)); }
  /** URL of the default training text (Tiny Shakespeare unless set). */
  get src(): string { return this.getAttribute('src') ?? defaultTextUrl(); }
  set src(v: string) { this.setAttribute('src', v); }

  /** Where the current run is. */
  get phase(): TrainPhase { return this.#phase; }
  /** The log printed so far, one line per evaluation (the lecture's text). */
  get log(): string[] { return [...this.#lines]; }
  get evaluations(): Point[] { return this.#points.map((p) => ({ ...p })); }
  /** The sample generated at the end of the run ("" before). */
  get sample(): string { return this.#sample; }
  /** The short samples drawn at each evaluation (from a generator of their own: the run is unchanged). */
  get evalSamples(): { step: number; text: string }[] { return this.#evalSamples.map((s) => ({ ...s })); }
  /** The attention weights shown (T×T, rows queries), or null. */
  get attention(): { snippet: string; weights: Float32Array } | null {
    return this.#attention ? { snippet: this.#attention.snippet, weights: new Float32Array(this.#attention.weights) } : null;
  }
  /** The generation panel's start text and steps (after a run). */
  get generation(): Generation { return this.#gen.generation; }
  get inputErrors(): ParseError[] { return this.#errors.map((e) => ({ ...e })); }
  /** The PyTorch script for the current settings (what Copy as PyTorch copies): attn-cli train … --emit-pytorch's. */
  get pytorchScript(): string { return this.#pytorch.script(); }

  /** Uses this text (instead of Tiny Shakespeare) for the next run; null goes back to Tiny Shakespeare. */
  setText(text: string | null): void {
    this.#ownText = text;
    this.#ownFromFile = false;
    this.#sourceOwn = text !== null;
    if (text !== null) this.#ownText_.value = text.length > 200_000 ? '' : text;
    this.requestRender();
  }

  start(): void { this.#startRun(); }
  // Both are sent whenever a run is under way, not only from the phase they
  // leave: the phase changes when the loop answers, and a request made before
  // that answer (resume right after pause) must not be lost. The loop ignores
  // a pause of a paused run and a resume of a running one.
  pause(): void { if (this.#phase === 'running' || this.#phase === 'paused') this.#client?.send({ type: 'pause', run: this.#run }); }
  resume(): void { if (this.#phase === 'running' || this.#phase === 'paused') this.#client?.send({ type: 'resume', run: this.#run }); }
  stop(): void {
    if (this.#phase === 'running' || this.#phase === 'paused' || this.#phase === 'loading') {
      if (this.#phase === 'loading') { this.#resetRun(); return; }
      this.#client?.send({ type: 'stop', run: this.#run });
    }
  }
  reset(): void { this.#resetRun(); }

  // --- lifecycle -------------------------------------------------------------

  readonly #onPastRuns = () => this.#drawChart();

  connectedCallback(): void {
    pastRunsChanged.addEventListener('change', this.#onPastRuns);
    // The controls get their names now, not in the next frame: a screen
    // reader (or axe) never meets unnamed buttons and fields.
    if (this.#lang === null) this.render();
    this.requestRender();
  }

  disconnectedCallback(): void {
    pastRunsChanged.removeEventListener('change', this.#onPastRuns);
    // A removed element stops its run and frees the worker.
    if (this.#client) {
      this.#client.close();
      this.#client = null;
      if (this.#phase === 'running' || this.#phase === 'paused' || this.#phase === 'loading') this.#phase = 'stopped';
    }
  }

  // --- controls ----------------------------------------------------------------

  #wire(): void {
    this.#model.addEventListener('change', () => this.setAttribute('model', this.#model.value));
    this.#seed.addEventListener('change', () => this.setAttribute('seed', this.#seed.value));
    this.#itersIn.addEventListener('change', () => this.setAttribute('iters', this.#itersIn.value));
    this.#lr.addEventListener('change', () => this.setAttribute('lr', this.#lr.value));
    const source = () => { this.#sourceOwn = this.#srcOwn.checked; this.#problem = null; this.requestRender(); };
    this.#srcShake.addEventListener('change', source);
    this.#srcOwn.addEventListener('change', source);
    this.#ownText_.addEventListener('input', () => { this.#ownText = null; this.#ownFromFile = false; this.#problem = null; this.#showMessages(); });
    this.#ownFile.addEventListener('change', () => void this.#readFile());
    this.#start.addEventListener('click', () => this.#startRun());
    this.#pause.addEventListener('click', () => (this.#phase === 'paused' ? this.resume() : this.pause()));
    this.#stop.addEventListener('click', () => this.stop());
    this.#reset.addEventListener('click', () => this.#resetRun());
    this.#show.addEventListener('click', () => this.#requestAttention());
    this.#snippet.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); this.#requestAttention(); } });
  }

  async #readFile(): Promise<void> {
    const file = this.#ownFile.files?.[0];
    if (!file) return;
    if (file.size > MAX_TEXT_BYTES) { this.#rejectText({ kind: 'tooLarge', bytes: file.size }); return; }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const r = checkBytes(bytes, BLOCK);
    if (!r.ok) { this.#rejectText(r.problem); return; }
    this.#ownText = r.text;
    this.#ownFromFile = true;
    this.#ownText_.value = r.text.length > 200_000 ? '' : r.text;
    this.#problem = null;
    this.#showMessages();
  }

  #rejectText(p: TextProblem): void {
    this.#problem = this.#t.textProblem(p);
    this.#showMessages();
    this.emit('attn-train-error', { kind: 'text', message: this.#problem });
  }

  #settings(): RunSettings {
    const s = this.#state;
    return {
      model: s.model, seed: s.seed, iters: s.iters, evalInterval: s.evalInterval, evalIters: s.evalIters,
      lr: s.lr, batch: BATCH, block: BLOCK, sampleChars: s.sampleChars, evalSampleChars: EVAL_SAMPLE_CHARS,
    };
  }

  #startRun(): void {
    if (this.#phase === 'running' || this.#phase === 'loading' || this.#phase === 'paused') return;
    this.#applyState();
    let text: string | undefined;
    if (this.#sourceOwn) {
      const own = this.#ownText ?? this.#ownText_.value;
      const r = checkText(own, BLOCK);
      if (!r.ok) { this.#rejectText(r.problem); return; }
      text = r.text;
    }
    this.#problem = null;
    this.#client ??= AttnTrain.clientFactory((msg) => this.#onMessage(msg));
    this.#run = nextRun++;
    this.#runModel = this.#state.model;
    this.#runSource = text === undefined ? 'shakespeare' : 'own';
    this.#clearOutputs();
    this.#step = 0;
    this.#iters = this.#state.iters;
    this.#vocab = '';
    this.#phase = 'loading';
    this.#progress.value = 0;
    this.#rate.textContent = '';
    const settings = this.#settings();
    this.#client.send({ type: 'start', run: this.#run, settings, ...(text === undefined ? { textUrl: new URL(this.src, document.baseURI).href } : { text }) });
    this.emit('attn-train-start', {
      model: settings.model, seed: settings.seed, iters: settings.iters, evalInterval: settings.evalInterval,
      evalIters: settings.evalIters, lr: settings.lr, source: text === undefined ? 'shakespeare' : 'own',
    });
    this.#status.textContent = this.#t.loadingEngine;
    this.#drawChart();
    this.requestRender();
  }

  /** Empties what a run shows: its points, log, samples and learned attention. */
  #clearOutputs(): void {
    this.#dropPending();
    this.#points = [];
    this.#lines = [];
    this.#log.textContent = '';
    this.#sample = '';
    this.#evalSamples = [];
    this.#sampleCaption.textContent = '';
    this.#sampleOut.textContent = this.#t.sampleNone;
    this.#attention = null;
    this.#hmWrap.replaceChildren();
    this.#attnNote.textContent = '';
    this.#gen.clear();
  }

  #resetRun(): void {
    if (this.#client && this.#run) this.#client.send({ type: 'reset', run: this.#run });
    this.#run = nextRun++;
    this.#phase = 'idle';
    this.#clearOutputs();
    this.#problem = null;
    this.#step = 0;
    this.#progress.value = 0;
    this.#rate.textContent = '';
    // Earlier runs of this element leave the comparison too.
    for (let i = pastRuns.length - 1; i >= 0; i--) if (pastRuns[i].owner === this) pastRuns.splice(i, 1);
    pastRunsChanged.dispatchEvent(new Event('change'));
    this.requestRender();
  }

  // Progress and evaluations arrive ten or more times a second while the
  // learner may be typing or scrolling: their DOM writes wait for the next
  // frame and coalesce there (one layout, no forced reflow in the message
  // handler). Every other message first applies what is pending, so the
  // order of what the learner sees is the order of the messages.
  #pendingProgress: Extract<FromRunner, { type: 'progress' }> | null = null;
  #pendingLines: string[] = [];
  #pendingSample: { step: number; text: string } | null = null;
  #pendingChart = false;
  /** What the chart's axes, labels and curve set were drawn for (see #drawChart). */
  #chartFrame = '';
  #chartCurves: { path?: SVGElement; dot?: SVGElement }[] = [];
  #frameQueued = false;

  #queueFrame(): void {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    const run = () => { if (this.#frameQueued) this.#flushRun(); };
    if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(run);
    else setTimeout(run, 0);
  }

  #dropPending(): void {
    this.#pendingProgress = null;
    this.#pendingLines = [];
    this.#pendingSample = null;
    this.#pendingChart = false;
    this.#frameQueued = false;
  }

  #flushRun(): void {
    const t = this.#t;
    const p = this.#pendingProgress;
    if (p) {
      this.#progress.value = p.iters > 0 ? p.step / p.iters : 0;
      this.#progress.setAttribute('aria-valuetext', t.running(p.step, p.iters));
      if (this.#phase === 'running') this.#status.textContent = t.running(p.step, p.iters);
      this.#rate.textContent = p.stepsPerSecond > 0
        ? t.rate(p.stepsPerSecond >= 100 ? String(Math.round(p.stepsPerSecond)) : p.stepsPerSecond.toFixed(1), formatSeconds(p.secondsLeft))
        : '';
    }
    if (this.#pendingLines.length > 0) {
      const first = this.#lines.length - this.#pendingLines.length === 0;
      this.#log.append(`${first ? '' : '\n'}${this.#pendingLines.join('\n')}`);
      this.#log.scrollTop = this.#log.scrollHeight;
    }
    if (this.#pendingSample) {
      this.#sampleCaption.textContent = t.sampleAt(this.#pendingSample.step);
      this.#sampleOut.textContent = this.#pendingSample.text;
    }
    const chart = this.#pendingChart;
    this.#dropPending();
    if (chart) this.#drawChart();
    this.settle();
  }

  /** A frame's worth of progress or evaluations not yet shown is part of an update. */
  protected override busy(): boolean {
    return this.#frameQueued || this.#gen.busy();
  }

  #onMessage(msg: FromRunner): void {
    if (msg.run !== this.#run) return; // a message of a run that was reset or replaced
    const t = this.#t;
    if (msg.type !== 'progress' && msg.type !== 'eval' && this.#frameQueued) this.#flushRun();
    switch (msg.type) {
      case 'loading':
        this.#status.textContent = msg.what === 'engine' ? t.loadingEngine : t.loadingText;
        break;
      case 'started':
        this.#phase = 'running';
        this.#vocab = msg.vocab;
        this.#iters = msg.info.iters;
        this.#status.textContent = t.running(0, this.#iters) + (msg.worker ? '' : ` ${t.inPage}`);
        this.#drawChart();
        this.requestRender();
        break;
      case 'eval': {
        this.#points.push(msg.point);
        this.#lines.push(msg.line);
        this.#pendingLines.push(msg.line);
        if (msg.sample) {
          this.#evalSamples.push({ step: msg.point.step, text: msg.sample });
          this.#pendingSample = { step: msg.point.step, text: msg.sample };
        }
        this.#pendingChart = true;
        this.#queueFrame();
        this.emit('attn-train-eval', { model: this.#runModel, ...msg.point, line: msg.line });
        break;
      }
      case 'progress':
        this.#step = msg.step;
        this.#pendingProgress = msg;
        this.#queueFrame();
        break;
      case 'paused':
        this.#phase = 'paused';
        this.#step = msg.step;
        this.#status.textContent = t.paused(msg.step, this.#iters);
        this.requestRender();
        break;
      case 'resumed':
        this.#phase = 'running';
        this.#status.textContent = t.running(msg.step, this.#iters);
        this.requestRender();
        break;
      case 'nan':
        this.#phase = 'failed';
        this.#problem = t.nan(msg.step);
        this.#finishRun();
        this.emit('attn-train-error', { kind: 'nan', message: this.#problem, step: msg.step });
        break;
      case 'done': {
        this.#phase = msg.stopped ? 'stopped' : 'done';
        this.#step = msg.step;
        this.#sample = msg.sample;
        if (msg.sample) {
          this.#sampleCaption.textContent = t.sampleEnd(Array.from(msg.sample).length);
          this.#sampleOut.textContent = msg.sample;
        }
        this.#progress.value = this.#iters > 0 ? msg.step / this.#iters : 0;
        this.#status.textContent = msg.stopped ? t.stopped(msg.step) : t.done(msg.step, formatSeconds(msg.activeMs / 1000));
        this.#rate.textContent = msg.stepsPerSecond > 0 ? t.rateDone(String(Math.round(msg.stepsPerSecond))) : '';
        this.#finishRun();
        this.emit('attn-train-done', {
          model: this.#runModel, step: msg.step, stopped: msg.stopped, evals: this.evaluations, sample: msg.sample,
          seconds: msg.activeMs / 1000, stepsPerSecond: msg.stepsPerSecond,
        });
        if (this.#runModel === 'head' && msg.step > 0) this.#requestAttention();
        break;
      }
      case 'attention':
        if (msg.request !== this.#attentionRequest) return;
        this.#attention = { snippet: msg.snippet, weights: msg.weights };
        this.#attnNote.textContent = '';
        this.#drawHeatmap();
        this.emit('attn-train-attention', { snippet: msg.snippet, weights: new Float32Array(msg.weights) });
        break;
      case 'generated':
        this.#gen.receive(msg);
        break;
      case 'error': {
        if (msg.kind === 'generate') { this.#gen.fail(msg); return; }
        if (msg.kind === 'attention') {
          this.#attnNote.textContent = this.#t.snippetLength(BLOCK);
          return;
        }
        this.#phase = 'failed';
        this.#problem = msg.kind === 'fetch' ? t.fetchFailed(msg.message)
          : msg.kind === 'text' ? t.textRejected(msg.message) : t.engineFailed(msg.message);
        this.#status.textContent = '';
        this.#showMessages();
        this.requestRender();
        this.emit('attn-train-error', { kind: msg.kind, message: this.#problem });
        break;
      }
    }
  }

  #finishRun(): void {
    if (this.#points.length > 0) {
      pastRuns.push({ owner: this, model: this.#runModel, source: this.#runSource, points: [...this.#points] });
      pastRunsChanged.dispatchEvent(new Event('change'));
    }
    this.#showMessages();
    this.requestRender();
  }

  #requestAttention(): void {
    if (!this.#client || this.#runModel !== 'head' || this.#phase === 'idle' || this.#phase === 'loading') return;
    const chars = Array.from(this.#snippet.value);
    const unknown = chars.some((c) => !this.#vocab.includes(c));
    if (chars.length < 1 || chars.length > BLOCK || (this.#vocab && unknown)) {
      this.#attnNote.textContent = this.#t.snippetLength(BLOCK);
      return;
    }
    this.#attentionRequest++;
    this.#client.send({ type: 'attention', run: this.#run, request: this.#attentionRequest, snippet: this.#snippet.value });
  }

  // --- render -----------------------------------------------------------------

  protected render(): void {
    const before = this.#state;
    this.#applyState(); // first: the idle chart's axis follows the model's iterations
    const lang = resolveLang(this);
    if (lang !== this.#lang) {
      this.#lang = lang;
      this.#t = STRINGS[lang];
      this.#applyStrings();
    } else if (this.#phase === 'idle' && (before.iters !== this.#state.iters || before.model !== this.#state.model)) {
      this.#drawChart();
    }
    this.#showMessages();
    this.#syncControls();
    this.#pytorch.update();
  }

  #applyState(): void {
    const { state, errors } = resolveState((n: TrainAttr) => this.getAttribute(n), this.#state);
    this.#state = state;
    this.#errors = errors;
  }

  #applyStrings(): void {
    const t = this.#t;
    this.#modelLabel.textContent = t.model;
    for (const o of Array.from(this.#model.options)) o.textContent = t.modelOption[o.value as ModelName];
    this.#seedLabel.textContent = t.seed;
    this.#itersLabel.textContent = t.iters;
    this.#lrLabel.textContent = t.lr;
    this.#sourceLegend.textContent = t.source;
    this.#srcShakeLabel.textContent = t.sourceShakespeare;
    this.#srcOwnLabel.textContent = t.sourceOwn;
    this.#ownTextLabel.textContent = t.ownText;
    this.#ownFileLabel.textContent = t.ownFile;
    this.#ownHint.textContent = t.ownHint(BLOCK + 1);
    this.#start.textContent = t.start;
    this.#stop.textContent = t.stop;
    this.#reset.textContent = t.reset;
    this.#progress.setAttribute('aria-label', t.progressLabel);
    this.#chartTitle.textContent = t.chartTitle;
    this.#logTitle.textContent = t.logTitle;
    this.#sampleTitle.textContent = t.sampleTitle;
    if (!this.#sample) this.#sampleOut.textContent = t.sampleNone;
    this.#attnTitle.textContent = t.attentionTitle;
    this.#attnHelp.textContent = t.attentionHelp;
    this.#snippetLabel.textContent = t.snippet;
    this.#show.textContent = t.show;
    this.#body.setAttribute('aria-label', t.title);
    this.#gen.setLang(this.#lang!);
    this.#statusForPhase();
    this.#drawChart();
    if (this.#attention) this.#drawHeatmap();
  }

  #statusForPhase(): void {
    const t = this.#t;
    switch (this.#phase) {
      case 'idle': this.#status.textContent = t.idle; break;
      case 'running': this.#status.textContent = t.running(this.#step, this.#iters); break;
      case 'paused': this.#status.textContent = t.paused(this.#step, this.#iters); break;
      case 'stopped': this.#status.textContent = t.stopped(this.#step); break;
      default: break;
    }
  }

  #showMessages(): void {
    const items = this.#errors.map((e) => h('p', { 'data-attr': e.attr }, this.#t.error(e)));
    if (this.#problem) items.push(h('p', { 'data-problem': '' }, this.#problem));
    this.#message.replaceChildren(...items);
    this.#message.hidden = items.length === 0;
  }

  #syncControls(): void {
    const s = this.#state;
    const busy = this.#phase === 'running' || this.#phase === 'paused' || this.#phase === 'loading';
    this.#model.value = s.model;
    if (this.shadowRoot?.activeElement !== this.#seed) this.#seed.value = s.seed;
    if (this.shadowRoot?.activeElement !== this.#itersIn) this.#itersIn.value = String(s.iters);
    if (this.shadowRoot?.activeElement !== this.#lr) this.#lr.value = formatLr(s.lr);
    for (const el of [this.#model, this.#seed, this.#itersIn, this.#lr, this.#srcShake, this.#srcOwn, this.#ownText_, this.#ownFile]) el.disabled = busy;
    this.#srcShake.checked = !this.#sourceOwn;
    this.#srcOwn.checked = this.#sourceOwn;
    this.#own.hidden = !this.#sourceOwn;
    this.#start.disabled = busy;
    this.#pause.disabled = !(this.#phase === 'running' || this.#phase === 'paused');
    this.#pause.textContent = this.#phase === 'paused' ? this.#t.resume : this.#t.pause;
    this.#stop.disabled = !busy;
    this.#reset.disabled = this.#phase === 'idle' && pastRuns.every((r) => r.owner !== this);
    this.#attnBox.hidden = !(this.#runModel === 'head' && (this.#phase === 'done' || this.#phase === 'stopped' || this.#phase === 'paused') && this.#step > 0);
    this.#gen.setRun((this.#phase === 'done' || this.#phase === 'stopped') && this.#step > 0 && this.#vocab !== '', this.#runModel, this.#vocab, BLOCK);
    this.#progress.hidden = this.#phase === 'idle';
    if (this.#phase === 'idle') this.#status.textContent = this.#t.idle;
  }

  #drawChart(): void {
    const t = this.#t;
    const series: Series[] = [];
    const shown = new Set<ModelName>();
    if (this.#phase !== 'idle') shown.add(this.#runModel);
    for (let i = pastRuns.length - 1; i >= 0; i--) {
      const r = pastRuns[i];
      if (shown.has(r.model) || r.source !== this.#runSourceShown()) continue;
      shown.add(r.model);
      series.push({ model: r.model, points: r.points, current: false });
    }
    if (this.#phase !== 'idle') series.push({ model: this.#runModel, points: this.#points, current: true });
    const V = this.#vocab ? Array.from(this.#vocab).length : this.#runSourceShown() === 'shakespeare' ? 65 : 0;
    const uniform = V > 1 ? uniformLoss(V) : null;
    const itersHint = this.#phase !== 'idle' ? this.#iters : this.#state.iters;
    const g = chartGeometry(series, uniform, itersHint);
    const c = this.#chart;
    const last = this.#points[this.#points.length - 1];
    const modelName = t.modelOption[this.#phase !== 'idle' ? this.#runModel : this.#state.model];
    c.setAttribute('aria-label', this.#points.length || series.length
      ? t.chartLabel(modelName, this.#points.length, last ? last.val.toFixed(4) : '')
      : `${t.chartTitle}: ${t.chartEmpty}`);
    // A new evaluation usually moves only the current run's curves: then
    // only their paths and end dots change (a full rebuild of the chart in
    // the frame would delay the learner's typing while a run trains).
    const frame = JSON.stringify([this.#lang, g.xTicks, g.yTicks, g.uniform,
      g.lines.map((l) => [l.model, l.split, l.current, l.d !== '', l.last !== null, l.current ? 0 : l.d])]);
    if (frame === this.#chartFrame && this.#chartCurves.length === g.lines.length) {
      g.lines.forEach((line, i) => {
        const el = this.#chartCurves[i]!;
        if (el.path) el.path.setAttribute('d', line.d);
        if (el.dot && line.last) { el.dot.setAttribute('cx', String(line.last.x)); el.dot.setAttribute('cy', String(line.last.y)); }
      });
      return;
    }
    this.#chartFrame = frame;
    this.#chartCurves = [];
    const kids: SVGElement[] = [];
    for (const tk of g.yTicks) {
      kids.push(svg('line', { class: 'grid', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: tk.y, y2: tk.y }));
      const label = svg('text', { x: g.plot.x - 6, y: tk.y + 4, 'text-anchor': 'end' });
      label.textContent = tk.label;
      kids.push(label);
    }
    for (const tk of g.xTicks) {
      // the first label starts at the axis, one at the right edge ends there (at 360 px a
      // centred "3000" ran past the chart)
      const anchor = tk.value === 0 ? 'start' : tk.x >= g.plot.x + g.plot.w - 1 ? 'end' : 'middle';
      const label = svg('text', { x: tk.x, y: g.plot.y + g.plot.h + 16, 'text-anchor': anchor });
      label.textContent = tk.label;
      kids.push(label);
    }
    kids.push(svg('line', { class: 'axis', x1: g.plot.x, x2: g.plot.x, y1: g.plot.y, y2: g.plot.y + g.plot.h }));
    kids.push(svg('line', { class: 'axis', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: g.plot.y + g.plot.h, y2: g.plot.y + g.plot.h }));
    const axisX = svg('text', { x: g.plot.x + g.plot.w, y: g.plot.y + g.plot.h + 32, 'text-anchor': 'end' });
    axisX.textContent = t.stepAxis;
    kids.push(axisX);
    if (g.uniform) {
      kids.push(svg('line', { class: 'uniform', x1: g.plot.x, x2: g.plot.x + g.plot.w, y1: g.uniform.y, y2: g.uniform.y }));
      const label = svg('text', { x: g.plot.x + g.plot.w - 4, y: g.uniform.y - 4, 'text-anchor': 'end' });
      label.textContent = t.uniformLine(g.uniform.value.toFixed(2));
      kids.push(label);
    }
    for (const line of g.lines) {
      const curve: { path?: SVGElement; dot?: SVGElement } = {};
      this.#chartCurves.push(curve);
      if (!line.d) continue;
      const cls = line.current ? line.split : `earlier ${line.split}`;
      curve.path = svg('path', { class: cls, d: line.d, 'data-model': line.model, 'data-split': line.split });
      kids.push(curve.path);
      if (line.current && line.last) {
        curve.dot = svg('circle', { class: `dot ${line.split}`, cx: line.last.x, cy: line.last.y, r: 3 });
        kids.push(curve.dot);
      }
      if (!line.current && line.split === 'val' && line.last) {
        const label = svg('text', { x: line.last.x - 4, y: line.last.y - 5, 'text-anchor': 'end' });
        label.textContent = line.model;
        kids.push(label);
      }
    }
    c.replaceChildren(...kids);
    const keys = [
      h('li', {}, h('span', { class: 'k', 'aria-hidden': 'true' }), t.trainLine),
      h('li', {}, h('span', { class: 'k val', 'aria-hidden': 'true' }), t.valLine),
    ];
    if (series.some((s) => !s.current)) keys.push(h('li', {}, h('span', { class: 'k earlier', 'aria-hidden': 'true' }), `${t.earlier}: ${series.filter((s) => !s.current).map((s) => s.model).join(', ')}`));
    if (g.uniform) keys.push(h('li', {}, h('span', { class: 'k uniform', 'aria-hidden': 'true' }), t.uniformLine(g.uniform.value.toFixed(2))));
    this.#keys.replaceChildren(...keys);
  }

  #runSourceShown(): string {
    return this.#phase !== 'idle' ? this.#runSource : this.#sourceOwn ? 'own' : 'shakespeare';
  }

  #drawHeatmap(): void {
    const a = this.#attention;
    if (!a) return;
    const chars = Array.from(a.snippet).slice(-BLOCK);
    const T = Math.round(Math.sqrt(a.weights.length));
    const names = chars.slice(chars.length - T).map(charLabel);
    const head = h('tr', {}, h('th', { scope: 'col', class: 'corner' }, this.#t.queryKey), ...names.map((n) => h('th', { scope: 'col' }, n)));
    const rows = names.map((n, i) => h('tr', {}, h('th', { scope: 'row' }, n), ...names.map((_, j) => {
      const w = a.weights[i * T + j];
      if (j > i) return h('td', { class: 'masked' }, '·');
      const td = h('td', {}, w.toFixed(2));
      const c = rampColor(w);
      td.style.background = c.fill;
      td.style.color = c.ink;
      return td;
    })));
    this.#hmWrap.replaceChildren(h('table', { class: 'hm', part: 'heatmap-table' },
      h('caption', {}, this.#t.attentionCaption(names.join(''))), h('thead', {}, head), h('tbody', {}, ...rows)));
  }
}

define('attn-train', AttnTrain);

declare global {
  interface HTMLElementTagNameMap {
    'attn-train': AttnTrain;
  }
  interface HTMLElementEventMap {
    'attn-train-start': CustomEvent<AttnTrainStartDetail>;
    'attn-train-eval': CustomEvent<AttnTrainEvalDetail>;
    'attn-train-done': CustomEvent<AttnTrainDoneDetail>;
    'attn-train-error': CustomEvent<AttnTrainErrorDetail>;
    'attn-train-attention': CustomEvent<{ snippet: string; weights: Float32Array }>;
    'attn-train-generate': CustomEvent<AttnTrainGenerateDetail>;
  }
}
