// @vitest-environment happy-dom
// <attn-exercise> with the real WASM engine: verdict reasons in the learner's
// language, the whole program listed, "Copy program" (clipboard, or a selected
// text box where there is none), and the differing lines marked with ≠.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../engine/py/browser', async () => {
  const { loadEvaluator } = await import('../../engine/py/evaluator.js');
  // (the repository root is the working directory; import.meta.url is not a file: URL under happy-dom)
  const wasmBinary = readFileSync(`${process.cwd()}/web/generated/attn_py.wasm`);
  return { getEvaluator: () => loadEvaluator({ wasmBinary }) };
});

const { AttnExercise, REFERENCE } = await import('./attn-exercise');
const { fullProgram } = await import('./program');
type El = InstanceType<typeof AttnExercise>;


async function mount(attrs: Record<string, string>): Promise<El> {
  const el = document.createElement('attn-exercise') as El;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const q = <T extends Element = HTMLElement>(el: El, sel: string) => el.shadowRoot!.querySelector(sel) as T;
function type(el: El, lines: string[]) {
  el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[data-todo]').forEach((i, k) => { i.value = lines[k]; });
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('<attn-exercise>', () => {
  it('words a wrong line\'s reason in Chinese for zh-CN and in English for en', async () => {
    for (const [lang, want, not] of [
      ['zh-CN', '除的是 d_k 而不是 √d_k', 'divides by d_k'],
      ['en', 'divides by d_k instead of √d_k', '除的是'],
    ] as const) {
      const el = await mount({ lang, seed: '0' });
      type(el, ['scores = Q @ K.swapaxes(-2, -1) / d_k', REFERENCE[1], REFERENCE[2]]);
      const r = await el.run(false);
      expect(r!.todos[0]).toMatchObject({ correct: false, code: 'div_dk' });
      expect(r!.todos[0].reason).toContain('divides by d_k instead of √d_k');   // the event keeps the English text
      const li = q(el, 'li[data-todo="1"]');
      expect(li.dataset.correct).toBe('false');
      expect(li.textContent).toContain(want);
      expect(li.textContent).not.toContain(not);
      el.remove();
    }
  });

  it('says calmly, in Chinese, what the checker cannot run, with no English construct text', async () => {
    for (const [k, line, english, zh] of [
      [0, 'scores = Q @ K.T / np.sqrt(d_k) + np.zeros((2000, 2000)).sum()', 'arrays of more than 1000000 elements', '超过 1000000 个元素的数组'],
      [0, 'scores = (lambda a: a @ K.T / np.sqrt(d_k))(Q)', "'lambda' expressions", '“lambda”表达式'],
      [2, 'weights = np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True, dtype=float)',
        'the dtype and out arguments of .sum()', '.sum() 的 dtype 和 out 参数'],
    ] as const) {
      const el = await mount({ lang: 'zh-CN', seed: '0' });
      const lines: string[] = [...REFERENCE];
      lines[k] = line;
      type(el, lines);
      const r = await el.run(false);
      expect(r!.todos[k], line).toMatchObject({ correct: false, code: 'unsupported' });
      expect(r!.todos[k].params.construct).toBe(english);   // the event keeps the English wording
      const li = q(el, `li[data-todo="${k + 1}"]`);
      expect(li.textContent, line).toContain(zh);
      expect(li.textContent, line).toContain('可能是对的');
      expect(li.textContent, line).not.toContain(english);
      for (const w of ['arrays', 'elements', 'expressions', 'arguments', 'unsupported']) expect(li.textContent, line).not.toContain(w);
      el.remove();
    }
  });

  it('keeps Python\'s error line as Python prints it, after a Chinese lead-in', async () => {
    const el = await mount({ lang: 'zh-CN' });
    type(el, [REFERENCE[0], REFERENCE[1], 'weights = softmax(x)']);
    const r = await el.run(false);
    expect(r!.todos[2].code).toBe('error');
    expect(q(el, 'li[data-todo="3"]').textContent).toContain("运行时 Python 报错：NameError: name 'x' is not defined");
  });

  it('the lesson\'s 2-D answer is simply correct; the batched remark is a tip in the page\'s language', async () => {
    const el = await mount({ lang: 'zh-CN' });
    type(el, ['Q @ K.T / np.sqrt(d_k)', REFERENCE[1], REFERENCE[2]]);
    const r = await el.run(false);
    expect(r!.todos[0]).toMatchObject({ correct: true, code: 'batched_transpose' });
    expect(r!.todos[0].inner).toBeUndefined();
    const text = q(el, 'li[data-todo="1"]').textContent!;
    expect(text).toContain('✓');
    expect(text).toContain('提示：如果输入是批量的 (B, H, T, d) 数组');
    expect(text).not.toMatch(/ValueError|size 3 is different/);
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(q(el, 'li[data-todo="1"]').textContent).toContain('K.T reverses all four axes');
  });

  it('says "not checked", calmly, for a line the checker cannot run', async () => {
    const el = await mount({ lang: 'zh-CN' });
    type(el, ['np.divide(Q @ K.T, np.sqrt(d_k))', REFERENCE[1], REFERENCE[2]]);
    const r = await el.run(false);
    expect(r!.todos[0].code).toBe('unsupported');
    const li = q(el, 'li[data-todo="1"]');
    expect(li.getAttribute('data-verdict')).toBe('unsupported');
    expect(li.textContent).toContain('未检查');
    expect(li.textContent).toContain('np.divide');
    expect(li.textContent).not.toContain('✗');
  });

  it('lists the whole program, with the element\'s seed, as read-only code', async () => {
    const el = await mount({ lang: 'en', seed: '7' });
    const tail = q(el, '.prog pre.tail').textContent!;
    expect(tail).toContain('rng = np.random.default_rng(7)');
    expect(tail).toContain('T, d_model, d_k, d_v = 4, 8, 16, 16');
    expect(tail).toContain('print("causal weights:\\n", w.round(2))');
    expect(tail).toContain('for d in (16, 512):');
    expect(tail).toContain('print("avg max weight  unscaled:"');
    expect(tail).not.toContain('print(...)');
    expect(el.shadowRoot!.querySelectorAll('.prog input')).toHaveLength(3);
  });

  it('"Copy program" copies the whole program with the typed lines', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const el = await mount({ lang: 'zh-CN', seed: '3' });
    const lines = ['Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', REFERENCE[1], 'softmax(scores)'];
    type(el, lines);
    q<HTMLButtonElement>(el, 'button.copy').click();
    await el.updateComplete;
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0][0];
    expect(copied).toBe(fullProgram('3', lines, 'zh-CN'));
    expect(copied).toContain('    scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)\n');
    expect(copied).toContain('    weights = softmax(scores)\n');
    expect(copied).toContain('rng = np.random.default_rng(3)');
    expect(q(el, '.copy-status').textContent).toContain('已复制');
    expect(q(el, 'textarea.copy-text')).toBeNull();
  });

  it('without a clipboard, shows the program selected in a read-only text box', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const el = await mount({ lang: 'en' });
    type(el, [...REFERENCE]);
    expect(await el.copyProgram()).toBe(false);
    const area = q<HTMLTextAreaElement>(el, 'textarea.copy-text');
    expect(area.readOnly).toBe(true);
    expect(area.value).toBe(fullProgram('0', REFERENCE, 'en'));
    expect(area.selectionStart).toBe(0);
    expect(area.selectionEnd).toBe(area.value.length);
    expect(q(el, '.copy-status').textContent).toContain('Ctrl+C');
  });

  it('marks the differing lines with ≠ in both panes, not by colour alone', async () => {
    const el = await mount({ lang: 'en' });
    type(el, [REFERENCE[0], REFERENCE[1], 'np.exp(scores)']);
    await el.run(false);
    const got = el.shadowRoot!.querySelectorAll('pre.got span.d');
    expect(got.length).toBeGreaterThan(0);
    expect(el.shadowRoot!.querySelectorAll('pre.want span.d').length).toBe(got.length);
    expect(got[0].getAttribute('title')).toBe('differs from the expected output');
    expect(q(el, 'p.summary').textContent).toContain('≠');
    const css = (el.shadowRoot!.adoptedStyleSheets ?? []).flatMap((s) => Array.from(s.cssRules, (r) => r.cssText)).join('\n');
    if (css) expect(css).toMatch(/\.ln\.d::before\s*\{\s*content:\s*["']≠ ["']/);
  });
});

describe('<attn-exercise> bad input', () => {
  it('names a bad seed in a visible message and keeps the last valid seed', async () => {
    const el = await mount({ lang: 'en', seed: '7' });
    expect(el.seed).toBe('7');
    expect(q(el, '[role="alert"]')).toBeNull();
    for (const bad of ['-1', '1.5', 'abc', '18446744073709551616', '']) {
      el.setAttribute('seed', bad);
      await el.updateComplete;
      expect(el.seed).toBe('7');
      expect(q(el, '[role="alert"]').textContent).toContain(`The seed attribute must be an integer from 0 to 2^64−1; got "${bad}". Still using seed 7.`);
    }
    el.setAttribute('seed', '18446744073709551615');
    await el.updateComplete;
    expect(el.seed).toBe('18446744073709551615');
    expect(q(el, '[role="alert"]')).toBeNull();
  });

  it('reports an over-long line as too long, in the page language, without running it', async () => {
    for (const [lang, want] of [['en', 'TODO 2 is too long: at most 2000 characters per line, got 2001. Nothing was run.'],
      ['zh-CN', 'TODO 2 太长了：每行最多 2000 个字符，这里有 2001 个。没有运行。']] as const) {
      const el = await mount({ lang });
      type(el, [REFERENCE[0], 'x'.repeat(2001), REFERENCE[2]]);
      const ran = vi.fn();
      el.addEventListener('attn-exercise-run', ran);
      expect(await el.run()).toBeNull();
      expect(ran).not.toHaveBeenCalled();
      expect(q(el, '.result').textContent).toBe(want);
      el.remove();
    }
  });
});
