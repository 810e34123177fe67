// What every attention-lab element shares: a shadow root styled by
// constructable stylesheets (allowed under style-src 'self'), renders batched
// into one per frame, typed events that bubble out of the shadow root, and
// the language resolution (attribute, else the page's lang, else zh-CN).

export type Lang = 'zh-CN' | 'en';

export function resolveLang(el: Element): Lang {
  const own = el.getAttribute('lang');
  const page = el.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.getAttribute('lang');
  const pick = (v: string | null | undefined): Lang | null =>
    !v ? null : v.toLowerCase().startsWith('en') ? 'en' : v.toLowerCase().startsWith('zh') ? 'zh-CN' : null;
  return pick(own) ?? pick(page) ?? 'zh-CN';
}

export function sheet(cssText: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(cssText);
  return s;
}

/** Registers an element once, even if the library is loaded twice. */
export function define(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, ctor);
}

export abstract class AttnElement extends HTMLElement {
  protected readonly root: ShadowRoot;
  #renderQueued = false;

  constructor(styles: CSSStyleSheet[]) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = styles;
  }

  attributeChangedCallback(): void {
    this.requestRender();
  }

  /** Coalesces any number of changes into one render in the next frame. */
  protected requestRender(): void {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    const run = () => {
      this.#renderQueued = false;
      if (this.isConnected) this.render();
    };
    if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(run);
    else queueMicrotask(run);
  }

  protected abstract render(): void;

  /** Dispatches a typed CustomEvent that bubbles and crosses shadow roots. */
  protected emit<T>(type: string, detail: T): boolean {
    return this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }
}

/** Creates an element with text content only (never parses HTML). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
