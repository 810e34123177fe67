// Types of dist/lib/attention-lab.js for authors who bundle it (hand-written,
// self-contained: no imports from the sources). Importing the module makes
// <attn-heatmap>, <attn-quiz>, <attn-exercise>, <attn-review> and <attn-train> work: each
// element's code is loaded when its tag first appears in the document (or by
// load(tag) / loadAll()). The element interfaces below describe the upgraded
// elements (document.querySelector('attn-heatmap') is typed through
// HTMLElementTagNameMap). The classes themselves are exported by the
// per-element modules: attention-lab/attn-heatmap, …/attn-quiz,
// …/attn-review, …/attn-exercise (attn-elements.d.ts).

export type AttnTag = 'attn-heatmap' | 'attn-quiz' | 'attn-review' | 'attn-exercise' | 'attn-tril' | 'attn-train';
export declare const TAGS: readonly AttnTag[];
/** Loads and defines one element (once); resolves to its class. */
export declare function load(tag: AttnTag): Promise<CustomElementConstructor>;
/** Loads and defines every element, whether or not the page has one yet. */
export declare function loadAll(): Promise<void>;

export type Scale = 'sqrt' | 'none' | 'dk';
export type RatingName = 'again' | 'hard' | 'good' | 'easy';

/** detail of `attn-heatmap-change`, sent after each new matrix is painted. */
export interface AttnHeatmapChangeDetail {
  tokens: number;
  dk: number;
  dkMax: number;
  /** Decimal string, 0 <= seed < 2^64. */
  seed: string;
  scale: Scale;
  causal: boolean;
  /** Fresh copy, tokens × tokens, row-major. */
  weights: Float64Array;
}

export interface HeatmapParseError {
  attr: 'tokens' | 'dk' | 'dk-max' | 'seed' | 'scale';
  kind: 'int' | 'seed' | 'enum';
  got: string;
  min?: number;
  max?: number;
  allowed?: readonly Scale[];
}

export interface AttnHeatmap extends HTMLElement {
  tokens: number;
  dk: number;
  dkMax: number;
  get seed(): string;
  set seed(v: string | number | bigint);
  scale: Scale;
  causal: boolean;
  compare: boolean;
  logScale: boolean;
  get labels(): string[];
  set labels(v: string | readonly string[] | null);
  /** Weights on screen, T×T row-major (a copy); empty until the engine has run. */
  readonly weights: Float64Array;
  /** Scaled scores on screen; masked cells are -Infinity. */
  readonly scores: Float64Array;
  readonly inputErrors: HeatmapParseError[];
}

export interface XapiLangMap { [lang: string]: string }
export interface XapiStatement {
  verb: { id: string; display: { 'en-US': 'answered' | 'completed' } };
  object: {
    objectType: 'Activity';
    id: string;
    definition: {
      type: string;
      name: XapiLangMap;
      description?: XapiLangMap;
      interactionType?: 'choice';
      correctResponsesPattern?: string[];
      choices?: { id: string; description: XapiLangMap }[];
    };
  };
  result: {
    success: boolean;
    completion?: boolean;
    response?: string;
    score: { raw: number; min: 0; max: number; scaled: number };
    duration: string;
  };
  context: { registration: string; contextActivities?: { parent: { id: string; objectType: 'Activity' }[] } };
  timestamp: string;
}
export interface QuizAttempt {
  id: string;
  lesson: string;
  [key: string]: unknown;
}
/** detail of `attn-quiz-answer`. */
export interface AttnQuizAnswerDetail extends XapiStatement {
  verb: { id: 'http://adlnet.gov/expapi/verbs/answered'; display: { 'en-US': 'answered' } };
}
/** detail of `attn-quiz-complete`. */
export interface AttnQuizCompleteDetail extends XapiStatement {
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed'; display: { 'en-US': 'completed' } };
  attempt: QuizAttempt;
}

export interface AttnQuiz extends HTMLElement {
  /** Name of a bank fetched from `banks/<name>.json` next to the page. */
  bank: string;
  /** URL of a bank; wins over `bank`. */
  src: string;
  /** Lesson id under which attempts are stored (default: the bank's id). */
  lesson: string;
  readonly state: 'loading' | 'ready' | 'error';
  readonly score: number;
  readonly total: number;
  readonly answered: number;
  readonly complete: boolean;
  /** Question ids in the order shown. */
  readonly order: string[];
  /** Per question id: option indices (bank order) in the order shown. */
  readonly optionOrder: Record<string, number[]>;
  /** Starts a new attempt with questions and options reshuffled. */
  retake(): void;
  /**
   * Puts back a saved attempt (e.g. from an LMS's suspend_data), now or once the
   * bank has loaded; emits no events. False, changing nothing, if it does not fit the bank.
   */
  restoreAttempt(saved: SavedQuizAttempt): boolean;
}

/** An attempt saved outside `<attn-quiz>`, for `restoreAttempt()`. Indices are in bank order. */
export interface SavedQuizAttempt {
  id: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Display position -> question index. */
  order: number[];
  /** Per question index: display position -> option index. */
  options: number[][];
  /** Per question index: the locked option index, or null. */
  chosen: (number | null)[];
}

export interface AttnExerciseTodo {
  source: string;
  correct: boolean;
  /** The engine's English reason ("" for a correct line without a note). */
  reason: string;
  /** The reason as a stable code (e.g. 'ok', 'no_scale', 'div_dk', 'mask_k0', 'softmax_axis', 'shape', 'error') with string parameters. */
  code: string;
  params: Record<string, string>;
  /** For the wrappers causal_false / batched / batched_transpose: the wrapped reason. */
  inner?: { code: string; params: Record<string, string> };
}
/** detail of `attn-exercise-run`, sent after every run. */
export interface AttnExerciseRunDetail { todos: AttnExerciseTodo[]; output: string }
export type MistakeId = 'axis' | 'k0' | 'noscale' | 'dk';

