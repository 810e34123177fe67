// The training program as one text: the template that pytorch-script.ts
// (the element, the reading page) and cpp/src/train/pytorch_script.cpp
// (attn-cli train --emit-pytorch) both render. scripts/gen-pytorch-template.mjs
// copies it into cpp/src/train/pytorch_template.inc; a test fails when that
// copy is stale.
//
// The template's language, one rule per line:
//   @if MODEL...       the lines up to @end are kept only for these models
//   @end
//   @region NAME       marks where an excerpt the reading page shows begins
//   @endregion NAME    ... and ends (both lines are dropped from the script)
//   zh|TEXT  en|TEXT   TEXT is kept only in that language
//   {{name}}           a value: a run setting's, by its script name (the rows
//                      of cpp/src/train/settings.hpp), or file, model, data,
//                      seed, sample_chars
// Everything else is copied as it is. Keep it free of backslashes, backticks
// and dollar signs: it is a String.raw literal here and a raw string in C++.
export const TEMPLATE = String.raw`zh|# {{file}}：attention-lab 阅读笔记里的字符模型（{{model}}），按网页和 attn-cli train 的训练方式训练。
en|# {{file}}: the reading note's character model ({{model}}), trained the way the page and attn-cli train train it.
zh|# 用 PyTorch 1.13 或更新的版本在 CPU 上运行：python3 {{file}}
en|# Run it on the CPU with PyTorch 1.13 or later: python3 {{file}}
zh|# 它打印的每一行 "step …" 都和网页上的训练日志相同。
en|# Every "step ..." line it prints is the line the page's training log shows.
zh|# 训练文本（UTF-8）放在运行目录下的 {{data}}。讲座用的 Tiny Shakespeare：
en|# The training text (UTF-8) goes in {{data}}, relative to the directory you run it in. The lecture's Tiny Shakespeare:
#   https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt
import torch
import torch.nn as nn
from torch.nn import functional as F

zh|# 这次运行的设置
en|# This run's settings
data_path = {{data}}
seed = {{seed}}
max_iters = {{max_iters}}
eval_interval = {{eval_interval}}
eval_iters = {{eval_iters}}
learning_rate = {{learning_rate}}
batch_size = {{batch_size}}
block_size = {{block_size}}
@if position head multihead ffwd blocks residual layernorm gpt
n_embd = {{n_embd}}
@end
@if multihead ffwd blocks residual layernorm gpt
n_head = {{n_head}}
@end
@if blocks residual layernorm gpt
n_layer = {{n_layer}}
@end
@if gpt
dropout = {{dropout}}
@end
sample_chars = {{sample_chars}}

zh|# 单线程：参考运行就是这样做的，这么小的张量多线程也快不了。
en|# One thread: the reference runs were made so, and tensors this small gain nothing from more.
torch.set_num_threads(1)
zh|# 种子最先设：接下来第一个取随机数的是模型的初始权重，然后是每个 batch 的位置。
en|# The seed comes first: the model's initial weights draw next, then every batch's offsets.
torch.manual_seed(seed)

zh|# 读入文本；newline='' 保留原样的换行，和网页读到的字符一模一样。
en|# Read the text; newline='' keeps line endings as they are, so these are the characters the page reads.
with open(data_path, 'r', encoding='utf-8', newline='') as f:
    text = f.read()
zh|# 词表：文本里出现过的字符，按码位排序。
en|# The vocabulary: the text's distinct characters, in code point order.
chars = sorted(set(text))
vocab_size = len(chars)
stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
encode = lambda s: [stoi[c] for c in s]
decode = lambda ids: ''.join(itos[i] for i in ids)

zh|# 前 90% 训练，后 10% 验证。
en|# The first 90 % trains, the last 10 % validates.
data = torch.tensor(encode(text), dtype=torch.long)
n = int(0.9 * len(data))
train_data = data[:n]
val_data = data[n:]


def get_batch(split):
zh|    # batch_size 个随机起点；x 是从那里开始的 block_size 个字符，y 是各自的下一个字符。
en|    # batch_size random starting points; x is block_size characters from each, y the character after each.
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + block_size + 1] for i in ix])
    return x, y


@region estimate_loss
@torch.no_grad()
def estimate_loss():
zh|    # 每个划分取 eval_iters 个 batch 的平均损失（先 train 后 val），比单个 batch 的损失稳得多。
en|    # The mean loss over eval_iters batches of each split (train first): far steadier than one batch's loss.
zh|    # no_grad：评估不做反向传播，不必保存计算图。
en|    # no_grad: no backward pass here, so no graph is kept.
    out = {}
zh|    # eval() 和 train() 切换模式：这里的层在两种模式下一样，有 dropout 之后就不一样了。
en|    # eval() and train() switch modes: the same for these layers, not once there is dropout.
    model.eval()
    for split in ['train', 'val']:
        losses = torch.zeros(eval_iters)
        for k in range(eval_iters):
            X, Y = get_batch(split)
            logits, loss = model(X, Y)
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out
@endregion estimate_loss


@if head multihead ffwd blocks residual layernorm gpt
@region head_class
class Head(nn.Module):
zh|    """一个因果自注意力头"""
en|    """one causal self-attention head"""

    def __init__(self, head_size):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
zh|        # tril 不是参数：注册成 buffer，跟着模型走，优化器不碰它。
en|        # tril is not a parameter: a buffer moves with the model and the optimizer leaves it alone.
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
@end
@if gpt
        self.dropout = nn.Dropout(dropout)
@end
@if head multihead ffwd blocks residual layernorm gpt

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)    # (B, T, head_size)
        q = self.query(x)  # (B, T, head_size)
zh|        # 亲和度：每个 query 与每个 key 的点积，乘 head_size**-0.5 让方差回到 1
en|        # affinities: every query dotted with every key, times head_size**-0.5 to bring the variance back to 1
        wei = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5  # (B, T, T)
zh|        # 未来的位置填 -inf，softmax 之后权重为 0
en|        # the future becomes -inf, so its weight after the softmax is 0
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
@end
@if gpt
zh|        # dropout：训练时随机去掉一部分权重
en|        # dropout: in training, a random part of the weights is dropped
        wei = self.dropout(wei)
@end
@if head multihead ffwd blocks residual layernorm gpt
        v = self.value(x)  # (B, T, head_size)
zh|        # 按权重汇总的是 value，不是 x
en|        # what gets mixed is the values, not x
        return wei @ v     # (B, T, head_size)
@endregion head_class


@end
@if multihead ffwd blocks residual layernorm gpt
class MultiHeadAttention(nn.Module):
zh|    """并行的几个头，输出在最后一维拼接"""
en|    """several heads side by side, their outputs joined on the last axis"""

    def __init__(self, num_heads, head_size):
        super().__init__()
        self.heads = nn.ModuleList([Head(head_size) for _ in range(num_heads)])
@end
@if residual layernorm gpt
        self.proj = nn.Linear(head_size * num_heads, n_embd)
@end
@if gpt
        self.dropout = nn.Dropout(dropout)
@end
@if multihead ffwd blocks residual layernorm gpt

    def forward(self, x):
        out = torch.cat([h(x) for h in self.heads], dim=-1)  # (B, T, num_heads * head_size)
@end
@if residual layernorm
        out = self.proj(out)
@end
@if gpt
        out = self.dropout(self.proj(out))
@end
@if multihead ffwd blocks residual layernorm gpt
        return out


@end
@if ffwd blocks residual layernorm gpt
class FeedForward(nn.Module):
zh|    """每个位置各自经过的小 MLP"""
en|    """a small MLP, applied to each position on its own"""

    def __init__(self, n_embd):
        super().__init__()
@end
@if ffwd blocks
        self.net = nn.Sequential(nn.Linear(n_embd, n_embd), nn.ReLU())
@end
@if residual layernorm
        self.net = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.ReLU(), nn.Linear(4 * n_embd, n_embd))
@end
@if gpt
        self.net = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.ReLU(), nn.Linear(4 * n_embd, n_embd), nn.Dropout(dropout))
@end
@if ffwd blocks residual layernorm gpt

    def forward(self, x):
        return self.net(x)  # (B, T, n_embd)


@end
@if blocks residual layernorm gpt
class Block(nn.Module):
zh|    """先通信（注意力），再计算（前馈）"""
en|    """communication (attention), then computation (feed-forward)"""

    def __init__(self, n_embd, n_head):
        super().__init__()
        self.sa = MultiHeadAttention(n_head, n_embd // n_head)
        self.ffwd = FeedForward(n_embd)
@end
@if layernorm gpt
        self.ln1 = nn.LayerNorm(n_embd)
        self.ln2 = nn.LayerNorm(n_embd)
@end
@if blocks residual layernorm gpt

    def forward(self, x):
@end
@if blocks
        x = self.sa(x)
        x = self.ffwd(x)
@end
@if residual
        x = x + self.sa(x)
        x = x + self.ffwd(x)
@end
@if layernorm gpt
        x = x + self.sa(self.ln1(x))
        x = x + self.ffwd(self.ln2(x))
@end
@if blocks residual layernorm gpt
        return x


@end
class LanguageModel(nn.Module):

@region embed
@region init
    def __init__(self):
        super().__init__()
@if bigram
zh|        # bigram：每个字符直接查出下一个字符的 logits（vocab_size × vocab_size 的表）
en|        # bigram: each character looks up the next character's logits (a vocab_size x vocab_size table)
        self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)
@end
@if position head multihead ffwd blocks residual layernorm gpt
zh|        # 先嵌入成 n_embd 维，再用 lm_head 投影回词表：多一层间接
en|        # embed into n_embd dimensions first, then lm_head projects back to the vocabulary: one level of indirection
        self.token_embedding_table = nn.Embedding(vocab_size, n_embd)
zh|        # 位置嵌入表只有 block_size 行
en|        # the position table has block_size rows
        self.position_embedding_table = nn.Embedding(block_size, n_embd)
@end
@if head
zh|        # 一个头，head_size 取 n_embd
en|        # one head, with head_size = n_embd
        self.sa_head = Head(n_embd)
@end
@if multihead ffwd
        self.sa_heads = MultiHeadAttention(n_head, n_embd // n_head)
@end
@if ffwd
        self.ffwd = FeedForward(n_embd)
@end
@if blocks residual layernorm gpt
        self.blocks = nn.Sequential(*[Block(n_embd, n_head) for _ in range(n_layer)])
@end
@if layernorm gpt
        self.ln_f = nn.LayerNorm(n_embd)
@end
@if position head multihead ffwd blocks residual layernorm gpt
        self.lm_head = nn.Linear(n_embd, vocab_size)
@end
@endregion init

@region forward_generate
@region forward
    def forward(self, idx, targets=None):
        B, T = idx.shape
@if bigram
        logits = self.token_embedding_table(idx)  # (B, T, vocab_size)
@end
@if position head multihead ffwd blocks residual layernorm gpt
        tok_emb = self.token_embedding_table(idx)  # (B, T, n_embd)
        pos_emb = self.position_embedding_table(torch.arange(T))  # (T, n_embd)
zh|        x = tok_emb + pos_emb  # 广播成 (B, T, n_embd)：它是谁 + 它在哪
en|        x = tok_emb + pos_emb  # broadcast to (B, T, n_embd): what it is + where it is
@end
@if head
zh|        x = self.sa_head(x)  # token 之间在这里交流
en|        x = self.sa_head(x)  # where the tokens talk to each other
@end
@if multihead ffwd
        x = self.sa_heads(x)  # (B, T, n_embd)
@end
@if ffwd
        x = self.ffwd(x)  # (B, T, n_embd)
@end
@if blocks residual layernorm gpt
        x = self.blocks(x)  # (B, T, n_embd)
@end
@if layernorm gpt
        x = self.ln_f(x)  # (B, T, n_embd)
@end
@if position head multihead ffwd blocks residual layernorm gpt
        logits = self.lm_head(x)  # (B, T, vocab_size)
@end
        if targets is None:
            return logits, None
        B, T, C = logits.shape
zh|        # 交叉熵：B*T 个位置的平均
en|        # cross-entropy: the mean over the B*T positions
        loss = F.cross_entropy(logits.view(B * T, C), targets.view(B * T))
        return logits, loss
@endregion forward
@endregion embed

@region generate
    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
zh|            # 只喂最后 block_size 个 token：位置表没有更多的行
en|            # feed only the last block_size tokens: the position table has no more rows
            idx_cond = idx[:, -block_size:]
            logits, _ = self(idx_cond)
zh|            # 最后一个位置的分布，抽一个字符接上
en|            # the last position's distribution; draw one character and append it
            probs = F.softmax(logits[:, -1, :], dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx
@endregion generate
@endregion forward_generate


model = LanguageModel()
optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)

for iter in range(max_iters):
zh|    # 每 eval_interval 步先评估一次（最后一步之后不再评估）
en|    # an evaluation every eval_interval steps, before the step (none after the last one)
    if iter % eval_interval == 0:
        losses = estimate_loss()
        print(f"step {iter}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
    xb, yb = get_batch('train')
    logits, loss = model(xb, yb)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()

zh|# 训练完，从一个 token 0 开始生成（第一个字符就是它）
en|# After training, generate from a single token 0 (the first character printed)
if sample_chars > 0:
@if gpt
zh|    # 生成是推理：关掉 dropout（本页和 attn-cli 也是这样生成的）
en|    # Generating is inference: dropout off (as the page and attn-cli generate)
    model.eval()
@end
    context = torch.zeros((1, 1), dtype=torch.long)
    print(decode(model.generate(context, max_new_tokens=sample_chars)[0].tolist()))
`;
