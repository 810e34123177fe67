// embed.html?w=heatmap&dk=16&causal=1&lang=en — one element per frame, for
// hosts that only allow iframes. Query parameters become attributes through
// a per-widget allow-list (setAttribute only, never HTML). The frame reports
// its height to the parent with postMessage, to the parent's origin only;
// it accepts messages only from its parent window (and, when `origin=` is
// given, only from that origin). In a sandboxed frame without storage it says
// that progress will not be kept.
import './styles/page.css';
import './styles/embed.css';
import wasmBase64 from './generated/attn_core.wasm?base64';
import scalarWasmBase64 from './generated/attn_core_scalar.wasm?base64';
import pyWasmBase64 from './generated/attn_py.wasm?base64';
import lesson01 from '../public/banks/lesson-01.json?raw';
import reading01 from '../public/banks/reading-01.json?raw';
import { loadEngine, simdSupported } from './engine/engine.js';
import { loadEvaluator } from './engine/evaluator.js';
import './lib/attention-lab';
import { normaliseLang, type PageLang } from './i18n/lang';
import { PAGE_STRINGS } from './i18n/strings';

export const MSG_SIZE = 'attention-lab:size';
export const MSG_HELLO = 'attention-lab:hello';

type Widget = 'heatmap' | 'quiz' | 'exercise' | 'review' | 'train';
const WIDGETS: Record<Widget, { tag: string; attrs: readonly string[]; flags: readonly string[]; progress: boolean }> = {
  heatmap: {
    tag: 'attn-heatmap',
    attrs: ['tokens', 'dk', 'dk-max', 'seed', 'scale', 'labels'],
    flags: ['causal', 'compare', 'log-scale'],
    progress: false,
  },
  quiz: { tag: 'attn-quiz', attrs: ['bank', 'lesson'], flags: [], progress: true },
  exercise: { tag: 'attn-exercise', attrs: ['seed'], flags: [], progress: true },
  review: { tag: 'attn-review', attrs: ['lesson', 'bank'], flags: [], progress: true },
  // Training fetches its worker, attn_train.wasm and Tiny Shakespeare from this
  // frame's origin on Start: a sandboxed frame needs allow-same-origin for it.
  train: { tag: 'attn-train', attrs: ['model', 'seed', 'iters', 'lr', 'eval-interval', 'eval-iters', 'sample-chars'], flags: [], progress: false },
};

const MAX_VALUE = 200;
// The training widget's frame title lives here rather than in PAGE_STRINGS,
// which the lesson pages load before their first paint.
const TRAIN_TITLE: Record<PageLang, string> = { 'zh-CN': '训练字符模型', en: 'Train the character model' };

function flagOn(v: string): boolean {
  const s = v.trim().toLowerCase();
  return s === '' || s === '1' || s === 'true' || s === 'yes' || s === 'on';
}

/** A valid serialised origin (scheme://host[:port]) or null. */
export function parseOrigin(v: string | null | undefined): string | null {
  if (!v || v === 'null') return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin === v.replace(/\/$/, '') ? u.origin : null;
  } catch {
    return null;
  }
}

function storageWorks(): boolean {
  try {
    const s = globalThis.localStorage;
    const k = 'attention-lab:probe-embed';
    s.setItem(k, '1');
    s.removeItem(k);
    return true;
  } catch {
    return false;
  }
}

/** Where the parent lives: ?origin=, else the browser's ancestor list, else the referrer. */
function parentOrigin(params: URLSearchParams): string | null {
  const given = parseOrigin(params.get('origin'));
  if (given) return given;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) {
    const a = parseOrigin(ancestors[0]);
    if (a) return a;
  }
  if (document.referrer) {
    try { return parseOrigin(new URL(document.referrer).origin); } catch { /* ignore */ }
  }
  return null;
}

/** The banks of our lessons travel inside the embed (no fetch, so no CORS in a sandbox). */
const BUNDLED_BANKS: Record<string, string> = { 'lesson-01': lesson01, 'reading-01': reading01 };

function wasmBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function boot(): void {
  // First caller wins: every element on this page then shares this instance,
  // built from bytes in the script rather than fetched.
  // Both core builds are inside; only the one this browser can run is decoded.
  const engine = simdSupported()
    ? loadEngine({ wasmBinary: wasmBytes(wasmBase64) })
    : loadEngine({ scalarWasmBinary: wasmBytes(scalarWasmBase64), simd: false });
  engine.catch(() => { /* the elements report it */ });
  const params = new URLSearchParams(location.search);
  const lang: PageLang = normaliseLang(params.get('lang')) ?? 'zh-CN';
  document.documentElement.setAttribute('lang', lang);
  const t = PAGE_STRINGS[lang];
  const root = document.getElementById('embed-root') ?? document.body;
  const note = document.getElementById('embed-storage-note');

  const name = (params.get('w') ?? '').trim().toLowerCase();
  const spec = Object.prototype.hasOwnProperty.call(WIDGETS, name) ? WIDGETS[name as Widget] : null;
  // The evaluator module is compiled only where a widget needs it.
  if (name === 'exercise' || name === 'review')
    loadEvaluator({ wasmBinary: wasmBytes(pyWasmBase64) }).catch(() => { /* the elements report it */ });
  let el: HTMLElement;
  if (!spec) {
    el = document.createElement('p');
    el.className = 'embed-error';
    el.setAttribute('role', 'alert');
    el.textContent = t.unknownWidget(name.slice(0, 40));
    document.title = 'attention-lab';
  } else {
    el = document.createElement(spec.tag);
    for (const a of spec.attrs) {
      const v = params.get(a);
      if (v !== null) el.setAttribute(a, v.slice(0, MAX_VALUE));
    }
    for (const f of spec.flags) {
      const v = params.get(f);
      if (v !== null && flagOn(v)) el.setAttribute(f, '');
    }
    el.setAttribute('lang', lang);
    const bank = el.getAttribute('bank') ?? (spec.tag === 'attn-review' ? el.getAttribute('lesson') : null);
    if ((spec.tag === 'attn-quiz' || spec.tag === 'attn-review') && bank && Object.prototype.hasOwnProperty.call(BUNDLED_BANKS, bank)) {
      const inline = document.createElement('script');
      inline.type = 'application/json';
      inline.textContent = BUNDLED_BANKS[bank]!;
      el.append(inline);
    }
    document.title = `${name === 'train' ? TRAIN_TITLE[lang] : t.embedTitle[name]} · attention-lab`;
    if (spec.progress && !storageWorks() && note) {
      note.textContent = t.noStorage;
      note.hidden = false;
    }
  }
  root.append(el);

  // --- size reporting -------------------------------------------------------
  if (window.parent === window) return;
  let target = parentOrigin(params);
  const pinned = parseOrigin(params.get('origin'));
  // Pinned to an origin the browser says our parent does not have: stay silent.
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (pinned && ancestors && ancestors.length > 0 && ancestors[0] !== pinned) target = null;
  const silenced = pinned !== null && target === null;
  let last = -1;
  const measure = () => Math.ceil(document.documentElement.getBoundingClientRect().height);
  const post = (force = false) => {
    if (!target) return;
    const height = measure();
    if (!force && height === last) return;
    last = height;
    window.parent.postMessage({ type: MSG_SIZE, widget: name, height }, target);
  };
  new ResizeObserver(() => post()).observe(document.documentElement);
  window.addEventListener('load', () => post());
  window.addEventListener('message', (e: MessageEvent) => {
    if (e.source !== window.parent) return;
    if (pinned && e.origin !== pinned) return;
    const data = e.data as { type?: unknown } | null;
    if (!data || typeof data !== 'object' || data.type !== MSG_HELLO) return;
    // A hello tells us the parent's origin when nothing else did.
    if (!target && !silenced && e.origin !== 'null') target = parseOrigin(e.origin);
    post(true);
  });
}

boot();
