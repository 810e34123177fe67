// The strings of <attn-train>, in Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';
import type { ModelName, ParseError } from './parse';
import type { TextProblem } from './text';
import { MAX_TEXT_BYTES } from '../../engine/train-runner/protocol';

/** The text size cap in MB, as the strings write it (5). */
const MAX_MB = MAX_TEXT_BYTES / 1048576;

export interface Strings {
  title: string;
  model: string;
  modelOption: Record<ModelName, string>;
  seed: string;
  iters: string;
  lr: string;
  /** The legend of the block models' size fields. */
  sizes: string;
  source: string;
  sourceShakespeare: string;
  sourceOwn: string;
  ownText: string;
  ownFile: string;
  ownHint: (min: number) => string;
  start: string;
  pause: string;
  resume: string;
  stop: string;
  reset: string;
  idle: string;
  loadingEngine: string;
  loadingText: string;
  running: (step: number, iters: number) => string;
  paused: (step: number, iters: number) => string;
  done: (iters: number, seconds: string) => string;
  stopped: (step: number) => string;
  rate: (stepsPerSecond: string, left: string) => string;
  rateDone: (stepsPerSecond: string) => string;
  progressLabel: string;
  logTitle: string;
  chartTitle: string;
  chartLabel: (model: string, points: number, lastVal: string) => string;
  chartEmpty: string;
  trainLine: string;
  valLine: string;
  uniformLine: (v: string) => string;
  stepAxis: string;
  lossAxis: string;
  earlier: string;
  sampleTitle: string;
  sampleNone: string;
  sampleAt: (step: number) => string;
  sampleEnd: (chars: number) => string;
  attentionTitle: string;
  attentionHelp: string;
  /** The block models: every head of every layer, `block` characters at most. */
  attentionHelpLayers: (block: number) => string;
  gridCaption: (layers: number, heads: number) => string;
  mapName: (layer: number, head: number) => string;
  mapCaption: (layer: number, head: number, snippet: string) => string;
  spreadsTitle: string;
  spreadsHelp: string;
  spreadsCaption: (step: number) => string;
  layerCol: string;
  activationCol: string;
  gradientCol: string;
  snippet: string;
  show: string;
  attentionCaption: (snippet: string) => string;
  queryKey: string;
  snippetLength: (n: number) => string;
  nan: (step: number) => string;
  engineFailed: (msg: string) => string;
  fetchFailed: (msg: string) => string;
  textRejected: (msg: string) => string;
  textProblem: (p: TextProblem) => string;
  /** Said after "step k of n" (with its own leading space where the language needs one): the run is in the page, not in a worker. */
  inPage: string;
  /** Said after "step k of n" as inPage is: a run shared by n > 1 threads (the page is cross-origin isolated). */
  onThreads: (n: number) => string;
  error: (e: ParseError) => string;
}

