// The lecture's data side: UTF-8 text -> code points, and get_batch.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn::torch {
class Generator;
}

namespace attn::train {

// Strict UTF-8 -> code points (no overlong forms, surrogates or values above
// U+10FFFF). Returns false and sets error (naming the byte offset) otherwise.
bool utf8_decode(std::string_view text, std::vector<char32_t>& out, std::string& error);
void utf8_append(std::string& out, char32_t cp);

// get_batch(split): ix = torch.randint(len(data) - block, (batch,)), then
// x[b] = data[ix[b] : ix[b] + block], y[b] = data[ix[b] + 1 : ix[b] + block + 1].
// data: (len,) with len >= block + 1; ix: (batch,) scratch; x, y: (batch, block)
void get_batch(torch::Generator& gen, const std::vector<std::int32_t>& data, int batch, int block,
               std::int64_t* ix, std::int32_t* x, std::int32_t* y);

}  // namespace attn::train
