// The learner's own training text: typed or pasted into the text area, read
// from a file, or given by setText(); checked before a run uses it.
import { checkBytes, type TextProblem } from './text';
import { MAX_TEXT_BYTES } from '../../engine/train-runner/protocol';

/** Longer texts are used but not copied into the text area. */
const AREA_MAX_CHARS = 200_000;

export class OwnText {
  /** The learner chose their own text over Tiny Shakespeare. */
  chosen = false;
  /** A text from setText() or a file; null: the text area's. */
  #given: string | null = null;

  constructor(private readonly area: HTMLTextAreaElement) {
    area.addEventListener('input', () => { this.#given = null; });
  }

  /** The text the next run trains on (before its check). */
  get text(): string {
    return this.#given ?? this.area.value;
  }

  /** Uses `text` (chosen), or goes back to Tiny Shakespeare (null). */
  set(text: string | null): void {
    this.#given = text;
    this.chosen = text !== null;
    if (text !== null) this.#show(text);
  }

  /** Reads `file` as the text; the problem if it is refused. */
  async read(file: File, block: number): Promise<TextProblem | null> {
    if (file.size > MAX_TEXT_BYTES) return { kind: 'tooLarge', bytes: file.size };
    const r = checkBytes(new Uint8Array(await file.arrayBuffer()), block);
    if (!r.ok) return r.problem;
    this.#given = r.text;
    this.#show(r.text);
    return null;
  }

  #show(text: string): void {
    this.area.value = text.length > AREA_MAX_CHARS ? '' : text;
  }
}
