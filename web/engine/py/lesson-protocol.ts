// Messages between the lesson page (lesson-client.ts) and its worker (lesson-worker.ts).
import type { Lesson1Variance } from './types';

export interface Lesson1RunResult {
  output: string;
  variance: Lesson1Variance;
}

export type LessonRequest =
  | { id: number; kind: 'run'; seed: string; wasmUrl: string }
  | { id: number; kind: 'variance'; seed: string; wasmUrl: string };

export type LessonReply =
  | { id: number; ok: true; value: Lesson1RunResult | Lesson1Variance }
  | { id: number; ok: false; error: string };
