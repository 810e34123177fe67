// Which elements are far from the viewport: more than a screen above or
// below it, as one IntersectionObserver last reported. The base element
// (element.ts) renders a far element in a task after a frame (in slices,
// as the frame's renders are), instead of inside the frame: its script and
// the layout it causes are then two tasks, not one, and the frame that shows
// what the learner is looking at carries only the widgets near it. A far
// element brought near renders in the next frame.
// An element no report has reached yet (no observer in this environment, or
// the first report not in) counts as near: it renders in the next frame, as
// every element did before. So the pages start watching their elements before
// the elements' code arrives (web/pages/page-elements.ts, the autoloader).

/** The margin around the viewport within which an element counts as near: one screen above and below. */
export const NEAR_MARGIN = '100% 0px';

const far = new WeakSet<Element>();
let observer: IntersectionObserver | null = null;
let nearAgain: (el: Element) => void = () => undefined;

/** Called with each far element reported near again (element.ts moves its queued render into the next frame). */
export function onNearAgain(fn: (el: Element) => void): void {
  nearAgain = fn;
}

/** Starts watching `els` (again is harmless). Without IntersectionObserver, does nothing: every element stays near. */
export function watchNearness(els: Iterable<Element>): void {
  if (typeof IntersectionObserver !== 'function') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) far.add(e.target);
      else if (far.delete(e.target)) nearAgain(e.target);
    }
  }, { rootMargin: NEAR_MARGIN });
  for (const el of els) observer.observe(el);
}

/** True once the observer has reported `el` outside the margin (and not back inside since). */
export function isFar(el: Element): boolean {
  return far.has(el);
}
