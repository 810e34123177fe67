// The canary page's script (see canary.html and the first check in
// checks.mjs): each line is a problem the suite must catch in every engine.
console.error('canary console.error');
setTimeout(() => { throw new Error('canary uncaught'); }, 0);
Promise.reject(new Error('canary rejection'));
new Worker('/__engines/canary-worker.js');
