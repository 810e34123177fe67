// What every attention-lab element shares: a shadow root styled by
// constructable stylesheets (allowed under style-src 'self'), renders batched
// into one per frame (or after a short wait where no frame comes; those of
// elements far from the viewport after a frame: nearness.ts), typed
// events that bubble out of the shadow root, the language resolution
// (attribute, else the page's lang, else zh-CN), the string table picked by
// it, a module loaded once per element, the alert box bad attributes are
// reported in, properties that reflect attributes, presses that survive a
// render, and `updateComplete`, the promise tests and pages wait on instead of
// a timer; the attribute table each element declares (`static attributes`:
// observedAttributes, properties and the parsed state come from it) and the
// engine it loads (`static engine`, the one hook tests replace).

import { normaliseLang, type Lang } from './lang';
import { isFar, onNearAgain, watchNearness } from './nearness';
import {
  defaultsOf, keyOf, observedOf, resolveSchema, type AnySchema, type AttrSpec, type ParseError, type Resolved, type Schema,
} from './parse';

export type { Lang };

/** The element's language: its own `lang`, else the nearest one around it (or the page's), else zh-CN. */
export function resolveLang(el: Element): Lang {
  const own = el.getAttribute('lang');
  const page = el.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.getAttribute('lang');
  return normaliseLang(own) ?? normaliseLang(page) ?? 'zh-CN';
}

export function sheet(cssText: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(cssText);
  return s;
}

/** Registers an element once, even if the library is loaded twice; an AttnElement gets the properties of its table. */
export function define(name: string, ctor: CustomElementConstructor): void {
  if (customElements.get(name)) return;
  if (ctor.prototype instanceof AttnElement) (ctor as unknown as typeof AttnElement).defineProperties();
  customElements.define(name, ctor);
}

/** Writes a property's value to its attribute: a flag toggles it, a list is joined, null removes a nullable one or a list. */
function writeAttr(el: Element, spec: AttrSpec<unknown>, v: unknown): void {
  if (spec.write) spec.write(el, v);
  else if (spec.kind === 'flag') el.toggleAttribute(spec.attr, Boolean(v));
  else if (v === null && (spec.prop === 'nullable' || spec.kind === 'list')) el.removeAttribute(spec.attr);
  else el.setAttribute(spec.attr, Array.isArray(v) ? v.join(spec.join ?? ',') : String(v));
}

/** The detail type of a CustomEvent declared in HTMLElementEventMap. */
export type EventDetail<K extends keyof HTMLElementEventMap> = HTMLElementEventMap[K] extends CustomEvent<infer D> ? D : never;

/** The language in effect and its string table; `changed` is true the first time a language is picked (and after a switch). */
export interface Localized<T> {
  lang: Lang;
  t: T;
  changed: boolean;
}

/**
 * A module an element loads once (an engine): started by start(), kept on
 * success; a failure is kept too (nothing retries it) until reset().
 * `updateComplete` waits while it loads.
 */
export interface Loadable<T> {
  readonly value: T | null;
  /** The failure's message, or null. */
  readonly error: string | null;
  readonly loading: boolean;
  /** Starts loading unless it is loading, loaded or has failed. */
  start(): void;
  /** Forgets a failure, so that the next start() tries again. */
  reset(): void;
  /** Starts loading (as start() does) and resolves to the module, or rejects with the failure. */
  load(): Promise<T>;
}

/** A message of the MessageBox: plain, about an attribute, or about the element's own work. */
export type Message = string | { text: string; attr: string } | { text: string; problem: true };

/**
 * The box bad attributes are reported in: role="alert", one paragraph per
 * message, hidden when there is none.
 */
export class MessageBox {
  readonly el = h('div', { class: 'message', part: 'message', role: 'alert', hidden: true });

  /**
   * Shows `messages`, or hides the box when there are none. A message about
   * an attribute is tagged with it (data-attr); one about the element's own
   * work (a failed run, a refused text) is tagged data-problem.
   */
  show(messages: readonly Message[]): void {
    this.el.hidden = messages.length === 0;
    this.el.replaceChildren(...messages.map((m) => h('p', typeof m === 'string' ? {} : 'attr' in m ? { 'data-attr': m.attr } : { 'data-problem': true },
      typeof m === 'string' ? m : m.text)));
  }
}

/**
 * How long a render waits for an animation frame before it runs without one. A document that
 * is not being painted gets no frames: Chromium gives none to a cross-origin iframe out of
 * view (an embed further down a course page), so without this its widget would show nothing,
 * report no height and never settle `updateComplete` until the learner scrolled to it.
 */
