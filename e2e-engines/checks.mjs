// The checks the cross-engine suite runs in each engine (see run.mjs), against
// the built site served under the strict CSP (e2e/server.mjs). Functions
// handed to s.run() execute in the page: they are serialised, so they use
// nothing from this file.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './drivers.mjs';
import { decodePng } from './png.mjs';

const root = new URL('..', import.meta.url).pathname;
const golden = JSON.parse(readFileSync(join(root, 'e2e/golden/heatmap.json'), 'utf8'));
const lessonBank = JSON.parse(readFileSync(join(root, 'public/banks/lesson-01.json'), 'utf8'));
const TOL = 1e-12;

export class CheckError extends Error {}
function assert(cond, msg) { if (!cond) throw new CheckError(msg); }
function eq(actual, expected, what) {
  assert(JSON.stringify(actual) === JSON.stringify(expected), `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

function find(seed, tokens, dkMax, dk, scale, causal) {
  const c = golden.cases.find((g) => g.seed === seed && g.tokens === tokens && g.dkMax === dkMax && g.dk === dk && g.scale === scale && g.causal === causal);
  if (!c) throw new Error(`no golden case ${seed}/${tokens}/${dkMax}/${dk}/${scale}/${causal}`);
  return c;
}

function expectClose(actual, expected, what) {
  assert(actual.length === expected.length, `${what}: ${actual.length} weights, NumPy has ${expected.length}`);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  assert(worst <= TOL, `${what}: max |weight − NumPy| = ${worst} > ${TOL}`);
}

/** Polls fn in the page until it returns something truthy. */
async function until(s, what, fn, args = [], timeout = 30_000) {
  const t0 = Date.now();
  let last;
  for (;;) {
    try { last = await s.run(fn, ...args); } catch (e) { last = `error: ${e.message}`; }
    if (last && !(typeof last === 'string' && last.startsWith('error: '))) return last;
    if (Date.now() - t0 > timeout) throw new CheckError(`${what}: not within ${timeout / 1000} s (last: ${JSON.stringify(last)?.slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const frames = (s, n = 2) => s.run((k) => new Promise((ok) => {
  const step = (left) => (left === 0 ? ok(true) : requestAnimationFrame(() => step(left - 1)));
  step(k);
}), n);

/** Waits until element `id` shows its current attributes and state (its `updateComplete`, web/shared/element.ts). */
const updated = (s, id) => s.run((i) => document.getElementById(i).updateComplete.then(() => true), id);

/**
 * Waits until every attention-lab element on the page (also those whose code
 * arrives later, and those inside shadow roots) is defined and updated, as
 * e2e/helpers/ready.ts's elementsReady.
 */
const elementsReady = (s) => s.run(async () => {
  const collect = () => {
    const out = [];
    const walk = (root) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.localName.startsWith('attn-')) out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  };
  const done = new Set();
  for (let pass = 0; pass < 5; pass++) {
    const fresh = collect().filter((el) => !done.has(el));
    if (!fresh.length) break;
    await Promise.all(fresh.map(async (el) => {
      await customElements.whenDefined(el.localName);
      await el.updateComplete;
      done.add(el);
    }));
  }
  return true;
});

const weightsOf = (s, id) => s.run((i) => Array.from(document.getElementById(i)?.weights ?? []), id);

async function setAttrs(s, id, attrs) {
  await s.run((i, a) => {
    const e = document.getElementById(i);
    for (const [k, v] of Object.entries(a)) { if (v === null) e.removeAttribute(k); else e.setAttribute(k, v); }
  }, id, attrs);
  await updated(s, id);
}

/** Focuses a control inside an element's shadow root (the keyboard then talks to it). */
async function focusIn(s, id, selector) {
  const ok = await s.run((i, sel) => {
    const c = document.getElementById(i)?.shadowRoot?.querySelector(sel);
    if (!c) return false;
    c.focus();
    return document.getElementById(i).shadowRoot.activeElement === c;
  }, id, selector);
  assert(ok, `could not focus ${selector} in #${id}`);
}

/** The .wasm files and embed payloads this page fetched, and whether it validates SIMD. */
const coreBuild = (s) => s.run(() => {
  const probe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
  const names = performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname.split('/').pop());
  return { simd: WebAssembly.validate(probe), files: names.filter((n) => /^attn_core[-_.]/.test(n) && n.endsWith('.wasm')) };
});

/**
 * Runs the head model of /fixtures/train.html (300 steps, an evaluation every
 * 100) to its end. A spy on the page's Worker constructor (set before Start)
 * sees the runner's `started` message: whether it runs in a worker, and which
 * build (SIMD or scalar) of the training module it loaded.
 */
async function trainHead(s) {
  await s.goto('/fixtures/train.html');
  await until(s, 'attn-train defined', () => customElements.get('attn-train') !== undefined && !!document.getElementById('head')?.shadowRoot?.querySelector('[part="start-button"]'));
  await s.run(() => {
    const spy = { workers: 0, started: null, error: '' };
    self.__attnTrainSpy = spy;
    document.getElementById('head').addEventListener('attn-train-error', (e) => { spy.error = e.detail.message; });
    const Base = self.Worker;
    self.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        spy.workers++;
        this.addEventListener('message', (e) => {
          if (e.data && e.data.type === 'started') spy.started = { simd: e.data.simd, worker: e.data.worker };
        });
      }
    };
    document.getElementById('head').shadowRoot.querySelector('[part="start-button"]').click();
  });
  await until(s, 'training done', () => {
    const p = document.getElementById('head').phase;
    return p === 'done' || p === 'failed' ? p : null;
  }, [], 110_000);
  return s.run(() => {
    const e = document.getElementById('head');
    return { phase: e.phase, error: self.__attnTrainSpy.error, log: e.log,
      evaluations: e.evaluations, sample: e.sample, started: self.__attnTrainSpy.started, workers: self.__attnTrainSpy.workers };
  });
}

/** The head run in Chromium, once per suite run (a browser of its own, closed after). */
let chromiumHead = null;
function chromiumHeadRun(base) {
  chromiumHead ??= (async () => {
    const c = await launchChromium(base);
    try {
      const r = await trainHead(c);
      const problems = await c.problems();
      if (problems.length) throw new CheckError(`Chromium's run: ${problems.join('; ')}`);
      if (r.phase !== 'done' || !r.started) throw new CheckError(`Chromium's run: ${r.phase}, ${JSON.stringify(r.started)} ${r.error}`);
      return r;
    } finally {
      await c.close();
    }
  })();
  return chromiumHead;
}

