# Lesson 1, bonus: the batched attention lines checked against PyTorch's fused kernel.
# F.scaled_dot_product_attention needs PyTorch >= 2.0; older versions fall back to float64 math.
import math

import torch
import torch.nn.functional as F

torch.manual_seed(123456789)
B, H, T, d_k = 1, 3, 7, 4  # batch, heads, tokens, head size
q, k, v = torch.randn(3, B, H, T, d_k).unbind(0)


def my_attention(q, k, v):
    scores = q @ k.transpose(-2, -1) / math.sqrt(k.size(-1))  # (B, H, T, T)
    return F.softmax(scores, dim=-1) @ v  # (B, H, T, d_k)


mine = my_attention(q, k, v)
if hasattr(F, "scaled_dot_product_attention"):
    ref = F.scaled_dot_product_attention(q, k, v, is_causal=False)
else:
    print(f"note: PyTorch {torch.__version__} has no F.scaled_dot_product_attention (2.0+);"
          " comparing with the same formula in float64")
    ref = my_attention(q.double(), k.double(), v.double()).float()
print("shape:", tuple(mine.shape))
print("allclose:", torch.allclose(mine, ref, atol=1e-6))
torch.set_printoptions(precision=4, sci_mode=False)
print("mine[0, 2] =")
print(mine[0, 2])