const RENDER_WITHOUT_FRAME_MS = 100;

/**
 * How long the page's renders may run in one task. A frame's renders run in the order asked,
 * until this much time has passed; the rest run in the next task, so a page whose widgets all
 * render at once (their code arrived together) never holds the main thread for all of them, and
 * a learner's tap is answered in between.
 */
const RENDER_SLICE_MS = 10;

/** The renders asked for since the last frame, page-wide, in order; and those of the frame being drained. */
const nextFrame: (() => void)[] = [];
const draining: (() => void)[] = [];
let frameAsked = false;
let nextSlice: (() => void) | null = null;

/** Calls `fn` once: at the next frame, or after RENDER_WITHOUT_FRAME_MS when no frame comes. */
function atNextFrame(fn: () => void): void {
  const once = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    fn();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, RENDER_WITHOUT_FRAME_MS);
}

/** Runs the renders `take` gives, in order, for at most RENDER_SLICE_MS (at least one); one that throws is reported and the rest still run. */
function runSlice(take: () => (() => void) | undefined): void {
  const start = performance.now();
  for (let run = take(); run; run = performance.now() - start < RENDER_SLICE_MS ? take() : undefined) {
    try {
      run();
    } catch (err) {
      queueMicrotask(() => { throw err; }); // reported as before; the other renders still run
    }
  }
}

/** Runs the renders asked for so far at the next frame (or after RENDER_WITHOUT_FRAME_MS, when no frame comes). */
function askFrame(): void {
  if (frameAsked) return;
  frameAsked = true;
  atNextFrame(() => {
    frameAsked = false;
    draining.push(...nextFrame.splice(0));
    drainSlice();
  });
}

/** Runs the frame's renders for at most RENDER_SLICE_MS, then leaves the rest to a task of their own. */
function drainSlice(): void {
  runSlice(() => draining.shift());
  if (draining.length) (nextSlice ??= taskScheduler(drainSlice))();
}

/** A function that runs `fn` in a task of its own: a message to ourselves (not clamped as timers are), or a timer. */
function taskScheduler(fn: () => void): () => void {
  if (typeof MessageChannel !== 'function') return () => { setTimeout(fn, 0); };
  const channel = new MessageChannel();
  channel.port1.onmessage = fn;
  return () => channel.port2.postMessage(null);
}

/**
 * The renders of elements far from the viewport (nearness.ts), in order. They run in a task of
 * their own after a frame, for at most RENDER_SLICE_MS (at least one), the rest after the next
 * frame: a render's script is one task and the layout it causes the next frame's, where a render
 * inside the frame made them one. Nobody sees a far element's frames.
 */
const farRenders: { el: Element; run: () => void }[] = [];
let farAsked = false;
let farTask: (() => void) | null = null;

// A far element brought near (scrolled to, jumped to) renders in the next frame, not in its turn.
onNearAgain((el) => {
  const i = farRenders.findIndex((r) => r.el === el);
  if (i < 0) return;
  nextFrame.push(farRenders.splice(i, 1)[0]!.run);
  askFrame();
});

function askFarRender(): void {
  if (farAsked) return;
  farAsked = true;
  atNextFrame(() => (farTask ??= taskScheduler(runFarRender))());
}

function runFarRender(): void {
  farAsked = false;
  runSlice(() => farRenders.shift()?.run);
  if (farRenders.length) askFarRender();
}

/** How far a pointer may move between press and release and still be "where it went down" (a finger's wobble). */
const PRESS_SLOP_PX = 10;

/** What a learner presses in an element: a press on one of these is carried over a render that rebuilds it. */
const PRESSABLE = 'button, a[href], summary, [role="radio"], [role="button"], [role="checkbox"], [role="switch"], [role="tab"]';

function pressable(target: EventTarget | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest(PRESSABLE) : null;
  return el instanceof HTMLElement ? el : null;
}

/** A redrawn control is the one pressed when its tag, id, role, part, data attributes and text are the same. */
function controlKey(el: Element): string {
  const named = Array.from(el.attributes).filter((a) => a.name === 'id' || a.name === 'role' || a.name === 'part' || a.name.startsWith('data-'));
  return [el.tagName, ...named.map((a) => `${a.name}=${a.value}`), el.textContent ?? ''].join('\u0000');
}

/** One constructed stylesheet per element class (the CSS text is parsed once per page). */
const classSheets = new WeakMap<object, CSSStyleSheet>();

