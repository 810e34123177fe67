// <attn-train>'s "take the run home" row: Copy as PyTorch, Download
// train_<model>.py, and the text file the script opens (Tiny Shakespeare as
// input.txt, or the learner's own text as my_text.txt). The script is
// web/train-script's, for the settings in the controls now: the one
// `attn-cli train … --emit-pytorch` prints for the same settings.
import { saveText } from '../../shared/download';
import { isSafeHref } from '../../shared/parse';
import { h, type Lang } from '../../shared/element';
import { SnippetControl } from '../../shared/snippet-control';
import { CODE_SNIPPET_STRINGS, type CodeSnippetMessages } from '../../shared/snippet-strings';
import { pytorchScript, scriptFileName, type ScriptSettings } from '../../train-script/pytorch-script';

/** The file the script opens for Tiny Shakespeare (the lecture's name) and for the learner's own text. */
export const SHAKESPEARE_FILE = 'input.txt';
export const OWN_TEXT_FILE = 'my_text.txt';

/** The copy messages are the shared ones (web/shared/snippet-strings.ts). */
interface PanelStrings extends CodeSnippetMessages {
  copy: string;
  download: (file: string) => string;
  shakespeareHint: (file: string) => string;
  ownHint: (file: string) => string;
  textLink: (file: string) => string;
}

const STRINGS: Record<Lang, PanelStrings> = {
  'zh-CN': {
    copy: '复制为 PyTorch 代码',
    download: (f) => `下载 ${f}`,
    ...CODE_SNIPPET_STRINGS['zh-CN'],
    shakespeareHint: (f) => `脚本按当前设置训练，打印与上面日志相同的每一行。它读取运行目录下的 ${f}：`,
    ownHint: (f) => `脚本按当前设置训练，打印与上面日志相同的每一行。把你的文本（UTF-8）存成运行目录下的 ${f}：`,
    textLink: (f) => `下载训练文本（${f}）`,
  },
  en: {
    copy: 'Copy as PyTorch',
    download: (f) => `Download ${f}`,
    ...CODE_SNIPPET_STRINGS.en,
    shakespeareHint: (f) => `The script trains with the current settings and prints every line of the log above. It reads ${f} from the directory it runs in:`,
    ownHint: (f) => `The script trains with the current settings and prints every line of the log above. Save your text (UTF-8) as ${f} in the directory it runs in:`,
    textLink: (f) => `Download the training text (${f})`,
  },
};

/** What the panel asks its element for, each time it is used. */
export interface PanelSource {
  settings(): ScriptSettings;
  lang(): Lang;
  /** The learner's own text when it is the source, else null (Tiny Shakespeare at textUrl()). */
  ownText(): string | null;
  textUrl(): string;
  /** The src attribute as the author wrote it ('' for the project's own text). */
  textSrc(): string;
}

export class PytorchPanel {
  readonly root = h('section', { class: 'pytorch', part: 'pytorch' });
  readonly #snippet = new SnippetControl({
    text: () => this.script(),
    strings: () => ({ ...this.#t, download: this.#t.download(this.#file()) }),
    file: () => this.#file(),
  });
  readonly #hint = h('p', { class: 'hint' });
  readonly #text = h('a', { part: 'text-link' });
  #t: PanelStrings = STRINGS['zh-CN'];

  constructor(private readonly source: PanelSource) {
    const s = this.#snippet;
    s.status.classList.add('hint');
    this.root.append(h('div', { class: 'buttons' }, s.copyButton, s.downloadButton, s.status), s.fallback, this.#hint);
    this.#hint.append(' ', this.#text);
    this.#text.addEventListener('click', (e) => {
      const own = this.source.ownText();
      if (own === null) return; // the link itself downloads Tiny Shakespeare
      e.preventDefault();
      saveText(document.body, OWN_TEXT_FILE, own, 'text/plain');
    });
  }

  /** The script for the element's current settings, its comments in the element's language. */
  script(): string {
    return pytorchScript(this.source.settings(), this.source.lang());
  }

  /** train_<model>.py, the name Download saves the script as. */
  #file(): string {
    return scriptFileName(this.source.settings().model);
  }

  /** Labels, file names and the text link for the current language, model and source. */
  update(): void {
    const t = (this.#t = STRINGS[this.source.lang()]);
    const own = this.source.ownText() !== null;
    const file = own ? OWN_TEXT_FILE : SHAKESPEARE_FILE;
    this.#snippet.update();
    this.#hint.firstChild!.textContent = `${own ? t.ownHint(file) : t.shakespeareHint(file)} `;
    this.#text.textContent = t.textLink(file);
    this.#text.setAttribute('download', file);
    // (a src that is not a relative or http(s) URL, javascript: say, becomes no link)
    const href = own ? '#' : isSafeHref(this.source.textSrc()) ? this.source.textUrl() : null;
    if (href) this.#text.setAttribute('href', href);
    else this.#text.removeAttribute('href');
    this.#text.hidden = href === null;
  }
}
