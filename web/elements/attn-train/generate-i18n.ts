// The strings of <attn-train>'s generation panel (generate-panel.ts), in
// Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';

export interface GenStrings {
  title: string;
  help: string;
  context: string;
  contextHint: string;
  count: string;
  mode: string;
  greedy: string;
  sampled: string;
  temperature: string;
  topK: string;
  shapeHint: string;
  badTemperature: (min: number, max: number) => string;
  badTopK: (max: number) => string;
  probsShaped: (temperature: string, topK: number) => string;
  modelP: (p: string) => string;
  cache: string;
  step: string;
  play: string;
  pause: string;
  reset: string;
  textLabel: string;
  windowCaption: (t: number, block: number) => string;
  position: string;
  character: string;
  slid: (block: number) => string;
  probsTitle: string;
  probsLabel: (char: string, p: string) => string;
  chosen: (char: string) => string;
  attentionTitle: string;
  attentionCaption: (char: string) => string;
  cacheTitle: string;
  opsRecompute: (ops: string, t: number) => string;
  opsCached: (ops: string, t: number) => string;
  opsRecomputeBlocks: (ops: string, t: number, layers: number) => string;
  opsCachedBlocks: (ops: string, t: number, layers: number) => string;
  cacheSize: (floats: string, layers: number, heads: number, t: number, headSize: number) => string;
  blockAttention: string;
  opsOff: string;
  diff: (d: string) => string;
  diffFits: string;
  drift: string;
  noAttention: string;
  interview: string;
  interviewLink: string;
  stepsDone: (n: number, max: number) => string;
  badCount: (max: number) => string;
  unknownChars: (chars: string, vocab: number) => string;
  tooLong: (max: number) => string;
  tooMany: (max: number) => string;
  engine: (msg: string) => string;
}

