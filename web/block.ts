// The Transformer-block page: the language switch and the elements (training, quiz, review).
import { startElements } from './page-elements';
import { initLang, initPrint } from './i18n/lang';

startElements();

initLang({
  'zh-CN': '拼出 Transformer Block · attention-lab',
  en: 'Assembling the Transformer block · attention-lab',
});
initPrint();
