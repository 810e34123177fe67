import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, displayWidth, isSafeHref, lengthTells, lengthWarnings, parseBank, validateBank, type BankResult } from './bank';
import { STRINGS } from './i18n';

const root = resolve(__dirname, '../../..');

function goodBank(): any {
  return {
    id: 'demo',
    version: 1,
    lesson: { 'zh-CN': '演示', en: 'Demo' },
    questions: [
      {
        id: 'q1', section: '1', sectionHref: '#one',
        prompt: { 'zh-CN': '一？', en: 'One?' },
        options: [{ 'zh-CN': '甲', en: 'A' }, { 'zh-CN': '乙', en: 'B' }, { 'zh-CN': '丙', en: 'C' }, { 'zh-CN': '丁', en: 'D' }],
        answer: 1,
        explanation: { 'zh-CN': '因为。', en: 'Because.' },
      },
      {
        id: 'q2', section: '2',
        prompt: { 'zh-CN': '二？', en: 'Two?' },
        options: [{ 'zh-CN': '对', en: 'Yes' }, { 'zh-CN': '错', en: 'No' }],
        answer: 0,
        explanation: { 'zh-CN': '就是这样。', en: 'Just so.' },
      },
    ],
    open: [{ id: 'o1', prompt: { 'zh-CN': '说说看', en: 'Explain' }, model: { 'zh-CN': '参考', en: 'Model' } }],
  };
}

function issues(r: BankResult): string[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues.map((i) => i.message);
}