/**
 * The base of every element. `S` is the state its attribute table parses to,
 * `E` the error a bad attribute yields.
 */
export abstract class AttnElement<S extends object = Record<string, never>, E = ParseError> extends HTMLElement {
  /**
   * The element's attribute table (web/shared/parse.ts): one entry per
   * property, naming its attribute, kind, limits and default.
   * observedAttributes (with `lang`), the properties and readAttributes() follow it.
   */
  static attributes: AnySchema | null = null;

  /**
   * The engine the element loads (see engineSlot): set by each element that
   * loads one; tests replace it before the element connects.
   */
  static engine: (() => Promise<unknown>) | null = null;

  static get observedAttributes(): string[] {
    return [...new Set([...(this.attributes ? observedOf(this.attributes) : []), 'lang'])];
  }

  /**
   * Defines a property per entry of the table (unless the class defines one
   * of that name): 'parsed' reads the value readAttributes() gives, 'text'
   * and 'nullable' the attribute itself; setting one writes the attribute.
   */
  static defineProperties(): void {
    const table = this.attributes?.attrs as Record<string, AttrSpec<unknown>> | undefined;
    for (const [key, spec] of Object.entries(table ?? {})) {
      const prop = spec.prop ?? 'parsed';
      if (prop === false || Object.prototype.hasOwnProperty.call(this.prototype, key)) continue;
      Object.defineProperty(this.prototype, key, {
        configurable: true,
        enumerable: true,
        get(this: AttnElement<Record<string, unknown>>) {
          if (prop === 'text') return this.getAttribute(spec.attr) ?? '';
          if (prop === 'nullable') return this.getAttribute(spec.attr);
          const v = this.readAttributes().state[key];
          return Array.isArray(v) ? [...v] : v;
        },
        set(this: AttnElement, v: unknown) { writeAttr(this, spec, v); },
      });
    }
  }

  protected readonly root: ShadowRoot;
  #parsed: Resolved<S, E> | null = null;
  #renderQueued = false;
  #waiting: ((done: boolean) => void)[] = [];
  #tracked = 0;
  #loads: Loadable<unknown>[] = [];
  #localized: Lang | null = null;

  /** `styles`: the element's CSS text (made into one sheet shared by every instance of the class), or sheets made by the caller. */
  constructor(styles: string | CSSStyleSheet[]) {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    if (typeof styles === 'string') {
      let own = classSheets.get(this.constructor);
      if (!own) classSheets.set(this.constructor, (own = sheet(styles)));
      this.root.adoptedStyleSheets = [own];
    } else this.root.adoptedStyleSheets = styles;
    watchNearness([this]);
    this.#carryPresses();
  }

