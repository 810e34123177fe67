// A small LRS for the cmi5 tests, on loopback (127.0.0.1, a free port). It is
// a fixture, but it refuses what a real LRS refuses: a request without
// X-Experience-API-Version (400), bad or missing auth (401), a statement
// xapi-validation rejects (400), a second POST to a fetch URL (cmi5 error 1);
// and it checks the cmi5 rules on every statement (order, once-only,
// masteryScore, registration and session id): a breach is a 400 and recorded.
// `down = true` makes it drop every connection (the network is gone).
// startLrs(files) also starts the LMS's content host on another loopback port
// (`lrs.content`): the package's files under the strict CSP, with the LRS's
// origin in connect-src (what an LMS hosting a cmi5 package must allow).
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import xapiValidation from 'xapi-validation';

// A CommonJS module whose export is `{ default: fn }`.
const validate = xapiValidation.default ?? xapiValidation;

const V = 'http://adlnet.gov/expapi/verbs/';
const CMI5_CAT = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const CMI5_VERBS = ['initialized', 'completed', 'passed', 'failed', 'terminated'].map((v) => V + v);

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', json: 'application/json', wasm: 'application/wasm', svg: 'image/svg+xml', txt: 'text/plain; charset=utf-8', xml: 'application/xml' };

export async function startLrs(files = {}, csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'") {
  const lrs = {
    down: false, port: 0, origin: '',
    statements: [], violations: [], events: [], tokens: new Set(), fetchUsed: new Set(), fetchKeys: new Map(),
    launchData: new Map(), prefs: null, sessions: new Map(), registrations: new Map(),
    /** A launch: a fresh fetch URL, a session id, the LaunchData the LMS would write. */
    launch({ registration = randomUUID(), launchMode = 'Normal', masteryScore = 0.8, returnURL, activityId = 'urn:attention-lab:lesson-01:au', actor } = {}) {
      const session = randomUUID();
      const key = randomUUID();
      lrs.fetchKeys.set(key, session);
      const ctx = { contextActivities: { grouping: [{ objectType: 'Activity', id: 'urn:attention-lab:lesson-01:course' }] }, extensions: { [SESSION]: session } };
      lrs.launchData.set(registration, { contextTemplate: ctx, launchMode, masteryScore, moveOn: 'CompletedOrPassed', ...(returnURL ? { returnURL } : {}) });
      lrs.sessions.set(session, { registration, launchMode, masteryScore, verbs: [] });
      return {
        session, registration, activityId,
        actor: actor ?? { objectType: 'Agent', account: { homePage: 'https://lms.example.org', name: 'learner-1' }, name: 'Learner' },
        endpoint: `${lrs.origin}/xapi/`, fetch: `${lrs.origin}/fetch/${key}`,
      };
    },
    close: () => Promise.all([server, content].map((sv) => new Promise((ok) => { sv.close(ok); sv.closeIdleConnections?.(); }))),
  };
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Experience-API-Version', 'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS' };
  const send = (res, status, body) => {
    res.writeHead(status, { ...cors, 'X-Experience-API-Version': '1.0.3', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) });
    res.end(body !== undefined ? JSON.stringify(body) : undefined);
  };
  const bad = (res, why, st) => { lrs.violations.push(`${why}${st ? ` (${st.verb?.id})` : ''}`); send(res, 400, { error: why }); };

  function checkCmi5(st) {
    const sessionId = st.context?.extensions?.[SESSION];
    const s = lrs.sessions.get(sessionId);
    if (!s) return 'no known session id';
    if (st.context?.registration !== s.registration) return 'registration does not match the launch';
    const verb = st.verb.id;
    const isCmi5 = CMI5_VERBS.includes(verb);
    const cats = (st.context?.contextActivities?.category ?? []).map((c) => c.id);
    if (isCmi5 && !cats.includes(CMI5_CAT)) return 'cmi5 statement without the cmi5 category';
    if (!isCmi5 && cats.includes(CMI5_CAT)) return 'allowed statement with the cmi5 category';
    if (s.verbs.includes(V + 'terminated')) return 'a statement after terminated';
    if (!s.verbs.length && verb !== V + 'initialized') return 'the first statement is not initialized';
    if (verb === V + 'initialized' && s.verbs.length) return 'initialized twice';
    if (s.launchMode !== 'Normal' && ![V + 'initialized', V + 'terminated'].includes(verb)) return `${verb} in ${s.launchMode} mode`;
    const reg = lrs.registrations.get(s.registration) ?? [];
    if (verb === V + 'completed' && reg.includes(verb)) return 'completed twice in a registration';
    if ((verb === V + 'passed' || verb === V + 'failed') && s.verbs.some((v) => v === V + 'passed' || v === V + 'failed')) return 'passed/failed twice in a session';
    if (verb === V + 'passed' && reg.includes(verb)) return 'passed twice in a registration';
    if (verb === V + 'passed' || verb === V + 'failed') {
      const scaled = st.result?.score?.scaled;
      if (typeof scaled !== 'number') return 'no result.score.scaled';
      if (st.context?.extensions?.[MASTERY] !== s.masteryScore) return 'masteryscore extension is not the LMS\'s';
      if (verb === V + 'passed' ? scaled < s.masteryScore : scaled >= s.masteryScore) return `${verb} against masteryScore ${s.masteryScore} with ${scaled}`;
      if (st.result.success !== (verb === V + 'passed')) return 'result.success does not match';
    }
    if ([V + 'completed', V + 'passed', V + 'failed', V + 'terminated'].includes(verb) && !/^P/.test(st.result?.duration ?? '')) return 'no result.duration';
    if (verb === V + 'completed' && st.result?.completion !== true) return 'completed without result.completion';
    s.verbs.push(verb);
    if (verb === V + 'completed' || verb === V + 'passed') lrs.registrations.set(s.registration, [...reg, verb]);
    return null;
  }

  const server = createServer((req, res) => {
    if (lrs.down) { req.socket.destroy(); return; }
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'OPTIONS') { send(res, 204); return; }
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      if (url.pathname.startsWith('/fetch/')) {
        const key = url.pathname.slice('/fetch/'.length);
        lrs.events.push('fetch');
        if (req.method !== 'POST') { send(res, 400, { 'error-code': '3', 'error-text': 'POST only' }); return; }
        if (!lrs.fetchKeys.has(key)) { send(res, 200, { 'error-code': '3', 'error-text': 'unknown fetch URL' }); return; }
        if (lrs.fetchUsed.has(key)) { send(res, 200, { 'error-code': '1', 'error-text': 'already used' }); return; }
        lrs.fetchUsed.add(key);
        const token = Buffer.from(`au:${randomUUID()}`).toString('base64');
        lrs.tokens.add(token);
        send(res, 200, { 'auth-token': token });
        return;
      }
      if (!url.pathname.startsWith('/xapi/')) { send(res, 404); return; }
      if (!req.headers['x-experience-api-version']) { lrs.events.push('no version header'); send(res, 400, { error: 'X-Experience-API-Version is required' }); return; }
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!auth || !lrs.tokens.has(auth)) { lrs.events.push('bad auth'); send(res, 401, { error: 'unauthorized' }); return; }
      const path = url.pathname.slice('/xapi/'.length);
      if (path === 'activities/state' && req.method === 'GET') {
        lrs.events.push(`state ${url.searchParams.get('stateId')}`);
        const d = url.searchParams.get('stateId') === 'LMS.LaunchData' ? lrs.launchData.get(url.searchParams.get('registration')) : undefined;
        if (!d) send(res, 404); else send(res, 200, d);
        return;
      }
      if (path === 'agents/profile' && req.method === 'GET') {
        lrs.events.push(`profile ${url.searchParams.get('profileId')}`);
        if (url.searchParams.get('profileId') === 'cmi5LearnerPreferences' && lrs.prefs) send(res, 200, lrs.prefs); else send(res, 404);
        return;
      }
      if (path === 'statements' && (req.method === 'PUT' || req.method === 'POST')) {
        let st;
        try { st = JSON.parse(raw); } catch { bad(res, 'not JSON'); return; }
        if (Array.isArray(st) || typeof st !== 'object' || st === null) { bad(res, 'one statement expected'); return; }
        const id = url.searchParams.get('statementId') ?? st.id;
        if (req.method === 'PUT' && st.id !== undefined && st.id !== id) { bad(res, 'statementId and id differ', st); return; }
        const known = lrs.statements.find((x) => x.id === id);
        if (known) { send(res, JSON.stringify(known) === JSON.stringify({ ...st, id }) ? 204 : 409); return; }
        let warnings;
        try { warnings = validate({ ...st, id }); } catch (e) { warnings = [{ path: [], name: String(e?.message ?? e) }]; }
        if (warnings.length) { bad(res, `xapi-validation: ${warnings.map((w) => `${w.path.join('.')} ${w.name}`).join('; ').slice(0, 400)}`, st); return; }
        const why = checkCmi5(st);
        if (why) { bad(res, why, st); return; }
        lrs.statements.push({ ...st, id });
        lrs.events.push(`statement ${st.verb.id.split('/').pop()}`);
        send(res, 204);
        return;
      }
      send(res, 405);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  lrs.port = server.address().port;
  lrs.origin = `http://127.0.0.1:${lrs.port}`;
  const content = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).slice(1);
    const body = path === 'done.html' ? Buffer.from('<!doctype html><title>LMS</title><h1>Back in the LMS</h1>') : files[path];
    const headers = { 'Content-Security-Policy': `${csp}; connect-src 'self' ${lrs.origin}`, 'Cache-Control': 'no-store' };
    if (!body) { res.writeHead(404, headers).end('not found'); return; }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[path.split('.').pop()] ?? 'application/octet-stream' }).end(Buffer.from(body));
  });
  await new Promise((ok) => content.listen(0, '127.0.0.1', ok));
  lrs.content = `http://127.0.0.1:${content.address().port}/`;
  return lrs;
}