const zh: GenStrings = {
  title: '看它一个字一个字地写',
  help: '训练好的模型每一步只预测下一个字符：把当前文本交给模型，取最后一个位置的概率，选出一个字符接在后面，再重复。',
  context: '开头文本',
  contextHint: '留空表示从 0 号 token 开始（和课程里 generate 的起点一样）。',
  count: '播放字符数',
  mode: '选字方式',
  greedy: '取概率最大（argmax）',
  sampled: '按概率抽样（独立的随机数生成器）',
  temperature: '温度',
  topK: 'top-k（0 表示不截断）',
  shapeHint: '抽样前先把 logits 除以温度（小于 1 让分布更尖，大于 1 更平），再只保留最大的 k 个，其余设为 −∞。和 nanoGPT 的 generate 一样，PyTorch 里写作 logits / temperature 与 torch.topk。',
  badTemperature: (min, max) => `温度必须是 ${min} 到 ${max} 之间的数。`,
  badTopK: (max) => `top-k 必须是 0 到 ${max} 之间的整数。`,
  probsShaped: (temp, k) => `下一个字符的概率（前 10 个），温度 ${temp}${k > 0 ? `、top-k ${k}` : ''} 之后，旁边是模型原来的概率`,
  modelP: (p) => `原 ${p}`,
  cache: 'KV cache：每一步同时用缓存算一遍，与重算比较',
  step: '走一步',
  play: '播放',
  pause: '暂停',
  reset: '重来',
  textLabel: '目前的文本（生成的部分加了底色）',
  windowCaption: (t, block) => `模型这一步看到的窗口：最后 ${t} 个字符（最多 ${block} 个）及其位置编号`,
  position: '位置',
  character: '字符',
  slid: (block) => `文本已超过 ${block} 个字符：窗口向右滑动，只保留最后 ${block} 个，位置编号从 0 重新数起。原因是绝对位置嵌入表只有 block_size = ${block} 行，没有第 ${block} 号位置可查（课程里的 idx[:, -block_size:]）。`,
  probsTitle: '下一个字符的概率（前 10 个）',
  probsLabel: (c, p) => `${c}：${p}`,
  chosen: (c) => `选中：${c}`,
  attentionTitle: '最新位置的注意力（对窗口内每个位置的权重）',
  attentionCaption: (c) => `查询是最后一个字符 ${c}；每个权重对应窗口里的一个键`,
  cacheTitle: 'KV cache 与重算',
  opsRecompute: (ops, t) => `重算整个窗口：${ops} 次乘加（${t} × ${t} 带掩码的注意力，每个位置都过一遍 lm_head）`,
  opsCached: (ops, t) => `用缓存：${ops} 次乘加（只算最新一行，1 × ${t}，不需要掩码：缓存里的键都在过去）`,
  opsRecomputeBlocks: (ops, t, layers) => `重算整个窗口：${ops} 次乘加（${layers} 层，每层 ${t} × ${t} 带掩码的注意力和前馈网络都过一遍每个位置，再加上每个位置的 lm_head）`,
  opsCachedBlocks: (ops, t, layers) => `用缓存：${ops} 次乘加（只让最新的位置穿过 ${layers} 层：每层一行 1 × ${t} 的注意力，键和值来自这一层的缓存）`,
  cacheSize: (n, layers, heads, t, hs) => `缓存里现在有 ${n} 个浮点数：每层每个头的键和值，2 × ${layers} 层 × ${heads} 个头 × ${t} 个位置 × head_size ${hs}。文本变长，缓存跟着长，直到 block_size。`,
  blockAttention: '这个模型每层有好几个头：每一层每一个头的注意力图在上面的“层 × 头”网格里。这里只显示窗口和概率。',
  opsOff: '缓存已关闭：每一步只重算整个窗口。',
  diff: (d) => `两种算法的 logits 最大差：${d}`,
  diffFits: '窗口还没滑动：缓存里的键就是重算得到的键，差别只是浮点舍入（≤ 1e-5）。',
  drift: '窗口滑动后，简单的缓存保留了旧的键，而这些键是在它们原来的位置上算出来的：每个都比它在新窗口里的位置大一号。用绝对位置嵌入时，缓存就这样失效了，logits 也随之偏离。所以课程里的 generate 每一步都重算；需要很长上下文的模型改用可以缓存的位置编码（例如相对位置或旋转位置编码）。',
  noAttention: '这个模型没有注意力头：只显示窗口和概率。',
  interview: '对应第 1 课的面试题：“推理时每次只生成一个 token，还需要掩码吗？”',
  interviewLink: '去看题目和参考答案',
  stepsDone: (n, max) => `已生成 ${n} 个字符（从一个开头最多 ${max} 个）`,
  badCount: (max) => `播放字符数必须是 1 到 ${max} 之间的整数。`,
  unknownChars: (chars, vocab) => `开头文本里有模型词表（${vocab} 个字符）之外的字符：${chars}`,
  tooLong: (max) => `开头文本最多 ${max} 个字符。`,
  tooMany: (max) => `从一个开头最多生成 ${max} 个字符：按“重来”重新开始。`,
  engine: (m) => `生成失败：${m}`,
};

