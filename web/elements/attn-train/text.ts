// The learner's own training text (pasted or from a file): UTF-8, at least
// block + 1 characters, at most 5 MB. Checked here, before anything is sent
// to the worker, so the message can say exactly what is wrong.

import { MAX_TEXT_BYTES } from '../../engine/train-runner/protocol';


export type TextProblem =
  | { kind: 'empty' }
  | { kind: 'notUtf8' }
  | { kind: 'tooLarge'; bytes: number }
  | { kind: 'tooShort'; chars: number; min: number };

export type TextCheck = { ok: true; text: string; chars: number; bytes: number } | { ok: false; problem: TextProblem };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function countChars(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** A pasted text (a JS string: only lone surrogates make it not encodable as UTF-8). */
export function checkText(text: string, block: number): TextCheck {
  if (text.length === 0) return { ok: false, problem: { kind: 'empty' } };
  if (LONE_SURROGATE.test(text)) return { ok: false, problem: { kind: 'notUtf8' } };
  // UTF-8 length without allocating the encoding of a large text.
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  if (bytes > MAX_TEXT_BYTES) return { ok: false, problem: { kind: 'tooLarge', bytes } };
  const chars = countChars(text);
  if (chars < block + 1) return { ok: false, problem: { kind: 'tooShort', chars, min: block + 1 } };
  return { ok: true, text, chars, bytes };
}

/** A file's bytes: at most 5 MB, valid UTF-8 (a BOM is dropped), then as checkText. */
export function checkBytes(bytes: Uint8Array, block: number): TextCheck {
  if (bytes.length === 0) return { ok: false, problem: { kind: 'empty' } };
  if (bytes.length > MAX_TEXT_BYTES) return { ok: false, problem: { kind: 'tooLarge', bytes: bytes.length } };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: { kind: 'notUtf8' } };
  }
  return checkText(text, block);
}
