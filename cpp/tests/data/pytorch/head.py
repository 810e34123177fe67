# train_head.py: the reading note's character model (head), trained the way the page and attn-cli train train it.
# Run it on the CPU with PyTorch 1.13 or later: python3 train_head.py
# Every "step ..." line it prints is the line the page's training log shows.
# The training text (UTF-8) goes in 'input.txt', relative to the directory you run it in. The lecture's Tiny Shakespeare:
#   https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt
import torch
import torch.nn as nn
from torch.nn import functional as F

# This run's settings
data_path = 'input.txt'
seed = 1337
max_iters = 5000
eval_interval = 500
eval_iters = 200
learning_rate = 1e-3
batch_size = 32
block_size = 8
n_embd = 32
sample_chars = 500

# One thread: the reference runs were made so, and tensors this small gain nothing from more.
torch.set_num_threads(1)
# The seed comes first: the model's initial weights draw next, then every batch's offsets.
torch.manual_seed(seed)

# Read the text; newline='' keeps line endings as they are, so these are the characters the page reads.
with open(data_path, 'r', encoding='utf-8', newline='') as f:
    text = f.read()
# The vocabulary: the text's distinct characters, in code point order.
chars = sorted(set(text))
vocab_size = len(chars)
stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
encode = lambda s: [stoi[c] for c in s]
decode = lambda ids: ''.join(itos[i] for i in ids)

# The first 90 % trains, the last 10 % validates.
data = torch.tensor(encode(text), dtype=torch.long)
n = int(0.9 * len(data))
train_data = data[:n]
val_data = data[n:]


def get_batch(split):
    # batch_size random starting points; x is block_size characters from each, y the character after each.
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])
    y = torch.stack([data[i + 1:i + block_size + 1] for i in ix])
    return x, y


@torch.no_grad()
def estimate_loss():
    # The mean loss over eval_iters batches of each split (train first): far steadier than one batch's loss.
    # no_grad: no backward pass here, so no graph is kept.
    out = {}
    # eval() and train() switch modes: the same for these layers, not once there is dropout.
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


class Head(nn.Module):
    """one causal self-attention head"""

    def __init__(self, head_size):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        # tril is not a parameter: a buffer moves with the model and the optimizer leaves it alone.
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))

    def forward(self, x):
        B, T, C = x.shape
        k = self.key(x)    # (B, T, head_size)
        q = self.query(x)  # (B, T, head_size)
        # affinities: every query dotted with every key, times head_size**-0.5 to bring the variance back to 1
        wei = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5  # (B, T, T)
        # the future becomes -inf, so its weight after the softmax is 0
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = F.softmax(wei, dim=-1)
        v = self.value(x)  # (B, T, head_size)
        # what gets mixed is the values, not x
        return wei @ v     # (B, T, head_size)


class LanguageModel(nn.Module):

    def __init__(self):
        super().__init__()
        # embed into n_embd dimensions first, then lm_head projects back to the vocabulary: one level of indirection
        self.token_embedding_table = nn.Embedding(vocab_size, n_embd)
        # the position table has block_size rows
        self.position_embedding_table = nn.Embedding(block_size, n_embd)
        # one head, with head_size = n_embd
        self.sa_head = Head(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab_size)

    def forward(self, idx, targets=None):
        B, T = idx.shape
        tok_emb = self.token_embedding_table(idx)  # (B, T, n_embd)
        pos_emb = self.position_embedding_table(torch.arange(T))  # (T, n_embd)
        x = tok_emb + pos_emb  # broadcast to (B, T, n_embd): what it is + where it is
        x = self.sa_head(x)  # where the tokens talk to each other
        logits = self.lm_head(x)  # (B, T, vocab_size)
        if targets is None:
            return logits, None
        B, T, C = logits.shape
        # cross-entropy: the mean over the B*T positions
        loss = F.cross_entropy(logits.view(B * T, C), targets.view(B * T))
        return logits, loss

    def generate(self, idx, max_new_tokens):
        for _ in range(max_new_tokens):
            # feed only the last block_size tokens: the position table has no more rows
            idx_cond = idx[:, -block_size:]
            logits, _ = self(idx_cond)
            # the last position's distribution; draw one character and append it
            probs = F.softmax(logits[:, -1, :], dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx


model = LanguageModel()
optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate)

for iter in range(max_iters):
    # an evaluation every eval_interval steps, before the step (none after the last one)
    if iter % eval_interval == 0:
        losses = estimate_loss()
        print(f"step {iter}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
    xb, yb = get_batch('train')
    logits, loss = model(xb, yb)
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()

# After training, generate from a single token 0 (the first character printed)
if sample_chars > 0:
    context = torch.zeros((1, 1), dtype=torch.long)
    print(decode(model.generate(context, max_new_tokens=sample_chars)[0].tolist()))
