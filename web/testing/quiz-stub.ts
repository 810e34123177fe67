// For the happy-dom unit tests only: a stand-in <attn-quiz> registered before
// the real one loads, so the review session can be driven by dispatching
// `attn-quiz-complete` (the real quiz is exercised in the Playwright spec).
export class QuizStub extends HTMLElement {}
if (!customElements.get('attn-quiz')) customElements.define('attn-quiz', QuizStub);
