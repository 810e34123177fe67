// The lesson pages' one classic script, in <head>: it runs before the body is
// parsed, so the learner's remembered language goes on <html lang> before the
// first paint (initLang, in the page's module script, wires the switch
// later), and the page never shows the other language first.
import { storedLang } from '../i18n/lang';

const stored = storedLang();
if (stored) document.documentElement.setAttribute('lang', stored);
