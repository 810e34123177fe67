// The Web Worker of the lesson page's printed program and its √d_k form
// (lesson-client.ts starts it): the lesson's program draws ~31 M normals,
// which would hold the page's main thread for hundreds of milliseconds on a
// phone. The worker instantiates attn_py itself (once, shared/load-module.js),
// from the URL the page sends, and answers one request at a time.
import { loadEvaluator } from './evaluator.js';
import type { LessonReply, LessonRequest } from './lesson-protocol';

const scope = self as unknown as {
  postMessage(msg: LessonReply): void;
  addEventListener(type: 'message', fn: (e: MessageEvent<LessonRequest>) => void): void;
};

scope.addEventListener('message', (e) => {
  const req = e.data;
  loadEvaluator({ wasmUrl: new URL(req.wasmUrl) })
    .then((py) => {
      const value = req.kind === 'run' ? py.lesson1Run(req.seed) : py.lesson1Variance(req.seed);
      scope.postMessage({ id: req.id, ok: true, value } as LessonReply);
    })
    .catch((err: unknown) => {
      scope.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    });
});
