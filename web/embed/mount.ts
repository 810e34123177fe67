// The part of the iframe embed that every widget's script carries
// (dist/embed-<w>.js): puts the widget's element on the page with the
// allowed query parameters as attributes (setAttribute only, never HTML),
// hands the engine modules their bytes, says when progress cannot be kept,
// and reports the frame's height to the parent (to the parent's origin
// only). It accepts messages only from its parent window (and, when
// `origin=` is given, only from that origin).
import { normaliseLang, type Lang } from '../shared/lang';
import { PAGE_STRINGS } from '../i18n/strings';
import { probe } from '../storage/local';
import { parseFlag } from '../shared/parse';
import { embedWidget, WASM_GLOBAL } from './widgets';

export const MSG_SIZE = 'attention-lab:size';
export const MSG_HELLO = 'attention-lab:hello';

const MAX_VALUE = 200;

/** Starts one engine module from the bytes its payload script left (see EMBED_WASM). */
export type WasmInstaller = (payloads: Record<string, string>) => void;

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

/** Decodes a payload's base64 into the module's bytes. */
export function wasmBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Mounts widget `name`. installers: one per engine module it lists, run
 * first, so every element on the frame shares the instance built from the
 * bytes in the payload scripts rather than fetched. banks: bank name → JSON
 * text of the shipped banks (quiz and review widgets).
 */
export function mount(name: string, installers: readonly WasmInstaller[], banks: Record<string, string> = {}): void {
  const spec = embedWidget(name);
  if (!spec) return; // the loader shows the error
  const payloads = ((globalThis as Record<string, unknown>)[WASM_GLOBAL] ?? {}) as Record<string, string>;
  for (const install of installers) install(payloads);

  const params = new URLSearchParams(location.search);
  const lang: Lang = normaliseLang(params.get('lang')) ?? 'zh-CN';
  const t = PAGE_STRINGS[lang];
  const root = document.getElementById('embed-root') ?? document.body;
  const note = document.getElementById('embed-storage-note');

  const el = document.createElement(spec.tag);
  for (const a of spec.attrs) {
    const v = params.get(a);
    if (v !== null) el.setAttribute(a, v.slice(0, MAX_VALUE));
  }
  for (const f of spec.flags) {
    const v = params.get(f);
    if (v !== null && parseFlag(v)) el.setAttribute(f, '');
  }
  el.setAttribute('lang', lang);
  const bank = el.getAttribute('bank') ?? (spec.tag === 'attn-review' ? el.getAttribute('lesson') : null);
  if (bank && Object.prototype.hasOwnProperty.call(banks, bank)) {
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.textContent = banks[bank]!;
    el.append(inline);
  }
  document.title = `${spec.title[lang]} · attention-lab`;
  if (spec.progress && !probe() && note) {
    note.textContent = t.noStorage;
    note.hidden = false;
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
  // A frame out of view may get no rendering updates, so no ResizeObserver callbacks, until the
  // learner scrolls to it: the height is also sent once the widget shows its first full state,
  // and again whenever what it shows changes after that (a render that lands later).
  void (el as Element & { updateComplete?: Promise<boolean> }).updateComplete?.then(() => post());
  // Only until the frame gets its first animation frame: from then on the ResizeObserver reports,
  // and a render (a training run's progress, ten a second) forces no extra layout.
  void customElements.whenDefined(spec.tag).then(() => {
    if (!el.shadowRoot) return;
    const changes = new MutationObserver(() => post());
    changes.observe(el.shadowRoot, { subtree: true, childList: true, characterData: true, attributes: true });
    requestAnimationFrame(() => changes.disconnect());
  });
  if (document.readyState === 'complete') post();
  else window.addEventListener('load', () => post());
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
