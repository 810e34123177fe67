// An error in a Web Worker reaches the page as one (the Worker's error event, not cancelled).
setTimeout(() => { throw new Error('canary worker'); }, 0);
