// What every attention-lab element shares: a shadow root styled by
// constructable stylesheets (allowed under style-src 'self'), renders batched
// into one per frame, typed events that bubble out of the shadow root, the
// language resolution (attribute, else the page's lang, else zh-CN), and
// `updateComplete`, the promise tests and pages wait on instead of a timer.

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

/** The detail type of a CustomEvent declared in HTMLElementEventMap. */
export type EventDetail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

/** One constructed stylesheet per element class (the CSS text is parsed once per page). */
const classSheets = new WeakMap<object, CSSStyleSheet>();

export abstract class AttnElement extends HTMLElement {
  protected readonly root: ShadowRoot;
  #renderQueued = false;
  #waiting: ((done: boolean) => void)[] = [];
  #tracked = 0;

  /** `styles`: the element's CSS text (made into one sheet shared by every instance of the class), or sheets made by the caller. */
  constructor(styles: string | CSSStyleSheet[]) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    if (typeof styles === 'string') {
      let own = classSheets.get(this.constructor);
      if (!own) classSheets.set(this.constructor, (own = sheet(styles)));
      this.root.adoptedStyleSheets = [own];
    } else this.root.adoptedStyleSheets = styles;
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
      try {
        if (this.isConnected) this.render();
      } finally {
        this.settle();
      }
    };
    if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') requestAnimationFrame(run);
    else queueMicrotask(run);
  }

  protected abstract render(): void;

  /**
   * Resolves (to true) once the element shows its current attributes: the
   * render that follows the last change has run, and so has the work that
   * render started (an engine or a bank loading, a deferred table, a run).
   * Resolves at once when nothing is pending. A disconnected element does not
   * render; its promise resolves with the render it skips.
   */
  get updateComplete(): Promise<boolean> {
    if (!this.#pending()) return Promise.resolve(true);
    return new Promise((resolve) => { this.#waiting.push(resolve); });
  }

  /** Work the element has started and not finished that will change what it shows. */
  protected busy(): boolean {
    return false;
  }

  /** Runs async work (a run, a copy) as part of the current update: `updateComplete` waits for it. */
  protected async track<T>(work: () => Promise<T>): Promise<T> {
    this.#tracked++;
    try {
      return await work();
    } finally {
      this.#tracked--;
      this.settle();
    }
  }

  #pending(): boolean {
    return this.#renderQueued || this.#tracked > 0 || this.busy();
  }

  /** Resolves `updateComplete` if nothing is left to do; call it when work reported by busy() ends without a render. */
  protected settle(): void {
    if (this.#pending() || !this.#waiting.length) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(true);
  }

  /** Dispatches a CustomEvent declared in HTMLElementEventMap (its detail typed by it) that bubbles and crosses shadow roots. */
  protected emit<K extends keyof HTMLElementEventMap>(type: K, detail: EventDetail<K>): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
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