  /**
   * Browsers send no click when the node a press started on is gone by the release (a render
   * rebuilt it), nor when the page moved it from under the pointer (a section or widget above
   * it grew while loading): the press is lost, and on a slow phone that is a learner's first tap.
   * Here a press counts once all the same: released on the redrawn control, or with the pointer
   * where it went down, it clicks the control pressed (or its redrawn twin). A pointer that moved
   * off the control before the release cancels, as in every browser.
   */
  #carryPresses(): void {
    let pressed: { el: HTMLElement; key: string; x: number; y: number } | null = null;
    this.root.addEventListener('pointerdown', (e) => {
      const p = e as PointerEvent;
      const el = p.isPrimary && p.button === 0 ? pressable(p.target) : null;
      pressed = el ? { el, key: controlKey(el), x: p.clientX, y: p.clientY } : null;
    });
    this.root.addEventListener('pointercancel', () => { pressed = null; });
    this.root.addEventListener('pointerup', (e) => {
      const p = pressed;
      pressed = null;
      if (!p) return;
      const up = e as PointerEvent;
      const target = up.target instanceof Node ? up.target : null;
      const still = Math.hypot(up.clientX - p.x, up.clientY - p.y) <= PRESS_SLOP_PX;
      if (p.el.isConnected) {
        // Released on it: the browser's own click follows. Moved from under a still pointer: click it.
        if (!(target && p.el.contains(target)) && still) p.el.click();
        return;
      }
      const under = pressable(target);
      if (under && controlKey(under) === p.key) { under.click(); return; }
      if (!still) return;
      const twins = Array.from(this.root.querySelectorAll<HTMLElement>(PRESSABLE)).filter((c) => controlKey(c) === p.key);
      if (twins.length === 1) twins[0]!.click();
    });
  }

  attributeChangedCallback(): void {
    this.requestRender();
  }

  #schema(): Schema<S, E> | null {
    return (this.constructor as typeof AttnElement).attributes as Schema<S, E> | null;
  }

  /**
   * The attributes as the table reads them now: each valid value, the last
   * valid value of a bad one (a ParseError names it), the default of an absent one.
   */
  protected readAttributes(): Resolved<S, E> {
    const schema = this.#schema();
    if (!schema) return (this.#parsed ??= { state: {} as S, errors: [] });
    this.#parsed = resolveSchema(schema, (a) => this.getAttribute(a), this.#parsed?.state ?? defaultsOf(schema));
    return this.#parsed;
  }

  /** The state the last readAttributes() gave (read now if it never ran). */
  protected get attrs(): S {
    return (this.#parsed ?? this.readAttributes()).state;
  }

  /** The errors the last readAttributes() gave. */
  protected get attrErrors(): E[] {
    return (this.#parsed ?? this.readAttributes()).errors;
  }

  /** A change key: the values of `keys` in the parsed state (equal keys, nothing to recompute). */
  protected changeKey(...keys: (keyof S)[]): string {
    return keyOf(this.attrs, keys);
  }

  /** The class's engine (`static engine`), loaded once as loadable() does. */
  protected engineSlot<T>(): Loadable<T> {
    const ctor = this.constructor as typeof AttnElement;
    return this.loadable(() => {
      if (!ctor.engine) return Promise.reject(new Error(`${this.localName} loads no engine`));
      return ctor.engine() as Promise<T>;
    });
  }

  /**
   * Coalesces any number of changes into one render in the next frame (or after
   * RENDER_WITHOUT_FRAME_MS, when no frame comes), in slices of the page's renders
   * (RENDER_SLICE_MS); an element far from the viewport renders in a task after a
   * frame, in slices of their own.
   */
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
    if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
      if (isFar(this)) {
        farRenders.push({ el: this, run });
        askFarRender();
      } else {
        nextFrame.push(run);
        askFrame();
      }
    } else queueMicrotask(run);
  }

  protected abstract render(): void;

  /** The element's language and its entry in `table`; `changed` says the language differs from the last call's. */
  protected localize<T>(table: Readonly<Record<Lang, T>>): Localized<T> {
    const lang = resolveLang(this);
    const changed = lang !== this.#localized;
    this.#localized = lang;
    return { lang, t: table[lang], changed };
  }

  /**
   * A module `load` brings, loaded at most once at a time: the element
   * re-renders when it arrives or fails, and `updateComplete` waits for it.
   * `load` is called at each start (so a loader a test replaces is honoured).
   */
  protected loadable<T>(load: () => Promise<T>): Loadable<T> {
    const self = this;
    let pending: Promise<T> | null = null;
    const slot = {
      value: null as T | null,
      error: null as string | null,
      loading: false,
      start(): void {
        if (slot.loading || slot.value !== null || slot.error !== null) return;
        slot.loading = true;
        pending = load().then(
          (v) => { slot.value = v; slot.loading = false; self.requestRender(); return v; },
          (err: unknown) => {
            slot.loading = false;
            slot.error = err instanceof Error ? err.message : String(err);
            self.requestRender();
            throw err;
          },
        );
        pending.catch(() => undefined); // a failure is kept in `error`; load() reports it
      },
      reset(): void { slot.error = null; },
      load(): Promise<T> {
        slot.start();
        if (slot.value !== null) return Promise.resolve(slot.value);
        if (slot.error !== null && !slot.loading) return Promise.reject(new Error(slot.error));
        return pending!;
      },
    };
    this.#loads.push(slot);
    return slot;
  }

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
    return this.#renderQueued || this.#tracked > 0 || this.#loads.some((l) => l.loading) || this.busy();
  }

  /** Resolves `updateComplete` if nothing is left to do; call it when work reported by busy() ends without a render. */
  protected settle(): void {
    if (this.#pending() || !this.#waiting.length) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(true);
  }

  #emitted = new Map<string, string>();

  /** Emits `detail` (as emit does) unless it equals the last detail emitted as `type`: a change event, sent once per new state. */
  protected emitChange<K extends keyof HTMLElementEventMap>(type: K, detail: EventDetail<K>): void {
    const key = JSON.stringify(detail);
    if (this.#emitted.get(type) === key) return;
    this.#emitted.set(type, key);
    this.emit(type, detail);
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
