// Dataset (text -> sorted vocabulary, ids, 90/10 split) and get_batch.
#include "train/data.hpp"

#include <algorithm>
#include <stdexcept>

#include "torch/generator.hpp"
#include "train/trainer.hpp"

namespace attn::train {

bool utf8_decode(std::string_view s, std::vector<char32_t>& out, std::string& error) {
  out.clear();
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned c = p[i];
    int len = 0;
    char32_t cp = 0;
    if (c < 0x80) { len = 1; cp = c; }
    else if (c >= 0xC2 && c < 0xE0) { len = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c < 0xF0) { len = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c < 0xF5) { len = 4; cp = c & 0x07; }
    else {
      error = "the text is not valid UTF-8 (byte " + std::to_string(i) + ")";
      return false;
    }
    if (i + static_cast<std::size_t>(len) > n) {
      error = "the text is not valid UTF-8 (truncated character at byte " + std::to_string(i) + ")";
      return false;
    }
    for (int k = 1; k < len; ++k) {
      const unsigned cc = p[i + static_cast<std::size_t>(k)];
      if ((cc & 0xC0) != 0x80) {
        error = "the text is not valid UTF-8 (byte " + std::to_string(i + static_cast<std::size_t>(k)) + ")";
        return false;
      }
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
      error = "the text is not valid UTF-8 (byte " + std::to_string(i) + ")";
      return false;
    }
    out.push_back(cp);
    i += static_cast<std::size_t>(len);
  }
  return true;
}

void utf8_append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

Dataset Dataset::from_text(std::string_view utf8, int block) {
  if (block < 1) throw std::invalid_argument("block must be at least 1");
  std::vector<char32_t> cps;
  std::string error;
  if (!utf8_decode(utf8, cps, error)) throw TextError(error);
  Dataset d;
  d.vocab = cps;
  std::sort(d.vocab.begin(), d.vocab.end());
  d.vocab.erase(std::unique(d.vocab.begin(), d.vocab.end()), d.vocab.end());
  // n = int(0.9 * len(data)), in double as Python computes it
  const std::size_t n = static_cast<std::size_t>(0.9 * static_cast<double>(cps.size()));
  const std::size_t need = static_cast<std::size_t>(block) + 1;
  if (n < need || cps.size() - n < need)
    throw TextError("the text has " + std::to_string(cps.size()) +
                                " characters: both its first 90 % and its last 10 % need at least block + 1 = " +
                                std::to_string(need));
  d.train.reserve(n);
  d.val.reserve(cps.size() - n);
  for (std::size_t i = 0; i < cps.size(); ++i) {
    const auto id = static_cast<std::int32_t>(std::lower_bound(d.vocab.begin(), d.vocab.end(), cps[i]) - d.vocab.begin());
    (i < n ? d.train : d.val).push_back(id);
  }
  return d;
}

std::vector<std::int32_t> Dataset::encode(std::string_view utf8) const {
  std::vector<char32_t> cps;
  std::string error;
  if (!utf8_decode(utf8, cps, error)) throw std::invalid_argument(error);
  std::vector<std::int32_t> ids;
  ids.reserve(cps.size());
  for (char32_t c : cps) {
    const auto it = std::lower_bound(vocab.begin(), vocab.end(), c);
    if (it == vocab.end() || *it != c) {
      std::string ch;
      utf8_append(ch, c);
      throw std::invalid_argument("the character \"" + ch + "\" is not in the vocabulary");
    }
    ids.push_back(static_cast<std::int32_t>(it - vocab.begin()));
  }
  return ids;
}

std::string Dataset::decode(const std::vector<std::int32_t>& ids) const {
  std::string out;
  out.reserve(ids.size());
  for (std::int32_t id : ids) {
    if (id < 0 || static_cast<std::size_t>(id) >= vocab.size()) throw std::out_of_range("token id out of range");
    utf8_append(out, vocab[static_cast<std::size_t>(id)]);
  }
  return out;
}

void get_batch(torch::Generator& gen, const std::vector<std::int32_t>& data, int batch, int block,
               std::int64_t* ix, std::int32_t* x, std::int32_t* y) {
  gen.randint(ix, static_cast<std::size_t>(batch), 0, static_cast<std::int64_t>(data.size()) - block);
  for (int b = 0; b < batch; ++b) {
    const std::int32_t* src = data.data() + ix[b];
    std::copy(src, src + block, x + static_cast<std::ptrdiff_t>(b) * block);
    std::copy(src + 1, src + block + 1, y + static_cast<std::ptrdiff_t>(b) * block);
  }
}

}  // namespace attn::train
