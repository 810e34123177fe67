// Where <attn-quiz> finds its bank and how it says what went wrong: the
// address `src` or `bank` names, the fetch, and one message per kind of
// failure (each naming the address tried and what it was relative to).
import { h } from '../../shared/element';
import { BANK_NAME, type BankIssue } from './bank';
import type { QuizStrings } from './i18n';

export type LoadError =
  | { kind: 'no-source' }
  | { kind: 'bad-name'; name: string }
  | { kind: 'bad-src'; src: string }
  | { kind: 'not-found'; what: string; status: number; url: string; base: string }
  | { kind: 'not-json'; what: string; url: string; base: string }
  | { kind: 'http'; what: string; status: number; url: string; base: string }
  | { kind: 'network'; what: string; url: string; base: string }
  | { kind: 'invalid'; issues: BankIssue[]; truncated: boolean };

const MAX_SHOWN_ISSUES = 20;

/** A bank's address and how messages name it. */
export interface BankAddress { url: URL; what: string }

/** Where the bank `src` (else the bank called `name`) is, relative to `base`; or why there is none. */
export function bankAddress(src: string, name: string, base: string): BankAddress | { error: LoadError } {
  if (src) {
    const what = src.length > 80 ? `${src.slice(0, 80)}…` : src;
    let url: URL;
    try {
      url = new URL(src, base);
    } catch {
      return { error: { kind: 'bad-src', src: what } };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: { kind: 'bad-src', src: what } };
    return { url, what };
  }
  if (name) {
    if (!BANK_NAME.test(name)) return { error: { kind: 'bad-name', name: name.length > 80 ? `${name.slice(0, 80)}…` : name } };
    return { url: new URL(`banks/${name}.json`, base), what: `“${name}”` };
  }
  return { error: { kind: 'no-source' } };
}

/** Fetches the bank at `addr`: its text, or why not (an abort through `signal` also reads as a network error). */
export async function fetchBank(addr: BankAddress, base: string, signal: AbortSignal): Promise<{ text: string } | { error: LoadError }> {
  const { url, what } = addr;
  // (shortened: a 1 MB src must not become a 1 MB message)
  const clip = (u: string) => (u.length > 160 ? `${u.slice(0, 160)}…` : u);
  const where = { url: clip(url.href), base: clip(base) };
  try {
    const res = await fetch(url, { credentials: 'same-origin', signal, headers: { Accept: 'application/json' } });
    if (!res.ok) {
      const kind = res.status === 404 || res.status === 410 ? 'not-found' : 'http';
      return { error: { kind, what, status: res.status, ...where } };
    }
    if ((res.headers.get('content-type') ?? '').toLowerCase().includes('text/html')) return { error: { kind: 'not-json', what, ...where } };
    return { text: await res.text() };
  } catch {
    return { error: { kind: 'network', what, ...where } };
  }
}

/** Where `src` or `bank` says the bank lives, when one is set and valid. */
export function namedUrl(src: string, name: string): string | null {
  try {
    if (src) return new URL(src, document.baseURI).href;
    if (name && BANK_NAME.test(name)) return new URL(`banks/${name}.json`, document.baseURI).href;
  } catch { /* no usable address: the page is the base */ }
  return null;
}

/** The error box for `err`; `byName` when the bank was named by `bank` rather than `src`. */
export function renderLoadError(err: LoadError, s: QuizStrings, byName: boolean): Node {
  let msg: string;
  let list: Node | null = null;
  switch (err.kind) {
    case 'no-source': msg = s.errNoSource; break;
    case 'bad-name': msg = s.errBadName(err.name); break;
    case 'bad-src': msg = s.errBadSrc(err.src); break;
    case 'not-found': msg = `${s.errNotFound(err.what, err.status)} ${s.tried(err.url, err.base, byName, document.querySelector('base[href]') !== null)}`; break;
    case 'not-json': msg = `${s.errNotJson(err.what)} ${s.tried(err.url, err.base, byName, document.querySelector('base[href]') !== null)}`; break;
    case 'http': msg = `${s.errHttp(err.what, err.status)} ${s.tried(err.url, err.base, byName, document.querySelector('base[href]') !== null)}`; break;
    case 'network': msg = `${s.errNetwork(err.what)} ${s.tried(err.url, err.base, byName, document.querySelector('base[href]') !== null)}`; break;
    case 'invalid': {
      msg = s.errInvalid(err.issues.length, err.truncated);
      list = h('ul', { part: 'error-list' }, ...err.issues.slice(0, MAX_SHOWN_ISSUES).map((i) => h('li', {}, s.issue(i))));
      break;
    }
  }
  return h('div', { class: 'error', part: 'error', role: 'alert', 'data-error': err.kind },
    h('p', { class: 'error-title' }, s.errorTitle),
    h('p', { class: 'error-message' }, msg),
    list);
}