const SCREENSHOT = async (s, ctx, name) => {
  await frames(s, 3);
  const file = join(ctx.outDir, `${s.name}-${name}.png`);
  await s.screenshot(file);
  ctx.screenshots.push(file);
};

/**
 * Every MathML operator (<mo>) on the page draws something: for each, a
 * screenshot with it on screen, and in the middle of its box both dark and
 * light pixels. (WebKit paints a minus, a ∑ or an arrow from the first font
 * of the mo, not from the font that has the character: when that font lacks
 * the glyph the operator is blank, with its space kept. DOM checks do not
 * see it.) Returns the number of operators checked.
 */
async function operatorsDrawn(s, ctx, page) {
  const total = await s.run(() => document.querySelectorAll('math mo').length);
  assert(total > 0, `${page}: no MathML operators`);
  const todo = new Set(Array.from({ length: total }, (_, i) => i));
  const blank = [];
  const tries = new Array(total).fill(0);
  const blankShots = new Array(total).fill(0);
  let shots = 0;
  const file = join(ctx.outDir, `${s.name}-operators.tmp.png`);
  while (todo.size) {
    const first = Math.min(...todo);
    const at = await s.run((i) => {
      const m = document.querySelectorAll('math mo')[i];
      if (!m.getClientRects().length) return 'hidden'; // not rendered (a hidden language's text)
      const r0 = m.getBoundingClientRect();
      // (WebKit gives an operator whose glyph is missing a box of no height)
      if (!r0.width || !r0.height) return `“${m.textContent.trim()}” has a box of ${r0.width}×${r0.height} px`;
      window.scrollTo({ top: Math.max(0, r0.top + scrollY - innerHeight / 3), behavior: 'instant' }); // (the page scrolls smoothly)
      return 'ok';
    }, first);
    if (at !== 'ok') {
      todo.delete(first);
      if (at !== 'hidden') blank.push(`operator ${first + 1} of ${total}: ${at}`);
      continue;
    }
    await frames(s, 3); // content-visibility: auto lays a section out when it nears the screen
    const measure = () => s.run(() => ({
      vw: innerWidth, vh: innerHeight,
      boxes: Array.from(document.querySelectorAll('math mo'), (m) => {
        const r = m.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom, m.textContent.trim()];
      }),
    }));
    const info = await measure();
    await s.screenshot(file);
    shots++;
    // Only boxes that had not moved by the time the picture was taken (elements above
    // may still be growing as they render) are judged; the others wait for another one.
    const after = await measure();
    const img = decodePng(readFileSync(file));
    const k = img.width / info.vw;
    for (const i of [...todo]) {
      const [l, t, r, b, text] = info.boxes[i];
      if (after.boxes[i].slice(0, 4).some((v, j) => Math.abs(v - info.boxes[i][j]) > 0.5)) continue;
      if (!(r > l && b > t && l >= 0 && t >= 0 && r <= info.vw && b <= info.vh)) continue; // (later)
      // the middle 60 % across (the operator's own spacing is on its sides), full height
      const x0 = Math.floor((l + 0.2 * (r - l)) * k), x1 = Math.ceil((r - 0.2 * (r - l)) * k);
      let lo = 255, hi = 0;
      for (let y = Math.floor(t * k); y < Math.min(img.height, Math.ceil(b * k)); y++) {
        for (let x = x0; x < Math.min(img.width, x1); x++) {
          const o = (y * img.width + x) * 4;
          const lum = (img.data[o] * 299 + img.data[o + 1] * 587 + img.data[o + 2] * 114) / 1000;
          lo = Math.min(lo, lum); hi = Math.max(hi, lum);
        }
      }
      // A blank box is judged again on a later picture: on a loaded machine a picture taken
      // right after the scroll can show tiles not yet painted. A missing glyph is blank on every one.
      if (hi - lo < 64 && ++blankShots[i] < 3) continue;
      todo.delete(i);
      if (hi - lo < 64) blank.push(`“${text}” (operator ${i + 1} of ${total}: no ink in its box, ${blankShots[i]} pictures)`);
    }
    // (the page may still grow above it, as elements render: try again, a few times)
    if (todo.has(first) && ++tries[first] > 4) { todo.delete(first); blank.push(`operator ${first + 1}: not once on screen and still (${tries[first]} tries)`); }
  }
  rmSync(file, { force: true });
  assert(!blank.length, `${page}: MathML operators drawn blank: ${blank.join(', ')}`);
  return { total, shots };
}

