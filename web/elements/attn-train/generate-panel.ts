// <attn-train>'s generation panel: after a run, the learner types a start
// text and steps the trained model through generation one character at a
// time (Step, Play/Pause, Reset; argmax or sampled). Each step shows the
// window the model sees with its positions (and why it slides), the ten
// likeliest next characters, the choice, the head's newest attention row, and
// with the KV cache on, the same step computed from a cache: the engine's
// multiply-adds both ways and the logits' largest difference, which stays at
// rounding level until the window slides and then shows the naive cache's
// drift. The steps run in the training Worker (web/engine/train-runner/runner.ts, 'generate').
import { h, type Lang } from '../../shared/element';
import type { GenStepView, ToRunner } from '../../engine/train-runner/protocol';
import { TRAIN_ELEMENT_LIMITS } from '../../engine/shared/limits/train-element.js';
import { TRAIN_LIMITS } from '../../engine/shared/limits/train.js';
import { GEN_STRINGS, type GenStrings } from './generate-i18n';
import { charLabel, isBlockModel, type ModelName } from './parse';
import { rampColor } from './ramp';

export type { GenStepView };

/** The `generation` property: the start text and every step so far. */
export interface Generation {
  context: string;
  steps: GenStepView[];
}

/** detail of `attn-train-generate`: one step. */
export interface AttnTrainGenerateDetail {
  context: string;
  index: number;
  step: GenStepView;
}

export const MAX_STEPS = TRAIN_ELEMENT_LIMITS.maxGenerateSteps;
export const MAX_CONTEXT = TRAIN_ELEMENT_LIMITS.maxGenerateContext;
/** Between two steps of Play: slow enough to watch. */
const PLAY_GAP_MS = 90;
const DEFAULT_CONTEXT = '\n';
const DEFAULT_COUNT = 40;

type GenerateMsg = Extract<ToRunner, { type: 'generate' }>;

export interface GenHost {
  /** Sends a generate request for the element's current run. */
  send(msg: Omit<GenerateMsg, 'run'>): void;
  emit(detail: AttnTrainGenerateDetail): void;
  /** A request was answered: the element may resolve updateComplete. */
  settled(): void;
}

const clone = (s: GenStepView): GenStepView => structuredClone(s);

/** Problems with a start text: characters outside the vocabulary, or too long. */
export function contextProblem(context: string, vocab: string, t: GenStrings): string | null {
  const chars = Array.from(context);
  if (chars.length > MAX_CONTEXT) return t.tooLong(MAX_CONTEXT);
  const known = new Set(Array.from(vocab));
  const unknown = [...new Set(chars.filter((c) => !known.has(c)))];
  if (unknown.length > 0) return t.unknownChars(unknown.map((c) => `“${charLabel(c)}”`).join(' '), known.size);
  return null;
}

const TEMPERATURE: readonly [number, number] = [TRAIN_LIMITS.minTemperature, TRAIN_LIMITS.maxTemperature];

/** A sampling temperature in [min, max], or null. */
export function parseTemperature(v: string): number | null {
  const s = v.trim();
  if (!/^[0-9]*\.?[0-9]+$/.test(s)) return null;
  const n = Number(s);
  return n >= TEMPERATURE[0] && n <= TEMPERATURE[1] ? n : null;
}

