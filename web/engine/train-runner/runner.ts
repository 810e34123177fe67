// The training loop, in slices: owns the training module and one trainer at a
// time, runs the lecture's loop a slice at a time (so pause, stop and
// attention requests are answered between slices), and reports each
// evaluation, the progress and the end. Transport-agnostic: the Web Worker
// (train-worker.ts) wires it to postMessage; where no worker can start (a
// sandboxed embed) client.ts runs it in the page with shorter slices.
//
// Pause only stops scheduling slices; the trainer (weights, optimiser state,
// generator) is untouched, so a paused and resumed run prints the same log as
// an uninterrupted one.
import { formatEval, loadThreadedTrainEngine, loadTrainEngine, type TrainEngine, type Trainer } from '../train/train.js';
import { NUMPY_SEED_LIMIT } from '../../shared/parse';
import { MAX_TEXT_BYTES, type FromRunner, type RunSettings, type ToRunner } from './protocol';
import { Generation } from './generate';

export interface RunnerOptions {
  /** Target duration of one slice of training steps (an evaluation step runs alone and may take longer). */
  sliceMs: number;
  /**
   * The slice while the learner interacts (DEFER_INTERACTIVE_MS after a `defer`): short, so the
   * next `defer` is read soon after it is sent. Defaults to sliceMs.
   */
  interactiveSliceMs?: number;
  /**
   * While the learner interacts, the pause after each slice (default 0): the loop then holds its
   * core about interactiveSliceMs / (interactiveSliceMs + interactiveGapMs) of the time, leaving
   * the rest to the page's frames on a machine with few cores.
   */
  interactiveGapMs?: number;
  /** Yields to the event loop, then calls fn. */
  schedule(fn: () => void): void;
  /** Calls fn after about `ms` milliseconds (a deferred slice). */
  delay(fn: () => void, ms: number): void;
  /** The clock (default performance.now); a `defer`'s `until` is read as performance.timeOrigin + now(). */
  now?: () => number;
  post(msg: FromRunner, transfer?: Transferable[]): void;
  worker: boolean;
}

interface Run {
  id: number;
  settings: RunSettings;
  trainer: Trainer;
  paused: boolean;
  finished: boolean;
  scheduled: boolean;
  activeMs: number;
  stepsDone: number;
  msPerStep: number;
  lastProgress: number;
  generation: Generation;
}

const PROGRESS_EVERY_MS = 100;
/** While the learner interacts: fewer progress frames compete with the frames that answer them. */
const PROGRESS_EVERY_INTERACTIVE_MS = 500;
/** The longest a `defer` may hold the loop (a later `until` is ignored). */
const MAX_DEFER_MS = 100;
/** How long after a `defer` slices stay short (the learner is likely to go on typing). */
export const DEFER_INTERACTIVE_MS = 1000;

