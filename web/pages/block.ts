// The Transformer-block page: the language switch, the elements (training,
// quiz, review) and the ladder of finished runs.
import { startElements } from './page-elements';
import { initLang, initPrint } from '../i18n/lang';
import { startLadder, startSpreads } from './block-runs';

startElements();
const ladder = document.getElementById('block-ladder-runs');
if (ladder) startLadder(ladder);
const spreads = document.getElementById('block-spreads-side');
if (spreads) startSpreads(spreads);

initLang({
  'zh-CN': '拼出 Transformer Block · attention-lab',
  en: 'Assembling the Transformer block · attention-lab',
});
initPrint();
