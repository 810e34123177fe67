// embed.html?w=heatmap&dk=16&causal=1&lang=en — one element per frame, for
// hosts that only allow iframes. This is the loader embed.html runs
// (dist/embed.js, a few KB): it picks the widget named by ?w= from the
// table in embed/widgets.ts and adds, as classic scripts that run in order,
// the engine payloads that widget needs (for the core engine, only the build
// this browser runs: SIMD or scalar) and the widget's own script
// (dist/embed-<w>.js, see embed/mount.ts). So a heatmap frame fetches the
// heatmap and the core engine, never the quiz, the banks or the evaluator.
//
// Why classic scripts and not import(): in a sandboxed frame
// (sandbox="allow-scripts") the origin is opaque, so a module script, a
// fetch of a .wasm or a bank is a CORS request that an ordinary static host
// refuses; a classic <script src> is not.
import '../styles/page.css';
import '../styles/embed.css';
import { simdSupported } from '../engine/shared/simd.js';
import { normaliseLang, type Lang } from '../shared/lang';
import { PAGE_STRINGS } from '../i18n/strings';
import { EMBED_WASM, EMBED_WIDGETS, embedWidget } from '../embed/widgets';

function boot(): void {
  const params = new URLSearchParams(location.search);
  const lang: Lang = normaliseLang(params.get('lang')) ?? 'zh-CN';
  document.documentElement.setAttribute('lang', lang);
  const name = (params.get('w') ?? '').trim().toLowerCase();
  const spec = embedWidget(name);
  if (!spec) {
    const root = document.getElementById('embed-root') ?? document.body;
    const el = document.createElement('p');
    el.className = 'embed-error';
    el.setAttribute('role', 'alert');
    el.textContent = PAGE_STRINGS[lang].unknownWidget(name.slice(0, 40), Object.keys(EMBED_WIDGETS).join(', '));
    document.title = 'attention-lab';
    root.append(el);
    return;
  }
  // Next to this script, wherever the host put the files.
  const here = (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI;
  const simd = simdSupported();
  const files = spec.wasm.map((w) => `embed-wasm-${EMBED_WASM[w][simd ? 'simd' : 'scalar']}.js`);
  files.push(`embed-${name}.js`);
  for (const f of files) {
    const s = document.createElement('script');
    s.src = new URL(f, here).href;
    s.async = false; // run in the order added: the payloads before the widget
    document.head.append(s);
  }
}

boot();
