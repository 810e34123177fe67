// @vitest-environment happy-dom
// Where an element renders, by how far it is from the view (nearness.ts,
// element.ts): near, or not reported yet, in the next frame; far, in a task
// after a frame, for at most a slice (10 ms) per frame. Frames and the
// observer's reports are driven by the test.
import { afterEach, describe, expect, it } from 'vitest';

type Report = (entries: { target: Element; isIntersecting: boolean }[]) => void;
let report: Report = () => { throw new Error('no observer yet'); };
class TestObserver {
  constructor(cb: (entries: unknown[], o: unknown) => void) { report = (entries) => cb(entries, this); }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): unknown[] { return []; }
}
Object.assign(globalThis, { IntersectionObserver: TestObserver });

const frames = new Map<number, FrameRequestCallback>();
let nextId = 1, frameNo = 0, inFrame = false;
Object.assign(globalThis, {
  requestAnimationFrame: (cb: FrameRequestCallback) => { frames.set(nextId, cb); return nextId++; },
  cancelAnimationFrame: (id: number) => { frames.delete(id); },
});
/** One frame: its callbacks run, as a browser's do before it lays out and paints. */
function frame(): void {
  frameNo++;
  inFrame = true;
  const due = [...frames.values()];
  frames.clear();
  try { for (const cb of due) cb(performance.now()); } finally { inFrame = false; }
}

const { AttnElement, define } = await import('./element');

const log: string[] = [];
class Probe extends AttnElement {
  constructor() { super(''); }
  connectedCallback(): void { this.requestRender(); }
  again(): void { this.requestRender(); }
  /** How long its render takes, at least. */
  cost = 0;
  protected render(): void {
    log.push(`${this.id} ${inFrame ? 'in' : 'after'} frame ${frameNo}`);
    const end = performance.now() + this.cost;
    while (performance.now() < end) { /* a long render */ }
  }
}
define('test-near-probe', Probe);

function probes(...ids: string[]): Probe[] {
  return ids.map((id) => Object.assign(document.createElement('test-near-probe') as Probe, { id }));
}

/** Probes reported far, then put on the page (each asks for its first render). */
function farOnPage(...ids: string[]): Probe[] {
  const els = probes(...ids);
  report(els.map((target) => ({ target, isIntersecting: false })));
  document.body.append(...els);
  return els;
}

afterEach(() => { document.body.replaceChildren(); log.length = 0; frames.clear(); frameNo = 0; });

describe('renders by distance from the view', () => {
  it('near (or not reported yet) in the next frame; far after a frame, a slice per frame, in order', async () => {
    const [a, b, c, d] = probes('a', 'b', 'c', 'd');
    b!.cost = 12; // longer than a slice: c waits for the next frame
    report([{ target: b!, isIntersecting: false }, { target: a!, isIntersecting: true }, { target: c!, isIntersecting: false }]);
    document.body.append(b!, a!, c!, d!);
    expect(log).toEqual([]);
    frame();
    expect(log).toEqual(['a in frame 1', 'd in frame 1']);
    await b!.updateComplete;
    expect(log).toEqual(['a in frame 1', 'd in frame 1', 'b after frame 1']);
    frame();
    await c!.updateComplete;
    expect(log).toEqual(['a in frame 1', 'd in frame 1', 'b after frame 1', 'c after frame 2']);
  });

  it('quick far renders share the task after a frame', async () => {
    const [, b] = farOnPage('a', 'b');
    frame();
    await b!.updateComplete;
    expect(log).toEqual(['a after frame 1', 'b after frame 1']);
  });

  it('an element that comes near renders in the frame again; one that goes far, after it', async () => {
    const [a] = farOnPage('a');
    frame();
    await a!.updateComplete;
    expect(log).toEqual(['a after frame 1']);
    report([{ target: a!, isIntersecting: true }]);
    a!.again();
    frame();
    expect(log.at(-1)).toBe('a in frame 2');
    report([{ target: a!, isIntersecting: false }]);
    a!.again();
    frame();
    expect(log.at(-1)).toBe('a in frame 2');
    await a!.updateComplete;
    expect(log.at(-1)).toBe('a after frame 3');
  });

  it('a far element brought near before its turn renders in the next frame', async () => {
    const [a, b] = farOnPage('a', 'b');
    report([{ target: b!, isIntersecting: true }]);
    frame();
    expect(log).toEqual(['b in frame 1']);
    await a!.updateComplete;
    expect(log).toEqual(['b in frame 1', 'a after frame 1']);
  });

  it('a far render still runs when no frame comes (a document not painted), and updateComplete waits for it', async () => {
    const [a] = farOnPage('a');
    const done = a!.updateComplete;
    expect(log).toEqual([]);
    expect(await done).toBe(true);
    expect(log).toEqual(['a after frame 0']);
  });
});
