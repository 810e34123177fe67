// Lesson 1 page: language switch, the exercise's expected output and the
// √d_k variance experiment, both computed live by the WASM engine (the same
// instance the elements on the page share, in its worker: engine/py/browser.ts).
import { afterFirstHeatmap, startElements } from './page-elements';
import { getEvaluator, type EvaluatorService, type Lesson1Variance } from '../engine/py/browser';
import { currentLang, initLang, initPrint, LANG_EVENT } from '../i18n/lang';
import { PAGE_STRINGS } from '../i18n/strings';
import { parseSeedInput, varianceCells } from '../i18n/lesson1';

startElements();

const TITLES = {
  'zh-CN': '第 1 课 · 缩放点积注意力 · attention-lab',
  en: 'Lesson 1 · Scaled dot-product attention · attention-lab',
} as const;

initLang({ ...TITLES });
initPrint();

const out = document.getElementById('lesson1-output');
const form = document.getElementById('variance-form') as HTMLFormElement | null;
const seedInput = document.getElementById('variance-seed') as HTMLInputElement | null;
const seedError = document.getElementById('variance-seed-error');
const table = document.getElementById('variance');

let engine: EvaluatorService | null = null;
let failure: string | null = null;
let pendingSeed: string | null = null;

function setCell(id: string, value: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.textContent = value;
  el.setAttribute('data-value', value);
}

let asked = 0;

/** Shows the experiment's numbers for `seed` (computed by the engine unless `known`); a later request wins. */
function showVariance(seed: string, known?: Lesson1Variance): void {
  if (!engine) return;
  const ticket = ++asked;
  table?.setAttribute('aria-busy', 'true');
  (known ? Promise.resolve(known) : engine.lesson1Variance(seed)).then((v) => {
    if (ticket !== asked) return;
    for (const [id, text] of varianceCells(v)) setCell(id, text);
    for (const id of ['variance-seed-shown', 'variance-seed-shown-en']) {
      const o = document.getElementById(id);
      if (o) o.textContent = seed;
    }
    table?.setAttribute('aria-busy', 'false');
  }, (err: unknown) => {
    failure = err instanceof Error ? err.message : String(err);
    showFailure();
  });
}

function showFailure(): void {
  if (out && failure !== null) out.textContent = PAGE_STRINGS[currentLang()].engineFailed(failure);
}

form?.addEventListener('submit', (e) => {
  e.preventDefault();
  const seed = parseSeedInput(seedInput?.value ?? '');
  if (seedError) seedError.textContent = seed === null ? PAGE_STRINGS[currentLang()].badSeed : '';
  seedInput?.setAttribute('aria-invalid', seed === null ? 'true' : 'false');
  if (seed === null) return;
  if (engine) showVariance(seed);
  else {
    pendingSeed = seed; // shown once the evaluator has loaded
    startProgram();
  }
});

document.addEventListener(LANG_EVENT, () => {
  if (!engine && failure === null && out) out.textContent = PAGE_STRINGS[currentLang()].loading;
  showFailure();
  if (seedError?.textContent) seedError.textContent = PAGE_STRINGS[currentLang()].badSeed;
});

if (out) out.textContent = PAGE_STRINGS[currentLang()].loading;

// The lesson's printed program comes from the evaluator module (~125 KB gzip
// of WASM). It is fetched after the first heatmap has painted (or after 2 s,
// or when the learner asks for another seed first), so it never competes with
// the core module the heatmaps need first. It draws about 31 M normals, in
// the evaluator's worker.
function loadProgram(): void {
  getEvaluator()
    .then(async (e) => {
      const run = await e.lesson1Run('0');
      engine = e; // (a seed asked for meanwhile waited in pendingSeed)
      if (out) out.textContent = run.output;
      // the table shows seed 0 from the same run, unless the learner asked for another seed meanwhile
      if (pendingSeed === null || pendingSeed === '0') showVariance('0', run.variance);
      else showVariance(pendingSeed);
    })
    .catch((err: unknown) => {
      failure = err instanceof Error ? err.message : String(err);
      showFailure();
    });
}
const startProgram = afterFirstHeatmap(loadProgram);