// ---------------------------------------------------------------------------
export const CHECKS = [
  {
    // Every other check counts on s.problems(): here it must see each kind of
    // problem a page can have, once, from a page made to have them all
    // (e2e-engines/canary.html), and nothing again afterwards.
    name: 'the capture itself: a page breaking every rule is caught (CSP, errors, console, frame, worker)',
    async run(s) {
      const expected = {
        'inline script blocked': /^CSP: script-src(-elem)? blocked inline/,
        'inline style attribute blocked': /^CSP: style-src(-attr)? blocked inline/,
        'console.error': /^console\.error: canary console\.error/,
        'uncaught error': /^uncaught: .*canary uncaught/,
        'unhandled rejection': /^unhandled rejection: Error: canary rejection/,
        'failed resource': /^resource: IMG .*canary-missing\.png/,
        'uncaught error in a frame': /^\(frame\) uncaught: .*canary frame/,
        'uncaught error in a worker': /^uncaught: .*canary worker/,
      };
      await s.goto('/__engines/canary.html');
      const got = [];
      const missing = () => Object.keys(expected).filter((k) => !got.some((line) => expected[k].test(line)));
      const t0 = Date.now();
      while (missing().length && Date.now() - t0 < 10_000) {
        got.push(...await s.problems());
        await new Promise((r) => setTimeout(r, 200));
      }
      assert(!missing().length, `not caught: ${missing().join(', ')} (caught: ${JSON.stringify(got).slice(0, 1500)})`);
      assert(await s.run(() => self.__inlineRan !== true), 'the inline script ran: no strict CSP on the page');
      // Late duplicates of the same problems (the driver's own pageerror/console events) go with this check.
      await s.drain();
      // From here on nothing: a problem is reported once, not again with the next check.
    },
  },
  {
    name: 'lesson page loads; first heatmap paints; MathML; which core build',
    async run(s, ctx) {
      await s.goto('/');
      const h1 = await until(s, 'lesson h1', () => document.querySelector('h1')?.textContent?.trim());
      assert(h1.includes('缩放点积注意力'), `h1 is “${h1}”`);
      await until(s, 'every heatmap on the lesson page has weights', () => {
        const hs = Array.from(document.querySelectorAll('attn-heatmap'));
        return hs.length > 0 && hs.every((h) => h.weights?.length > 0);
      });
      // Painted: the first heatmap's canvas (one pixel per weight, scaled by CSS) is on screen and holds a picture (many colours).
      const canvas = await until(s, 'the first heatmap painted its canvas', () => {
        const c = document.querySelector('attn-heatmap').shadowRoot.querySelector('canvas');
        if (!c || !c.width || !c.height) return null;
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const colours = new Set();
        for (let i = 0; i < px.length; i += 4) colours.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
        const r = c.getBoundingClientRect();
        return colours.size > 8 ? { w: r.width, h: r.height, colours: colours.size } : null;
      });
      assert(canvas.w > 100 && canvas.h > 100, `first heatmap's canvas is ${canvas.w}×${canvas.h}`);
      const build = await coreBuild(s);
      // (the site build hashes the names: attn_core-<hash>.wasm, attn_core_scalar-<hash>.wasm)
      const kind = (f) => (/^attn_core_scalar[-.]/.test(f) ? 'scalar' : /^attn_core[-.]/.test(f) ? 'simd' : f);
      eq(build.files.map(kind), [build.simd ? 'simd' : 'scalar'], `core build fetched by the lesson page (${build.files})`);
      ctx.report.push(`lesson page: SIMD ${build.simd ? 'supported' : 'missing'} → ${build.files.join(', ')}`);
      await SCREENSHOT(s, ctx, 'lesson-top');
      await s.run(() => document.querySelector('attn-heatmap').scrollIntoView({ block: 'start', behavior: 'instant' }));
      await SCREENSHOT(s, ctx, 'lesson-heatmap');
      // MathML: native, a block fraction taller than a line, within the column.
      const m = await s.run(() => {
        const f = document.querySelector('math[display="block"] mfrac');
        if (!f) return null;
        const math = f.closest('math');
        math.scrollIntoView({ block: 'center', behavior: 'instant' });
        const r = math.getBoundingClientRect();
        const col = math.parentElement.getBoundingClientRect();
        return { mathml: f instanceof MathMLElement, count: document.querySelectorAll('math').length, h: r.height, w: r.width, colW: col.width };
      });
      assert(m, 'no block MathML fraction on the lesson page');
      assert(m.mathml, 'mfrac is not a MathMLElement');
      assert(m.count > 2, `${m.count} math elements`);
      assert(m.h > 30 && m.h < 200, `block formula is ${m.h}px tall`);
      assert(m.w <= m.colW + 1, `block formula (${m.w}px) wider than its column (${m.colW}px)`);
      // Every block formula in the middle of its column (one as wide as its box scrolls: left out).
      const offCentre = await s.run(() => Array.from(document.querySelectorAll('math[display="block"]'), (f) => {
        const box = f.getBoundingClientRect();
        const ink = Array.from(f.querySelectorAll('*')).filter((e) => !e.children.length)
          .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
        const l = Math.min(...ink.map((r) => r.left)), r = Math.max(...ink.map((r) => r.right));
        return r - l < box.width - 2 ? Math.round(Math.abs((l + r) / 2 - (box.left + box.right) / 2)) : 0;
      }));
      assert(offCentre.length && Math.max(...offCentre) < 4, `block formulas off the middle of their column by ${offCentre} px`);
      await frames(s); // content-visibility: auto lays the section out in the next rendering
      await SCREENSHOT(s, ctx, 'lesson-mathml');
    },
  },
  {
    name: 'reading page loads; its heatmaps paint',
    async run(s, ctx) {
      await s.goto('/reading.html');
      const h1 = await until(s, 'reading h1', () => document.querySelector('h1')?.textContent?.trim());
      assert(h1.includes('自注意力'), `h1 is “${h1}”`);
      await until(s, 'every heatmap on the reading page has weights', () => {
        const hs = Array.from(document.querySelectorAll('attn-heatmap'));
        return hs.length > 0 && hs.every((h) => h.weights?.length > 0);
      });
      const n = await s.run(() => ({ math: document.querySelectorAll('math').length, sections: document.querySelectorAll('section').length }));
      assert(n.math > 0 && n.sections > 5, `reading page: ${JSON.stringify(n)}`);
      await SCREENSHOT(s, ctx, 'reading-top');
    },
  },
  {
    name: 'phone width: every block formula on the lesson and reading pages can be read whole (it fits or scrolls)',
    async run(s, ctx) {
      await s.resize({ width: 360, height: 800 });
      try {
        for (const page of ['/', '/reading.html']) {
          await s.goto(page);
          await until(s, `${page} loaded`, () => document.readyState === 'complete' && document.fonts.status === 'loaded');
          await frames(s, 2);
          const r = await s.run(() => {
            const out = [];
            for (const m of document.querySelectorAll('math[display="block"]')) {
              const ink = Array.from(m.querySelectorAll('*')).filter((e) => !e.children.length)
                .map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0);
              const right = Math.max(...ink.map((b) => b.right));
              if (right <= innerWidth + 1) continue; // all on screen
              // else some box on screen, around it, must scroll to it
              let ok = false;
              for (let e = m; e && e !== document.body; e = e.parentElement) {
                const cs = getComputedStyle(e);
                const b = e.getBoundingClientRect();
                if (/auto|scroll/.test(cs.overflowX) && b.right <= innerWidth + 1 && e.scrollWidth > e.clientWidth
                  && b.left + e.scrollWidth >= right - 1) { ok = true; break; }
              }
              if (!ok) out.push(`“${m.textContent.replace(/\s+/g, '').slice(0, 30)}” ends at ${Math.round(right)} px, cut off (window ${innerWidth} px)`);
            }
            return { width: innerWidth, cut: out, n: document.querySelectorAll('math[display="block"]').length };
          });
          assert(r.n > 0 && !r.cut.length, `${page}: ${r.cut.join('; ')}`);
          ctx.report.push(`${page} at ${r.width} px: ${r.n} block formulas fit or scroll`);
        }
      } finally {
        await s.resize();
      }
    },
  },
  {
    name: 'every MathML operator on the lesson and reading pages is drawn (screenshots)',
    async run(s, ctx) {
      for (const page of ['/', '/reading.html']) {
        await s.goto(page);
        await until(s, `${page}: elements and fonts ready`, () => document.readyState === 'complete' && document.fonts.status === 'loaded');
        await s.run(() => document.fonts.ready.then(() => true));
        const r = await operatorsDrawn(s, ctx, page);
        ctx.report.push(`${page}: ${r.total} MathML operators drawn (${r.shots} screenshots)`);
      }
    },
  },
  {
    name: 'jumps to sections land on them (fragment on load, contents link)',
    async run(s) {
      const near = (id) => until(s, `#${id} at the top`, (i) => {
        const t = document.getElementById(i).getBoundingClientRect().top;
        return Math.abs(t) < 40 ? Math.round(t) : null;
      }, [id], 15_000);
      await s.goto('/#quiz');
      await near('quiz');
      await elementsReady(s); // the code of the elements above arrives, they grow
      await near('quiz');
      await s.goto('/');
      await until(s, 'contents', () => !!document.querySelector('.toc a[href="#review"]'));
      await s.run(() => document.querySelector('.toc a[href="#review"]').click());
      await near('review');
    },
  },
  {
    name: 'heatmap weights equal the NumPy goldens (6 settings)',
    async run(s) {
      await s.goto('/fixtures/heatmap.html');
      await until(s, 'heatmap fixture ready', () => document.getElementById('hm')?.weights?.length > 0);
      expectClose(await weightsOf(s, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'default');
      const cases = [
        ['0', 6, 512, 16, 'none', false], ['0', 6, 512, 512, 'sqrt', true], ['42', 32, 512, 64, 'none', false],
        ['7', 2, 1, 1, 'dk', false], ['123456789', 17, 1024, 1000, 'sqrt', false], ['18446744073709551615', 9, 300, 77, 'none', true],
      ];
      for (const c of cases) {
        const g = find(...c);
        await setAttrs(s, 'hm', { seed: g.seed, tokens: String(g.tokens), 'dk-max': String(g.dkMax), dk: String(g.dk), scale: g.scale, causal: g.causal ? '' : null });
        const w = await until(s, `weights for ${c.join('/')}`, (n) => {
          const a = document.getElementById('hm').weights;
          return a && a.length === n ? Array.from(a) : null;
        }, [g.tokens * g.tokens]);
        expectClose(w, g.weights, `seed ${g.seed}, T ${g.tokens}, dk ${g.dk}/${g.dkMax}, ${g.scale}${g.causal ? ', causal' : ''}`);
      }
    },
  },
  {
    name: 'without WebAssembly SIMD: the scalar core build, same weights (library and embed)',
    async run(s) {
      await s.goto('/fixtures/heatmap.html?attn-nosimd');
      await until(s, 'heatmap fixture ready', () => document.getElementById('hm')?.weights?.length > 0);
      const build = await coreBuild(s);
      eq(build.simd, false, 'SIMD probe with the override');
      assert(build.files.length === 1 && /^attn_core_scalar[-.]/.test(build.files[0]), `fetched ${build.files}`);
      expectClose(await weightsOf(s, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'scalar build, default');
      await setAttrs(s, 'hm', { seed: '42', tokens: '32', dk: '512', causal: '' });
      const w = await until(s, 'scalar weights, T = 32', () => {
        const a = document.getElementById('hm').weights;
        return a && a.length === 1024 ? Array.from(a) : null;
      });
      expectClose(w, find('42', 32, 512, 512, 'sqrt', true).weights, 'scalar build, seed 42, T 32, causal');
      await s.goto('/embed.html?w=heatmap&dk=16&causal=1&attn-nosimd');
      const we = await until(s, 'embed heatmap (scalar)', () => {
        const a = document.querySelector('attn-heatmap')?.weights;
        return a && a.length ? Array.from(a) : null;
      });
      expectClose(we, find('0', 6, 512, 16, 'sqrt', true).weights, 'embed, scalar build');
      const payload = await s.run(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.startsWith('/embed-wasm-')));
      eq(payload, ['/embed-wasm-attn_core_scalar.js'], 'the embed\'s core payload without SIMD');
    },
  },
  {
    name: 'heatmap slider, scale and mask from the keyboard',
    async run(s) {
      await s.goto('/fixtures/heatmap.html');
      await until(s, 'heatmap fixture ready', () => document.getElementById('hm')?.weights?.length > 0);
      const attr = (name) => s.run((n) => document.getElementById('hm').getAttribute(n), name);
      await focusIn(s, 'hm', 'input[type="range"]');
      await s.press('ArrowRight');
      await updated(s, 'hm');
      eq(await attr('dk'), '17', 'd_k after ArrowRight on the slider');
      await s.press('ArrowLeft');
      await updated(s, 'hm');
      eq(await attr('dk'), '16', 'd_k after ArrowLeft');
      expectClose(await weightsOf(s, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'back at d_k = 16');

      const options = await s.run(() => Array.from(document.getElementById('hm').shadowRoot.querySelector('select').options, (o) => o.value));
      const next = options[options.indexOf('sqrt') + 1];
      assert(next, `scale options ${options}`);
      await focusIn(s, 'hm', 'select');
      await s.press('ArrowDown');
      await updated(s, 'hm');
      eq(await attr('scale'), next, 'scale after ArrowDown on the scale menu');
      expectClose(await weightsOf(s, 'hm'), find('0', 6, 512, 16, next, false).weights, `scale ${next} by keyboard`);
      await s.press('ArrowUp');
      await updated(s, 'hm');
      eq(await attr('scale'), 'sqrt', 'scale after ArrowUp');

      await focusIn(s, 'hm', '#causal');
      await s.press('Space');
      await updated(s, 'hm');
      eq(await attr('causal'), '', 'causal attribute after Space on the mask checkbox');
      const w = await weightsOf(s, 'hm');
      expectClose(w, find('0', 6, 512, 16, 'sqrt', true).weights, 'mask on by keyboard');
      for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) assert(w[i * 6 + j] === 0, `masked weight [${i}, ${j}] = ${w[i * 6 + j]}`);
    },
  },
  {
    name: 'exercise: right verdicts for a right and a wrong answer',
    async run(s, ctx) {
      await s.goto('/fixtures/a11y-exercise.html');
      await until(s, 'exercise inputs', () => !!document.getElementById('el')?.shadowRoot?.querySelector('input[data-todo="1"]'));
      await s.run(() => document.getElementById('el').setAttribute('lang', 'en'));
      await updated(s, 'el');
      await until(s, 'exercise rebuilt in English', () => !!document.getElementById('el').shadowRoot.querySelector('input[data-todo="1"]'));
      const REF = ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'mask = np.triu(np.ones((T, T), dtype=bool), k=1)', 'weights = softmax(scores)'];
      const runWith = async (lines) => {
        await s.run((ls) => {
          const root = document.getElementById('el').shadowRoot;
          ls.forEach((l, k) => {
            const input = root.querySelector(`input[data-todo="${k + 1}"]`);
            input.value = l;
            input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
          });
          root.querySelector('button.run').click();
        }, lines);
        return until(s, 'exercise verdicts', () => {
          const lis = Array.from(document.getElementById('el').shadowRoot.querySelectorAll('li[data-todo]'));
          const v = lis.map((li) => li.getAttribute('data-correct'));
          return v.length === 3 && v.every((x) => x === 'true' || x === 'false') ? { v, text: lis.map((li) => li.textContent) } : null;
        }, [], 30_000);
      };
      const right = await runWith(REF);
      eq(right.v, ['true', 'true', 'true'], 'verdicts for the reference answers');
      const out = await s.run(() => document.getElementById('el').shadowRoot.querySelector('pre.got')?.textContent ?? '');
      assert(out.includes('row sums: [1. 1. 1. 1.]'), `program output: ${out.slice(0, 200)}`);
      await SCREENSHOT(s, ctx, 'exercise');
      await s.run(() => { for (const li of document.getElementById('el').shadowRoot.querySelectorAll('li[data-todo]')) li.removeAttribute('data-correct'); });
      const wrong = await runWith([REF[0], REF[1], 'np.exp(scores)']);
      eq(wrong.v, ['true', 'true', 'false'], 'verdicts with a wrong third line');
      assert(/not normali[sz]ed/.test(wrong.text[2]), `reason for the wrong line: ${wrong.text[2].slice(0, 200)}`);
    },
  },
  {
    name: 'quiz locks on the first choice; a retake reshuffles',
    async run(s, ctx) {
      await s.goto('/fixtures/quiz-inline.html');
      await s.run(() => localStorage.clear());
      await until(s, 'quiz options', () => document.getElementById('inline')?.shadowRoot?.querySelectorAll('[role="radio"]').length > 0);
      const state0 = await s.run(() => {
        const q = document.getElementById('inline');
        const root = q.shadowRoot;
        const first = root.querySelector('li.question');
        const id = q.order[0];
        const answer = q.bankData.questions.find((x) => x.id === id).answer;
        const wrong = first.querySelector(`[role="radio"]:not([data-o="${answer}"])`);
        wrong.click();
        return { answer, wrongO: wrong.getAttribute('data-o') };
      });
      await updated(s, 'inline');
      await s.run((answer) => {
        // a second choice must not count
        document.getElementById('inline').shadowRoot.querySelector(`li.question [role="radio"][data-o="${answer}"]`).click();
      }, state0.answer);
      await updated(s, 'inline');
      const state = await s.run((wrongO) => {
        const q = document.getElementById('inline');
        const first = q.shadowRoot.querySelector('li.question');
        return {
          checked: first.querySelector('[role="radio"][aria-checked="true"]')?.getAttribute('data-o'), wrongO,
          disabled: first.querySelector('[role="radiogroup"]').getAttribute('aria-disabled'),
          feedback: !!first.querySelector('[part~="feedback"]'), score: q.score, answered: q.answered,
        };
      }, state0.wrongO);
      eq(state.checked, state.wrongO, 'the chosen option stays the first choice');
      eq(state.disabled, 'true', 'the question is locked (aria-disabled)');
      assert(state.feedback, 'feedback shows after the first choice');
      eq([state.score, state.answered], [0, 1], 'score and answered after a wrong first choice');
      await SCREENSHOT(s, ctx, 'quiz');
      for (let round = 0; round < 3; round++) {
        const n = await s.run(() => document.getElementById('inline').shadowRoot.querySelectorAll('li.question').length);
        for (let pos = 0; pos < n; pos++) {
          await s.run((p) => {
            const li = document.getElementById('inline').shadowRoot.querySelectorAll('li.question')[p];
            if (li.querySelector('[role="radiogroup"]').getAttribute('aria-disabled') !== 'true') li.querySelector('[role="radio"]').click();
          }, pos);
          await updated(s, 'inline');
        }
        const before = await until(s, 'the score', () => {
          const q = document.getElementById('inline');
          return q.shadowRoot.querySelector('[part="score"]') ? { order: q.order, opts: q.optionOrder, score: true } : null;
        });
        assert(before.score, 'a score shows when every question is answered');
        await s.run(() => document.getElementById('inline').shadowRoot.querySelector('[part="retake"]').click());
        const after = await until(s, 'retake', () => {
          const q = document.getElementById('inline');
          return q.answered === 0 && !q.shadowRoot.querySelector('[part="score"]') ? { order: q.order, opts: q.optionOrder, shown: q.shadowRoot.querySelector('li.question').getAttribute('data-question') } : null;
        });
        assert(JSON.stringify(after.order) !== JSON.stringify(before.order), `retake ${round + 1}: question order unchanged ${after.order}`);
        eq(after.shown, after.order[0], 'the screen follows the new order');
        assert(JSON.stringify(after.opts) !== JSON.stringify(before.opts), `retake ${round + 1}: option order unchanged`);
      }
    },
  },
  {
    name: 'quiz: a press redrawn before the release still clicks, once (an option, a toggle)',
    async run(s) {
      await s.goto('/fixtures/quiz.html');
      await s.run(() => localStorage.clear());
      await until(s, 'quiz options', () => document.getElementById('lesson')?.shadowRoot?.querySelectorAll('[role="radio"]').length > 0);
      // Presses the control `sel` selects, redraws the whole quiz while the button is down (its
      // lang switched and back), then releases on the same spot; returns whether the pressed node was replaced.
      const pressAcrossRender = async (sel) => {
        const at = await s.run((q) => {
          const el = document.getElementById('lesson').shadowRoot.querySelector(q);
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }, sel);
        await s.pointer('down', at.x, at.y);
        const replaced = await s.run(async (q) => {
          const quiz = document.getElementById('lesson');
          const before = quiz.shadowRoot.querySelector(q);
          const lang = quiz.getAttribute('lang') ?? 'en';
          for (const l of [lang === 'en' ? 'zh-CN' : 'en', lang]) {
            quiz.setAttribute('lang', l);
            await quiz.updateComplete;
          }
          return !before.isConnected;
        }, sel);
        await s.pointer('up', at.x, at.y);
        await updated(s, 'lesson');
        return replaced;
      };
      await s.run(() => {
        window.__answers = 0;
        document.addEventListener('attn-quiz-answer', () => { window.__answers++; });
      });
      assert(await pressAcrossRender('li.question:nth-child(2) [role="radio"]'), 'the option was redrawn under the press');
      const answered = await s.run(() => ({ answered: document.getElementById('lesson').answered, events: window.__answers }));
      eq(answered, { answered: 1, events: 1 }, 'the press answered the question, once');
      // A toggle shows whether a click ran twice: once opens the model answer, twice closes it again.
      assert(await pressAcrossRender('button[data-action="reveal"]'), 'the button was redrawn under the press');
      const shown = await s.run(() => document.getElementById('lesson').shadowRoot.querySelector('button[data-action="reveal"]').getAttribute('aria-expanded'));
      eq(shown, 'true', 'the model answer shows (the press clicked once)');
    },
  },
  {
    name: 'quiz: a press the page moves from under a still pointer still clicks, once',
    async run(s) {
      await s.goto('/fixtures/quiz.html');
      await s.run(() => localStorage.clear());
      await until(s, 'quiz options', () => document.getElementById('lesson')?.shadowRoot?.querySelectorAll('[role="radio"]').length > 0);
      await s.run(() => {
        window.__answers = 0;
        document.addEventListener('attn-quiz-answer', () => { window.__answers++; });
      });
      // Presses `sel`, moves the quiz 40 px down (as a section above growing while it loads
      // would), then releases where the press went down, now beside the control.
      const pressAcrossMove = async (sel) => {
        const at = await s.run((q) => {
          const el = document.getElementById('lesson').shadowRoot.querySelector(q);
          el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + 2 };
        }, sel);
        await s.pointer('down', at.x, at.y);
        const moved = await s.run((q) => {
          const quiz = document.getElementById('lesson');
          const spacer = document.createElement('div');
          spacer.style.height = '40px';
          quiz.before(spacer);
          const r = quiz.shadowRoot.querySelector(q).getBoundingClientRect();
          return r.top > 0;
        }, sel);
        await s.pointer('up', at.x, at.y);
        await updated(s, 'lesson');
        return moved;
      };
      assert(await pressAcrossMove('li.question:nth-child(1) [role="radio"]'), 'the option moved');
      const answered = await s.run(() => ({ answered: document.getElementById('lesson').answered, events: window.__answers }));
      eq(answered, { answered: 1, events: 1 }, 'the press answered the question, once');
      await pressAcrossMove('button[data-action="reveal"]');
      const shown = await s.run(() => document.getElementById('lesson').shadowRoot.querySelector('button[data-action="reveal"]').getAttribute('aria-expanded'));
      eq(shown, 'true', 'the model answer shows (the press clicked once)');
    },
  },
  {
    name: 'review schedules +2 days and survives a reload',
    async run(s) {
      await s.goto('/fixtures/review.html');
      await s.run(() => localStorage.clear());
      await s.reload();
      await until(s, 'review empty', () => document.getElementById('review')?.getAttribute('state') === 'empty');
      await until(s, 'lesson quiz options', () => document.getElementById('quiz')?.shadowRoot?.querySelectorAll('[role="radio"]').length > 0);
      const t0 = Date.now();
      await s.run((answers) => {
        const root = document.getElementById('quiz').shadowRoot;
        answers.forEach((a, qi) => root.querySelector(`[role="radio"][data-q="${qi}"][data-o="${qi < 2 ? (a + 1) % 4 : a}"]`).click());
      }, lessonBank.questions.map((q) => q.answer));
      await until(s, 'review scheduled', () => document.getElementById('review').getAttribute('state') === 'scheduled');
      const first = await s.run(() => ({ items: document.getElementById('review').items, status: document.getElementById('review').shadowRoot.querySelector('[part~="status"]')?.textContent }));
      eq(first.items.length, 1, 'review items');
      const due = Date.parse(first.items[0].due);
      const days = (due - t0) / 86_400_000;
      assert(days >= 2 - 1 / 1440 && days < 3, `first review due in ${days.toFixed(3)} days`);
      assert(/in 2 days/.test(first.status ?? ''), `status: ${first.status}`);
      await s.reload();
      await until(s, 'review scheduled after reload', () => document.getElementById('review')?.getAttribute('state') === 'scheduled');
      const again = await s.run(() => document.getElementById('review').items);
      eq(again, first.items, 'review items after a reload');
    },
  },
  {
    name: 'iframe embeds (plain and sandboxed) under the strict CSP, height messages; embed core build',
    async run(s, ctx) {
      await s.goto('/fixtures/host.html');
      await s.run(() => localStorage.clear());
      // (the first report may come before the widget has drawn: wait for the grown size.
      // WebKit does not render a frame outside the viewport, for about 10 s here: so bring
      // each frame into view, as a learner scrolling to it does, until it has reported.)
      const heights = await until(s, 'both embeds report a full height (> 200 px)', () => {
        const frames = ['embed', 'embed-sandboxed'].map((id) => document.getElementById(id));
        const [a, b] = frames.map((f) => Number(f?.dataset.reported));
        const waiting = frames.find((f) => f && !(Number(f.dataset.reported) > 200));
        if (waiting) waiting.scrollIntoView({ block: 'start', behavior: 'instant' });
        return a > 200 && b > 200 ? { plain: a, sandboxed: b } : null;
      }, [], 20_000);
      assert(heights.plain > 200, `heatmap embed height ${heights.plain}`);
      assert(heights.sandboxed > 200, `sandboxed quiz embed height ${heights.sandboxed}`);
      const sized = await s.run(() => {
        const f = document.getElementById('embed');
        return [getComputedStyle(f).height, `${f.dataset.reported}px`];
      });
      eq(sized[0], sized[1], 'the host sized the frame from its last message');
      await s.run(() => document.getElementById('embed').scrollIntoView({ block: 'start', behavior: 'instant' }));
      await SCREENSHOT(s, ctx, 'embed');
      const w = await s.runInFrame('dk=16&causal=1', () => Array.from(document.querySelector('attn-heatmap')?.weights ?? []));
      expectClose(w, find('0', 6, 512, 16, 'sqrt', true).weights, 'heatmap in the iframe');
      const build = await s.runInFrame('dk=16&causal=1', () => {
        const probe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
        // The scripts the frame holds: embed.js (the loader) and the two it added. Not
        // resource timing: WebKit leaves out what its memory cache served, and an
        // earlier check may have loaded the same files.
        const names = Array.from(document.scripts, (el) => (el.src ? new URL(el.src).pathname.split('/').pop() : ''));
        return { simd: WebAssembly.validate(probe), files: names.filter((n) => n.endsWith('.js') && n !== 'capture.js').sort() };
      });
      const core = build.simd ? 'embed-wasm-attn_core.js' : 'embed-wasm-attn_core_scalar.js';
      eq(build.files, ['embed-heatmap.js', core, 'embed.js'].sort(), 'what the heatmap frame loaded');
      ctx.report.push(`embed: SIMD ${build.simd ? 'supported' : 'missing'} → ${core}`);
      const sandboxed = await s.runInFrame('w=quiz', () => ({
        radios: document.querySelector('attn-quiz')?.shadowRoot?.querySelectorAll('[role="radio"]').length ?? 0,
        note: !document.getElementById('embed-storage-note').hidden && document.getElementById('embed-storage-note').textContent,
        origin: self.origin,
      }));
      assert(sandboxed.radios > 8, `sandboxed quiz shows ${sandboxed.radios} options`);
      assert(/will not be kept/.test(sandboxed.note || ''), `sandboxed quiz storage note: ${sandboxed.note}`);
      eq(sandboxed.origin, 'null', 'the sandboxed frame\'s origin');
      const wrong = await s.run(() => document.getElementById('embed-wrong-origin').dataset.reported ?? null);
      eq(wrong, null, 'a frame pinned to another origin stays silent');
    },
  },
];

