// <attn-train>: trains the lecture's character models (bigram … one head, and the
// block models up to a small GPT) in the browser, with the lecture's hyperparameters,
// initial weights and batches, and prints the lecture's log.
// The C++ engine runs in a Web Worker (engine/train-runner/train-worker.ts); this element
// parses attributes, sends Start / Pause / Resume / Stop / Reset, and shows the
// log, a live loss chart, the progress, the samples, the block models' per-layer
// spreads and, after a model with attention, every head's weights on a snippet.
import { AttnElement, define, h, resolveLang, type Lang, type Message } from '../../shared/element';
import { TrainClient, defaultTextUrl, type FromRunner, type RunSettings } from '../../engine/train-runner/client';
import type { Point } from './chart';
import type { TrainSettingValues } from '../../engine/train/types';
import { STRINGS, type Strings } from './i18n';
import { DEFAULT_STATE, SCHEMA, isBlockModel, settingsOf, type ModelName, type ParseError, type TrainState } from './parse';
import { TRAIN_CSS } from './styles';
import { GEN_CSS } from './generate-styles';
import { checkText, type TextProblem } from './text';
import { OWN_TEXT_FILE, SHAKESPEARE_FILE } from './pytorch-panel';
import type { AttnTrainGenerateDetail, Generation } from './generate-panel';
import { addPastRun, dropPastRuns, hasPastRuns, newRunId, onPastRunsChange, pastRuns } from './runs';
import { mapOf } from './attention-panel';
import type { LayerSpreads } from './spreads-panel';
import { buildParts, type TrainParts } from './parts';
import { startDetail, type FullRunSettings, type TrainPhase } from './events';

export type { ModelName } from './parse';
export type { AttnTrainGenerateDetail, Generation } from './generate-panel';
export type { AttnTrainDoneDetail, AttnTrainErrorDetail, AttnTrainEvalDetail, AttnTrainStartDetail, TrainErrorKind, TrainPhase } from './events';

const BLOCK = DEFAULT_STATE.block;
const hasAttention = (m: ModelName) => m === 'head' || isBlockModel(m);
const EVAL_SAMPLE_CHARS = 120;

/** A connection to the training loop, and what makes one for an element (its messages go to `listener`). */
type Connection = Pick<TrainClient, 'send' | 'close' | 'inPage'>;
type Connect = (listener: (msg: FromRunner) => void) => Connection;

