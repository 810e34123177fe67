// UI strings of <attn-review>, Simplified Chinese first, English second.
import type { Lang } from '../../shared/element';
import type { RatingName } from '../../storage/progress';

export interface ReviewStrings {
  title: string;
  allTitle: string;
  empty: string;
  allEmpty: string;
  nextDue: (when: string) => string;
  dueNow: string;
  /** The banner at the top when reviews are due, naming their lessons. */
  dueBanner: (lessons: string[]) => string;
  dueSince: (when: string) => string;
  lastRating: (r: string) => string;
  steps: string[];
  start: string;
  cancel: string;
  stepOf: (n: number, total: number, name: string) => string;
  stepNames: [string, string, string];
  quizMissing: string;
  skipQuiz: string;
  recallIntro: string;
  reveal: string;
  check: string;
  checking: string;
  checkedBy: string;
  checkFailed: string;
  reference: string;
  gotIt: string;
  lineResult: (ok: boolean) => string;
  next: string;
  summary: (quiz: string, recall: string) => string;
  noQuiz: string;
  noRecall: string;
  suggested: (r: string) => string;
  ratingLegend: string;
  ratingNames: Record<RatingName, string>;
  ratingOption: (r: string, when: string) => string;
  confirm: string;
  saved: (when: string) => string;
  calendar: string;
  icsSummary: (lesson: string) => string;
  icsDescription: (lesson: string) => string;
  dueBadge: string;
  scheduledBadge: string;
  progressTitle: string;
  exportBtn: string;
  importBtn: string;
  imported: (n: number) => string;
  importErrors: Record<string, string>;
  memoryOnly: string;
  recovered: (key: string) => string;
  badLesson: (v: string) => string;
}

const ZH: ReviewStrings = {
  title: '间隔复习',
  allTitle: '待复习的课',
  empty: '先做完本课的检索练习测验。做完两天后，这里会提醒你回来复习。',
  allEmpty: '还没有复习计划。做完任意一课的测验后，复习安排会出现在这里。',
  nextDue: (w) => `下次复习：${w}`,
  dueNow: '到复习时间了。',
  dueBanner: (l) => (l.length === 1 ? `到复习时间了：${l[0]}。` : `有 ${l.length} 个复习到期了：${l.join('；')}。`),
  dueSince: (w) => `应复习时间：${w}`,
  lastRating: (r) => `上次自评：${r}`,
  steps: ['重做测验（选项会重新打乱）', '凭记忆写出练习里的 3 行关键代码', '查看评分和下次复习日期'],
  start: '开始复习',
  cancel: '取消',
  stepOf: (n, t, name) => `第 ${n} 步，共 ${t} 步：${name}`,
  stepNames: ['测验', '默写', '评分'],
  quizMissing: '测验组件没有加载，本次复习可以跳过测验。',
  skipQuiz: '跳过测验',
  recallIntro: '不看资料，把下面 3 行写出来。',
  reveal: '显示参考答案',
  check: '检查',
  checking: '检查中…',
  checkedBy: '已由练习检查器判定。',
  checkFailed: '检查器不可用，请对照参考答案自己判断。',
  reference: '参考答案',
  gotIt: '我写对了',
  lineResult: (ok) => (ok ? '正确' : '不对'),
  next: '下一步',
  summary: (q, r) => `测验 ${q}，默写 ${r}`,
  noQuiz: '未做',
  noRecall: '无',
  suggested: (r) => `建议评分：${r}（可以改）`,
  ratingLegend: '这次复习的评分',
  ratingNames: { again: '重来', hard: '困难', good: '良好', easy: '简单' },
  ratingOption: (r, w) => `${r} — 下次：${w}`,
  confirm: '保存评分',
  saved: (w) => `已保存。下次复习：${w}`,
  calendar: '加入日历 (.ics)',
  icsSummary: (l) => `复习 ${l}`,
  icsDescription: (l) => `回到 ${l}：重做测验，再凭记忆写出练习的 3 行关键代码。`,
  dueBadge: '待复习',
  scheduledBadge: '已安排',
  progressTitle: '学习进度',
  exportBtn: '导出进度 (JSON)',
  importBtn: '导入进度…',
  imported: (n) => `导入完成，新增或更新 ${n} 条记录。`,
  importErrors: {
    'too-large': '文件太大，未导入。',
    'not-json': '文件不是 JSON，未导入。',
    'not-progress': '这不是 attention-lab 的进度文件，未导入。',
    'unknown-version': '文件来自更新的版本，当前页面无法读取，未导入。',
    'invalid-records': '文件里有无效记录，为安全起见整份未导入。',
    'read-failed': '读取文件失败。',
  },
  memoryOnly: '这个浏览器不允许本页保存数据。一切照常可用，但关闭页面后进度不会保留；需要时请先导出。',
  recovered: (k) => `已保存的进度数据已损坏，原样另存到 “${k}”，这里从头开始。`,
  badLesson: (v) => `lesson 属性无效：“${v}”。`,
};

