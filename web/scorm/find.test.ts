import { describe, expect, it } from 'vitest';
import { findScormApi, MAX_HOPS } from './find';
import { FakeLms } from './fake-lms';

type W = { API?: unknown; parent?: W; top?: W; opener?: W | null };

/** A chain of fake windows: chain[0] is the page, each one's parent the next, the last its own parent. */
function chain(n: number): W[] {
  const ws: W[] = Array.from({ length: n }, () => ({}));
  ws.forEach((w, i) => { w.parent = ws[i + 1] ?? w; w.opener = null; });
  ws.forEach((w) => { w.top = ws[n - 1]; });
  return ws;
}
const find = (w: W) => findScormApi(w as unknown as Window);

describe('API discovery', () => {
  it('finds the API on the page itself, on a parent, on the top window', () => {
    const api = new FakeLms();
    for (const at of [0, 1, 4]) {
      const ws = chain(5);
      ws[at]!.API = api;
      expect(find(ws[0]!)).toBe(api);
    }
  });

  it('stops after MAX_HOPS parents', () => {
    const near = chain(MAX_HOPS + 1);
    near[MAX_HOPS]!.API = new FakeLms();
    expect(find(near[0]!)).not.toBeNull();
    const far = chain(MAX_HOPS + 3);
    far[MAX_HOPS + 2]!.API = new FakeLms();
    expect(find(far[0]!)).toBeNull();
  });

  it('then looks at the opener (and the top window\'s opener)', () => {
    const api = new FakeLms();
    const lms = chain(2);
    lms[1]!.API = api;
    const popup = chain(1);
    popup[0]!.opener = lms[0]!;
    expect(find(popup[0]!)).toBe(api);
    const framed = chain(2);
    framed[1]!.opener = lms[0]!;
    expect(find(framed[0]!)).toBe(api);
  });

  it('skips cross-origin windows (property access throws) and keeps walking', () => {
    const api = new FakeLms();
    const ws = chain(3);
    const crossOrigin = new Proxy({} as W, {
      get(_t, k) { if (k === 'parent') return ws[2]; throw new DOMException('Blocked a frame', 'SecurityError'); },
    });
    ws[0]!.parent = crossOrigin;
    ws[2]!.API = api;
    expect(find(ws[0]!)).toBe(api);
    const allBlocked = new Proxy({} as W, { get() { throw new DOMException('Blocked', 'SecurityError'); } });
    expect(find(allBlocked)).toBeNull();
  });

  it('ignores an `API` that is not a SCORM 1.2 API, and finds none outside an LMS', () => {
    const ws = chain(3);
    ws[1]!.API = { LMSInitialize() { return 'true'; } };  // incomplete
    ws[2]!.API = 'API';
    expect(find(ws[0]!)).toBeNull();
    expect(find(chain(1)[0]!)).toBeNull();
  });
});
