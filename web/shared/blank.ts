// Numbers not known yet (an element's engine still loading): a blank takes a
// number's room unseen and unread, so the element stands at its final size and
// nothing below it moves when the numbers arrive. The element's stylesheet
// makes `.blank td`, `p.blank` and `span.blank` transparent (BLANK_CSS).

/** As wide as any number the elements print with four decimals, a sign included. */
export const BLANK = '-0.0000';

/** The rule that hides blanks' text while keeping its room. */
export const BLANK_CSS = '.blank td, p.blank, span.blank { color: transparent; }\n';

/** Sets a true/false ARIA state as "true", or takes it away (an empty value would mean false). */
export function ariaFlag(el: Element, name: string, on: boolean): void {
  if (on) el.setAttribute(name, 'true');
  else el.removeAttribute(name);
}

/** Writes `text` into `el`; blank, it takes the text's room unseen and unread. */
export function say(el: HTMLElement, text: string, blank: boolean): void {
  el.textContent = text;
  el.classList.toggle('blank', blank);
  ariaFlag(el, 'aria-hidden', blank);
}
