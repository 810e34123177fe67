// Lesson 1 page: language switch, the exercise's expected output and the
// √d_k variance experiment, both computed live by the WASM engine (the same
// instance the elements on the page share).
import { afterFirstHeatmap, startElements } from './page-elements';
import type { Lesson1Variance } from './engine/py/browser';
import { lesson1RunOffThread, lesson1VarianceOffThread } from './engine/py/lesson-client';
import { currentLang, initLang, initPrint, LANG_EVENT } from './i18n/lang';
import { PAGE_STRINGS } from './i18n/strings';
import { parseSeedInput, varianceCells } from './i18n/lesson1';

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

let ready = false;
let failure: string | null = null;
let pendingSeed: string | null = null;
/** The seed whose numbers the table is waiting for (the latest asked wins). */
let wanted = '0';

function setCell(id: string, value: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  el.textContent = value;
  el.setAttribute('data-value', value);
}

function showVariance(seed: string, v: Lesson1Variance): void {
  if (seed !== wanted) return; // an older request answered after a newer one was made
  for (const [id, text] of varianceCells(v)) setCell(id, text);
  for (const id of ['variance-seed-shown', 'variance-seed-shown-en']) {
    const o = document.getElementById(id);
    if (o) o.textContent = seed;
  }
  table?.setAttribute('aria-busy', 'false');
}

/** The table while a seed's numbers are on their way (its cells keep their width: tabular figures, a min-width in page.css). */
function showComputing(): void {
  table?.setAttribute('aria-busy', 'true');
}

function showFailure(): void {
  if (out && failure !== null) out.textContent = PAGE_STRINGS[currentLang()].engineFailed(failure);
}

function fail(err: unknown): void {
  failure = err instanceof Error ? err.message : String(err);
  showFailure();
  table?.setAttribute('aria-busy', 'false');
}

function askVariance(seed: string): void {
  wanted = seed;
  showComputing();
  lesson1VarianceOffThread(seed).then((v) => showVariance(seed, v), fail);
}

form?.addEventListener('submit', (e) => {
  e.preventDefault();
  const seed = parseSeedInput(seedInput?.value ?? '');
  if (seedError) seedError.textContent = seed === null ? PAGE_STRINGS[currentLang()].badSeed : '';
  seedInput?.setAttribute('aria-invalid', seed === null ? 'true' : 'false');
  if (seed === null) return;
  if (ready) askVariance(seed);
  else {
    pendingSeed = seed; // asked for once the program has run
    wanted = seed;
    showComputing();
    startProgram();
  }
});

document.addEventListener(LANG_EVENT, () => {
  if (!ready && failure === null && out) out.textContent = PAGE_STRINGS[currentLang()].computing;
  showFailure();
  if (seedError?.textContent) seedError.textContent = PAGE_STRINGS[currentLang()].badSeed;
});

if (out) out.textContent = PAGE_STRINGS[currentLang()].computing;

// The lesson's printed program (~31 M normal draws) runs in a Web Worker
// with its own evaluator module (engine/py/lesson-client.ts), started after
// the first heatmap has painted (or after 2 s, or when the learner asks for
// another seed first), so it never competes with the core module the
// heatmaps need first, and never holds the main thread.
function loadProgram(): void {
  lesson1RunOffThread('0')
    .then((run) => {
      ready = true;
      if (out) out.textContent = run.output;
      // the table shows seed 0 from the same run, unless the learner asked for another seed meanwhile
      if (pendingSeed === null || pendingSeed === '0') showVariance('0', run.variance);
      else askVariance(pendingSeed);
    })
    .catch(fail);
}
const startProgram = afterFirstHeatmap(loadProgram);
