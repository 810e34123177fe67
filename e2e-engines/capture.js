// Injected first into every page by the cross-engine suite (e2e/server.mjs,
// option inject): records uncaught errors, unhandled rejections, failed
// resource loads, CSP violations and console.error calls in
// self.__attnProblems, since WebKit's WebDriver has no console endpoint.
// A frame also posts what it records to its parent, so a page collects what
// its iframes (even sandboxed ones) ran into. An uncaught error in a Worker
// reaches the page as one; a Worker's console.error is seen in Firefox (its
// console events) but not in WebKit (this script does not run in workers).
// The suite's first check (canary.html) proves each kind is caught.
(() => {
  'use strict';
  const problems = [];
  Object.defineProperty(self, '__attnProblems', { value: problems });
  const where = location.pathname + location.search;
  const push = (kind, text) => {
    const line = `${kind}: ${String(text).slice(0, 400)} [${where}]`;
    problems.push(line);
    if (self.parent !== self) {
      try { self.parent.postMessage({ attnCapture: line }, '*'); } catch { /* ignore */ }
    }
  };
  addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) push('uncaught', `${e.message} (${e.filename}:${e.lineno})`);
    else {
      const t = e.target;
      push('resource', `${t && t.tagName} ${t && (t.src || t.href)}`);
    }
  }, true);
  // (WebKit's and Gecko's stack does not repeat the message: give both)
  const describe = (x) => {
    try {
      return x && x.stack ? `${x}${String(x.stack).startsWith(String(x)) ? '' : `\n${x.stack}`}` : String(x);
    } catch {
      return Object.prototype.toString.call(x);
    }
  };
  addEventListener('unhandledrejection', (e) => push('unhandled rejection', describe(e.reason)));
  addEventListener('securitypolicyviolation', (e) =>
    push('CSP', `${e.effectiveDirective || e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`));
  const original = console.error;
  console.error = function (...args) {
    push('console.error', args.map(describe).join(' '));
    return original.apply(this, args);
  };
  addEventListener('message', (e) => {
    const d = e.data;
    if (d && typeof d === 'object' && typeof d.attnCapture === 'string') {
      problems.push(`(frame) ${d.attnCapture}`);
      if (self.parent !== self) {
        try { self.parent.postMessage(d, '*'); } catch { /* ignore */ }
      }
    }
  });
})();
