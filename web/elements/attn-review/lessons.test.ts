import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSONS, lessonName } from './lessons';

const root = resolve(__dirname, '../../..');

describe('lesson names', () => {
  it('are the names the question banks give (so a reminder and the quiz agree)', () => {
    for (const [id, info] of Object.entries(LESSONS)) {
      const bank = JSON.parse(readFileSync(resolve(root, `public/banks/${id}.json`), 'utf8'));
      expect(info.name, id).toEqual(bank.lesson);
      const page = readFileSync(resolve(root, 'web', info.page), 'utf8');
      expect(page, `${info.page} has the review section`).toContain(`id="${info.reviewAnchor}"`);
      expect(page, `${info.page} has the lesson's review`).toContain(`<attn-review id="review-widget" lesson="${id}"`);
    }
  });

  it('fall back to the id for a lesson the site does not know', () => {
    expect(lessonName('lesson-01', 'en')).toBe('Lesson 1: scaled dot-product attention');
    expect(lessonName('my-course-3', 'zh-CN')).toBe('my-course-3');
  });
});
