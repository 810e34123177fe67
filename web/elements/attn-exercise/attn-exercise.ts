// <attn-exercise>: lesson 1's section-5 program in the page. The learner types
// the three TODO lines (or picks a common mistake); the C++ engine runs the
// program in a sandboxed Python/NumPy subset (WASM), prints what NumPy would
// print and judges each line by what it computes (cpp/src/exercise.hpp).
import { parseSeed } from '../../shared/parse';
import { saveText } from '../../shared/download';
import { AttnElement, define, h, resolveLang, type Lang } from '../../shared/element';
import { getEvaluator, type Evaluator } from '../../engine/py/browser';
import { HOST_BASE, PALETTE_DARK, PALETTE_LIGHT } from '../../shared/theme';
import { loadExerciseAnswers, saveExerciseAnswers } from '../../storage/progress';
import { fullProgram, INDENT, NUMPY_CHECK, PROGRAM_FILE, PROGRAM_HEAD, PROGRAM_MID1, PROGRAM_MID2, programTail } from './program';
import { reasonText } from './reasons';
import { EVALUATOR_LIMITS } from '../../engine/shared/limits.js';

export { fullProgram } from './program';
export { reasonText } from './reasons';

export interface AttnExerciseTodo {
  source: string;
  correct: boolean;
  /** The engine's English reason ("" for a correct line without a note). */
  reason: string;
  /** The reason as a stable code with string parameters (cpp/src/exercise.hpp lists them). */
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
export const exerciseSeed = (raw: string): string | null => parseSeed(raw, 2n ** 64n);
const LESSON = 'lesson-01';

export const REFERENCE = [
  'scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)',
  'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
  'weights = softmax(scores)',
] as const;

/** The mistake menu: one TODO replaced by a common wrong line. */
export const MISTAKES = {
  axis: { todo: 2, line: 'weights = np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)' },
  k0: { todo: 1, line: 'mask = np.triu(np.ones((T, T), dtype=bool), k=0)' },
  noscale: { todo: 0, line: 'scores = Q @ K.swapaxes(-2, -1)' },
  dk: { todo: 0, line: 'scores = Q @ K.swapaxes(-2, -1) / d_k' },
} as const;
export type MistakeId = keyof typeof MISTAKES;

const STRINGS = {
  'zh-CN': {
    title: '第 1 课练习：补完 3 个 TODO',
    todo: (k: number) => `TODO ${k}`,
    hints: ['Q 和 K 的点积，再缩放。形状应为 (T, T)', '布尔矩阵，True 表示"未来位置"', '对哪一个轴做 softmax？'],
    run: '运行',
    reset: '填入参考答案',
    mistake: '或者看看常见错误：',
    none: '（选择一个错误）',
    mistakes: {
      axis: 'softmax 用错了轴（axis=0）',
      k0: '掩码用 k=0',
      noscale: '不缩放',
      dk: '除以 d_k 而不是 √d_k',
    } as Record<MistakeId, string>,
    explain: {
      axis: '按列归一化：每一列的和是 1，每一行（每个 query 的权重）却不是。softmax 必须沿 key 所在的最后一个轴。',
      k0: 'k=0 连对角线也遮住了：第 0 行只能看见自己，现在所有 key 都被设为 −∞，softmax 算出 exp(−∞−(−∞)) = NaN，也就是 0/0，整行变成 NaN。',
      noscale: '不除以 √d_k 时，分数的标准差约为 √d_k，softmax 接近 one-hot，梯度变得很小。',
      dk: '除以 d_k 缩得太多：分数的标准差约为 1/√d_k，softmax 变得接近均匀分布。',
    } as Record<MistakeId, string>,
    output: '你的程序输出',
    expected: '预期输出（NumPy）',
    correct: '正确',
    wrong: '错误',
    unsupported: '未检查',
    same: '输出与预期完全一致。',
    differs: (n: number) => `有 ${n} 行与预期不同（行首标有 ≠）。`,
    differLine: '与预期不同',
    copy: '复制完整程序',
    download: '下载 0001_attention_todo.py',
    downloaded: '已保存 0001_attention_todo.py（含你的三行）。',
    numpyCheck: '在自己的电脑上运行前，先确认装好了 NumPy：',
    copied: '完整程序（含你的三行）已复制到剪贴板。',
    copyManual: '这里无法直接写入剪贴板：完整程序已在下面选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。',
    copyLabel: '完整程序（含你的三行）',
    loading: '正在加载引擎…',
    failed: '引擎加载失败：',
    runFailed: '运行出错：',
    tooLong: (k: number, n: number) => `TODO ${k} 太长了：每行最多 ${MAX_LINE} 个字符，这里有 ${n} 个。没有运行。`,
    badSeed: (v: string, kept: string) => `seed 属性必须是 0 到 2^64−1 之间的整数，收到 "${v}"；仍使用种子 ${kept}。`,
  },
  en: {
    title: 'Lesson 1 exercise: fill in the 3 TODOs',
    todo: (k: number) => `TODO ${k}`,
    hints: ['dot product of Q and K, then scale. Shape (T, T)', 'boolean matrix, True marks a future position', 'softmax over which axis?'],
    run: 'Run',
    reset: 'Fill in the reference answer',
    mistake: 'Or see a common mistake:',
    none: '(pick a mistake)',
    mistakes: {
      axis: 'softmax over the wrong axis (axis=0)',
      k0: 'mask with k=0',
      noscale: 'no scaling',
      dk: 'dividing by d_k instead of √d_k',
    } as Record<MistakeId, string>,
    explain: {
      axis: 'Normalizing columns: every column sums to 1, but the rows (each query\'s weights) do not. Softmax must run over the keys, the last axis.',
      k0: 'k=0 hides the diagonal too: row 0 may only see itself, and now every key is -inf, so softmax computes exp(-inf - -inf) = NaN, i.e. 0/0: the whole row is NaN.',
      noscale: 'Without dividing by √d_k the scores have a standard deviation of about √d_k, softmax is nearly one-hot and its gradients vanish.',
      dk: 'Dividing by d_k shrinks too much: the scores have a standard deviation of about 1/√d_k and softmax becomes nearly uniform.',
    } as Record<MistakeId, string>,
    output: 'Your program prints',
    expected: 'Expected (NumPy)',
    correct: 'correct',
    wrong: 'wrong',
    unsupported: 'not checked',
    same: 'The output equals the expected output.',
    differs: (n: number) => `${n} line(s) differ from the expected output (marked ≠).`,
    differLine: 'differs from the expected output',
    copy: 'Copy program',
    download: 'Download 0001_attention_todo.py',
    downloaded: 'Saved 0001_attention_todo.py, with your three lines.',
    numpyCheck: 'To run it on your own machine, first check that NumPy is installed:',
    copied: 'The whole program, with your three lines, is on the clipboard.',
    copyManual: 'The clipboard is not available here: the whole program is selected below; press Ctrl+C (⌘C on a Mac) to copy it.',
    copyLabel: 'The whole program, with your three lines',
    loading: 'Loading the engine…',
    failed: 'The engine failed to load: ',
    runFailed: 'The run failed: ',
    tooLong: (k: number, n: number) => `TODO ${k} is too long: at most ${MAX_LINE} characters per line, got ${n}. Nothing was run.`,
    badSeed: (v: string, kept: string) => `The seed attribute must be an integer from 0 to 2^64−1; got "${v}". Still using seed ${kept}.`,
  },
};


// The shared palette (web/shared/theme.ts) plus the exercise's own tokens:
// --attn-ok / --attn-bad for the verdicts and --attn-diff-bg for a differing
// output line (≥ 4.5:1 on the default backgrounds, light and dark).
const CSS = `
:host {${PALETTE_LIGHT}
  --_ok: var(--attn-ok, #1a7f37);
  --_bad: var(--attn-bad, #cf222e);
  --_error: var(--attn-error, #a40e26);
  --_diff-bg: var(--attn-diff-bg, #f9d3d4);${HOST_BASE}
  font-size: 14px;
  line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :host {${PALETTE_DARK}
    --_ok: var(--attn-ok, #4ac26b);
    --_bad: var(--attn-bad, #ff8182);
    --_error: var(--attn-error, #ff8182);
    --_diff-bg: var(--attn-diff-bg, #5a2326);
  }
}
.prog { font: 13px/1.45 ui-monospace, monospace; background: var(--_surface); padding: .6em .8em; border-radius: 6px; overflow-x: auto; }
.prog pre { margin: 0; white-space: pre; }
.slot { display: flex; flex-wrap: wrap; align-items: center; gap: .1em .4em; white-space: pre; }
.slot input { flex: 1 1 12em; min-width: min(12em, 100%); font: inherit; padding: .15em .3em; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 4px; }
.prog pre.tail { opacity: .92; }
/* The TODO's hint stays beside its input where there is room and wraps below it on a phone. */
.slot .tag { font-size: 11px; opacity: .75; white-space: normal; flex: 0 1 auto; min-width: min(14em, 100%); overflow-wrap: anywhere; }
/* Code lines longer than the box scroll inside it; shadows at the edges show there is more. */
.prog {
  --_shade: rgb(0 0 0 / 0.4);
  background:
    linear-gradient(to right, var(--_surface) 40%, transparent) left center / 1.5em 100% no-repeat local,
    linear-gradient(to left, var(--_surface) 40%, transparent) right center / 1.5em 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, var(--_shade), transparent) left center / 1.1em 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, var(--_shade), transparent) right center / 1.1em 100% no-repeat scroll,
    var(--_surface);
}
@media (prefers-color-scheme: dark) { .prog { --_shade: rgb(255 255 255 / 0.5); } }
.bar { display: flex; flex-wrap: wrap; gap: .6em; align-items: center; margin: .6em 0; }
button, select { font: inherit; color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border); border-radius: 6px; padding: .25em .7em; }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_bg); }
button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
/* The two output panes: side by side only where both fit (the result box is the container), stacked
   below 900 px; each pre scrolls inside itself instead of widening the page. */
.result { container-type: inline-size; }
.cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .8em; }
.cols > div { min-width: 0; }
@container (max-width: 900px) { .cols { grid-template-columns: minmax(0, 1fr); } }
.out { font: 12px/1.4 ui-monospace, monospace; margin: 0; padding: .5em; border: 1px solid var(--_border); border-radius: 6px; overflow-x: auto; white-space: pre; max-width: 100%; box-sizing: border-box; }
/* a gutter on every line; "≠" (not colour alone) marks a line that differs */
.out .ln::before { content: '  '; }
.out .ln.d::before { content: '≠ '; font-weight: 700; }
.out .d { background: var(--_diff-bg); }
.verdicts { list-style: none; padding: 0; margin: .6em 0; }
.verdicts li { margin: .3em 0; overflow-wrap: anywhere; }
.copy-status { margin: .3em 0; }
.copy-text { display: block; box-sizing: border-box; width: 100%; max-width: 100%; font: 12px/1.4 ui-monospace, monospace; white-space: pre; overflow: auto; color: var(--_fg); background: var(--_bg); }
.ok { color: var(--_ok); font-weight: 600; }
.bad { color: var(--_bad); font-weight: 600; }
.unsupported { font-weight: 600; }
.error { color: var(--_error); border-left: 3px solid currentColor; padding: .2em .6em; margin: .4em 0; }
.explain { margin: .4em 0; }
h3 { font-size: 1em; margin: .2em 0; }
`;


/** Line-by-line comparison: indexes (in `got`) of the lines that differ from `want`. */
export function diffLines(got: string, want: string): number[] {
  const a = got.replace(/\n$/, '').split('\n');
  const b = want.replace(/\n$/, '').split('\n');
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

export class AttnExercise extends AttnElement {
  static get observedAttributes(): string[] { return ['seed', 'lang']; }

  #inputs: HTMLInputElement[] = [];
  #mistake: MistakeId | '' = '';
  #result: AttnExerciseRunDetail | null = null;
  #expected = '';
  #status = '';
  #seed = '0';
  #engine: Evaluator | null = null;
  #built = false;
  #lang: Lang = 'zh-CN';

  constructor() {
    super(CSS);
  }

  /** The seed in use: the attribute when it is a valid seed (0 ≤ seed < 2^64), else the last valid one. */
  get seed(): string {
    const raw = this.getAttribute('seed');
    if (raw === null) return (this.#seed = '0');
    return (this.#seed = exerciseSeed(raw) ?? this.#seed);
  }

  /** The message for an invalid seed attribute, or '' when it is valid. */
  #seedMessage(): string {
    const raw = this.getAttribute('seed');
    if (raw === null || exerciseSeed(raw) !== null) return '';
    const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
    return STRINGS[this.#lang].badSeed(shown, this.seed);
  }

  /** The three lines as typed. */
  get todos(): string[] { return this.#inputs.map((i) => i.value); }

  connectedCallback(): void {
    this.requestRender();
    // The evaluator module is fetched on first use; start it as soon as the
    // learner comes near the exercise, so that Run rarely waits for it.
    const warm = () => { getEvaluator().catch(() => undefined); };
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
    const lang = resolveLang(this);
    if (!this.#built || lang !== this.#lang) this.#build(lang);
    this.#paintResult();
  }

  #build(lang: Lang): void {
    this.#lang = lang;
    const t = STRINGS[lang];
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
    const copyBtn = h('button', { type: 'button', class: 'copy' }, t.copy);
    copyBtn.addEventListener('click', () => void this.copyProgram());
    const downloadBtn = h('button', { type: 'button', class: 'download', part: 'download-button' }, t.download);
    downloadBtn.addEventListener('click', () => this.downloadProgram());
    const seedMessage = this.#seedMessage();
    this.root.replaceChildren(
      h('h3', {}, t.title),
      seedMessage ? h('p', { class: 'error', part: 'error', role: 'alert' }, seedMessage) : '',
      program,
      h('p', { class: 'numpy-check', part: 'numpy-check' }, t.numpyCheck, ' ', h('code', {}, NUMPY_CHECK)),
      h('div', { class: 'bar' }, runBtn, refBtn, copyBtn, downloadBtn, h('label', {}, t.mistake, ' ', select)),
      h('div', { class: 'copy-box' }, h('p', { class: 'copy-status', role: 'status' })),
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
    return this.track(() => this.#copyProgram());
  }

  async #copyProgram(): Promise<boolean> {
    if (!this.#built) this.#build(resolveLang(this));
    const t = STRINGS[this.#lang];
    const text = this.programText;
    const box = this.root.querySelector('.copy-box');
    const status = this.root.querySelector('.copy-status');
    box?.querySelector('textarea.copy-text')?.remove();
    let copied = false;
    try {
      if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch { copied = false; }
    if (status) status.textContent = copied ? t.copied : t.copyManual;
    if (!copied && box) {
      const area = h('textarea', {
        class: 'copy-text', readonly: true, spellcheck: 'false', 'aria-label': t.copyLabel,
        rows: String(Math.min(24, text.split('\n').length)),
      });
      area.value = text;
      box.append(area);
      area.focus();
      area.select();
    }
    return copied;
  }

  /** Saves the whole program, as "Copy program" copies it, as 0001_attention_todo.py. */
  downloadProgram(): void {
    if (!this.#built) this.#build(resolveLang(this));
    saveText(this.root, PROGRAM_FILE, this.programText);
    const status = this.root.querySelector('.copy-status');
    if (status) status.textContent = STRINGS[this.#lang].downloaded;
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
    const t = STRINGS[this.#lang];
    if (!this.#built) this.#build(resolveLang(this));
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
    try {
      this.#status = t.loading;
      this.#engine ??= await getEvaluator();
    } catch (e) {
      this.#status = t.failed + String((e as Error)?.message ?? e);
      this.#result = null;
      this.#paintResult();
      return null;
    }
    try {
      const r = this.#engine.exercise(this.seed, lines[0], lines[1], lines[2]);
      this.#expected = this.#engine.lesson1(this.seed);
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
    const t = STRINGS[this.#lang];
    const box = this.root.querySelector('.result');
    const explain = this.root.querySelector('.explain');
    const select = this.root.querySelector<HTMLSelectElement>('select.mistakes');
    if (select) select.value = this.#mistake;
    if (explain) explain.textContent = this.#mistake ? t.explain[this.#mistake] : '';
    if (!box) return;
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
