// <attn-exercise>: lesson 1's section-5 program in the page. The learner types
// the three TODO lines (or picks a common mistake); the C++ engine runs the
// program in a sandboxed Python/NumPy subset (WASM), prints what NumPy would
// print and judges each line by what it computes (cpp/lessons/exercise.hpp).
import { NUMPY_SEED_LIMIT, parseSeed, seed, type ParseError, type Schema } from '../../shared/parse';
import { AttnElement, MessageBox, define, h, type Lang } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { getEvaluator, type EvaluatorService } from '../../engine/py/browser';
import { loadExerciseAnswers, saveExerciseAnswers } from '../../storage/progress';
import {
  fullProgram, INDENT, MISTAKES, NUMPY_CHECK, PROGRAM_FILE, PROGRAM_HEAD, PROGRAM_MID1, PROGRAM_MID2, REFERENCE, programTail,
  type MistakeId,
} from './program';
import { reasonText } from './reasons';
import { EVALUATOR_LIMITS } from '../../engine/shared/limits/evaluator.js';
import { STRINGS, type Strings } from './i18n';
import { EXERCISE_CSS } from './styles';

export { fullProgram, MISTAKES, REFERENCE, type MistakeId } from './program';
export { reasonText } from './reasons';

export interface AttnExerciseTodo {
  source: string;
  correct: boolean;
  /** The engine's English reason ("" for a correct line without a note). */
  reason: string;
  /** The reason as a stable code with string parameters (cpp/lessons/exercise.hpp lists them). */
  code: string;
  params: Record<string, string>;
  /** For the wrappers causal_false / pytorch_transpose: the wrapped reason. */
  inner?: { code: string; params: Record<string, string> };
}

/** detail of `attn-exercise-run`, sent after every run. */
export interface AttnExerciseRunDetail {
  todos: AttnExerciseTodo[];
  output: string;
}

export const RUN_EVENT = 'attn-exercise-run';

/** Longest TODO line the engine accepts (characters; cpp/src/limits.hpp). */
export const MAX_LINE = EVALUATOR_LIMITS.maxLineChars;

/** A seed 0 <= seed < 2^64, as NumPy's default_rng accepts, in canonical form; null if it is not one. */
export const exerciseSeed = (raw: string): string | null => parseSeed(raw, NUMPY_SEED_LIMIT);
const LESSON = 'lesson-01';






