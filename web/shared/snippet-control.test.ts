// @vitest-environment happy-dom
// The shared Copy / Download control: a copy writes the text and says so; a
// refused clipboard shows the text selected in a read-only box (the one
// fallback); Download saves a Blob under the file name through a[download].
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_SNIPPET_STRINGS, SnippetControl, type SnippetSource, type SnippetStrings } from './snippet-control';

const WORDS: SnippetStrings = { copy: 'Copy it', download: 'Download it.py', ...CODE_SNIPPET_STRINGS.en, downloaded: 'Saved it.py.' };

function mount(over: Partial<SnippetSource> = {}, text = () => 'print(1)\nprint(2)\n') {
  const c = new SnippetControl({ text, strings: () => WORDS, file: () => 'it.py', ...over });
  c.update();
  const host = document.createElement('div');
  host.append(c.copyButton, ...(c.downloadButton ? [c.downloadButton] : []), c.status, c.fallback);
  document.body.append(host);
  return c;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('SnippetControl', () => {
  it('labels its buttons, with the parts the docs list, and a polite status', () => {
    const c = mount();
    expect(c.copyButton.textContent).toBe('Copy it');
    expect(c.copyButton.getAttribute('part')).toBe('copy-button');
    expect(c.downloadButton!.textContent).toBe('Download it.py');
    expect(c.downloadButton!.getAttribute('part')).toBe('download-button');
    expect(c.status.getAttribute('role')).toBe('status');
    expect(mount({ file: undefined }).downloadButton).toBeNull();
  });

  it('copies the text to the clipboard and says so, with no text box', async () => {
    const writeText = vi.fn(async (_t: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const c = mount();
    expect(await c.copy()).toBe(true);
    expect(writeText).toHaveBeenCalledWith('print(1)\nprint(2)\n');
    expect(c.status.textContent).toBe('Copied to the clipboard.');
    expect(c.fallback.querySelector('textarea')).toBeNull();
  });

  it('a press on Copy runs the copy through the element\'s track', async () => {
    const writeText = vi.fn(async (_t: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let tracked = 0;
    const c = mount({ track: (work) => { tracked++; return work(); } });
    c.copyButton.click();
    await vi.waitFor(() => expect(c.status.textContent).toBe('Copied to the clipboard.'));
    expect(tracked).toBe(1);
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('where the clipboard is refused, shows the text selected in a read-only box', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => { throw new Error('denied'); } } });
    const c = mount();
    expect(await c.copy()).toBe(false);
    const area = c.fallback.querySelector('textarea.copy-text') as HTMLTextAreaElement;
    expect(area).not.toBeNull();
    expect(area.readOnly).toBe(true);
    expect(area.value).toBe('print(1)\nprint(2)\n');
    expect(area.getAttribute('aria-label')).toBe('The code to copy');
    expect(area.selectionStart).toBe(0);
    expect(area.selectionEnd).toBe(area.value.length);
    expect(c.status.textContent).toContain('Ctrl+C');
    // a second refusal shows one box, not two; reset() takes it away
    await c.copy();
    expect(c.fallback.querySelectorAll('textarea')).toHaveLength(1);
    c.reset();
    expect(c.fallback.querySelector('textarea')).toBeNull();
    expect(c.status.textContent).toBe('');
  });

  it('without a Clipboard API at all, falls back the same way', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const c = mount();
    expect(await c.copy()).toBe(false);
    expect((c.fallback.querySelector('textarea') as HTMLTextAreaElement).value).toBe('print(1)\nprint(2)\n');
  });

  it('update() relabels and gives a box on show the current text', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let text = 'a = 1\n';
    let words = WORDS;
    const c = mount({ strings: () => words }, () => text);
    await c.copy();
    text = 'a = 2\n';
    words = { ...WORDS, copy: '复制', ...CODE_SNIPPET_STRINGS['zh-CN'] };
    c.update();
    expect(c.copyButton.textContent).toBe('复制');
    const area = c.fallback.querySelector('textarea') as HTMLTextAreaElement;
    expect(area.value).toBe('a = 2\n');
    expect(area.getAttribute('aria-label')).toBe('要复制的代码');
  });

  it('Download saves a Blob of the text through a link named after the file', async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => { blobs.push(b as Blob); return 'blob:test/1'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this); });
    const c = mount({ type: 'text/x-python' });
    c.downloadButton!.click();
    expect(create).toHaveBeenCalledTimes(1);
    expect(await blobs[0]!.text()).toBe('print(1)\nprint(2)\n');
    expect(blobs[0]!.type).toBe('text/x-python');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('download')).toBe('it.py');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:test/1');
    expect(clicked[0]!.isConnected).toBe(false); // there for the click only
    expect(c.status.textContent).toBe('Saved it.py.');
  });
});
