// Pure helpers of <attn-review>: due dates in local time, and the .ics file.
import type { Lang } from '../../shared/element';

const DAY = 86_400_000;
/** Days since the epoch of the calendar date at `ms` in `timeZone` (default: the viewer's). */
function dayNumber(ms: number, timeZone?: string): number {
  if (!timeZone) { const d = new Date(ms); return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY; }
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
  return Date.parse(`${ymd}T00:00:00Z`) / DAY;
}

/** Whole calendar days from `now` to `due` in the viewer's time zone (negative when past). */
export function calendarDays(dueMs: number, nowMs: number, timeZone?: string): number {
  return Math.round(dayNumber(dueMs, timeZone) - dayNumber(nowMs, timeZone));
}

/** "in 2 days, Tue 1 Dec" / "后天，12月1日周二", in the viewer's time zone (or `timeZone`). */
export function formatDue(dueIso: string, lang: Lang, nowMs: number, timeZone?: string): string {
  const due = Date.parse(dueIso);
  const locale = lang === 'en' ? 'en-GB' : 'zh-CN';
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(due);
  const rtf = new Intl.RelativeTimeFormat(lang === 'en' ? 'en' : 'zh-CN', { numeric: 'auto' });
  const rel = rtf.format(calendarDays(due, nowMs, timeZone), 'day');
  return lang === 'en' ? `${rel}, ${date}` : `${rel}，${date}`;
}

/** Full local date and time, for tooltips and the calendar text. */
export function formatDateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'full', timeStyle: 'short' }).format(Date.parse(iso));
}

const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsDate = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Folds a content line at 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let cur = '';
  let len = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (len + n > (out.length ? 74 : 75)) { out.push(cur); cur = ''; len = 0; }
    cur += ch; len += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export interface IcsEvent { uid: string; start: string; minutes: number; summary: string; description: string; stamp: number }

/** An iCalendar file with one event and a reminder at its start, all times in UTC. */
export function buildIcs(e: IcsEvent): string {
  const start = Date.parse(e.start);
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//attention-lab//review//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT', `UID:${e.uid}`, `DTSTAMP:${icsDate(e.stamp)}`, `DTSTART:${icsDate(start)}`,
    `DTEND:${icsDate(start + e.minutes * 60_000)}`, `SUMMARY:${icsText(e.summary)}`, `DESCRIPTION:${icsText(e.description)}`,
    'BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${icsText(e.summary)}`, 'TRIGGER:PT0M', 'END:VALARM',
    'END:VEVENT', 'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