/** Line-by-line comparison: indexes (in `got`) of the lines that differ from `want`. */
export function diffLines(got: string, want: string): number[] {
  const a = got.replace(/\n$/, '').split('\n');
  const b = want.replace(/\n$/, '').split('\n');
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

interface ExerciseState {
  seed: string;
}

export class AttnExercise extends AttnElement<ExerciseState> {
  /** seed: 0 <= seed < 2^64, as NumPy's default_rng accepts. */
  static override attributes: Schema<ExerciseState> = { attrs: { seed: seed('seed', NUMPY_SEED_LIMIT, '0') } };
  static override engine: () => Promise<EvaluatorService> = getEvaluator;

  #inputs: HTMLInputElement[] = [];
  #mistake: MistakeId | '' = '';
  #result: AttnExerciseRunDetail | null = null;
  #expected = '';
  #status = '';
  readonly #engine = this.engineSlot<EvaluatorService>();
  readonly #message = new MessageBox();
  #built = false;
  #lang: Lang = 'zh-CN';
  #t: Strings = STRINGS['zh-CN'];
  readonly #copy = new SnippetControl({
    text: () => this.programText,
    strings: () => ({ ...this.#t, downloaded: this.#t.downloaded(this.todos.flatMap((l, k) => (l.trim() === '' ? [] : [k]))) }),
    file: () => PROGRAM_FILE,
    statusTag: 'p',
    track: (work) => this.track(work),
  });

  /** The seed in use: the attribute when it is a valid seed (0 ≤ seed < 2^64), else the last valid one. */
  declare seed: string;

  constructor() {
    super(EXERCISE_CSS);
    // the box keeps the part and class it had before the elements shared it
    this.#message.el.setAttribute('part', 'message error');
    this.#message.el.classList.add('error');
  }

  /** The message for an invalid seed attribute, or '' when it is valid. */
  #seedMessage(): string {
    const bad: ParseError | undefined = this.readAttributes().errors[0];
    if (!bad) return '';
    const shown = bad.got.length > 40 ? `${bad.got.slice(0, 40)}…` : bad.got;
    return this.#t.badSeed(shown, this.seed);
  }

  /** The three lines as typed. */
  get todos(): string[] { return this.#inputs.map((i) => i.value); }

  connectedCallback(): void {
    this.requestRender();
    // The evaluator module is fetched on first use; start it as soon as the
    // learner comes near the exercise, so that Run rarely waits for it.
    const warm = () => this.#engine.start();
    this.addEventListener('pointerenter', warm, { once: true });
    this.addEventListener('focusin', warm, { once: true });
  }

  attributeChangedCallback(...args: unknown[]): void {
    // (name, oldValue, newValue): setting an attribute to its current value changes nothing
    if (args.length === 3 && args[1] === args[2]) return;
    this.#built = false;
    this.requestRender();
  }

  protected render(): void {
    const { changed } = this.localize(STRINGS);
    if (!this.#built || changed) this.#build();
    this.#paintResult();
  }

  /** Builds the program, the controls and the boxes in the element's language. */
  #build(): void {
    const { lang, t } = this.localize(STRINGS);
    this.#lang = lang;
    this.#t = t;
    const prev = this.#inputs.map((i) => i.value);
    let saved: string[] | null = null;
    try { saved = loadExerciseAnswers(LESSON); } catch { saved = null; }
    this.#inputs = [0, 1, 2].map((k) => {
      const input = h('input', {
        type: 'text', spellcheck: 'false', autocomplete: 'off', 'aria-label': `${t.todo(k + 1)}: ${t.hints[k]}`,
        placeholder: REFERENCE[k].split(' = ')[0] + ' = ...', 'data-todo': String(k + 1),
      });
      input.value = prev[k] ?? saved?.[k] ?? '';
      input.addEventListener('keydown', (e) => { if (e.key === 'Enter') void this.run(); });
      return input;
    });
    const slot = (k: number) => h('div', { class: 'slot' }, h('span', { class: 'indent', 'aria-hidden': 'true' }, INDENT[k]), this.#inputs[k], h('span', { class: 'tag' }, `# ${t.todo(k + 1)}: ${t.hints[k]}`));
    const program = h('div', { class: 'prog', part: 'program' },
      h('pre', {}, PROGRAM_HEAD), slot(0), h('pre', {}, PROGRAM_MID1), slot(1), h('pre', {}, PROGRAM_MID2), slot(2),
      h('pre', { class: 'tail' }, programTail(this.seed, lang)));
    const runBtn = h('button', { type: 'button', class: 'run' }, t.run);
    runBtn.addEventListener('click', () => void this.run());
    const refBtn = h('button', { type: 'button', class: 'reference' }, t.reset);
    refBtn.addEventListener('click', () => { this.#inputs.forEach((i, k) => { i.value = REFERENCE[k]; }); this.#mistake = ''; });
    const select = h('select', { class: 'mistakes', 'aria-label': t.mistake },
      h('option', { value: '' }, t.none),
      ...(Object.keys(MISTAKES) as MistakeId[]).map((id) => h('option', { value: id }, t.mistakes[id])));
    select.value = this.#mistake;
    select.addEventListener('change', () => void this.showMistake(select.value as MistakeId | ''));
    this.#copy.update();
    this.#copy.reset();
    const seedMessage = this.#seedMessage();
    this.#message.show(seedMessage ? [seedMessage] : []);
    this.root.replaceChildren(
      h('h3', {}, t.title),
      // present only while there is a message (a page's alert count stays honest)
      seedMessage ? this.#message.el : '',
      program,
      h('p', { class: 'numpy-check', part: 'numpy-check' }, t.numpyCheck, ' ', h('code', {}, NUMPY_CHECK)),
      h('div', { class: 'bar' }, runBtn, refBtn, this.#copy.copyButton, this.#copy.downloadButton, h('label', {}, t.mistake, ' ', select)),
      h('div', { class: 'copy-box' }, this.#copy.status, this.#copy.fallback),
      h('p', { class: 'explain', 'aria-live': 'polite' }),
      h('div', { class: 'result', 'aria-live': 'polite' }));
    this.#built = true;
  }

  /** The whole program (seed and the three typed lines filled in), as "Copy program" copies it. */
  get programText(): string { return fullProgram(this.seed, this.todos, this.#lang); }

  /**
   * Copies the whole program with the typed lines: to the clipboard where the page may write it;
   * otherwise shows it in a read-only text box, selected for Ctrl+C. Resolves to true when copied.
   */
  copyProgram(): Promise<boolean> {
    if (!this.#built) this.#build();
    return this.#copy.copy();
  }

  /** Saves the whole program, as "Copy program" copies it, as 0001_attention_todo.py. */
  downloadProgram(): void {
    if (!this.#built) this.#build();
    this.#copy.download();
  }

  /** Fills in the reference answer with one TODO replaced by the mistake, and runs it. */
  async showMistake(id: MistakeId | ''): Promise<AttnExerciseRunDetail | null> {
    this.#mistake = id;
    if (!id) return null;
    const m = MISTAKES[id];
    this.#inputs.forEach((i, k) => { i.value = k === m.todo ? m.line : REFERENCE[k]; });
    return this.run(false);
  }

  /** Runs the program with the typed lines; saves them unless showing a menu mistake. */
  async run(save = true): Promise<AttnExerciseRunDetail | null> {
    return this.track(() => this.#run(save));
  }

  async #run(save: boolean): Promise<AttnExerciseRunDetail | null> {
    if (!this.#built) this.#build();
    const t = this.#t;
    const lines = this.todos;
    const long = lines.findIndex((l) => l.length > MAX_LINE);
    if (long >= 0) {
      this.#status = t.tooLong(long + 1, lines[long]!.length);
      this.#result = null;
      this.#paintResult();
      return null;
    }
    if (save) {
      this.#mistake = '';
      try { saveExerciseAnswers(LESSON, lines); } catch { /* storage unavailable: keep going */ }
    }
    let engine;
    try {
      this.#status = t.loading;
      this.#engine.reset(); // a failed load is tried again at each run
      engine = await this.#engine.load();
    } catch (e) {
      this.#status = t.failed + String((e as Error)?.message ?? e);
      this.#result = null;
      this.#paintResult();
      return null;
    }
    try {
      this.#status = t.computing;
      // (a result already shown stays, marked busy, until the new one replaces it)
      if (!this.#result) this.#paintResult();
      this.root.querySelector('.result')?.setAttribute('aria-busy', 'true');
      const [r, expected] = await Promise.all([engine.exercise(this.seed, lines[0], lines[1], lines[2]), engine.lesson1(this.seed)]);
      this.#expected = expected;
      this.#result = {
        todos: r.todos.map((x) => ({
          source: x.source, correct: x.correct, reason: x.reason, code: x.code, params: { ...x.params },
          ...(x.inner ? { inner: { code: x.inner.code, params: { ...x.inner.params } } } : {}),
        })),
        output: r.output,
      };
      this.#status = '';
    } catch (e) {
      this.#status = t.runFailed + String((e as Error)?.message ?? e);
      this.#result = null;
    }
    this.#paintResult();
    if (this.#result) this.emit(RUN_EVENT, this.#result);
    return this.#result;
  }

  #paintResult(): void {
    const t = this.#t;
    const box = this.root.querySelector('.result');
    const explain = this.root.querySelector('.explain');
    const select = this.root.querySelector<HTMLSelectElement>('select.mistakes');
    if (select) select.value = this.#mistake;
    if (explain) explain.textContent = this.#mistake ? t.explain[this.#mistake] : '';
    if (!box) return;
    box.setAttribute('aria-busy', 'false');
    if (!this.#result) {
      box.replaceChildren(this.#status ? h('p', { class: 'status' }, this.#status) : '');
      return;
    }
    const r = this.#result;
    const diff = new Set(diffLines(r.output, this.#expected));
    const pane = (text: string, cls: string) => {
      const pre = h('pre', { class: `out ${cls}`, tabindex: '0' });
      text.replace(/\n$/, '').split('\n').forEach((line, i) => {
        const differs = diff.has(i);
        pre.append(h('span', { class: differs ? 'ln d' : 'ln', 'data-diff': differs, title: differs ? t.differLine : undefined }, line), '\n');
      });
      return pre;
    };
    const reasonLine = (v: AttnExerciseTodo) => {
      const s = reasonText(this.#lang, v);
      return s ? ` — ${s}` : '';
    };
    // unsupported: the checker cannot run the form; said calmly, not as a mistake
    const kind = (v: AttnExerciseTodo) => (v.correct ? 'ok' : v.code === 'unsupported' ? 'unsupported' : 'bad');
    const mark = { ok: '✓', bad: '✗', unsupported: '?' } as const;
    const label = { ok: t.correct, bad: t.wrong, unsupported: t.unsupported } as const;
    const verdicts = h('ul', { class: 'verdicts' }, ...r.todos.map((v, k) =>
      h('li', { 'data-todo': String(k + 1), 'data-correct': String(v.correct), 'data-verdict': kind(v) },
        h('span', { class: kind(v) }, `${mark[kind(v)]} ${t.todo(k + 1)}: ${label[kind(v)]}`),
        reasonLine(v))));
    box.replaceChildren(
      verdicts,
      h('p', { class: 'summary' }, diff.size === 0 ? t.same : t.differs(diff.size)),
      h('div', { class: 'cols' },
        h('div', {}, h('h3', {}, t.output), pane(r.output, 'got')),
        h('div', {}, h('h3', {}, t.expected), pane(this.#expected, 'want'))));
  }
}

define('attn-exercise', AttnExercise);

declare global {
  interface HTMLElementTagNameMap { 'attn-exercise': AttnExercise }
  interface HTMLElementEventMap { 'attn-exercise-run': CustomEvent<AttnExerciseRunDetail> }
}