describe('bank validation', () => {
  it('accepts a well-formed bank and keeps its content', () => {
    const r = validateBank(goodBank());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.bank.id).toBe('demo');
    expect(r.bank.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(r.bank.questions[0]!.sectionHref).toBe('#one');
    expect(r.bank.open[0]!.model.en).toBe('Model');
  });

  it('open prompts are optional', () => {
    const b = goodBank();
    delete b.open;
    const r = validateBank(b);
    expect(r.ok && r.bank.open).toEqual([]);
  });

  it('reports malformed JSON', () => {
    const r = parseBank('{"id": "demo", "questions": [');
    expect(issues(r)[0]).toMatch(/^not valid JSON/);
    expect(!r.ok && r.issues[0]!.code).toBe('json');
  });

  it('reports a non-object top level', () => {
    expect(issues(parseBank('[1,2]'))[0]).toBe('must be a JSON object, got an array');
  });

  it('reports each missing field with its path', () => {
    const b = goodBank();
    delete b.version;
    delete b.questions[0].prompt;
    delete b.questions[1].explanation.en;
    delete b.questions[1].answer;
    expect(issues(validateBank(b))).toEqual([
      'version: is required',
      'questions[0].prompt: is required (id "q1")',
      'questions[1].answer: is required (id "q2")',
      'questions[1].explanation.en: is required (id "q2")',
    ]);
  });

  it('reports an answer index out of range, naming the valid range', () => {
    const b = goodBank();
    b.questions[0].answer = 7;
    expect(issues(validateBank(b))).toEqual(['questions[0].answer: must be an index into options (0–3), got 7 (id \"q1\")']);
    b.questions[0].answer = -1;
    expect(issues(validateBank(b))).toEqual(['questions[0].answer: must be an index into options (0–3), got -1 (id \"q1\")']);
    b.questions[0].answer = 1.5;
    expect(issues(validateBank(b))).toEqual(['questions[0].answer: must be an integer, got 1.5 (id \"q1\")']);
    b.questions[0].answer = '1';
    expect(issues(validateBank(b))).toEqual(['questions[0].answer: must be an integer, got "1" (id \"q1\")']);
  });

  it('reports duplicate ids across questions and open prompts', () => {
    const b = goodBank();
    b.questions[1].id = 'q1';
    b.open[0].id = 'q1';
    expect(issues(validateBank(b))).toEqual([
      'questions[1].id: duplicate id "q1" (first used at questions[0]) (id "q1")',
      'open[0].id: duplicate id "q1" (first used at questions[0]) (id "q1")',
    ]);
  });

  it('reports duplicate option texts and too few or too many options', () => {
    const b = goodBank();
    b.questions[0].options[2] = { 'zh-CN': '甲', en: 'Other' };
    expect(issues(validateBank(b))).toEqual(['questions[0].options[2]: same text as option 0 in zh-CN (id "q1")']);
    b.questions[0].options = [{ 'zh-CN': '唯一', en: 'Only' }];
    b.questions[0].answer = 0;
    expect(issues(validateBank(b))).toEqual(['questions[0].options: at least 2 entries, got 1 (id "q1")']);
    b.questions[0].options = Array.from({ length: 9 }, (_, i) => ({ 'zh-CN': `选${i}`, en: `o${i}` }));
    expect(issues(validateBank(b))[0]).toBe('questions[0].options: at most 8 entries, got 9 (id "q1")');
  });

  it('reports wrong types, empty strings, bad ids and unknown fields', () => {
    const b = goodBank();
    b.id = 'Demo Bank';
    b.version = 0;
    b.lesson = 'x';
    b.questions[0].prompt.en = '   ';
    b.questions[0].explaination = 'typo';
    b.questions[1].id = 'has space';
    expect(issues(validateBank(b))).toEqual([
      'id: must match /^[a-z0-9-]{1,64}$/, got "Demo Bank"',
      'version: must be a positive integer, got 0',
      'lesson: must be an object with "zh-CN" and "en" texts, got "x"',
      'questions[0]: unknown field "explaination" (id "q1")',
      'questions[0].prompt.en: must not be empty (id "q1")',
      'questions[1].id: must match /^[A-Za-z0-9_-]{1,64}$/, got "has space"',
    ]);
  });

  it('refuses links with a script scheme or hidden characters', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:x', 'data:text/html,<b>', 'vbscript:x', '\\\\evil']) {
      expect(isSafeHref(bad), bad).toBe(false);
    }
    for (const good of ['#mask', 'lesson.html#mask', '/index.html#s3', 'https://example.org/a#b', '../x?y=1']) {
      expect(isSafeHref(good), good).toBe(true);
    }
    const b = goodBank();
    b.questions[0].sectionHref = 'javascript:alert(1)';
    expect(issues(validateBank(b))).toEqual(['questions[0].sectionHref: must be a relative link or an http(s) URL, got "javascript:alert(1)" (id "q1")']);
  });

  it('keeps HTML in text as plain data (validation does not strip or reject it)', () => {
    const b = goodBank();
    b.questions[0].prompt.en = '<img src=x onerror="alert(1)">';
    const r = validateBank(b);
    expect(r.ok && r.bank.questions[0]!.prompt.en).toBe('<img src=x onerror="alert(1)">');
  });

  it('rejects 10,000 questions with a specific error', () => {
    const q = goodBank().questions[0];
    const b = goodBank();
    b.questions = Array.from({ length: 10_000 }, (_, i) => ({ ...q, id: `q${i}` }));
    const text = JSON.stringify(b);
    const r = parseBank(text);
    expect(issues(r)).toEqual([`questions: at most ${LIMITS.maxQuestions} entries, got 10000`]);
  });

  it('rejects 1 MB strings with a specific error', () => {
    const b = goodBank();
    b.questions[0].prompt.en = 'x'.repeat(1 << 20);
    b.questions[1].explanation['zh-CN'] = '长'.repeat(1 << 20);
    const r = parseBank(JSON.stringify(b));
    expect(issues(r)).toEqual([
      'questions[0].prompt.en: at most 2000 characters, got 1048576 (id "q1")',
      'questions[1].explanation.zh-CN: at most 2000 characters, got 1048576 (id "q2")',
    ]);
  });

  it('refuses oversized text before parsing it', () => {
    const r = parseBank(' '.repeat(LIMITS.maxChars + 1));
    expect(!r.ok && r.issues[0]!.code).toBe('too-large');
  });

  it('stops after a bounded number of issues', () => {
    const b = goodBank();
    b.questions = Array.from({ length: 150 }, () => ({}));
    const r = validateBank(b);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(LIMITS.maxIssues);
    expect(r.truncated).toBe(true);
  });

  it('translates every issue for the Chinese UI', () => {
    const b = goodBank();
    b.questions[0].answer = 7;
    const r = validateBank(b);
    expect(!r.ok && STRINGS['zh-CN'].issue(r.issues[0]!)).toBe('questions[0].answer: 必须是 options 的下标（0–3），实际是 7（id "q1"）');
  });
});

describe('issues name the item, not only its index', () => {
  it('ends every issue inside a question or open prompt with its id', () => {
    const b = goodBank();
    b.questions[1].answer = 5;
    b.open[0].model = { en: 'only English' };
    const r = validateBank(b);
    expect(!r.ok && r.issues.map((i) => [i.path, i.itemId])).toEqual([
      ['questions[1].answer', 'q2'],
      ['open[0].model.zh-CN', 'o1'],
    ]);
    expect(issues(r)[0]).toBe('questions[1].answer: must be an index into options (0–1), got 5 (id "q2")');
    expect(!r.ok && STRINGS.en.issue(r.issues[1]!)).toBe('open[0].model.zh-CN: is required (id "o1")');
    expect(!r.ok && STRINGS['zh-CN'].issue(r.issues[1]!)).toBe('open[0].model.zh-CN: 缺少这一项（id "o1"）');
  });

  it('says nothing of an id that is itself missing or unusable', () => {
    const b = goodBank();
    b.questions[0].id = 'has space';
    delete b.questions[1].id;
    expect(issues(validateBank(b))).toEqual([
      'questions[0].id: must match /^[A-Za-z0-9_-]{1,64}$/, got "has space"',
      'questions[1].id: is required',
    ]);
  });
});

