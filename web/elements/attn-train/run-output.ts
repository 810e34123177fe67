// What a run prints: the log, the evaluations, the samples at each evaluation
// and at the end, the progress and the status line.
//
// Progress and evaluations arrive ten or more times a second while the
// learner may be typing or scrolling: their DOM writes wait for the element's
// next render and coalesce there (one layout, no forced reflow in the message
// handler). Every other message first applies what is pending, so the order
// of what the learner sees is the order of the messages.
import type { FromRunner } from '../../engine/train-runner/client';
import type { Point } from './chart';
import type { Strings } from './i18n';
import { formatSeconds } from './parse';
import type { TrainView } from './view';
import type { TrainPhase } from './events';

type Progress = Extract<FromRunner, { type: 'progress' }>;
type Evaluation = Extract<FromRunner, { type: 'eval' }>;
type Done = Extract<FromRunner, { type: 'done' }>;

export class RunOutput {
  readonly points: Point[] = [];
  readonly lines: string[] = [];
  readonly evalSamples: { step: number; text: string }[] = [];
  /** The sample generated at the end of the run ("" before). */
  sample = '';
  #progress: Progress | null = null;
  #lines: string[] = [];
  #sample: { step: number; text: string } | null = null;
  #chart = false;
  /** Where the run computes: in the page (no worker) and on how many threads; said after "step k of n". */
  #where = { inPage: false, threads: 1 };

  constructor(private readonly v: TrainView) {}

  /** A run starts in a worker or in the page, on `threads` threads: the status line says so while it runs. */
  started(t: Strings, iters: number, inPage: boolean, threads: number): void {
    this.#where = { inPage, threads };
    this.v.status.textContent = this.#running(t, 0, iters);
  }

  /** "Step k of n", then where the run computes when that is not one thread of a worker. */
  #running(t: Strings, step: number, iters: number): string {
    const w = this.#where;
    return `${t.running(step, iters)}${w.inPage ? t.inPage : ''}${w.threads > 1 ? t.onThreads(w.threads) : ''}`;
  }

  /** Keeps an evaluation and its sample; shown at the next flush. */
  evaluation(msg: Evaluation): void {
    this.points.push(msg.point);
    this.lines.push(msg.line);
    this.#lines.push(msg.line);
    if (msg.sample) {
      this.evalSamples.push({ step: msg.point.step, text: msg.sample });
      this.#sample = { step: msg.point.step, text: msg.sample };
    }
    this.#chart = true;
  }

  /** Keeps the latest progress; shown at the next flush. */
  progress(msg: Progress): void {
    this.#progress = msg;
  }

  /** Empties the log, the evaluations and the samples (nothing pending is shown). */
  clear(t: Strings): void {
    this.#drop();
    this.points.length = 0;
    this.lines.length = 0;
    this.evalSamples.length = 0;
    this.sample = '';
    this.v.log.textContent = '';
    this.v.sampleCaption.textContent = '';
    this.v.sampleOut.textContent = t.sampleNone;
  }

  /** Shows what is pending (`running`: the status line follows the progress); true if the chart must be redrawn. */
  flush(t: Strings, running: boolean): boolean {
    const v = this.v;
    const p = this.#progress;
    if (p) {
      v.progress.value = p.iters > 0 ? p.step / p.iters : 0;
      v.progress.setAttribute('aria-valuetext', t.running(p.step, p.iters));
      if (running) v.status.textContent = this.#running(t, p.step, p.iters);
      v.rate.textContent = p.stepsPerSecond > 0
        ? t.rate(p.stepsPerSecond >= 100 ? String(Math.round(p.stepsPerSecond)) : p.stepsPerSecond.toFixed(1), formatSeconds(p.secondsLeft))
        : '';
    }
    if (this.#lines.length > 0) {
      const first = this.lines.length - this.#lines.length === 0;
      v.log.append(`${first ? '' : '\n'}${this.#lines.join('\n')}`);
      v.log.scrollTop = v.log.scrollHeight;
    }
    if (this.#sample) {
      v.sampleCaption.textContent = t.sampleAt(this.#sample.step);
      v.sampleOut.textContent = this.#sample.text;
    }
    const chart = this.#chart;
    this.#drop();
    return chart;
  }

  /** Shows the end of the run (`iters`: the steps it was to take): its sample, the progress, the time and the rate. */
  done(t: Strings, msg: Done, iters: number): void {
    const v = this.v;
    this.sample = msg.sample;
    if (msg.sample) {
      v.sampleCaption.textContent = t.sampleEnd(Array.from(msg.sample).length);
      v.sampleOut.textContent = msg.sample;
    }
    v.progress.value = iters > 0 ? msg.step / iters : 0;
    v.status.textContent = msg.stopped ? t.stopped(msg.step) : t.done(msg.step, formatSeconds(msg.activeMs / 1000));
    v.rate.textContent = msg.stepsPerSecond > 0 ? t.rateDone(String(Math.round(msg.stepsPerSecond))) : '';
  }

  /** The status line for `phase` in `t`'s language (loading, done and failed keep theirs). */
  showPhase(t: Strings, phase: TrainPhase, step: number, iters: number): void {
    const status = this.v.status;
    switch (phase) {
      case 'idle': status.textContent = t.idle; break;
      case 'running': status.textContent = this.#running(t, step, iters); break;
      case 'paused': status.textContent = t.paused(step, iters); break;
      case 'stopped': status.textContent = t.stopped(step); break;
      default: break;
    }
  }

  #drop(): void {
    this.#progress = null;
    this.#lines = [];
    this.#sample = null;
    this.#chart = false;
  }
}
