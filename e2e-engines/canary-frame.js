// An uncaught error in a frame: its capture.js posts it to the page.
setTimeout(() => { throw new Error('canary frame'); }, 0);
