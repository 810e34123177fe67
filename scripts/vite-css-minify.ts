import type { Plugin } from 'vite';

/**
 * The elements' stylesheets are CSS text in template literals
 * (web/elements/<name>/styles.ts, web/shared/theme.ts), adopted as
 * constructable sheets. The JS minifier keeps a template's text as it is,
 * so this plugin minifies the CSS inside those literals at build time:
 * comments out, whitespace runs collapsed, no spaces around { } ; , > or
 * after a colon, none before !important. Quoted strings (a `content` value)
 * are kept exactly. `${…}` interpolations are kept as they are (they hold
 * more CSS from theme.ts, minified the same way when theme.ts is built).
 */
export function minifyCss(css: string, afterInterpolation = false, beforeInterpolation = false): string {
  // Strings and the CSS between them; only the CSS is touched.
  const out = css.replace(/\/\*[\s\S]*?\*\//g, '').split(/('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/).map((part, i) => (i % 2 ? part : part
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/: /g, ':')
    .replace(/ !important/g, '!important')
    .replace(/;}/g, '}'))).join('');
  // Whitespace left at an end that touches an interpolation is kept (one
  // space) unless the neighbour in this text is punctuation.
  let r = out;
  if (!afterInterpolation || /^ [{};]/.test(r)) r = r.replace(/^ /, '');
  if (!beforeInterpolation || /[{};] $/.test(r)) r = r.replace(/ $/, '');
  return r;
}

export function minifyCssTemplates(code: string): string {
  return code.replace(/`([^`]*)`/g, (_m, body: string) => {
    const parts = body.split(/(\$\{[^}]*\})/);
    const last = parts.length - 1;
    return '`' + parts.map((p, i) => (i % 2 === 1 ? p : minifyCss(p, i > 0, i < last))).join('') + '`';
  });
}

const STYLE_FILE = /\/web\/(elements\/[^/]+\/styles|shared\/theme)\.ts$/;

export function cssTemplateMinify(): Plugin {
  return {
    name: 'attention-lab:css-template-minify',
    apply: 'build',
    transform(code, id) {
      if (!STYLE_FILE.test(id.split('?')[0]!)) return null;
      return { code: minifyCssTemplates(code), map: null };
    },
  };
}
