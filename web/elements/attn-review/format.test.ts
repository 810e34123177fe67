import { describe, expect, it } from 'vitest';
import { buildIcs, calendarDays, formatDue } from './format';
import { recallFor } from './recall';


describe('formatDue', () => {
  it('shows relative days and the local date', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(formatDue('2026-12-01T10:00:00Z', 'en', now)).toMatch(/^in 2 days, Tue 1 Dec$/);
    expect(formatDue('2026-11-30T09:00:00Z', 'en', now)).toMatch(/^tomorrow, Mon 30 Nov$/);
    const zh = formatDue('2026-12-01T10:00:00Z', 'zh-CN', now);
    expect(zh).toContain('12月1日');
    expect(zh).toContain('周二');
    expect(zh).toContain('后天');
  });

  it('shows UTC times in the local time zone', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');          // 18:00 on Sun 29 Nov in Shanghai, 02:00 in Los Angeles
    expect(formatDue('2026-11-30T20:00:00Z', 'en', now, 'Asia/Shanghai')).toBe('in 2 days, Tue 1 Dec');   // 04:00 on 1 Dec there
    expect(formatDue('2026-11-30T20:00:00Z', 'en', now, 'America/Los_Angeles')).toBe('tomorrow, Mon 30 Nov');
    expect(calendarDays(Date.parse('2026-11-29T23:30:00Z'), now, 'Asia/Shanghai')).toBe(1);
    expect(calendarDays(Date.parse('2026-11-29T23:30:00Z'), now, 'UTC')).toBe(0);
  });

  it('counts calendar days, not 24-hour blocks', () => {
    const now = new Date(2026, 10, 29, 23, 30).getTime();
    expect(calendarDays(new Date(2026, 10, 30, 0, 30).getTime(), now)).toBe(1);
    expect(calendarDays(new Date(2026, 10, 29, 0, 0).getTime(), now)).toBe(0);
    expect(calendarDays(new Date(2026, 10, 27, 12, 0).getTime(), now)).toBe(-2);
  });
});

describe('buildIcs', () => {
  const ics = buildIcs({
    uid: 'lesson-01-x@attention-lab', start: '2026-12-01T10:00:00.000Z', minutes: 30, stamp: Date.parse('2026-11-29T10:00:00Z'),
    summary: 'Review lesson-01; now, please', description: 'Line one\nline two — 复习 ' + '很长的说明'.repeat(20),
  });
  const lines = ics.split('\r\n');

  it('is a VCALENDAR with one UTC event and a reminder', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(lines).toContain('DTSTART:20261201T100000Z');
    expect(lines).toContain('DTEND:20261201T103000Z');
    expect(lines).toContain('DTSTAMP:20261129T100000Z');
    expect(lines).toContain('SUMMARY:Review lesson-01\\; now\\, please');
    expect(lines.filter((l) => l === 'BEGIN:VALARM')).toHaveLength(1);
  });

  it('escapes newlines and folds lines at 75 octets', () => {
    const enc = new TextEncoder();
    for (const l of lines) expect(enc.encode(l).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nline two — 复习 ' + '很长的说明'.repeat(20));
  });
});

describe('recall spec', () => {
  it('has the three lesson-01 lines and nothing for unknown or prototype keys', () => {
    expect(recallFor('lesson-01')!.answers).toHaveLength(3);
    expect(recallFor('lesson-01')!.prompts).toHaveLength(3);
    expect(recallFor('lesson-99')).toBeNull();
    expect(recallFor('constructor')).toBeNull();
  });
});
