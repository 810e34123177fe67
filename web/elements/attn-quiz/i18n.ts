// UI strings of <attn-quiz>, Simplified Chinese first, English second.
import { issueText, itemSuffix, type BankIssue, type IssueCode } from './bank';
import type { Lang } from '../../shared/lang';

export interface QuizStrings {
  title: (lesson: string) => string;
  instructions: string;
  progress: (answered: number, total: number) => string;
  questionLabel: (n: number, total: number) => string;
  correct: string;
  wrong: string;
  rightAnswerIs: (letter: string, text: string) => string;
  yourChoice: string;
  rightAnswerMark: string;
  review: (section: string) => string;
  /** The link back to a section on this page, named by its heading. */
  reviewAt: (heading: string) => string;
  /** Read after a link to another page, which opens in a new tab. */
  newTab: string;
  missedTitle: string;
  /** Where a bank was looked for: the URL tried and the base it was resolved against. */
  tried: (url: string, base: string, byName: boolean, viaBaseElement: boolean) => string;
  scoreTitle: string;
  score: (score: number, total: number) => string;
  perfect: string;
  notPerfect: string;
  retake: string;
  savedOk: string;
  savedMemory: string;
  savedFailed: string;
  openTitle: string;
  openHint: string;
  yourAnswer: string;
  reveal: string;
  hide: string;
  modelAnswer: string;
  loading: string;
  errorTitle: string;
  errNoSource: string;
  errBadName: (name: string) => string;
  errItems: (value: string) => string;
  noOpen: string;
  errBadSrc: (src: string) => string;
  errNotFound: (what: string, status: number) => string;
  errNotJson: (what: string) => string;
  errHttp: (what: string, status: number) => string;
  errNetwork: (what: string) => string;
  errInvalid: (count: number, truncated: boolean) => string;
  issue: (issue: BankIssue) => string;
}

const ZH_TYPES: Record<string, string> = {
  'a string': '字符串', 'a number': '数字', 'an object': '对象', 'an array': '数组', 'an integer': '整数',
  'a JSON object': 'JSON 对象', 'an object with "zh-CN" and "en" texts': '含 "zh-CN" 和 "en" 文本的对象',
};

function zhIssue(code: IssueCode, p: Record<string, string | number>): string {
  switch (code) {
    case 'too-large': return `题库共 ${p.got} 个字符，最多接受 ${p.max} 个`;
    case 'json': return `不是合法的 JSON（${p.detail}）`;
    case 'type': return `类型不对：应为${ZH_TYPES[String(p.expected)] ?? p.expected}，实际是 ${p.got}`;
    case 'required': return '缺少这一项';
    case 'unknown-field': return `未知字段 "${p.field}"`;
    case 'empty': return '不能为空';
    case 'too-long': return `最多 ${p.max} 个字符，实际 ${p.got} 个`;
    case 'too-many': return `最多 ${p.max} 项，实际 ${p.got} 项`;
    case 'too-few': return `至少 ${p.min} 项，实际 ${p.got} 项`;
    case 'answer-range': return `必须是 options 的下标（0–${p.max}），实际是 ${p.got}`;
    case 'duplicate-id': return `id "${p.id}" 重复（首次出现在 ${p.first}）`;
    case 'duplicate-option': return `与选项 ${p.first} 的 ${p.lang} 文本相同`;
    case 'bad-id': return `必须符合 ${p.pattern}，实际是 ${p.got}`;
    case 'bad-href': return `只能是相对链接或 http(s) 地址，实际是 ${p.got}`;
    case 'bad-version': return `必须是正整数，实际是 ${p.got}`;
  }
}

const withPath = (path: string, text: string): string => (path ? `${path}: ${text}` : text);
const zhItem = (id: string | undefined): string => (id === undefined ? '' : `（id "${id}"）`);

