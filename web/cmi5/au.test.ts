// @vitest-environment happy-dom
// The cmi5 launch parameters and the outbox's stored form. (The AU against an
// LRS: e2e/cmi5.spec.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import { configureStorage } from '../storage/progress';
import { LMS_QUEUE_KEY } from '../storage/local';
import { readLmsQueue, writeLmsQueue } from '../storage/lms-queue';
import { StubStorage } from '../testing/storage';
import { parseLaunch } from './au';

const actor = JSON.stringify({ objectType: 'Agent', account: { homePage: 'https://lms.example.org', name: 'l1' } });

afterEach(() => configureStorage(null));

describe('cmi5 launch', () => {
  it('reads the five parameters in any order; adds the endpoint\'s slash', () => {
    const a = parseLaunch(`?activityId=urn:x:au&registration=r-1&fetch=${encodeURIComponent('https://lms.example.org/f?k=1')}&actor=${encodeURIComponent(actor)}&endpoint=${encodeURIComponent('https://lrs.example.org/xapi')}`);
    expect(a).toMatchObject({ endpoint: 'https://lrs.example.org/xapi/', fetch: 'https://lms.example.org/f?k=1', registration: 'r-1', activityId: 'urn:x:au' });
    expect(a!.actor).toEqual(JSON.parse(actor));
  });

  it('is null without one of them, or with an actor that is not JSON, or an endpoint that is not a URL', () => {
    const all = { endpoint: 'https://lrs.example.org/', fetch: 'https://lms.example.org/f', actor, registration: 'r', activityId: 'urn:x' };
    for (const k of Object.keys(all)) {
      const q = new URLSearchParams(Object.entries(all).filter(([n]) => n !== k));
      expect(parseLaunch(`?${q}`), k).toBeNull();
    }
    expect(parseLaunch(`?${new URLSearchParams({ ...all, actor: '{nope' })}`)).toBeNull();
    expect(parseLaunch(`?${new URLSearchParams({ ...all, endpoint: 'not a url' })}`)).toBeNull();
  });
});

describe('the outbox', () => {
  it('keeps statements in order under a versioned key; anything that does not check out reads as empty', () => {
    const s = new StubStorage();
    configureStorage(() => s);
    expect(readLmsQueue()).toEqual({ items: [], sent: {} });
    writeLmsQueue({ items: [{ endpoint: 'e/', statement: { id: 'a' } }, { endpoint: 'e/', statement: { id: 'b' } }], sent: { r: ['completed'] } });
    expect(JSON.parse(s.getItem(LMS_QUEUE_KEY)!).v).toBe(1);
    expect(readLmsQueue().items.map((i) => i.statement.id)).toEqual(['a', 'b']);
    expect(readLmsQueue().sent).toEqual({ r: ['completed'] });
    s.setItem(LMS_QUEUE_KEY, JSON.stringify({ v: 99, items: [], sent: {} }));
    expect(readLmsQueue()).toEqual({ items: [], sent: {} });
    s.setItem(LMS_QUEUE_KEY, '{broken');
    expect(readLmsQueue()).toEqual({ items: [], sent: {} });
    s.setItem(LMS_QUEUE_KEY, JSON.stringify({ v: 1, items: [{ endpoint: 'e/', statement: { id: 'ok' } }, { endpoint: 3 }, null], sent: { r: ['passed', 7] } }));
    expect(readLmsQueue()).toEqual({ items: [{ endpoint: 'e/', statement: { id: 'ok' } }], sent: { r: ['passed'] } });
  });

  it('without storage the outbox lives in memory for the page', () => {
    configureStorage(() => null);
    writeLmsQueue({ items: [{ endpoint: 'e/', statement: { id: 'm' } }], sent: {} });
    expect(readLmsQueue().items.map((i) => i.statement.id)).toEqual(['m']);
  });
});