const zh: Strings = {
  title: '在浏览器里训练字符模型',
  model: '模型',
  modelOption: {
    bigram: 'bigram（只看当前字符）', position: '+ 位置嵌入', head: '+ 一个自注意力头',
    multihead: '多头注意力', ffwd: '+ 前馈网络', blocks: '叠多个块（无残差）', residual: '+ 残差连接',
    layernorm: '+ LayerNorm（pre-norm）', gpt: '放大 + dropout',
  },
  seed: '随机种子',
  iters: '训练步数',
  lr: '学习率',
  sizes: '模型大小与批次（与 PyTorch 脚本里的变量同名）',
  source: '训练文本',
  sourceShakespeare: 'Tiny Shakespeare（约 1.1 MB，开始时才下载）',
  sourceOwn: '我自己的文本',
  ownText: '粘贴文本',
  ownFile: `或选择文件（UTF-8，最多 ${MAX_MB} MB）`,
  ownHint: (min) => `至少 ${min} 个字符；前 90% 用来训练，后 10% 用来验证。`,
  start: '开始',
  pause: '暂停',
  resume: '继续',
  stop: '停止',
  reset: '重置',
  idle: '按“开始”训练。训练在后台线程里进行，页面保持可用。',
  loadingEngine: '正在加载训练引擎…',
  loadingText: '正在下载训练文本…',
  running: (s, n) => `训练中：第 ${s} / ${n} 步`,
  paused: (s, n) => `已暂停：第 ${s} / ${n} 步`,
  done: (n, sec) => `完成：${n} 步，用时 ${sec}`,
  stopped: (s) => `已在第 ${s} 步停止`,
  rate: (r, left) => `每秒 ${r} 步 · 剩余约 ${left}`,
  rateDone: (r) => `平均每秒 ${r} 步`,
  progressLabel: '训练进度',
  logTitle: '训练日志',
  chartTitle: '损失曲线',
  chartLabel: (m, n, v) => `损失曲线：${m}，${n} 次评估${v ? `，最新验证损失 ${v}` : ''}`,
  chartEmpty: '还没有评估结果',
  trainLine: '训练损失',
  valLine: '验证损失',
  uniformLine: (v) => `均匀瞎猜 ln V = ${v}`,
  stepAxis: '步数',
  lossAxis: '损失',
  earlier: '之前的运行',
  sampleTitle: '生成的文本',
  sampleNone: '每次评估时和训练结束后，这里显示模型生成的文本。',
  sampleAt: (s) => `第 ${s} 步时的模型写出：`,
  sampleEnd: (n) => `训练结束后生成的 ${n} 个字符（和讲座的 generate 一样，用这次运行自己的随机数生成器）：`,
  attentionTitle: '学到的注意力',
  attentionHelp: '选一段 8 个字符的文本，看训练好的注意力头让每个位置（行，query）从前面哪些位置（列，key）取信息。',
  attentionHelpLayers: (b) => `选一段最多 ${b} 个字符的文本：下面是训练好的模型里每一层、每个头的注意力图（评估模式，没有 dropout）。用方向键在图之间移动，按回车查看这张图每一行的权重。`,
  gridCaption: (l, hd) => `${l} 层 × ${hd} 个头（行是层，列是头）`,
  mapName: (l, hd) => `第 ${l} 层第 ${hd} 个头`,
  mapCaption: (l, hd, s) => `第 ${l} 层第 ${hd} 个头在“${s}”上的注意力权重（行是 query，列是 key，保留 4 位小数）`,
  spreadsTitle: '每一层的数值幅度',
  spreadsHelp: '每次评估前最后一步训练时：每层输出的标准差（激活），以及损失对这个输出的梯度的标准差。把几个模型放在一起比较：有残差连接时，每层把结果加到一条残差流上，这条流一层比一层大；LayerNorm 让每层读到的输入保持在稳定的尺度上。',
  spreadsCaption: (s) => `第 ${s} 步之前的那一步`,
  layerCol: '层',
  activationCol: '激活的标准差',
  gradientCol: '梯度的标准差',
  snippet: '文本片段',
  show: '显示',
  attentionCaption: (s) => `注意力权重：“${s}”（行是 query，列是 key）`,
  queryKey: 'query \\ key',
  snippetLength: (n) => `片段需要 1 到 ${n} 个字符，而且只能用训练文本里出现过的字符。`,
  nan: (s) => `第 ${s} 步的损失变成了 NaN（数值溢出）：训练已停止。请调低学习率再试。`,
  engineFailed: (m) => `训练引擎加载失败：${m}`,
  fetchFailed: (m) => `训练文本下载失败：${m}`,
  textRejected: (m) => `这段文本不能用来训练：${m}`,
  textProblem: (p) => {
    switch (p.kind) {
      case 'empty': return '文本是空的。';
      case 'notUtf8': return '文件不是有效的 UTF-8 文本。';
      case 'tooLarge': return `文本有 ${(p.bytes / 1048576).toFixed(1)} MB，超过了 ${MAX_MB} MB 的上限。`;
      case 'tooShort': return `文本只有 ${p.chars} 个字符，至少需要 ${p.min} 个。`;
    }
  },
  inPage: '（这个页面不允许后台线程，训练在页面里分段进行。）',
  onThreads: (n) => `（${n} 个线程并行计算）`,
  error: (e) => {
    const name = `${e.attr}="${e.got.slice(0, 40)}"`;
    switch (e.kind) {
      case 'enum': return `${name} 无效：应为 bigram、position、head、multihead、ffwd、blocks、residual、layernorm 或 gpt。`;
      case 'dropout': return `${name} 无效：应为 0 到 1 之间的小数（不含 1），例如 0.1。`;
      case 'divisible': return `n-embd=${e.min} 不能被 n-head=${e.max} 整除：每个头有 n_embd / n_head 维。保留上一个有效的组合。`;
      case 'gpt-only': return `${name} 只用于 gpt 模型，这里按 0 处理。`;
      case 'seed': return `${name} 无效：应为 0 到 2^64−1 的整数。`;
      case 'lr': return `${name} 无效：应为正数，例如 1e-3。`;
      default: return `${name} 无效：应为 ${e.min} 到 ${e.max} 的整数。`;
    }
  },
};

