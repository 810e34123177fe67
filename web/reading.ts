// Reading-note page: the language switch and the elements (heatmaps, quiz, review).
// The page's first picture is a heatmap: its code is in this page's script
// (no second round trip) and the engine starts loading before anything else.
import './elements/attn-heatmap/attn-heatmap';
import { getEngine } from './engine/browser';
import './lib/attention-lab';
import { initLang, initPrint } from './i18n/lang';

getEngine().catch(() => { /* the heatmaps say so */ });

initLang({
  'zh-CN': '阅读笔记 · Karpathy 的自注意力 · attention-lab',
  en: 'Reading note · Karpathy on self-attention · attention-lab',
});
initPrint();
