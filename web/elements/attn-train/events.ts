// What <attn-train> reports: its phases and the details of its events.
import type { Point } from './chart';
import { settingsOf, type ModelName } from './parse';
import type { AttnTrainGenerateDetail } from './generate-panel';
import type { RunSettings } from '../../engine/train-runner/client';
import type { TrainSettingName, TrainSettingValues } from '../../engine/train/types';

export type TrainPhase = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'stopped' | 'failed';
export type TrainErrorKind = 'nan' | 'engine' | 'fetch' | 'text' | 'settings' | 'attention' | 'generate';

/** detail of `attn-train-start`: the model, the seed, every run setting's value and the text. */
export interface AttnTrainStartDetail extends TrainSettingValues {
  model: ModelName; seed: string;
  source: 'shakespeare' | 'own';
}
/** A run's settings with every one set (as the element sends them). */
export type FullRunSettings = RunSettings & Required<Pick<RunSettings, TrainSettingName>>;

/** The start event's detail for a run of `s` on `source`. */
export function startDetail(s: FullRunSettings, source: AttnTrainStartDetail['source']): AttnTrainStartDetail {
  return { model: s.model, seed: s.seed, ...settingsOf(s), source };
}
/** detail of `attn-train-eval`: one line of the log. */
export interface AttnTrainEvalDetail { model: ModelName; step: number; train: number; val: number; line: string }
/** detail of `attn-train-done` (also sent after Stop, with stopped: true). */
export interface AttnTrainDoneDetail {
  model: ModelName; step: number; stopped: boolean; evals: Point[]; sample: string; seconds: number; stepsPerSecond: number;
}
/** detail of `attn-train-error`. */
export interface AttnTrainErrorDetail { kind: TrainErrorKind; message: string; step?: number }

declare global {
  interface HTMLElementEventMap {
    'attn-train-start': CustomEvent<AttnTrainStartDetail>;
    'attn-train-eval': CustomEvent<AttnTrainEvalDetail>;
    'attn-train-done': CustomEvent<AttnTrainDoneDetail>;
    'attn-train-error': CustomEvent<AttnTrainErrorDetail>;
    'attn-train-attention': CustomEvent<{ snippet: string; weights: Float32Array; layers: Float32Array[][] }>;
    'attn-train-generate': CustomEvent<AttnTrainGenerateDetail>;
  }
}
