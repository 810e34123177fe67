// The one thing the learner sees of SCORM: a calm note, when the LMS did not
// take what the page sent, that the course did not save and the page still
// works. zh-CN and en, follows the page's language switch, can be dismissed.
import { LANG_EVENT } from '../i18n/lang';
import { normaliseLang, type Lang } from '../shared/lang';

/** local/memory: not saved (answers kept in the browser / until the page closes); auth: a cmi5 LRS refused the sign-in (401); launch: the cmi5 launch could not get its sign-in (fetch error 1–3). */
export type NoticeKind = 'local' | 'memory' | 'auth' | 'launch';

const TEXT: Record<Lang, Record<NoticeKind | 'title' | 'close', string>> = {
  'zh-CN': {
    title: '课程平台没有保存这次的学习记录。',
    local: '你可以照常学习和答题：答案保存在这台设备的浏览器里。稍后重新打开课程，平台会再试着保存。',
    memory: '你可以照常学习和答题，答案在关闭本页之前都在。稍后重新打开课程，平台会再试着保存。',
    auth: '课程平台不再接受这次打开的登录信息。答案先保存在这台设备的浏览器里；从课程平台重新打开本课，就会补交上去。',
    launch: '这次打开课程时没能拿到课程平台的登录信息（链接可能已经用过或过期）。你可以照常学习，答案保存在浏览器里；请从课程平台重新打开本课。',
    close: '知道了',
  },
  en: {
    title: 'The course platform did not save your progress this time.',
    local: 'You can keep reading and answering: your answers are kept in this browser on this device. Reopen the course later and it will try to save again.',
    memory: 'You can keep reading and answering; your answers stay until you close this page. Reopen the course later and it will try to save again.',
    auth: 'The course platform no longer accepts this session\'s sign-in. Your answers are kept in this browser; open the lesson again from the course platform and they will be sent.',
    launch: 'This launch could not get its sign-in from the course platform (the link may have been used already or expired). You can keep learning, with your answers kept in this browser; please open the lesson again from the course platform.',
    close: 'OK',
  },
};

const CSS = `.attn-scorm-notice{position:sticky;top:0;z-index:10;margin:0 auto;max-width:48rem;padding:.75rem 1rem;
border:1px solid GrayText;border-radius:.5rem;background:Canvas;color:CanvasText;font:inherit;line-height:1.5}
.attn-scorm-notice p{margin:0 0 .5rem}.attn-scorm-notice .title{font-weight:700}.attn-scorm-notice button{font:inherit;padding:.25rem .75rem}`;

let box: HTMLElement | null = null;
let kind: NoticeKind = 'local';
let dismissed = false;

function lang(doc: Document): Lang {
  return normaliseLang(doc.documentElement.getAttribute('lang')) ?? 'zh-CN';
}

function render(doc: Document): void {
  if (!box) return;
  const t = TEXT[lang(doc)];
  const title = doc.createElement('p');
  title.className = 'title';
  title.textContent = t.title;
  const body = doc.createElement('p');
  body.textContent = t[kind];
  const btn = doc.createElement('button');
  btn.type = 'button';
  btn.textContent = t.close;
  btn.addEventListener('click', () => { dismissed = true; box?.remove(); box = null; });
  box.lang = lang(doc);
  box.replaceChildren(title, body, btn);
}

/** Shows (once per page; again after a dismissal only if asked with force) the did-not-save note. */
export function showNotice(k: NoticeKind, doc: Document = document): void {
  kind = k;
  if (box) { render(doc); return; }
  if (dismissed) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch { /* unstyled is still readable */ }
  box = doc.createElement('div');
  box.className = 'attn-scorm-notice';
  box.setAttribute('role', 'status');
  box.dataset.scormNotice = '';
  render(doc);
  (doc.querySelector('main') ?? doc.body).prepend(box);
  doc.addEventListener(LANG_EVENT, () => render(doc));
}

/** For tests. */
export function resetNotice(): void { box?.remove(); box = null; dismissed = false; }