const EN: ReviewStrings = {
  title: 'Spaced review',
  allTitle: 'Reviews on this site',
  empty: 'Finish this lesson’s quiz first. Two days after that, this is where you come back to review.',
  allEmpty: 'No reviews planned yet. Finish the quiz of any lesson and its review shows up here.',
  nextDue: (w) => `Next review: ${w}`,
  dueNow: 'Your review is due.',
  dueBanner: (l) => (l.length === 1 ? `Your review is due: ${l[0]}.` : `${l.length} reviews are due: ${l.join('; ')}.`),
  dueSince: (w) => `Due: ${w}`,
  lastRating: (r) => `Last rating: ${r}`,
  steps: ['Retake the quiz (the options are shuffled again)', 'Write the exercise’s 3 key lines from memory', 'See your rating and the next review date'],
  start: 'Start review',
  cancel: 'Cancel',
  stepOf: (n, t, name) => `Step ${n} of ${t}: ${name}`,
  stepNames: ['Quiz', 'Recall', 'Rating'],
  quizMissing: 'The quiz did not load; you can skip it for this review.',
  skipQuiz: 'Skip the quiz',
  recallIntro: 'Without looking anything up, write these 3 lines.',
  reveal: 'Reveal the answers',
  check: 'Check',
  checking: 'Checking…',
  checkedBy: 'Checked by the exercise evaluator.',
  checkFailed: 'The evaluator is unavailable: compare with the answers and grade yourself.',
  reference: 'Answer',
  gotIt: 'I got this right',
  lineResult: (ok) => (ok ? 'correct' : 'not right'),
  next: 'Next',
  summary: (q, r) => `Quiz ${q}, recall ${r}`,
  noQuiz: 'skipped',
  noRecall: 'none',
  suggested: (r) => `Suggested rating: ${r} (you can change it)`,
  ratingLegend: 'Rating for this review',
  ratingNames: { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' },
  ratingOption: (r, w) => `${r} — next: ${w}`,
  confirm: 'Save rating',
  saved: (w) => `Saved. Next review: ${w}`,
  calendar: 'Add to calendar (.ics)',
  icsSummary: (l) => `Review ${l}`,
  icsDescription: (l) => `Back to ${l}: retake the quiz, then write the exercise’s 3 key lines from memory.`,
  dueBadge: 'due',
  scheduledBadge: 'scheduled',
  progressTitle: 'Your progress',
  exportBtn: 'Export progress (JSON)',
  importBtn: 'Import progress…',
  imported: (n) => `Import done: ${n} records added or updated.`,
  importErrors: {
    'too-large': 'The file is too large; nothing was imported.',
    'not-json': 'The file is not JSON; nothing was imported.',
    'not-progress': 'This is not an attention-lab progress file; nothing was imported.',
    'unknown-version': 'The file comes from a newer version this page cannot read; nothing was imported.',
    'invalid-records': 'The file has invalid records, so none of it was imported.',
    'read-failed': 'The file could not be read.',
  },
  memoryOnly: 'This browser does not let the page save. Everything still works, but your progress will be gone when you close the page; export it if you want to keep it.',
  recovered: (k) => `Saved progress was damaged; it was set aside unchanged under “${k}” and this starts afresh.`,
  badLesson: (v) => `Invalid lesson attribute: “${v}”.`,
};

export const STRINGS: Record<Lang, ReviewStrings> = { 'zh-CN': ZH, en: EN };
