// The "take the code home" control the elements share: a Copy button, a
// Download button where the element saves a file, a polite status line, and
// one fallback for a page that may not write the clipboard: the text shown in
// a read-only text box, focused and selected, so that Ctrl+C (⌘C) copies it.
// The element places the nodes (`copyButton`, `downloadButton`, `status`,
// `fallback`) where its layout wants them; the buttons are made once, so a
// press survives the element's renders. The element calls update() when
// the words or the file name change (its language, its settings).

import { copyText } from './clipboard';
import { BLOB_TYPE_PY, saveText } from './download';
import { h } from './element';
import type { SnippetStrings } from './snippet-strings';

export { CODE_SNIPPET_STRINGS, type CodeSnippetMessages, type SnippetStrings } from './snippet-strings';

export interface SnippetSource {
  /** The text Copy and Download take, read at each press. */
  text(): string;
  /** The words, read at each press and at each update(). */
  strings(): SnippetStrings;
  /** The file name Download saves as; without it the control has no Download button. */
  file?(): string;
  /** The saved file's MIME type (Python source unless said). */
  type?: string;
  /** The status's tag: a line of its own ('p') or beside the buttons ('span', the default). */
  statusTag?: 'p' | 'span';
  /** Wraps a copy so that the element's `updateComplete` waits for it. */
  track?: <T>(work: () => Promise<T>) => Promise<T>;
}

export class SnippetControl {
  readonly copyButton = h('button', { type: 'button', class: 'copy', part: 'copy-button' });
  readonly downloadButton: HTMLButtonElement | null;
  readonly status: HTMLElement;
  /** Holds the fallback text box while it is shown; empty otherwise. */
  readonly fallback = h('div', { class: 'copy-fallback' });
  #area: HTMLTextAreaElement | null = null;

  constructor(private readonly source: SnippetSource) {
    this.status = h(source.statusTag ?? 'span', { class: 'copy-status', role: 'status' });
    this.downloadButton = source.file ? h('button', { type: 'button', class: 'download', part: 'download-button' }) : null;
    this.copyButton.addEventListener('click', () => { void this.copy(); });
    this.downloadButton?.addEventListener('click', () => this.download());
  }

  /** Copies the text; where the clipboard is refused, shows it selected in the text box. Resolves to true when copied. */
  copy(): Promise<boolean> {
    const work = () => this.#copy();
    return this.source.track ? this.source.track(work) : work();
  }

  async #copy(): Promise<boolean> {
    const text = this.source.text();
    this.#hideFallback();
    const copied = await copyText(text);
    const t = this.source.strings();
    this.status.textContent = copied ? t.copied : t.copyFailed;
    if (!copied) this.#showFallback(text, t.fallbackLabel);
    return copied;
  }

  /** Saves the text under the source's file name and says so in the status (where the words have a `downloaded`). */
  download(): void {
    if (!this.source.file) return;
    saveText(this.fallback, this.source.file(), this.source.text(), this.source.type ?? BLOB_TYPE_PY);
    const said = this.source.strings().downloaded;
    if (said !== undefined) this.status.textContent = said;
  }

  /** Labels the buttons in the current words; a text box on show takes the current text. */
  update(): void {
    const t = this.source.strings();
    this.copyButton.textContent = t.copy;
    if (this.downloadButton) this.downloadButton.textContent = t.download ?? '';
    if (this.#area) {
      this.#area.setAttribute('aria-label', t.fallbackLabel);
      const text = this.source.text();
      if (this.#area.value !== text) this.#area.value = text;
    }
  }

  /** Clears the status and takes the text box away (the text it held is out of date). */
  reset(): void {
    this.status.textContent = '';
    this.#hideFallback();
  }

  #showFallback(text: string, label: string): void {
    const area = h('textarea', {
      class: 'copy-text', readonly: true, spellcheck: 'false', 'aria-label': label,
      rows: String(Math.min(24, text.split('\n').length)),
    });
    area.value = text;
    this.fallback.append(area);
    this.#area = area;
    area.focus();
    area.select();
  }

  #hideFallback(): void {
    this.#area?.remove();
    this.#area = null;
  }
}

/** The text box's look, part of each element's sheet. */
export const SNIPPET_CSS = `
.copy-text {
  display: block; box-sizing: border-box; width: 100%; max-width: 100%;
  font: 0.8rem/1.4 var(--_mono); white-space: pre; overflow: auto; color: var(--_fg); background: var(--_bg);
}
.copy-text:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
`;