export function createRunner(opts: RunnerOptions): (msg: ToRunner) => void {
  let init: Extract<ToRunner, { type: 'init' }> | null = null;
  let engine: Promise<TrainEngine> | null = null;
  let run: Run | null = null;
  let latest = 0; // the newest run id asked for: older starts still loading are dropped
  // `defer`: no slice before deferUntil; short slices before interactiveUntil (this context's performance.now()).
  let deferUntil = 0;
  let interactiveUntil = 0;

  const now = opts.now ?? (() => performance.now());

  const getEngine = (): Promise<TrainEngine> => {
    // The threaded build where the page sent its files (it is cross-origin
    // isolated) and this realm can run it; otherwise, or if it fails to load,
    // the one-thread builds.
    const threaded = init?.threaded;
    const oneThread = () => loadTrainEngine({
      wasmUrl: init?.wasmUrl, scalarWasmUrl: init?.scalarWasmUrl, wasmBinary: init?.wasmBinary,
    });
    engine ??= threaded ? loadThreadedTrainEngine(threaded).then((e) => e ?? oneThread()) : oneThread();
    engine.catch(() => { engine = null; });
    return engine;
  };

  const free = () => {
    if (run) {
      run.generation.free();
      try { run.trainer.delete(); } catch { /* already freed */ }
    }
    run = null;
  };

  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

  const progress = (r: Run) => {
    const left = r.settings.iters - r.trainer.info().step;
    const perStep = r.stepsDone > 0 ? r.activeMs / r.stepsDone : 0;
    opts.post({
      type: 'progress', run: r.id, step: r.settings.iters - left, iters: r.settings.iters,
      stepsPerSecond: perStep > 0 ? 1000 / perStep : 0, secondsLeft: (left * perStep) / 1000, activeMs: r.activeMs,
    });
  };

  const finish = (r: Run, stopped: boolean) => {
    r.finished = true;
    let sample = '';
    if (!stopped && r.settings.sampleChars > 0) {
      try { sample = r.trainer.generate('', r.settings.sampleChars); } catch { sample = ''; }
    }
    const step = r.trainer.info().step;
    opts.post({
      type: 'done', run: r.id, step, stopped, sample, activeMs: r.activeMs,
      stepsPerSecond: r.activeMs > 0 ? (r.stepsDone * 1000) / r.activeMs : 0,
    });
  };

  // A slice of run r (a slice scheduled for a run that has since been replaced does nothing).
  const tick = (r: Run) => {
    if (run !== r) return;
    r.scheduled = false;
    if (r.paused || r.finished) return;
    const wait = deferUntil - now();
    if (wait > 0) {
      r.scheduled = true;
      opts.delay(() => tick(r), wait);
      return;
    }
    const sliceMs = now() < interactiveUntil ? (opts.interactiveSliceMs ?? opts.sliceMs) : opts.sliceMs;
    const { evalInterval } = r.settings;
    const step = r.trainer.info().step;
    // An evaluation step runs alone; other slices stop just before the next evaluation.
    let n = 1;
    if (step % evalInterval !== 0) {
      const toEval = evalInterval - (step % evalInterval);
      const want = r.msPerStep > 0 ? Math.floor(sliceMs / r.msPerStep) : 8;
      n = Math.max(1, Math.min(toEval, want, r.settings.iters - step));
    }
    const t0 = now();
    let res;
    try {
      res = r.trainer.advance(n);
    } catch (e) {
      opts.post({ type: 'error', run: r.id, kind: 'engine', message: message(e) });
      r.finished = true;
      return;
    }
    const dt = now() - t0;
    const ran = res.step - step;
    r.activeMs += dt;
    r.stepsDone += ran;
    if (step % evalInterval !== 0 && ran > 0) r.msPerStep = r.msPerStep > 0 ? 0.7 * r.msPerStep + 0.3 * (dt / ran) : dt / ran;
    for (const p of res.evals) {
      let sample = '';
      if (r.settings.evalSampleChars > 0 && Number.isFinite(p.train) && Number.isFinite(p.val)) {
        // Its own generator (seed + step): the run's generator, and so the log, stay as they are.
        try {
          sample = r.trainer.sample('', r.settings.evalSampleChars, String((BigInt(r.settings.seed) + BigInt(p.step)) % NUMPY_SEED_LIMIT));
        } catch { sample = ''; }
      }
      // The block models: each layer's spreads at the step before this evaluation (none before step 1).
      const sp = r.trainer.spreads();
      const spreads = sp.activation.length > 0 ? { activation: Array.from(sp.activation), gradient: Array.from(sp.gradient) } : undefined;
      opts.post({ type: 'eval', run: r.id, point: p, line: formatEval(p), sample, ...(spreads ? { spreads } : {}) });
    }
    if (res.badStep !== null) {
      r.finished = true;
      opts.post({ type: 'nan', run: r.id, step: res.badStep });
      return;
    }
    const t = now();
    if (res.done || t - r.lastProgress >= (t < interactiveUntil ? PROGRESS_EVERY_INTERACTIVE_MS : PROGRESS_EVERY_MS)) {
      r.lastProgress = t;
      progress(r);
    }
    if (res.done) { finish(r, false); return; }
    schedule(r);
  };

  const schedule = (r: Run) => {
    if (r.scheduled || r.paused || r.finished) return;
    r.scheduled = true;
    const gap = opts.interactiveGapMs ?? 0;
    if (gap > 0 && now() < interactiveUntil) opts.delay(() => tick(r), gap);
    else opts.schedule(() => tick(r));
  };

  const start = async (msg: Extract<ToRunner, { type: 'start' }>) => {
    latest = msg.run;
    free();
    const id = msg.run;
    opts.post({ type: 'loading', run: id, what: 'engine' });
    let eng: TrainEngine;
    try {
      eng = await getEngine();
    } catch (e) {
      opts.post({ type: 'error', run: id, kind: 'engine', message: message(e) });
      return;
    }
    let text = msg.text;
    if (text === undefined) {
      opts.post({ type: 'loading', run: id, what: 'text' });
      try {
        const res = await fetch(msg.textUrl ?? '');
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (bytes.length > MAX_TEXT_BYTES) throw new Error(`more than ${MAX_TEXT_BYTES / 1048576} MB`);
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch (e) {
        if (id === latest) opts.post({ type: 'error', run: id, kind: 'fetch', message: message(e) });
        return;
      }
    }
    if (id !== latest) return; // a newer start (or a reset) came in while this one loaded
    const s = msg.settings;
    let trainer: Trainer;
    try {
      trainer = eng.createTrainer(text, s); // its run settings; the rest (sampleChars, ...) the engine ignores
    } catch (e) {
      // The engine's errors carry a code: 'text' for the text (not UTF-8, too short, too many characters).
      opts.post({ type: 'error', run: id, kind: (e as { code?: unknown } | null)?.code === 'text' ? 'text' : 'settings', message: message(e) });
      return;
    }
    run = {
      id, settings: s, trainer, paused: false, finished: false, scheduled: false,
      activeMs: 0, stepsDone: 0, msPerStep: 0, lastProgress: 0, generation: new Generation(),
    };
    opts.post({
      type: 'started', run: id, info: trainer.info(), vocab: trainer.vocab(), simd: eng.simd, threads: eng.threads,
      textChars: trainer.info().trainTokens + trainer.info().valTokens, worker: opts.worker,
    });
    progress(run);
    schedule(run);
  };

  return (msg: ToRunner) => {
    switch (msg.type) {
      case 'init':
        init = msg;
        break;
      case 'start':
        void start(msg);
        break;
      case 'pause':
        if (run && run.id === msg.run && !run.finished && !run.paused) {
          run.paused = true;
          opts.post({ type: 'paused', run: run.id, step: run.trainer.info().step });
        }
        break;
      case 'resume':
        if (run && run.id === msg.run && !run.finished && run.paused) {
          run.paused = false;
          opts.post({ type: 'resumed', run: run.id, step: run.trainer.info().step });
          schedule(run);
        }
        break;
      case 'stop':
        if (run && run.id === msg.run && !run.finished) {
          run.paused = false;
          finish(run, true);
        }
        break;
      case 'reset':
        latest = msg.run;
        free();
        break;
      case 'defer': {
        const until = msg.until - performance.timeOrigin;
        if (Number.isFinite(until) && until <= now() + MAX_DEFER_MS) {
          deferUntil = Math.max(deferUntil, until);
          interactiveUntil = Math.max(interactiveUntil, until + DEFER_INTERACTIVE_MS);
        }
        break;
      }
      case 'generate': {
        if (!run || run.id !== msg.run || !run.finished) {
          opts.post({ type: 'error', run: msg.run, kind: 'generate', request: msg.request, message: 'no trained model' });
          break;
        }
        try {
          if (msg.start) run.generation.start(run.trainer, msg.start, run.settings.seed);
          opts.post({ type: 'generated', run: msg.run, request: msg.request, steps: run.generation.step(msg.count) });
        } catch (e) {
          opts.post({ type: 'error', run: msg.run, kind: 'generate', request: msg.request, message: message(e) });
        }
        break;
      }
      case 'attention': {
        if (!run || run.id !== msg.run) {
          opts.post({ type: 'error', run: msg.run, kind: 'attention', request: msg.request, message: 'no trained model' });
          break;
        }
        try {
          const m = run.trainer.attentionMaps(msg.snippet);
          opts.post({ type: 'attention', run: msg.run, request: msg.request, snippet: msg.snippet, weights: m.weights, layers: m.layers, heads: m.heads, T: m.T },
            [m.weights.buffer]);
        } catch (e) {
          opts.post({ type: 'error', run: msg.run, kind: 'attention', request: msg.request, message: message(e) });
        }
        break;
      }
    }
  };
}