const en: Strings = {
  title: 'Train the character model in your browser',
  model: 'Model',
  modelOption: {
    bigram: 'bigram (current character only)', position: '+ position embeddings', head: '+ one self-attention head',
    multihead: 'multi-head attention', ffwd: '+ feed-forward', blocks: 'stacked blocks (no residual)', residual: '+ residual connections',
    layernorm: '+ LayerNorm (pre-norm)', gpt: 'scaled up + dropout',
  },
  seed: 'Seed',
  iters: 'Iterations',
  lr: 'Learning rate',
  sizes: 'Model size and batch (named as in the PyTorch script)',
  source: 'Training text',
  sourceShakespeare: 'Tiny Shakespeare (about 1.1 MB, downloaded on Start)',
  sourceOwn: 'My own text',
  ownText: 'Paste text',
  ownFile: `or choose a file (UTF-8, at most ${MAX_MB} MB)`,
  ownHint: (min) => `At least ${min} characters; the first 90% trains, the last 10% validates.`,
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  reset: 'Reset',
  idle: 'Press Start to train. Training runs in a background thread; the page stays usable.',
  loadingEngine: 'Loading the training engine…',
  loadingText: 'Downloading the training text…',
  running: (s, n) => `Training: step ${s} of ${n}`,
  paused: (s, n) => `Paused at step ${s} of ${n}`,
  done: (n, sec) => `Done: ${n} steps in ${sec}`,
  stopped: (s) => `Stopped at step ${s}`,
  rate: (r, left) => `${r} steps/s · about ${left} left`,
  rateDone: (r) => `${r} steps/s on average`,
  progressLabel: 'Training progress',
  logTitle: 'Training log',
  chartTitle: 'Loss curves',
  chartLabel: (m, n, v) => `Loss curves: ${m}, ${n} evaluations${v ? `, latest val loss ${v}` : ''}`,
  chartEmpty: 'No evaluations yet',
  trainLine: 'train loss',
  valLine: 'val loss',
  uniformLine: (v) => `uniform guess ln V = ${v}`,
  stepAxis: 'step',
  lossAxis: 'loss',
  earlier: 'earlier runs',
  sampleTitle: 'Generated text',
  sampleNone: 'Text generated by the model appears here at each evaluation and when training ends.',
  sampleAt: (s) => `What the model writes at step ${s}:`,
  sampleEnd: (n) => `${n} characters generated after training (as the lecture's generate, from the run's own generator):`,
  attentionTitle: 'The learned attention',
  attentionHelp: 'Pick 8 characters of text to see which earlier positions (columns, keys) the trained head lets each position (rows, queries) take information from.',
  attentionHelpLayers: (b) => `Pick up to ${b} characters of text: below is the attention map of every head in every layer of the trained model (eval mode, no dropout). Move between the maps with the arrow keys; Enter shows the chosen map's weights row by row.`,
  gridCaption: (l, hd) => `${l} layer${l === 1 ? '' : 's'} × ${hd} head${hd === 1 ? '' : 's'} (rows are layers, columns heads)`,
  mapName: (l, hd) => `layer ${l}, head ${hd}`,
  mapCaption: (l, hd, s) => `Layer ${l}, head ${hd}: attention weights on “${s}” (rows are queries, columns keys, to 4 decimals)`,
  spreadsTitle: 'How big the numbers are, layer by layer',
  spreadsHelp: 'At the last training step before each evaluation: the standard deviation of each layer\'s output (activation) and of the loss gradient reaching that output. Compare the models side by side: with residual connections each layer adds its result to a stream that grows from layer to layer, and LayerNorm keeps what each layer reads at a steady scale.',
  spreadsCaption: (s) => `the step before step ${s}`,
  layerCol: 'layer',
  activationCol: 'activation std',
  gradientCol: 'gradient std',
  snippet: 'Snippet',
  show: 'Show',
  attentionCaption: (s) => `Attention weights on “${s}” (rows are queries, columns keys)`,
  queryKey: 'query \\ key',
  snippetLength: (n) => `The snippet needs 1 to ${n} characters, all of which occur in the training text.`,
  nan: (s) => `The loss became NaN at step ${s} (numbers overflowed), so training stopped. Try a lower learning rate.`,
  engineFailed: (m) => `The training engine failed to load: ${m}`,
  fetchFailed: (m) => `The training text could not be downloaded: ${m}`,
  textRejected: (m) => `This text cannot be trained on: ${m}`,
  textProblem: (p) => {
    switch (p.kind) {
      case 'empty': return 'The text is empty.';
      case 'notUtf8': return 'The file is not valid UTF-8 text.';
      case 'tooLarge': return `The text is ${(p.bytes / 1048576).toFixed(1)} MB, over the ${MAX_MB} MB limit.`;
      case 'tooShort': return `The text has only ${p.chars} characters; at least ${p.min} are needed.`;
    }
  },
  inPage: ' (This page does not allow background threads, so training runs in the page in short slices.)',
  onThreads: (n) => ` (on ${n} threads)`,
  error: (e) => {
    const name = `${e.attr}="${e.got.slice(0, 40)}"`;
    switch (e.kind) {
      case 'enum': return `${name} is not valid: use bigram, position, head, multihead, ffwd, blocks, residual, layernorm or gpt.`;
      case 'seed': return `${name} is not valid: use an integer from 0 to 2^64−1.`;
      case 'lr': return `${name} is not valid: use a positive number such as 1e-3.`;
      case 'dropout': return `${name} is not valid: use a decimal from 0 up to (not including) 1, such as 0.1.`;
      case 'divisible': return `n-embd=${e.min} is not a multiple of n-head=${e.max}: each head has n_embd / n_head dimensions. The last valid pair is kept.`;
      case 'gpt-only': return `${name} is for the gpt model only; 0 is used here.`;
      default: return `${name} is not valid: use an integer from ${e.min} to ${e.max}.`;
    }
  },
};

export const STRINGS: Record<Lang, Strings> = { 'zh-CN': zh, en };