export interface AttnExercise extends HTMLElement {
  readonly seed: string;
  /** The three typed lines. */
  readonly todos: string[];
  /** The whole section-5 program with the three lines filled in, as copied by "Copy program". */
  readonly programText: string;
  copyProgram(): Promise<boolean>;
  run(save?: boolean): Promise<AttnExerciseRunDetail | null>;
  showMistake(id: MistakeId | ''): Promise<AttnExerciseRunDetail | null>;
}

export type ReviewState = 'empty' | 'scheduled' | 'due';
export interface ReviewCompleteDetail { lesson: string; rating: RatingName; due: string }
export interface ReviewItemSummary { lesson: string; due: string; lastRating: RatingName | null }

export interface AttnReview extends HTMLElement {
  lesson: string | null;
  bank: string | null;
  lang: string;
  readonly state: ReviewState;
  readonly items: ReviewItemSummary[];
}

/** detail of `attn-tril-change`, sent after each new state is shown. */
export interface AttnTrilChangeDetail {
  /** Decimal string, 0 <= seed < 2^63. */
  seed: string;
  b: number;
  step: number;
  view: 'average' | 'attention';
  mask: boolean;
  scale: boolean;
  m: number;
  perm: number[];
  positions: boolean;
}
export type TrilPart = 'three' | 'head' | 'temperature' | 'permutation';

/** <attn-tril>: the reading note's toy tensors with PyTorch-exact draws (see its README). */
export interface AttnTril extends HTMLElement {
  seed: string | number | bigint;
  b: number;
  step: number;
  view: 'average' | 'attention';
  mask: boolean;
  scale: boolean;
  m: number;
  perm: number[];
  positions: boolean;
  parts: TrilPart[];
  /** torch.randn(4, 8, 2) after torch.manual_seed(seed), (4, 8, 2) row-major; a fresh copy (empty until loaded). */
  readonly x: Float64Array;
  /** xbow (the masked_fill + softmax way), (4, 8, 2). */
  readonly xbow: Float64Array;
  /** The one-head demo's wei for the current mask and scale, (4, 8, 8). */
  readonly wei: Float64Array;
  readonly inputErrors: { attr: string; got: string }[];
  /** The script "Copy as PyTorch" copies. */
  readonly pytorchCode: string;
}

export type TrainModel = 'bigram' | 'position' | 'head';
export type TrainPhase = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'stopped' | 'failed';
/** One evaluation: the log line `step {step}: train loss {train:.4f}, val loss {val:.4f}`. */
export interface TrainPoint { step: number; train: number; val: number }
/** detail of `attn-train-start`. */
export interface AttnTrainStartDetail {
  model: TrainModel; seed: string; iters: number; evalInterval: number; evalIters: number; lr: number;
  source: 'shakespeare' | 'own';
}
/** detail of `attn-train-eval`, one per log line. */
export interface AttnTrainEvalDetail extends TrainPoint { model: TrainModel; line: string }
/** detail of `attn-train-done` (after Stop too, with stopped: true). */
export interface AttnTrainDoneDetail {
  model: TrainModel; step: number; stopped: boolean; evals: TrainPoint[]; sample: string; seconds: number; stepsPerSecond: number;
}
/** detail of `attn-train-error`: kind 'nan' names the step. */
export interface AttnTrainErrorDetail { kind: 'nan' | 'engine' | 'fetch' | 'text' | 'settings' | 'attention'; message: string; step?: number }

export interface AttnTrain extends HTMLElement {
  model: TrainModel;
  get seed(): string;
  set seed(v: string | number | bigint);
  iters: number;
  lr: number;
  evalInterval: number;
  evalIters: number;
  sampleChars: number;
  /** URL of the default training text (Tiny Shakespeare, shipped next to the library). */
  src: string;
  readonly phase: TrainPhase;
  readonly log: string[];
  readonly evaluations: TrainPoint[];
  readonly sample: string;
  readonly attention: { snippet: string; weights: Float32Array } | null;
  /** The learner's own text for the next run (null: Tiny Shakespeare). */
  setText(text: string | null): void;
  start(): void;
  pause(): void;
  resume(): void;
  stop(): void;
  reset(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-tril': AttnTril;
    'attn-heatmap': AttnHeatmap;
    'attn-quiz': AttnQuiz;
    'attn-exercise': AttnExercise;
    'attn-review': AttnReview;
    'attn-train': AttnTrain;
  }
  interface HTMLElementEventMap {
    'attn-heatmap-change': CustomEvent<AttnHeatmapChangeDetail>;
    'attn-tril-change': CustomEvent<AttnTrilChangeDetail>;
    'attn-quiz-answer': CustomEvent<AttnQuizAnswerDetail>;
    'attn-quiz-complete': CustomEvent<AttnQuizCompleteDetail>;
    'attn-exercise-run': CustomEvent<AttnExerciseRunDetail>;
    'attn-review-complete': CustomEvent<ReviewCompleteDetail>;
    'attn-train-start': CustomEvent<AttnTrainStartDetail>;
    'attn-train-eval': CustomEvent<AttnTrainEvalDetail>;
    'attn-train-done': CustomEvent<AttnTrainDoneDetail>;
    'attn-train-error': CustomEvent<AttnTrainErrorDetail>;
    'attn-train-attention': CustomEvent<{ snippet: string; weights: Float32Array }>;
  }
}