/** The attributes' properties (parse.ts SCHEMA, a run setting's included): each reads the parsed value and writes the attribute. */
export interface AttnTrain extends TrainSettingValues { model: ModelName; seed: string; sampleChars: number }

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AttnTrain extends AttnElement<TrainState, ParseError> {
  static override attributes = SCHEMA;
  /**
   * How the element connects to the training loop: nothing is fetched until
   * its first run sends (TrainClient starts the worker then); tests replace it.
   */
  static override engine: () => Promise<Connect> = async () => (listener) => new TrainClient(listener);

  /** URL of the default training text (Tiny Shakespeare unless set). */
  get src(): string { return this.getAttribute('src') ?? defaultTextUrl(); }
  set src(v: string) { this.setAttribute('src', v); }

  readonly #connect = this.engineSlot<Connect>();
  #lang: Lang | null = null;
  /** Holds the element's place (scroll anchoring keeps it in view) until the first render puts the controls in. */
  readonly #pending = h('div', { class: 'pending', 'aria-hidden': 'true' });
  #t: Strings = STRINGS['zh-CN'];
  /** The model and iterations the idle chart was drawn for (a change key). */
  #chartKey = '';

  #client: Connection | null = null;
  #run = 0;
  #runModel: ModelName = 'head';
  #runBlock: number = BLOCK;
  #runSource: 'shakespeare' | 'own' = 'shakespeare';
  #phase: TrainPhase = 'idle';
  #vocab = '';
  #step = 0;
  #iters = 0;
  #problem: string | null = null;

  // What the element shows and drives (parts.ts): built at its first render, not when defined.
  #parts: TrainParts | null = null;
  get #p(): TrainParts { return this.#parts ??= this.#build(); }

  #build(): TrainParts {
    this.#parts = buildParts({
      pytorch: {
        // the attributes as they are now, even before the render that applies them
        settings: () => ({ ...this.readAttributes().state, data: this.#p.own.chosen ? OWN_TEXT_FILE : SHAKESPEARE_FILE }),
        lang: () => this.#lang ?? resolveLang(this),
        ownText: () => (this.#p.own.chosen ? this.#p.own.text : null),
        textUrl: () => {
          try { return new URL(this.src, document.baseURI).href; } catch { return ''; }
        },
        textSrc: () => this.getAttribute('src') ?? '',
      },
      gen: {
        send: (msg) => this.#client?.send({ ...msg, run: this.#run }),
        emit: (detail) => this.emit('attn-train-generate', detail),
        settled: () => this.settle(),
      },
      requestAttention: () => this.#requestAttention(),
    });
    this.#wire();
    return this.#parts;
  }

  constructor() {
    super(TRAIN_CSS + GEN_CSS);
    this.root.append(this.#pending);
  }

  /** Where the current run is. */
  get phase(): TrainPhase { return this.#phase; }
  /** The log printed so far, one line per evaluation (the lecture's text). */
  get log(): string[] { return [...this.#p.out.lines]; }
  get evaluations(): Point[] { return this.#p.out.points.map((p) => ({ ...p })); }
  /** The sample generated at the end of the run ("" before). */
  get sample(): string { return this.#p.out.sample; }
  /** The short samples drawn at each evaluation (from a generator of their own: the run is unchanged). */
  get evalSamples(): { step: number; text: string }[] { return this.#p.out.evalSamples.map((s) => ({ ...s })); }
  /** The attention shown, or null: `layers[l][h]` T×T rows-major (queries); `weights` the first map (the head model's only one). */
  get attention(): { snippet: string; weights: Float32Array; layers: Float32Array[][] } | null {
    const a = this.#p.attn.shown;
    if (!a) return null;
    const layers = Array.from({ length: a.layers }, (_, l) => Array.from({ length: a.heads }, (_, hd) => mapOf(a, l, hd).slice()));
    return { snippet: a.snippet, weights: layers[0]![0]!.slice(), layers };
  }
  /** The block models: per evaluation (from step 1), each layer's activation and gradient spreads at the step before. */
  get layerSpreads(): LayerSpreads[] { return this.#p.spreads.history; }
  /** The generation panel's start text and steps (after a run). */
  get generation(): Generation { return this.#p.gen.generation; }
  get inputErrors(): ParseError[] { return this.attrErrors.map((e) => ({ ...e })); }
  /** The PyTorch script for the current settings (what Copy as PyTorch copies): attn-cli train … --emit-pytorch's. */
  get pytorchScript(): string { return this.#p.pytorch.script(); }

  /** Uses this text (instead of Tiny Shakespeare) for the next run; null goes back to Tiny Shakespeare. */
  setText(text: string | null): void {
    this.#p.own.set(text);
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
    if (this.#phase === 'loading') this.#resetRun();
    else if (this.#phase === 'running' || this.#phase === 'paused') this.#client?.send({ type: 'stop', run: this.#run });
  }
  reset(): void { this.#resetRun(); }

  // --- lifecycle -------------------------------------------------------------

  #unsubscribe: (() => void) | null = null;

  connectedCallback(): void {
    this.#unsubscribe ??= onPastRunsChange(() => this.#drawChart());
    this.#connect.start();
    if (this.#lang === null) { // before the first render: the attributes as written (a bad value set next keeps them), the strings
      this.readAttributes();
      this.#t = STRINGS[resolveLang(this)];
    }
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    // A removed element stops its run and frees the worker.
    if (this.#client) {
      this.#client.close();
      this.#client = null;
      if (this.#phase === 'running' || this.#phase === 'paused' || this.#phase === 'loading') this.#phase = 'stopped';
    }
  }

  // --- controls ----------------------------------------------------------------

  #wire(): void {
    // A model other than gpt takes no dropout: its control's value leaves with it.
    this.#p.v.onControlChange((attr, value) => { if (attr === 'model' && value !== 'gpt') this.removeAttribute('dropout'); this.setAttribute(attr, value); });
    const source = () => { this.#p.own.chosen = this.#p.v.srcOwn.checked; this.#problem = null; this.requestRender(); };
    this.#p.v.srcShake.addEventListener('change', source);
    this.#p.v.srcOwn.addEventListener('change', source);
    this.#p.v.ownText.addEventListener('input', () => { this.#problem = null; this.#showMessages(); });
    this.#p.v.ownFile.addEventListener('change', () => void this.#readFile());
    this.#p.v.start.addEventListener('click', () => this.#startRun());
    this.#p.v.pause.addEventListener('click', () => (this.#phase === 'paused' ? this.resume() : this.pause()));
    this.#p.v.stop.addEventListener('click', () => this.stop());
    this.#p.v.reset.addEventListener('click', () => this.#resetRun());
  }

  async #readFile(): Promise<void> {
    const file = this.#p.v.ownFile.files?.[0];
    if (!file) return;
    const problem = await this.#p.own.read(file, this.attrs.block);
    if (problem) { this.#rejectText(problem); return; }
    this.#problem = null;
    this.#showMessages();
  }

  #rejectText(p: TextProblem): void {
    this.#problem = this.#t.textProblem(p);
    this.#showMessages();
    this.emit('attn-train-error', { kind: 'text', message: this.#problem });
  }

  #settings(): FullRunSettings {
    const s = this.attrs;
    return { model: s.model, seed: s.seed, ...settingsOf(s), sampleChars: s.sampleChars, evalSampleChars: EVAL_SAMPLE_CHARS };
  }

  #startRun(): void {
    if (this.#phase === 'running' || this.#phase === 'loading' || this.#phase === 'paused') return;
    const connect = this.#connect.value;
    if (!connect) { // started before the connection was made: once it is
      this.#connect.load().then(() => this.#startRun(), () => { this.#problem = this.#t.engineFailed(this.#connect.error ?? ''); this.#showMessages(); });
      return;
    }
    const s = this.readAttributes().state;
    let text: string | undefined;
    if (this.#p.own.chosen) {
      const r = checkText(this.#p.own.text, s.block);
      if (!r.ok) { this.#rejectText(r.problem); return; }
      text = r.text;
    }
    this.#problem = null;
    this.#client ??= connect((msg) => this.#onMessage(msg));
    this.#run = newRunId();
    this.#runModel = s.model;
    this.#runBlock = s.block;
    this.#p.attn.setRun(this.#runBlock, isBlockModel(this.#runModel));
    this.#runSource = text === undefined ? 'shakespeare' : 'own';
    // The last run's attention and generation panels leave until this run
    // ends: its height is kept meanwhile, so that the page below stays put.
    this.#p.v.body.style.minHeight = `${this.#p.v.body.getBoundingClientRect().height}px`;
    this.#clearOutputs();
    this.#step = 0;
    this.#iters = s.iters;
    this.#vocab = '';
    this.#phase = 'loading';
    this.#p.v.progress.value = 0;
    this.#p.v.rate.textContent = '';
    const settings = this.#settings();
    this.#client.send({ type: 'start', run: this.#run, settings, ...(text === undefined ? { textUrl: new URL(this.src, document.baseURI).href } : { text }) });
    this.emit('attn-train-start', startDetail(settings, this.#runSource));
    this.#p.v.status.textContent = this.#t.loadingEngine;
    this.#drawChart();
    this.requestRender();
  }

  /** Empties what a run shows: its points, log, samples and learned attention. */
  #clearOutputs(): void {
    this.#p.out.clear(this.#t);
    this.#p.attn.clear();
    this.#p.spreads.clear();
    this.#p.gen.clear();
  }

  #resetRun(): void {
    if (this.#client && this.#run) this.#client.send({ type: 'reset', run: this.#run });
    this.#run = newRunId();
    this.#phase = 'idle';
    this.#clearOutputs();
    this.#problem = null;
    this.#step = 0;
    this.#p.v.progress.value = 0;
    this.#p.v.rate.textContent = '';
    // Earlier runs of this element leave the comparison too.
    dropPastRuns(this);
    this.requestRender();
  }

  /** Shows the progress and evaluations not yet shown. */
  #flushRun(): void {
    if (this.#p.out.flush(this.#t, this.#phase === 'running')) this.#drawChart();
  }

  /** A generation under way is part of an update. */
  protected override busy(): boolean {
    return this.#p.gen.busy();
  }

  #onMessage(msg: FromRunner): void {
    if (msg.run !== this.#run) return; // a message of a run that was reset or replaced
    const t = this.#t;
    if (msg.type !== 'progress' && msg.type !== 'eval') this.#flushRun();
    switch (msg.type) {
      case 'loading':
        this.#p.v.status.textContent = msg.what === 'engine' ? t.loadingEngine : t.loadingText;
        break;
      case 'started':
        this.#phase = 'running';
        this.#vocab = msg.vocab;
        this.#iters = msg.info.iters;
        this.#p.out.started(t, this.#iters, !msg.worker, msg.threads);
        this.#drawChart();
        this.requestRender();
        break;
      case 'eval': {
        this.#p.out.evaluation(msg);
        if (msg.spreads) this.#p.spreads.add({ step: msg.point.step, ...msg.spreads });
        this.requestRender();
        this.emit('attn-train-eval', { model: this.#runModel, ...msg.point, line: msg.line });
        break;
      }
      case 'progress':
        this.#step = msg.step;
        this.#p.out.progress(msg);
        this.requestRender();
        break;
      case 'paused':
        this.#phase = 'paused';
        this.#step = msg.step;
        this.#p.v.status.textContent = t.paused(msg.step, this.#iters);
        this.requestRender();
        break;
      case 'resumed':
        this.#phase = 'running';
        this.#p.out.showPhase(t, 'running', msg.step, this.#iters);
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
        this.#p.out.done(t, msg, this.#iters);
        this.#finishRun();
        this.emit('attn-train-done', {
          model: this.#runModel, step: msg.step, stopped: msg.stopped, evals: this.evaluations, sample: msg.sample,
          seconds: msg.activeMs / 1000, stepsPerSecond: msg.stepsPerSecond,
        });
        if (msg.step > 0) this.#requestAttention();
        break;
      }
      case 'attention':
        if (!this.#p.attn.receive(msg.request, { snippet: msg.snippet, weights: msg.weights, layers: msg.layers, heads: msg.heads, T: msg.T })) return;
        this.emit('attn-train-attention', this.attention!);
        break;
      case 'generated':
        this.#p.gen.receive(msg);
        break;
      case 'error': {
        if (msg.kind === 'generate') { this.#p.gen.fail(msg); return; }
        if (msg.kind === 'attention') { this.#p.attn.fail(); return; }
        this.#phase = 'failed';
        this.#problem = msg.kind === 'fetch' ? t.fetchFailed(msg.message)
          : msg.kind === 'text' ? t.textRejected(msg.message) : t.engineFailed(msg.message);
        this.#p.v.status.textContent = '';
        this.#showMessages();
        this.requestRender();
        this.emit('attn-train-error', { kind: msg.kind, message: this.#problem });
        break;
      }
    }
  }

  #finishRun(): void {
    if (this.#p.out.points.length > 0) {
      addPastRun({ owner: this, model: this.#runModel, source: this.#runSource, points: [...this.#p.out.points] });
    }
    this.#showMessages();
    this.requestRender();
  }

  #requestAttention(): void {
    if (!this.#client || !hasAttention(this.#runModel) || this.#phase === 'idle' || this.#phase === 'loading') return;
    const r = this.#p.attn.request(this.#vocab);
    if (r) this.#client.send({ type: 'attention', run: this.#run, ...r });
  }

  // --- render -----------------------------------------------------------------

  protected render(): void {
    this.#flushRun();
    this.readAttributes(); // first: the idle chart's axis follows the model's iterations
    const { lang, t, changed } = this.localize(STRINGS);
    if (changed) {
      this.#lang = lang;
      this.#t = t;
      this.#applyStrings();
    } else if (this.#phase === 'idle' && this.changeKey('iters', 'model') !== this.#chartKey) {
      this.#drawChart();
    }
    this.#showMessages();
    this.#syncControls();
    this.#p.pytorch.update();
    if (this.#pending.isConnected) this.#pending.replaceWith(this.#p.message.el, this.#p.v.body); // named and set: none unnamed
  }

  #applyStrings(): void {
    this.#p.v.applyStrings(this.#t, this.attrs.block, this.#p.out.sample !== '');
    this.#p.attn.setLang(this.#t);
    this.#p.spreads.setLang(this.#t);
    this.#p.gen.setLang(this.#lang!);
    this.#p.out.showPhase(this.#t, this.#phase, this.#step, this.#iters);
    this.#drawChart();
  }

  #showMessages(): void {
    const items: Message[] = this.attrErrors.map((e) => ({ text: this.#t.error(e), attr: e.attr }));
    if (this.#problem) items.push({ text: this.#problem, problem: true });
    this.#p.message.show(items);
  }

  #syncControls(): void {
    const s = this.attrs;
    const busy = this.#phase === 'running' || this.#phase === 'paused' || this.#phase === 'loading';
    if (!busy) this.#p.v.body.style.minHeight = '';
    this.#p.v.showSettings(s, this.#p.own.chosen, busy, this.shadowRoot?.activeElement ?? null);
    this.#p.v.start.disabled = busy;
    this.#p.v.pause.disabled = !(this.#phase === 'running' || this.#phase === 'paused');
    this.#p.v.pause.textContent = this.#phase === 'paused' ? this.#t.resume : this.#t.pause;
    this.#p.v.stop.disabled = !busy;
    this.#p.v.reset.disabled = this.#phase === 'idle' && !hasPastRuns(this);
    this.#p.attn.root.hidden = !(hasAttention(this.#runModel) && (this.#phase === 'done' || this.#phase === 'stopped' || this.#phase === 'paused') && this.#step > 0);
    const ended = (this.#phase === 'done' || this.#phase === 'stopped') && this.#step > 0 && this.#vocab !== '';
    this.#p.gen.setRun(ended, this.#runModel, this.#vocab, this.#runBlock);
    this.#p.v.progress.classList.toggle('idle', this.#phase === 'idle');
    if (this.#phase === 'idle') this.#p.v.status.textContent = this.#t.idle;
  }

  #drawChart(): void {
    const running = this.#phase !== 'idle';
    this.#chartKey = this.changeKey('iters', 'model');
    this.#p.v.chart.drawRuns(this.#t, this.#lang, {
      current: running ? { model: this.#runModel, points: this.#p.out.points } : null,
      source: this.#runSourceShown(),
      vocab: this.#vocab,
      itersHint: running ? this.#iters : this.attrs.iters,
      model: running ? this.#runModel : this.attrs.model,
    });
  }

  #runSourceShown(): string {
    return this.#phase !== 'idle' ? this.#runSource : this.#p.own.chosen ? 'own' : 'shakespeare';
  }
}

define('attn-train', AttnTrain);

declare global {
  interface HTMLElementTagNameMap {
    'attn-train': AttnTrain;
  }
}
