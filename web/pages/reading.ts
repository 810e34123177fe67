// Reading-note page: the language switch and the elements (heatmaps, quiz, review).
import { startElements } from './page-elements';
import { initLang, initPrint } from '../i18n/lang';

startElements();

initLang({
  'zh-CN': '阅读笔记 · Karpathy 的自注意力 · attention-lab',
  en: 'Reading note · Karpathy on self-attention · attention-lab',
});
initPrint();
