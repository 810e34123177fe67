# train_position.py：attention-lab 阅读笔记里的字符模型（position），按网页和 attn-cli train 的训练方式训练。
# 用 PyTorch 1.13 或更新的版本在 CPU 上运行：python3 train_position.py
# 它打印的每一行 "step …" 都和网页上的训练日志相同。
# 训练文本（UTF-8）放在运行目录下的 'input.txt'。讲座用的 Tiny Shakespeare：
#   https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt
import torch
import torch.nn as nn
from torch.nn import functional as F

# 这次运行的设置
data_path = 'input.txt'
seed = 42
max_iters = 1000
eval_interval = 100
eval_iters = 50
learning_rate = 5e-3
batch_size = 16
block_size = 6
n_embd = 32
sample_chars = 200

# 单线程：参考运行就是这样做的，这么小的张量多线程也快不了。
torch.set_num_threads(1)
# 种子最先设：接下来第一个取随机数的是模型的初始权重，然后是每个 batch 的位置。
torch.manual_seed(seed)

# 读入文本；newline='' 保留原样的换行，和网页读到的字符一模一样。
with open(data_path, 'r', encoding='utf-8', newline='') as f:
    text = f.read()
# 词表：文本里出现过的字符，按码位排序。
chars = sorted(set(text))
vocab_size = len(chars)
stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
encode = lambda s: [stoi[c] for c in s]
decode = lambda ids: ''.join(itos[i] for i in ids)

# 前 90% 训练，后 10% 验证。
data = torch.tensor(encode(text), dtype=torch.long)
n = int(0.9 * len(data))
train_data = data[:n]
val_data = data[n:]


def get_batch(split):
    # batch_size 个随机起点；x 是从那里开始的 block_size 个字符，y 是各自的下一个字符。
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + block_size + 1] for i in ix])
    return x, y


@torch.no_grad()
def estimate_loss():
    # 每个划分取 eval_iters 个 batch 的平均损失（先 train 后 val），比单个 batch 的损失稳得多。
    # no_grad：评估不做反向传播，不必保存计算图。
    out = {}
    # eval() 和 train() 切换模式：这里的层在两种模式下一样，有 dropout 之后就不一样了。
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


class LanguageModel(nn.Module):

    def __init__(self):
        super().__init__()
        # 先嵌入成 n_embd 维，再用 lm_head 投影回词表：多一层间接
        self.token_embedding_table = nn.Embedding(vocab_size, n_embd)
        # 位置嵌入表只有 block_size 行
        self.position_embedding_table = nn.Embedding(block_size, n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size)

    def forward(self, idx, targets=None):
        B, T = idx.shape
        tok_emb = self.token_embedding_table(idx)  # (B, T, n_embd)
        pos_emb = self.position_embedding_table(torch.arange(T))  # (T, n_embd)
        x = tok_emb + pos_emb  # 广播成 (B, T, n_embd)：它是谁 + 它在哪
        logits = self.lm_head(x)  # (B, T, vocab_size)
        if targets is None:
            return logits, None
        B, T, C = logits.shape
        # 交叉熵：B*T 个位置的平均
        loss = F.cross_entropy(logits.view(B * T, C), targets.view(B * T))
        return logits, loss

    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
            # 只喂最后 block_size 个 token：位置表没有更多的行
            idx_cond = idx[:, -block_size:]
            logits, _ = self(idx_cond)
            # 最后一个位置的分布，抽一个字符接上
            probs = F.softmax(logits[:, -1, :], dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx


model = LanguageModel()
optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)

for iter in range(max_iters):
    # 每 eval_interval 步先评估一次（最后一步之后不再评估）
    if iter % eval_interval == 0:
        losses = estimate_loss()
        print(f"step {iter}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
    xb, yb = get_batch('train')
    logits, loss = model(xb, yb)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()

# 训练完，从一个 token 0 开始生成（第一个字符就是它）
if sample_chars > 0:
    context = torch.zeros((1, 1), dtype=torch.long)
    print(decode(model.generate(context, max_new_tokens=sample_chars)[0].tolist()))
