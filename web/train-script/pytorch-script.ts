// The PyTorch script for a training run's settings: the template
// (template.ts) rendered for a model, its settings and a language. The same
// rendering is C++'s (cpp/src/train/pytorch_script.cpp, attn-cli train
// --emit-pytorch), byte for byte: pytorch-script.test.ts runs both.
import { TEMPLATE } from './template.ts';
import { defaults, kebab } from '../engine/train/models.js';
import { TRAIN_SETTINGS, type TrainSetting } from '../engine/train/settings.js';
import type { ModelName, TrainConfig } from '../engine/train/types';
import type { Lang } from '../shared/lang';

export type ScriptModel = ModelName;

/**
 * A run's settings, as attn-cli train and <attn-train> take them: the run's
 * hyperparameters (the learning rate is trained with as float32, by the
 * engine and by the script), the sample's length and the text file.
 */
export interface ScriptSettings extends TrainConfig {
  sampleChars: number;
  /** The text file the script opens, relative to the directory it runs in. */
  data: string;
}

const f32 = new Float32Array(1);
const fround = (x: number) => { f32[0] = x; return f32[0]!; };

/**
 * The learning rate as the script writes it: the shortest decimal (at most 9
 * significant digits) whose float32 is the engine's float32 learning rate,
 * written 1e-3, 2.5e-4, 0.1, 3.0 or 1e20. Python reads it as the same double
 * the engine computes with (AdamW::python_double).
 */
export function lrLiteral(lr: number): string {
  const x = fround(lr);
  if (!(x > 0) || !Number.isFinite(x)) throw new RangeError(`lr must be a positive float32, got ${lr}`);
  let sci = '';
  for (let p = 1; p <= 9; p++) {
    sci = x.toExponential(p - 1);
    if (fround(Number(sci)) === x) break;
  }
  const [mant, expText] = sci.split('e') as [string, string];
  const digits = mant.replace('.', '').replace(/0+$/, '') || '0';
  const e = Number(expText);
  if (e < -1 || e >= 16) return `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${e}`;
  if (e === -1) return `0.${digits}`;
  const int = digits.slice(0, e + 1).padEnd(e + 1, '0');
  const frac = digits.slice(e + 1);
  return `${int}.${frac || '0'}`;
}

/**
 * Python's repr of a double: the shortest digits that read back as the same
 * double, fixed notation for exponents -4 to 15, else 1e-05 or 1.5e+16.
 * dropout is written so: Python's float p is PyTorch's, and 1 - p is the
 * bernoulli_ threshold, in double.
 */
export function pyFloat(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`a finite number is needed, got ${x}`);
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expText] = x.toExponential().split('e') as [string, string];
  const e = Number(expText);
  if (e >= -4 && e < 16) {
    const s = x.toFixed(Math.max(0, mant.replace(/^-/, '').replace('.', '').length - 1 - e));
    return s.includes('.') ? s : `${s}.0`;
  }
  return `${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
}

/** A Python string literal: single quotes; backslash, quote and control characters escaped. */
export function pyString(s: string): string {
  let out = "'";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\' || ch === "'") out += `\\${ch}`;
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** train_<model>.py: the name the script is downloaded as and calls itself. */
export const scriptFileName = (model: ScriptModel): string => `train_${model}.py`;

/** A setting's value as the script and attn-cli write it: an integer's digits, the learning rate's literal, a double as Python's repr. */
export function settingText(r: TrainSetting, v: number): string {
  if (r.kind === 'float') return lrLiteral(v);
  if (r.kind === 'double') return pyFloat(v);
  return String(v);
}

/** Each setting of the table with the run's value (the settings', else the model's default) as the script writes it. */
function settingTexts(s: ScriptSettings): { row: TrainSetting; text: string }[] {
  const d = defaults(s.model);
  return TRAIN_SETTINGS.map((row) => ({ row, text: settingText(row, s[row.name] ?? d[row.name]) }));
}

function values(s: ScriptSettings): Record<string, string> {
  return {
    file: scriptFileName(s.model),
    model: s.model,
    data: pyString(s.data),
    seed: BigInt(s.seed).toString(),
    sample_chars: String(s.sampleChars),
    ...Object.fromEntries(settingTexts(s).map(({ row, text }) => [row.script, text])),
  };
}

interface Rendered { text: string; regions: Map<string, string> }

function render(s: ScriptSettings, lang: Lang): Rendered {
  const v = values(s);
  const tag = lang === 'zh-CN' ? 'zh|' : 'en|';
  const other = lang === 'zh-CN' ? 'en|' : 'zh|';
  const out: string[] = [];
  const open = new Map<string, number>();
  const regions = new Map<string, string>();
  let keep = true;
  for (const raw of TEMPLATE.split('\n').slice(0, -1)) {
    let m: RegExpExecArray | null;
    if ((m = /^@if (.+)$/.exec(raw))) { keep = m[1]!.split(' ').includes(s.model); continue; }
    if (raw === '@end') { keep = true; continue; }
    if (!keep) continue;
    if ((m = /^@region (.+)$/.exec(raw))) { open.set(m[1]!, out.length); continue; }
    if ((m = /^@endregion (.+)$/.exec(raw))) {
      regions.set(m[1]!, out.slice(open.get(m[1]!)!).map((l) => `${l}\n`).join(''));
      continue;
    }
    if (raw.startsWith(other)) continue;
    const line = raw.startsWith(tag) ? raw.slice(tag.length) : raw;
    out.push(line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const x = v[name];
      if (x === undefined) throw new Error(`template: unknown setting {{${name}}}`);
      return x;
    }));
  }
  return { text: out.map((l) => `${l}\n`).join(''), regions };
}

/** The whole script for these settings, its comments in `lang`. */
export function pytorchScript(s: ScriptSettings, lang: Lang = 'en'): string {
  return render(s, lang).text;
}

/** The region names the template marks (the excerpts the reading page shows). */
export type ScriptRegion = 'estimate_loss' | 'head_class' | 'embed' | 'init' | 'forward' | 'forward_generate' | 'generate';

/** One marked excerpt of the script for these settings, exactly as it stands in the script; null where the model has none. */
export function scriptExcerpt(s: ScriptSettings, lang: Lang, region: ScriptRegion): string | null {
  return render(s, lang).regions.get(region) ?? null;
}

/** The attn-cli options that print this script (`attn-cli train OPTIONS --emit-pytorch`) or train this run. */
export function cliOptions(s: ScriptSettings, lang?: Lang): string[] {
  const out = [
    '--model', s.model, '--seed', BigInt(s.seed).toString(),
    ...settingTexts(s).filter(({ row }) => row.models.includes(s.model)).flatMap(({ row, text }) => [`--${kebab(row.name)}`, text]),
    '--sample-chars', String(s.sampleChars), '--data', s.data,
  ];
  return lang ? [...out, '--lang', lang] : out;
}