export const STRINGS: Record<Lang, QuizStrings> = {
  'zh-CN': {
    title: (lesson) => `检索练习 · ${lesson}`,
    instructions: '先别翻回去看，凭记忆作答。每题只能选一次，选中即锁定。方向键在选项间移动，回车或空格确认。',
    progress: (a, t) => `已答 ${a} / ${t} 题`,
    questionLabel: (n, t) => `第 ${n} 题（共 ${t} 题）`,
    correct: '✓ 答对了。',
    wrong: '✗ 答错了。',
    rightAnswerIs: (l, t) => `正确答案是 ${l}：${t}`,
    yourChoice: '你的选择',
    rightAnswerMark: '正确答案',
    review: (s) => `回到第 ${s} 节复习`,
    reviewAt: (t) => `回到“${t}”复习`,
    newTab: '（在新标签页打开课程）',
    missedTitle: '答错的题',
    tried: (u, b, byName, viaBase) => `尝试的地址是 ${u}，它是相对于 ${b}（${viaBase ? '页面 <base> 元素设定的基准地址' : '页面自己的地址'}）解析出来的。${byName ? 'bank 名称会在这个基准地址下的 banks/ 文件夹里查找；题库放在别处时请用 src 给出完整地址。' : ''}`,
    scoreTitle: '本次成绩',
    score: (s, t) => `得分：${s} / ${t}`,
    perfect: '全部答对。两天后再来测一次，看看还记不记得。',
    notPerfect: '下面列出了答错的题：点链接回到对应小节复习，然后再测一次。',
    retake: '再测一次（打乱顺序）',
    savedOk: '本次成绩已保存在这台设备上。',
    savedMemory: '浏览器不允许本地存储：成绩只保留到关闭页面为止。',
    savedFailed: '成绩未能保存。',
    openTitle: '用自己的话回答',
    openHint: '这些题没有选项：先在框里用自己的话写下回答，再展开参考答案对照。你写的内容不会上传，也不会保存。',
    yourAnswer: '你的回答',
    reveal: '显示参考答案',
    hide: '收起参考答案',
    modelAnswer: '参考答案',
    loading: '正在加载题库…',
    errorTitle: '测验无法显示',
    errNoSource: '没有指定题库：请设置 bank 或 src 属性，或在元素内放一个 <script type="application/json"> 题库。',
    errBadName: (n) => `题库名 "${n}" 无效：只能包含小写字母、数字和连字符，最长 64 个字符。`,
    errItems: (v) => `items 属性只能是 all、questions 或 open，收到 "${v}"；已显示全部内容。`,
    noOpen: '这个题库没有开放式问题。',
    errBadSrc: (s) => `题库地址 "${s}" 无效：只接受 http(s) 地址或相对路径。`,
    errNotFound: (w, s) => `找不到题库 ${w}（HTTP ${s}）。`,
    errNotJson: (w) => `${w} 返回的是网页而不是 JSON 题库，很可能题库不存在。`,
    errHttp: (w, s) => `加载题库 ${w} 失败（HTTP ${s}）。`,
    errNetwork: (w) => `网络错误：无法加载题库 ${w}。请检查网络后刷新页面。`,
    errInvalid: (n, tr) => `题库格式有误，共发现 ${n}${tr ? '+' : ''} 处问题：`,
    issue: (i) => withPath(i.path, zhIssue(i.code, i.params)) + zhItem(i.itemId),
  },
  en: {
    title: (lesson) => `Retrieval practice · ${lesson}`,
    instructions: 'Answer from memory, without looking back. One choice per question: it locks as soon as you pick it. Arrow keys move between options; Enter or Space chooses.',
    progress: (a, t) => `${a} of ${t} answered`,
    questionLabel: (n, t) => `Question ${n} of ${t}`,
    correct: '✓ Correct.',
    wrong: '✗ Not quite.',
    rightAnswerIs: (l, t) => `The right answer is ${l}: ${t}`,
    yourChoice: 'your choice',
    rightAnswerMark: 'right answer',
    review: (s) => `Review section ${s}`,
    reviewAt: (t) => `Review “${t}”`,
    newTab: ' (opens the lesson in a new tab)',
    missedTitle: 'Questions you missed',
    tried: (u, b, byName, viaBase) => `The address tried was ${u}, resolved against ${b} (${viaBase ? 'the base URL set by the page\'s <base> element' : 'the page\'s own address'}).${byName ? ' A bank name is looked up in the banks/ folder under that address; for a bank kept elsewhere, give its full address with src.' : ''}`,
    scoreTitle: 'Your result',
    score: (s, t) => `Score: ${s} / ${t}`,
    perfect: 'All correct. Come back in two days and try again to see what stuck.',
    notPerfect: 'The questions you missed are listed below: follow each link to review its section, then take the quiz again.',
    retake: 'Retake (new order)',
    savedOk: 'This result is saved on this device.',
    savedMemory: 'Your browser does not allow local storage: this result is kept only until you close the page.',
    savedFailed: 'This result could not be saved.',
    openTitle: 'In your own words',
    openHint: 'These have no options: write your answer in your own words first, then reveal the model answer to compare. What you write is neither uploaded nor saved.',
    yourAnswer: 'Your answer',
    reveal: 'Show model answer',
    hide: 'Hide model answer',
    modelAnswer: 'Model answer',
    loading: 'Loading the question bank…',
    errorTitle: 'The quiz cannot be shown',
    errNoSource: 'No question bank given: set the bank or src attribute, or put a <script type="application/json"> bank inside the element.',
    errBadName: (n) => `Invalid bank name "${n}": use lowercase letters, digits and hyphens only, at most 64 characters.`,
    errItems: (v) => `The items attribute must be all, questions or open; got "${v}". Showing everything.`,
    noOpen: 'This bank has no open questions.',
    errBadSrc: (s) => `Invalid bank address "${s}": only http(s) URLs and relative paths are accepted.`,
    errNotFound: (w, s) => `Question bank ${w} not found (HTTP ${s}).`,
    errNotJson: (w) => `${w} returned a web page, not a JSON bank; the bank probably does not exist.`,
    errHttp: (w, s) => `Loading question bank ${w} failed (HTTP ${s}).`,
    errNetwork: (w) => `Network error: question bank ${w} could not be loaded. Check your connection and reload.`,
    errInvalid: (n, tr) => `The question bank is malformed; ${n}${tr ? '+' : ''} problem${n === 1 && !tr ? '' : 's'} found:`,
    issue: (i) => withPath(i.path, issueText(i.code, i.params)) + itemSuffix(i.itemId),
  },
};
