// The words of the shared snippet control (snippet-control.ts), and the
// messages every element whose snippet is code says the same way. Kept free of
// the DOM so that a string table can import it anywhere.
import type { Lang } from './lang';

/** The words of one control, in the element's language. */
export interface SnippetStrings {
  copy: string;
  /** The Download button's label; required when the control has one. */
  download?: string;
  /** The status after a copy. */
  copied: string;
  /** The status when the clipboard is refused: it points at the selected text box. */
  copyFailed: string;
  /** The text box's accessible name. */
  fallbackLabel: string;
  /** The status after a download. */
  downloaded?: string;
}

/** The messages shared by the elements whose snippet is code, spread into their string tables (the labels stay each element's own). */
export type CodeSnippetMessages = Pick<SnippetStrings, 'copied' | 'copyFailed' | 'fallbackLabel'>;

export const CODE_SNIPPET_STRINGS: Readonly<Record<Lang, CodeSnippetMessages>> = {
  'zh-CN': {
    copied: '已复制到剪贴板。',
    copyFailed: '这里无法写入剪贴板：代码已在下方选中，按 Ctrl+C（Mac 上按 ⌘C）即可复制。',
    fallbackLabel: '要复制的代码',
  },
  en: {
    copied: 'Copied to the clipboard.',
    copyFailed: 'The clipboard cannot be written here: the code is selected below; press Ctrl+C (⌘C on a Mac) to copy it.',
    fallbackLabel: 'The code to copy',
  },
};

