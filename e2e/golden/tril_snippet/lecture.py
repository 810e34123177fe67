import torch
import torch.nn as nn
from torch.nn import functional as F
torch.set_printoptions(precision=4, sci_mode=False)

# three ways to average the past
torch.manual_seed(1337)
B, T, C = 4, 8, 2
x = torch.randn(B, T, C)
xbow = torch.zeros((B, T, C))
for b in range(B):
    for t in range(T):
        xprev = x[b, :t+1]
        xbow[b, t] = torch.mean(xprev, 0)
wei = torch.tril(torch.ones(T, T))
wei = wei / wei.sum(1, keepdim=True)
xbow2 = wei @ x
tril = torch.tril(torch.ones(T, T))
wei3 = torch.zeros((T, T)).masked_fill(tril == 0, float('-inf'))
wei3 = F.softmax(wei3, dim=-1)
xbow3 = wei3 @ x
print(x[0])
print(xbow[0])
print(wei3)
print(max((xbow - xbow2).abs().max().item(), (xbow - xbow3).abs().max().item(), (xbow2 - xbow3).abs().max().item()))
print(torch.allclose(xbow, xbow2), torch.allclose(xbow, xbow3))

# one head of self-attention, data-dependent weights
torch.manual_seed(1337)
B, T, C = 4, 8, 32
head_size = 16
x = torch.randn(B, T, C)
key = nn.Linear(C, head_size, bias=False)
query = nn.Linear(C, head_size, bias=False)
value = nn.Linear(C, head_size, bias=False)
pos = nn.Embedding(T, C)  # drawn after the three layers
with torch.no_grad():
    k, q, v = key(x), query(x), value(x)
    raw = q @ k.transpose(-2, -1)
    wei = raw * head_size**-0.5
    tril = torch.tril(torch.ones(T, T))
    wei = wei.masked_fill(tril == 0, float('-inf'))
    wei = F.softmax(wei, dim=-1)
    print(wei[0])
    print(raw.var().item(), (raw * head_size**-0.5).var().item())
    perm = [0, 1, 2, 3, 4, 5, 6, 7]
    xb = x[0]
    pe = torch.zeros(T, C)
    def head(xx):  # no mask: an encoder block
        w = F.softmax(query(xx) @ key(xx).transpose(-2, -1) * head_size**-0.5, dim=-1)
        return w @ value(xx)
    out, out_perm = head(xb + pe), head(xb[perm] + pe)
    print(out[perm][:, 0])  # channel 0 of the original outputs, in the new order
    print(out_perm[:, 0])  # channel 0 of the outputs of the permuted tokens
    diff = (out_perm - out[perm]).abs().max().item()
    print(diff < 1e-6)  # only float rounding

# unit-variance q and k: why head_size**-0.5
torch.manual_seed(1337)
k = torch.randn(4, 8, 16)
q = torch.randn(4, 8, 16)
w = q @ k.transpose(-2, -1)
print(w.var().item(), (w * 16**-0.5).var().item())

# softmax temperature
print(torch.softmax(torch.tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * 1, dim=-1))
