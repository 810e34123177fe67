// For the happy-dom unit tests only: <attn-train> with a stand-in training
// loop (the real one runs in e2e/train.spec.ts). `sent` is what the elements
// sent, `reply` answers as the loop would; the page and `sent` are emptied
// after each test.
import { afterEach, beforeAll } from 'vitest';
import type { FromRunner, ToRunner } from '../engine/train-runner/protocol';
import type { AttnTrain } from '../elements/attn-train/attn-train';

export function fakeLoop(): { sent: ToRunner[]; reply: (msg: FromRunner) => void } {
  const sent: ToRunner[] = [];
  let answer: (msg: FromRunner) => void = () => {};
  beforeAll(async () => {
    const { AttnTrain } = await import('../elements/attn-train/attn-train');
    AttnTrain.engine = async () => (listener) => {
      answer = listener;
      return { send: (m: ToRunner) => { sent.push(m); }, close: () => {}, inPage: false };
    };
  });
  afterEach(() => {
    document.body.replaceChildren();
    sent.length = 0;
  });
  return { sent, reply: (msg) => answer(msg) };
}

/** An <attn-train lang="en"> with these attributes, in the page and rendered. */
export async function makeTrain(attrs: Record<string, string> = {}): Promise<AttnTrain> {
  const el = document.createElement('attn-train') as AttnTrain;
  el.setAttribute('lang', 'en');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await el.updateComplete;
  return el;
}
