// The pages that show one element on its own, served at /fixtures/<name>.html
// by e2e/server.mjs: the library's page shell around the element's markup.

/** name -> the element, with the attributes the specs open it with. */
export const ALONE_PAGES = {
  'a11y-exercise': '<attn-exercise id="el" seed="0"></attn-exercise>',
  'a11y-heatmap': '<attn-heatmap id="el" tokens="6" dk="16" dk-max="512" seed="0" compare causal labels="我,爱,注意,力,机,制"></attn-heatmap>',
  'a11y-quiz': '<attn-quiz id="el" bank="lesson-01" lesson="lesson-01"></attn-quiz>',
  'a11y-review': '<attn-review id="el" lesson="lesson-01"></attn-review>',
  heads: '<attn-heads id="el" causal></attn-heads>',
  tril: '<attn-tril id="el"></attn-tril>',
};

/** The page for `/fixtures/<name>.html`, or null when `path` names no such page. */
export function alonePage(path) {
  const m = /^\/fixtures\/([a-z0-9-]+)\.html$/.exec(path);
  const markup = m && Object.prototype.hasOwnProperty.call(ALONE_PAGES, m[1]) ? ALONE_PAGES[m[1]] : null;
  if (markup === null) return null;
  const tag = /^<([a-z-]+)/.exec(markup)[1];
  return `<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <base href="/">
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <title>${tag} alone</title>
  <script type="module" src="/lib/attention-lab.js"></script>
</head>
<body>
  <main>
    <h1>${tag}</h1>
    ${markup}
  </main>
</body>
</html>
`;
}