const en: GenStrings = {
  title: 'Watch it write, one character at a time',
  help: 'At each step the trained model only predicts the next character: the text so far goes in, the last position\'s probabilities come out, one character is picked and appended, and the loop repeats.',
  context: 'Start text',
  contextHint: 'Empty means token 0, where the lecture\'s generate starts.',
  count: 'Characters to play',
  mode: 'Pick the next character by',
  greedy: 'highest probability (argmax)',
  sampled: 'sampling (a random generator of its own)',
  temperature: 'Temperature',
  topK: 'Top-k (0: no cut)',
  shapeHint: 'Before the draw the logits are divided by the temperature (below 1 sharpens the distribution, above 1 flattens it), then only the k largest are kept and the rest set to −∞: nanoGPT\'s generate, logits / temperature and torch.topk in PyTorch.',
  badTemperature: (min, max) => `The temperature must be a number from ${min} to ${max}.`,
  badTopK: (max) => `Top-k must be a whole number from 0 to ${max}.`,
  probsShaped: (temp, k) => `Next-character probabilities (top 10) after temperature ${temp}${k > 0 ? ` and top-k ${k}` : ''}, beside the model's own`,
  modelP: (p) => `model ${p}`,
  cache: 'KV cache: compute each step with a cache as well, and compare',
  step: 'Step',
  play: 'Play',
  pause: 'Pause',
  reset: 'Reset',
  textLabel: 'The text so far (generated part highlighted)',
  windowCaption: (t, block) => `The window the model sees this step: the last ${t} characters (at most ${block}) and their positions`,
  position: 'Position',
  character: 'Character',
  slid: (block) => `The text is longer than ${block} characters, so the window slides: only the last ${block} are kept and the positions count from 0 again. The absolute position table has block_size = ${block} rows; there is no row for position ${block} (the lecture's idx[:, -block_size:]).`,
  probsTitle: 'Next-character probabilities (top 10)',
  probsLabel: (c, p) => `${c}: ${p}`,
  chosen: (c) => `Chosen: ${c}`,
  attentionTitle: 'The newest position\'s attention over the window',
  attentionCaption: (c) => `The query is the last character, ${c}; one weight per key in the window`,
  cacheTitle: 'KV cache vs recompute',
  opsRecompute: (ops, t) => `Recompute the window: ${ops} multiply-adds (${t} × ${t} masked attention, lm_head at every position)`,
  opsCached: (ops, t) => `With the cache: ${ops} multiply-adds (only the newest row, 1 × ${t}, no mask: every cached key is in the past)`,
  opsRecomputeBlocks: (ops, t, layers) => `Recompute the window: ${ops} multiply-adds (${layers} layer${layers === 1 ? '' : 's'}, each with ${t} × ${t} masked attention and the feed-forward at every position, then lm_head at every position)`,
  opsCachedBlocks: (ops, t, layers) => `With the cache: ${ops} multiply-adds (only the newest position goes through the ${layers} layer${layers === 1 ? '' : 's'}: one 1 × ${t} attention row in each, over that layer's cached keys and values)`,
  cacheSize: (n, layers, heads, t, hs) => `The cache now holds ${n} floats: a key and a value per layer, head and position, 2 × ${layers} layer${layers === 1 ? '' : 's'} × ${heads} head${heads === 1 ? '' : 's'} × ${t} positions × head_size ${hs}. It grows with the text, up to block_size.`,
  blockAttention: 'This model has several heads in each layer: the attention map of every layer and head is in the layer × head grid above. Here: the window and the probabilities.',
  opsOff: 'The cache is off: each step recomputes the whole window.',
  diff: (d) => `Largest difference between the two ways' logits: ${d}`,
  diffFits: 'The window has not slid: the cached keys are the keys a recompute makes, and the two differ only by rounding (≤ 1e-5).',
  drift: 'After a slide, a plain cache keeps its old keys, and each was made at the position it had when it came in: one more than it holds in the moved window. With absolute position embeddings the cache goes wrong this way, and its logits drift. That is why the lecture\'s generate recomputes every step, and why models with long contexts use position encodings that can be cached (relative or rotary ones).',
  noAttention: 'This model has no attention head: only the window and the probabilities are shown.',
  interview: 'Lesson 1 asks this in an interview question: "At inference one token is produced at a time: is the causal mask still needed?"',
  interviewLink: 'See the question and the model answer',
  stepsDone: (n, max) => `${n} characters generated (at most ${max} from one start)`,
  badCount: (max) => `Characters to play must be a whole number from 1 to ${max}.`,
  unknownChars: (chars, vocab) => `The start text has characters outside the model's vocabulary (${vocab} characters): ${chars}`,
  tooLong: (max) => `The start text may have at most ${max} characters.`,
  tooMany: (max) => `At most ${max} characters from one start: press Reset to begin again.`,
  engine: (m) => `Generation failed: ${m}`,
};

export const GEN_STRINGS: Record<Lang, GenStrings> = { 'zh-CN': zh, en };