/** Top-k: a whole number in [0, maxTopK] (0: no cut), or null. */
export function parseTopK(v: string): number | null {
  const s = v.trim();
  if (!/^[0-9]{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n <= TRAIN_LIMITS.maxTopK ? n : null;
}

/** Characters to play: a whole number in [1, MAX_STEPS], or null. */
export function parseCount(v: string): number | null {
  const s = v.trim();
  if (!/^[0-9]{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_STEPS ? n : null;
}

export class GenerationPanel {
  readonly root = h('section', { class: 'generate', part: 'generate', 'aria-labelledby': 'gen-title', hidden: true });
  #host: GenHost;
  #t: GenStrings = GEN_STRINGS['zh-CN'];
  #lang: Lang = 'zh-CN';

  #model: ModelName = 'head';
  #vocab = '';
  #block = 8;
  #available = false;

  #context = DEFAULT_CONTEXT;   // the start text of the steps shown
  #steps: GenStepView[] = [];
  #started = false;              // the worker has a decoder for the current settings
  #shown: { temperature: string; topK: number } | null = null;  // the sampling of the current decoder, as typed
  #request = 0;
  #waiting = false;
  #playing = false;
  #left = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #problem: string | null = null;

  readonly #title = h('h3', { id: 'gen-title' });
  readonly #help = h('p', { class: 'hint' });
  readonly #contextLabel = h('label', { for: 'gen-context' });
  readonly #contextIn = h('textarea', { id: 'gen-context', rows: '2', spellcheck: 'false', part: 'generate-context', 'aria-describedby': 'gen-context-hint' });
  readonly #contextHint = h('p', { class: 'hint', id: 'gen-context-hint' });
  readonly #countLabel = h('label', { for: 'gen-count' });
  readonly #count = h('input', { id: 'gen-count', type: 'text', inputmode: 'numeric', autocomplete: 'off', value: String(DEFAULT_COUNT), part: 'generate-count' });
  readonly #modeLegend = h('legend');
  readonly #greedy = h('input', { type: 'radio', name: 'gen-mode', id: 'gen-greedy', value: 'greedy', checked: true });
  readonly #greedyLabel = h('label', { for: 'gen-greedy' });
  readonly #sampled = h('input', { type: 'radio', name: 'gen-mode', id: 'gen-sampled', value: 'sampled' });
  readonly #sampledLabel = h('label', { for: 'gen-sampled' });
  readonly #tempLabel = h('label', { for: 'gen-temperature' });
  readonly #temp = h('input', { id: 'gen-temperature', type: 'text', inputmode: 'decimal', autocomplete: 'off', value: '1', part: 'generate-temperature' });
  readonly #topKLabel = h('label', { for: 'gen-top-k' });
  readonly #topK = h('input', { id: 'gen-top-k', type: 'text', inputmode: 'numeric', autocomplete: 'off', value: '0', part: 'generate-top-k' });
  readonly #shapeHint = h('p', { class: 'hint' });
  readonly #shape = h('div', { class: 'controls gen-shape' });
  readonly #cache = h('input', { type: 'checkbox', id: 'gen-cache', part: 'generate-cache-toggle' });
  readonly #cacheLabel = h('label', { for: 'gen-cache' });
  readonly #cacheChoice = h('p', { class: 'choice' });
  readonly #stepBtn = h('button', { type: 'button', part: 'generate-step' });
  readonly #playBtn = h('button', { type: 'button', part: 'generate-play' });
  readonly #resetBtn = h('button', { type: 'button', part: 'generate-reset' });
  readonly #message = h('p', { class: 'gen-message', role: 'alert', part: 'generate-message', hidden: true });
  readonly #status = h('p', { class: 'status', role: 'status', part: 'generate-status' });
  readonly #textLabel = h('h4', { id: 'gen-text-title' });
  readonly #text = h('p', { class: 'gen-text', part: 'generate-text', 'aria-labelledby': 'gen-text-title' });
  readonly #window = h('div', { class: 'gen-window hm-wrap', part: 'generate-window', tabindex: '0', role: 'region', 'aria-labelledby': 'gen-text-title' });
  readonly #crop = h('p', { class: 'hint gen-crop', part: 'generate-crop', hidden: true });
  readonly #probsTitle = h('h4', { id: 'gen-probs-title' });
  readonly #probs = h('ol', { class: 'gen-probs', part: 'generate-probs', 'aria-labelledby': 'gen-probs-title' });
  readonly #chosen = h('p', { class: 'gen-chosen', part: 'generate-chosen' });
  readonly #attnBox = h('div', { part: 'generate-attention' });
  readonly #cacheBox = h('div', { class: 'gen-cache', part: 'generate-cache', 'aria-labelledby': 'gen-cache-title' });
  readonly #cacheTitle = h('h4', { id: 'gen-cache-title' });
  readonly #ops = h('ul', { class: 'gen-ops', part: 'generate-ops' });
  readonly #diff = h('p', { class: 'gen-diff', part: 'generate-diff' });
  readonly #explain = h('p', { class: 'hint', part: 'generate-explain' });
  readonly #interview = h('p', { class: 'hint' });
  readonly #interviewLink = h('a', { href: 'index.html#interview', part: 'generate-interview' });
  readonly #out = h('div', { class: 'gen-out', hidden: true });

  constructor(host: GenHost) {
    this.#host = host;
    this.#contextIn.value = DEFAULT_CONTEXT;
    this.root.append(
      this.#title, this.#help,
      h('div', { class: 'controls gen-controls' },
        h('div', { class: 'field' }, this.#contextLabel, this.#contextIn),
        h('div', { class: 'field' }, this.#countLabel, this.#count)),
      this.#contextHint,
      h('fieldset', {}, this.#modeLegend,
        h('span', { class: 'choice' }, this.#greedy, this.#greedyLabel),
        h('span', { class: 'choice' }, this.#sampled, this.#sampledLabel), this.#shape),
      this.#cacheChoice,
      h('div', { class: 'buttons' }, this.#stepBtn, this.#playBtn, this.#resetBtn),
      this.#message, this.#status,
      this.#out,
      this.#interview,
    );
    this.#cacheChoice.append(this.#cache, this.#cacheLabel);
    this.#shape.append(h('div', { class: 'field' }, this.#tempLabel, this.#temp), h('div', { class: 'field' }, this.#topKLabel, this.#topK), this.#shapeHint);
    this.#cacheBox.append(this.#cacheTitle, this.#ops, this.#diff, this.#explain);
    this.#out.append(this.#textLabel, this.#text, this.#window, this.#crop,
      h('div', { class: 'gen-cols' },
        h('div', {}, this.#probsTitle, this.#probs, this.#chosen),
        this.#attnBox),
      this.#cacheBox);
    this.#interview.append(this.#interviewLink);

    this.#stepBtn.addEventListener('click', () => { this.#stopPlay(); this.#stepOnce(); });
    this.#playBtn.addEventListener('click', () => (this.#playing ? this.#stopPlay() : this.#play()));
    this.#resetBtn.addEventListener('click', () => this.reset());
    this.#contextIn.addEventListener('input', () => { this.#stopPlay(); this.#started = false; this.#steps = []; this.#problem = null; this.#draw(); });
    const restart = () => { this.#started = false; this.#sync(); };  // the next step continues the text with the new setting
    this.#greedy.addEventListener('change', restart);
    this.#sampled.addEventListener('change', restart);
    this.#cache.addEventListener('change', restart);
    this.#temp.addEventListener('change', restart);
    this.#topK.addEventListener('change', restart);
  }

  // --- what the element tells the panel -----------------------------------------

  setLang(lang: Lang): void {
    this.#lang = lang;
    const t = (this.#t = GEN_STRINGS[lang]);
    this.#title.textContent = t.title;
    this.#help.textContent = t.help;
    this.#contextLabel.textContent = t.context;
    this.#contextHint.textContent = t.contextHint;
    this.#countLabel.textContent = t.count;
    this.#modeLegend.textContent = t.mode;
    this.#greedyLabel.textContent = t.greedy;
    this.#sampledLabel.textContent = t.sampled;
    this.#tempLabel.textContent = t.temperature;
    this.#topKLabel.textContent = t.topK;
    this.#shapeHint.textContent = t.shapeHint;
    this.#cacheLabel.textContent = t.cache;
    this.#stepBtn.textContent = t.step;
    this.#resetBtn.textContent = t.reset;
    this.#textLabel.textContent = t.textLabel;
    this.#probsTitle.textContent = t.probsTitle;
    this.#cacheTitle.textContent = t.cacheTitle;
    this.#interview.firstChild?.remove();
    this.#interview.prepend(`${t.interview} `);
    this.#interviewLink.textContent = t.interviewLink;
    this.#draw();
  }

  /** The run the panel generates from: shown once it has finished with a trained model. */
  setRun(available: boolean, model: ModelName, vocab: string, block: number): void {
    const changed = available !== this.#available || model !== this.#model || vocab !== this.#vocab;
    this.#available = available;
    this.#model = model;
    this.#vocab = vocab;
    this.#block = block;
    this.root.hidden = !available;
    if (changed && !available) this.clear();
    this.#sync();
  }

  /** A new run (or a reset): nothing generated, nothing pending. */
  clear(): void {
    this.#stopPlay();
    this.#steps = [];
    this.#started = false;
    this.#waiting = false;
    this.#request++;
    this.#problem = null;
    this.#draw();
  }

  reset(): void {
    this.clear();
    this.#host.settled();
  }

  get generation(): Generation {
    return { context: this.#context, steps: this.#steps.map(clone) };
  }

  /** A request is out, or Play is on. */
  busy(): boolean {
    return this.#waiting || this.#playing;
  }

  receive(msg: { request: number; steps: GenStepView[] }): void {
    if (msg.request !== this.#request) return;
    this.#waiting = false;
    for (const s of msg.steps) {
      this.#steps.push(s);
      this.#host.emit({ context: this.#context, index: this.#steps.length - 1, step: clone(s) });
    }
    this.#left -= msg.steps.length;
    this.#draw();
    if (this.#playing) {
      if (this.#left > 0 && this.#steps.length < MAX_STEPS) {
        this.#timer = setTimeout(() => { this.#timer = null; if (this.#playing) this.#stepOnce(); }, PLAY_GAP_MS);
      } else {
        this.#stopPlay();
      }
    }
    this.#host.settled();
  }

  fail(msg: { request?: number; message: string }): void {
    if (msg.request !== undefined && msg.request !== this.#request) return;
    this.#waiting = false;
    this.#stopPlay();
    this.#started = false;
    this.#problem = this.#t.engine(msg.message);
    this.#draw();
    this.#host.settled();
  }

  // --- stepping ---------------------------------------------------------------------

  #play(): void {
    const n = parseCount(this.#count.value);
    if (n === null) { this.#show(this.#t.badCount(MAX_STEPS)); return; }
    this.#left = n;
    this.#playing = true;
    this.#sync();
    this.#stepOnce();
  }

  #stopPlay(): void {
    const was = this.#playing;
    this.#playing = false;
    if (this.#timer !== null) { clearTimeout(this.#timer); this.#timer = null; }
    if (was) { this.#sync(); this.#host.settled(); }
  }

  #show(problem: string): void {
    this.#problem = problem;
    this.#draw();
  }

  #stepOnce(): void {
    if (!this.#available || this.#waiting) return;
    if (this.#steps.length >= MAX_STEPS) { this.#stopPlay(); this.#show(this.#t.tooMany(MAX_STEPS)); return; }
    let start: GenerateMsg['start'];
    if (!this.#started) {
      if (this.#steps.length === 0) {
        const context = this.#contextIn.value;
        const problem = contextProblem(context, this.#vocab, this.#t);
        if (problem) { this.#stopPlay(); this.#show(problem); return; }
        this.#context = context;
      }
      const greedy = this.#greedy.checked;
      const temperature = parseTemperature(this.#temp.value), topK = parseTopK(this.#topK.value);
      if (!greedy && temperature === null) { this.#stopPlay(); this.#show(this.#t.badTemperature(...TEMPERATURE)); return; }
      if (!greedy && topK === null) { this.#stopPlay(); this.#show(this.#t.badTopK(TRAIN_LIMITS.maxTopK)); return; }
      // After a change of mode the text so far is the new start (a fresh cache of its window).
      start = { context: this.#fullText(), cache: this.#cacheable() && this.#cache.checked, greedy,
        ...(greedy ? {} : { temperature: temperature!, topK: topK! }) };
      this.#shown = greedy ? null : { temperature: this.#temp.value.trim(), topK: topK! };
      this.#started = true;
    }
    this.#problem = null;
    this.#waiting = true;
    this.#request++;
    this.#host.send({ type: 'generate', request: this.#request, count: 1, ...(start ? { start } : {}) });
    this.#sync();
  }

  /** The start text (token 0 when empty) and what has been generated. */
  #fullText(): string {
    const start = this.#context === '' ? Array.from(this.#vocab)[0] ?? '' : this.#context;
    return this.#steps.length === 0 && this.#context === '' ? '' : start + this.#steps.map((s) => s.chosen).join('');
  }

  // --- drawing ------------------------------------------------------------------------

  #sync(): void {
    this.#playBtn.textContent = this.#playing ? this.#t.pause : this.#t.play;
    this.#playBtn.setAttribute('aria-pressed', String(this.#playing));
    this.#stepBtn.disabled = !this.#available || this.#playing;
    this.#resetBtn.disabled = !this.#available;
    this.#playBtn.disabled = !this.#available;
    this.#cacheChoice.hidden = !this.#cacheable();
    this.#shape.hidden = this.#greedy.checked;
  }

  /** The models with keys and values to cache: the head, and every layer of the block models. */
  #cacheable(): boolean {
    return this.#model === 'head' || isBlockModel(this.#model);
  }

  #draw(): void {
    const t = this.#t;
    this.#message.textContent = this.#problem ?? '';
    this.#message.hidden = this.#problem === null;
    this.#sync();
    const last = this.#steps[this.#steps.length - 1];
    this.#out.hidden = !last;
    this.#status.textContent = this.#steps.length > 0 ? t.stepsDone(this.#steps.length, MAX_STEPS) : '';
    if (!last) return;
    const start = this.#context === '' ? Array.from(this.#vocab)[0] ?? '' : this.#context;
    this.#text.replaceChildren(h('span', { class: 'ctx' }, start), h('mark', {}, this.#steps.map((s) => s.chosen).join('')));

    const T = last.window.length;
    this.#window.replaceChildren(h('table', { class: 'hm gen-win' },
      h('caption', {}, t.windowCaption(T, this.#block)),
      h('tbody', {},
        h('tr', {}, h('th', { scope: 'row' }, t.position), ...last.window.map((_, i) => h('td', {}, String(i)))),
        h('tr', {}, h('th', { scope: 'row' }, t.character), ...last.window.map((c) => h('td', { class: 'ch' }, charLabel(c)))))));
    this.#crop.hidden = !last.slid;
    this.#crop.textContent = last.slid ? t.slid(this.#block) : '';

    this.#probs.replaceChildren(...last.probs.map((p) => {
      const bar = h('span', { class: 'bar', 'aria-hidden': 'true' });
      bar.style.width = `${(p.p * 100).toFixed(1)}%`;
      return h('li', { class: p.char === last.chosen ? 'chosen' : undefined },
        h('span', { class: 'ch' }, charLabel(p.char)),
        h('span', { class: 'track', 'aria-hidden': 'true' }, bar),
        h('span', { class: 'p' }, p.p.toFixed(3)),
        ...(p.model === undefined ? [] : [h('span', { class: 'model' }, t.modelP(p.model.toFixed(3)))]));
    }));
    const shaped = last.probs[0]?.model !== undefined && this.#shown;
    this.#probsTitle.textContent = shaped ? t.probsShaped(this.#shown!.temperature, this.#shown!.topK) : t.probsTitle;
    this.#chosen.textContent = t.chosen(charLabel(last.chosen));

    if (last.attention) {
      const names = last.window.map(charLabel);
      this.#attnBox.replaceChildren(h('h4', { id: 'gen-attn-title' }, t.attentionTitle),
        h('div', { class: 'hm-wrap', tabindex: '0', role: 'region', 'aria-labelledby': 'gen-attn-title' },
          h('table', { class: 'hm gen-attn' },
            h('caption', {}, t.attentionCaption(names[names.length - 1] ?? '')),
            h('thead', {}, h('tr', {}, ...names.map((n) => h('th', { scope: 'col' }, n)))),
            h('tbody', {}, h('tr', {}, ...last.attention.map((w) => {
              const td = h('td', {}, w.toFixed(2));
              const c = rampColor(w);
              td.style.background = c.fill;
              td.style.color = c.ink;
              return td;
            }))))));
    } else {
      this.#attnBox.replaceChildren(h('p', { class: 'hint' }, isBlockModel(this.#model) ? t.blockAttention : t.noAttention));
    }

    const fmt = new Intl.NumberFormat(this.#lang === 'en' ? 'en-US' : 'zh-CN');
    const layers = last.cache?.layers ?? 1, blocks = isBlockModel(this.#model);
    const ops = [h('li', { 'data-ops': 'recompute' },
      blocks ? t.opsRecomputeBlocks(fmt.format(last.ops.recompute), T, layers) : t.opsRecompute(fmt.format(last.ops.recompute), T))];
    if (last.ops.cached !== undefined) {
      ops.push(h('li', { 'data-ops': 'cached' },
        blocks ? t.opsCachedBlocks(fmt.format(last.ops.cached), T, layers) : t.opsCached(fmt.format(last.ops.cached), T)));
    }
    if (last.cache) {
      const c = last.cache;
      ops.push(h('li', { 'data-ops': 'cache-size' }, t.cacheSize(fmt.format(c.floats), c.layers, c.heads, T, c.headSize)));
    }
    this.#ops.replaceChildren(...ops);
    if (last.diff !== undefined) {
      this.#diff.textContent = t.diff(last.diff === 0 ? '0' : last.diff.toExponential(2));
      this.#diff.dataset.diff = String(last.diff);
      this.#diff.classList.toggle('drift', last.slid);
      this.#explain.textContent = last.slid ? t.drift : t.diffFits;
    } else {
      this.#diff.textContent = this.#cacheable() ? t.opsOff : '';
      delete this.#diff.dataset.diff;
      this.#diff.classList.remove('drift');
      this.#explain.textContent = '';
    }
    this.#cacheBox.hidden = !this.#cacheable();
  }
}