/**
 * Checks of elements that other branches add; each runs when its library
 * file is in dist/lib, and is reported as skipped otherwise (hooks for
 * <attn-tril>, <attn-heads> and <attn-train>: a tril lab that works, and a 200-step
 * training run that ends with the same losses as in Chromium).
 */
export const OPTIONAL_CHECKS = [
  {
    // One package per engine (the rest runs in Chromium, e2e/scorm*.spec.ts): Firefox the SCORM 2004
    // lesson package, WebKit (and Chromium on request) the SCORM 1.2 one, in scorm-again's runtime.
    name: 'LMS package: the lesson quiz reports to scorm-again (Firefox SCORM 2004, WebKit SCORM 1.2), Terminate/LMSFinish on leaving',
    available: () => existsSync(join(root, 'dist/packages/attention-lab-lesson-01-scorm2004.zip')),
    async run(s) {
      const v = s.name === 'firefox' ? '2004' : '12';
      await s.goto(`/fixtures/lms-host.html?v=${v}&zip=attention-lab-lesson-01-scorm${v}.zip&page=index.html`);
      await s.run(() => localStorage.clear());
      const inFrame = async (what, fn, arg) => {
        const t0 = Date.now();
        for (;;) {
          let r = null;
          try { r = await s.runInFrame('/lms-pkg/attention-lab', fn, arg); } catch { r = null; }
          if (r) return r;
          if (Date.now() - t0 > 30_000) throw new CheckError(`${what}: not within 30 s`);
          await new Promise((ok) => setTimeout(ok, 100));
        }
      };
      const n = await inFrame('the packaged quiz', () => {
        const q = document.getElementById('quiz-widget');
        return q?.state === 'ready' && q.shadowRoot?.querySelector('[role="radio"]') ? q.order.length : 0;
      });
      await until(s, 'the LMS session', () => window.lms.isInitialized());
      for (let pos = 0; pos < n; pos++) {
        await inFrame(`answer ${pos + 1}`, (p) => {
          const q = document.getElementById('quiz-widget');
          const right = q.bankData.questions.find((x) => x.id === q.order[p]).answer;
          const radio = q.shadowRoot.querySelector(`#q-${p} [role="radio"][data-o="${right}"]`);
          if (radio?.getAttribute('aria-checked') === 'true') return true;
          radio?.click();
          return false;
        }, pos);
      }
      const c = await until(s, 'the score in the LMS', (ver) => {
        const x = window.cmi();
        return (ver === '2004' ? x.success_status : x.core.lesson_status) === 'passed' ? x : null;
      }, [v]);
      const count = Object.keys(c.interactions).filter((k) => /^\d+$/.test(k)).length;
      eq(count, n, 'one interaction per answer');
      if (v === '2004') eq([c.completion_status, c.score.scaled, c.score.raw], ['completed', '1', '100'], 'completion and score');
      else eq(c.core.score.raw, '100', 'score');
      await s.run(() => window.closeSco());
      await until(s, 'Terminate / LMSFinish', () => window.lms.isTerminated());
      const exit = await s.run((ver) => (ver === '2004' ? window.cmi().exit : window.cmi().core.exit), v);
      eq(exit, v === '2004' ? 'normal' : 'suspend', 'exit (2004: normal once completed and passed)');
    },
  },
  {
    name: 'tril lab (<attn-tril>): PyTorch\'s x, wei and the three ways for seed 1337',
    available: () => existsSync(join(root, 'dist/lib/attn-tril.js')),
    async run(s, ctx) {
      const g = JSON.parse(readFileSync(join(root, 'e2e/golden/tril_1337.json'), 'utf8'));
      await s.goto('/fixtures/tril.html');
      await until(s, 'tril lab ready', () => document.getElementById('el')?.x?.length === 64);
      const got = await s.run(() => {
        const e = document.getElementById('el');
        const r = e.shadowRoot;
        return { x: Array.from(e.x), wei: Array.from(e.wei), xbow: Array.from(e.xbow),
          maxDiff: r.querySelector('[part="max-diff"]')?.textContent ?? '' };
      });
      eq(got.x, g.x, 'x (torch.randn, seed 1337)');
      const close = (a, b, what) => {
        assert(a.length === b.length, `${what}: ${a.length} values, PyTorch has ${b.length}`);
        const worst = Math.max(...a.map((v, i) => Math.abs(v - b[i])));
        assert(worst < 1e-6, `${what}: max |value − PyTorch| = ${worst}`);
      };
      close(got.wei, g.wei, 'wei');
      close(got.xbow, g.xbow, 'xbow');
      assert(got.maxDiff.includes('3.24e-8'), `max difference of the three ways: ${got.maxDiff}`);
      await s.run(() => document.getElementById('el').scrollIntoView({ block: 'start', behavior: 'instant' }));
      await SCREENSHOT(s, ctx, 'tril');
    },
  },
  {
    name: 'bonus (<attn-heads>): PyTorch\'s my_attention for seed 0, causal; heads grid, query row and Copy from the keyboard',
    available: () => existsSync(join(root, 'dist/lib/attn-heads.js')),
    async run(s, ctx) {
      const g = JSON.parse(readFileSync(join(root, 'e2e/golden/bonus_0.json'), 'utf8'));
      await s.goto('/fixtures/heads.html');
      // The engine loads when the element nears the viewport.
      await until(s, 'bonus ready', () => {
        const e = document.getElementById('el');
        e?.scrollIntoView({ block: 'center', behavior: 'instant' });
        return e?.mine?.length === 640;
      });
      await s.run(() => document.getElementById('el').setAttribute('lang', 'en'));
      await updated(s, 'el');
      const text = (part) => s.run((p) => document.getElementById('el').shadowRoot.querySelector(`[part="${p}"]`)?.textContent ?? '', part);
      const cells = (part) => s.run((p) => Array.from(document.getElementById('el').shadowRoot.querySelectorAll(`table[part="${p}"] tbody td`), (c) => c.textContent), part);
      const got = await s.run(() => {
        const e = document.getElementById('el');
        return { mine: Array.from(e.mine), maxDiff: e.maxDiff, allclose: e.allclose };
      });
      const worst = Math.max(...got.mine.map((v, i) => Math.abs(v - g.mine[i])));
      assert(worst < 2e-6, `mine: max |value − PyTorch| = ${worst}`);
      assert(got.allclose && got.maxDiff < 1e-6, `allclose ${got.allclose}, max diff ${got.maxDiff}`);
      eq(await text('shape'), g.shapeLine, 'the shape line');
      assert((await text('allclose')).startsWith('allclose: True'), `verdict: ${await text('allclose')}`);
      eq(await cells('mine'), g.mine00.match(/-?\d+\.\d+/g), 'mine[0, 0] at 4 decimals, as PyTorch prints it');
      await focusIn(s, 'el', '[role="gridcell"]');
      await s.press('ArrowRight');
      await s.press('ArrowDown');
      await updated(s, 'el');
      eq(await s.run(() => document.getElementById('el').selected), [1, 1], 'the chosen head after ArrowRight, ArrowDown');
      const at = (1 * 4 + 1) * 5 * 16;
      eq(await cells('mine'), got.mine.slice(at, at + 80).map((v) => v.toFixed(4)), 'mine[1, 1] on screen');
      await focusIn(s, 'el', '#row');
      await s.press('ArrowUp');
      await updated(s, 'el');
      eq((await cells('steps-table')).length, 2 * 4, 'query row 3 takes two key tiles');
      assert((await text('step-end')).includes('equals the manual one'), `step-by-step end: ${await text('step-end')}`);
      await focusIn(s, 'el', '[part="copy-button"]');
      await s.press('Enter');
      await until(s, 'the script shown or copied', () => {
        const r = document.getElementById('el').shadowRoot;
        return /Copied|clipboard/.test(r.querySelector('.copy-status')?.textContent ?? '');
      });
      assert((await s.run(() => document.getElementById('el').pytorchCode)).includes('print(mine[1, 1])'), 'the script prints the chosen head');
      await SCREENSHOT(s, ctx, 'heads');
    },
  },
  {
    name: 'block page: a short layernorm run (2 layers × 2 heads) prints attn-cli\'s log and joins the page\'s ladder of runs',
    available: () => existsSync(join(root, 'dist/block.html')),
    async run(s, ctx) {
      const golden = readFileSync(join(root, 'e2e/golden/train_layernorm_41.txt'), 'utf8').trimEnd().split('\n');
      await s.goto('/block.html');
      await until(s, 'the layernorm widget defined', () => !!document.getElementById('train-layernorm')?.shadowRoot?.querySelector('[part="start-button"]'));
      // The e2e golden's settings (attn-cli train --model layernorm --seed 11 --iters 41 …), set as an author would.
      await s.run(() => {
        const el = document.getElementById('train-layernorm');
        for (const [k, v] of Object.entries({ seed: '11', iters: '41', 'eval-interval': '20', 'eval-iters': '4', batch: '8', block: '16',
          'n-embd': '16', 'n-head': '2', 'n-layer': '2', 'sample-chars': '0' })) el.setAttribute(k, v);
      });
      await updated(s, 'train-layernorm');
      await s.run(() => document.getElementById('train-layernorm').shadowRoot.querySelector('[part="start-button"]').click());
      const phase = await until(s, 'layernorm run done', () => {
        const p = document.getElementById('train-layernorm').phase;
        return p === 'done' || p === 'failed' ? p : null;
      }, [], 110_000);
      eq(phase, 'done', 'the layernorm run');
      eq(await s.run(() => document.getElementById('train-layernorm').log), golden, 'the layernorm run\'s log (attn-cli train\'s)');
      const row = await until(s, 'the run in the ladder', () => {
        const rows = document.querySelectorAll('#block-ladder-runs tbody tr');
        return rows.length === 2 ? Array.from(rows[1].querySelectorAll('td'), (td) => td.textContent) : null;
      });
      const last = golden.at(-1).match(/^step (\d+): train loss ([\d.]+), val loss ([\d.]+)$/);
      const gap = Math.round(Number(last[3]) * 1e4) - Math.round(Number(last[2]) * 1e4);
      eq(row, [last[1], last[2], last[3], `${gap < 0 ? '-' : ''}0.${String(Math.abs(gap)).padStart(4, '0')}`], 'the ladder\'s row: the last log line and its gap');
      eq(await s.run(() => document.querySelectorAll('#block-ladder-runs path.run').length), 2, 'val-loss curves in the ladder (baseline and the run)');
      await s.run(() => document.getElementById('block-ladder').scrollIntoView({ block: 'start', behavior: 'instant' }));
      await SCREENSHOT(s, ctx, 'block-ladder');
    },
  },
  {
    name: 'training run (<attn-train>, head model, 300 steps, in a Web Worker): PyTorch\'s log; every loss and the sample as in Chromium',
    available: () => existsSync(join(root, 'dist/lib/attn-train.js')),
    async run(s, ctx) {
      const golden = readFileSync(join(root, 'e2e/golden/train_head_300.txt'), 'utf8').trimEnd().split('\n');
      const t0 = Date.now();
      const got = await trainHead(s);
      eq(got.phase, 'done', `head run (${got.error})`);
      eq(got.log, golden, `log of the head model (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      assert(got.started, `the run did not start in a Web Worker (${got.workers} created): it ran in the page`);
      eq(got.started.worker, true, 'the runner says it is in a worker');
      const build = got.started.simd ? 'SIMD' : 'scalar';
      // The same run in Chromium (this suite's server, Debian's chromium): the
      // golden above has 4 decimals; here every evaluation's float32 losses and
      // the 200 sampled characters, which the final weights decide, must be equal.
      if (s.name !== 'chromium') {
        const ref = await chromiumHeadRun(ctx.base);
        eq(ref.log, golden, 'Chromium\'s log of the head model');
        if (ref.started?.simd === got.started.simd) {
          eq(got.evaluations, ref.evaluations, `every evaluation (train and val loss, full precision) as in Chromium (${build} build in both)`);
          eq(got.sample, ref.sample, 'the sample after the run, as in Chromium');
        } else {
          ctx.report.push(`training: Chromium ran the ${ref.started?.simd ? 'SIMD' : 'scalar'} build, this engine the ${build}: compared at the log's 4 decimals only`);
        }
      }
      ctx.report.push(`training: ${build} build (attn_train${got.started.simd ? '' : '_scalar'}.wasm) in a Web Worker; last evaluation ${JSON.stringify(got.evaluations.at(-1))}`);
    },
  },
];