describe('answers given away by their length', () => {
  /** Four options; the right one (index `answer`) has `rightLen` characters, the others 10, 11, 12. */
  function q(id: string, answer: number, rightLen: number) {
    const others = [10, 11, 12];
    const options = Array.from({ length: 4 }, (_, i) => {
      const n = i === answer ? rightLen : others.shift()!;
      return { 'zh-CN': '字'.repeat(n), en: `${i}${'x'.repeat(n)}` };
    });
    return { id, section: '1', prompt: { 'zh-CN': '问', en: 'Q' }, options, answer, explanation: { 'zh-CN': '解', en: 'E' } };
  }

  it('measures CJK characters as two columns, like the screen', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('注意力')).toBe(6);
    expect(displayWidth(' (4, 16)：形状 ')).toBe(13);
  });

  it('counts, per language, the questions whose right option is strictly longest or shortest', () => {
    const bank = { questions: [q('a', 0, 30), q('b', 1, 30), q('c', 2, 5), q('d', 3, 12)] };
    const [zh, en] = lengthTells(bank);
    expect(zh).toMatchObject({ lang: 'zh-CN', total: 4, expected: 1, longest: ['a', 'b'], shortest: ['c'] });
    // 'd' ties with another option: not strictly the longest.
    expect(en).toMatchObject({ lang: 'en', longest: ['a', 'b'], shortest: ['c'] });
  });

  it('warns an author above chance and stays quiet at or below it', () => {
    const giveaway = { questions: [q('a', 0, 30), q('b', 1, 30), q('c', 2, 30), q('d', 3, 30)] };
    const w = lengthWarnings(giveaway);
    expect(w.map((x) => [x.code, x.lang, x.count, x.total, x.expected])).toEqual([
      ['longest-answer', 'zh-CN', 4, 4, 1], ['longest-answer', 'en', 4, 4, 1],
    ]);
    expect(w[1]!.message).toBe('en: the right answer is the longest option in 4 of 4 questions (chance: 1), so it can be guessed from its length: a, b, c, d');
    expect(lengthWarnings({ questions: [q('a', 0, 30), q('b', 1, 11), q('c', 2, 12), q('d', 3, 10)] })).toEqual([]);
    // validateBank hands the warnings out with the bank.
    const bank = goodBank();
    bank.questions = giveaway.questions;
    const r = validateBank(bank);
    expect(r.ok && r.warnings.length).toBe(2);
  });
});

describe('the shipped banks', () => {
  // Picking the longest (or the shortest) option must not beat guessing: in each
  // bank and language, at most chance (a quarter of the questions with four options).
  for (const name of ['lesson-01', 'reading-01', 'block-01']) {
    it(`${name}.json: no option stands out by its length more often than chance`, () => {
      const r = parseBank(readFileSync(resolve(root, `public/banks/${name}.json`), 'utf8'));
      if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
      for (const t of lengthTells(r.bank)) {
        expect(t.longest.length, `${t.lang} longest: ${t.longest.join(', ')}`).toBeLessThanOrEqual(t.expected);
        expect(t.shortest.length, `${t.lang} shortest: ${t.shortest.join(', ')}`).toBeLessThanOrEqual(t.expected);
      }
      expect(r.warnings).toEqual([]);
    });
  }

  it('block-01.json: the longest option is the right one at most twice in each language', () => {
    const r = parseBank(readFileSync(resolve(root, 'public/banks/block-01.json'), 'utf8'));
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    for (const t of lengthTells(r.bank)) expect(t.longest.length, `${t.lang}: ${t.longest.join(', ')}`).toBeLessThanOrEqual(2);
    for (const q of [...r.bank.questions, ...r.bank.open]) expect(q.sectionHref, q.id).toMatch(/^#block-[a-z]+$/);
  });

  it('reading-01.json keeps the note\'s seven "why" questions as open prompts, each linked to its section', () => {
    const r = parseBank(readFileSync(resolve(root, 'public/banks/reading-01.json'), 'utf8'));
    if (!r.ok) throw new Error('invalid');
    expect(r.bank.open).toHaveLength(7);
    for (const p of r.bank.open) expect(p.sectionHref, p.id).toMatch(/^#note-[a-z]+$/);
  });

  for (const [name, minQuestions, minOpen] of [['lesson-01', 10, 2], ['reading-01', 8, 7], ['block-01', 12, 6]] as const) {
    it(`${name}.json is valid and big enough`, () => {
      const r = parseBank(readFileSync(resolve(root, `public/banks/${name}.json`), 'utf8'));
      if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
      expect(r.bank.id).toBe(name);
      expect(r.bank.questions.length).toBeGreaterThanOrEqual(minQuestions);
      expect(r.bank.open.length).toBeGreaterThanOrEqual(minOpen);
      for (const q of r.bank.questions) expect(q.sectionHref, q.id).toMatch(/^#[a-z0-9-]+$/);
      // The right answer is not always in the same slot of the source file.
      expect(new Set(r.bank.questions.map((q) => q.answer)).size).toBeGreaterThanOrEqual(3);
    });
  }
});
