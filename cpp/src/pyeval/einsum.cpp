// pyeval's np.einsum: explicit and implicit output, one or two operands,
// broadcast ellipses.
#include "pyeval/impl.hpp"

#include <algorithm>
#include <map>

namespace attn::py::impl {

// --------------------------------------------------------------- einsum --

Value einsum(const std::string& spec_in, const std::vector<Value>& ops, Context& cx) {
  std::string spec;
  for (char c : spec_in)
    if (c != ' ') spec += c;
  std::string lhs = spec, rhs;
  bool explicit_out = false;
  const auto arrow = spec.find("->");
  if (arrow != std::string::npos) {
    lhs = spec.substr(0, arrow);
    rhs = spec.substr(arrow + 2);
    explicit_out = true;
  }
  std::vector<std::string> terms;
  {
    std::size_t s = 0;
    for (;;) {
      const auto c = lhs.find(',', s);
      terms.push_back(lhs.substr(s, c == std::string::npos ? std::string::npos : c - s));
      if (c == std::string::npos) break;
      s = c + 1;
    }
  }
  if (terms.size() != ops.size()) {
    // NumPy 1.24 says "fewer operands" for too many operands, and "more" for too few
    cx.raise(Exc::ValueError, std::string(terms.size() < ops.size() ? "fewer" : "more") +
                              " operands provided to einstein sum function than specified in the subscripts string");
    return {};
  }
  if (ops.empty() || ops.size() > 2) {
    cx.unsupported(Construct::EinsumOperands);
    return {};
  }
  std::vector<ArrayPtr> arrs;
  for (const Value& v : ops) {
    ArrayPtr a = to_array(v, cx, "einsum");
    if (!a) return {};
    arrs.push_back(a);
  }
  // Per operand: labels per axis ('.' marks an ellipsis axis, numbered from the right).
  std::map<char, std::size_t> dim;
  std::vector<std::vector<int>> axis_label(arrs.size());  // label char, or -(k+1) for ellipsis axis k from the right
  Shape ell;  // broadcast ellipsis shape
  std::string counts_order;
  std::map<char, int> counts;
  // sizes that do not broadcast: NumPy finds them when it builds its
  // iterator, after reading the output subscripts
  bool mismatch = false;
  std::size_t n_ell_max = 0;
  auto valid_label = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t k = 0; k < arrs.size(); ++k) {
    std::string t = terms[k];
    const auto e = t.find("...");
    std::string before = e == std::string::npos ? t : t.substr(0, e);
    std::string after = e == std::string::npos ? "" : t.substr(e + 3);
    const std::size_t nd = arrs[k]->shape.size();
    const std::size_t named = before.size() + after.size();
    for (char c : before + after)
      if (!valid_label(c)) {
        cx.raise(Exc::ValueError, std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
        return {};
      }
    if (named > nd || (e == std::string::npos && named != nd)) {
      cx.raise(Exc::ValueError, std::string("einstein sum subscripts string contains too ") +
                                (named > nd ? "many" : "few") + " subscripts for operand " + std::to_string(k));
      return {};
    }
    const std::size_t n_ell = nd - named;
    Shape es(arrs[k]->shape.begin() + static_cast<long>(before.size()),
             arrs[k]->shape.begin() + static_cast<long>(before.size() + n_ell));
    Shape merged;
    if (broadcast_shapes(ell, es, merged)) ell = merged;
    else mismatch = true;
    n_ell_max = std::max(n_ell_max, n_ell);
    std::vector<int>& lab = axis_label[k];
    for (char c : before) lab.push_back(c);
    for (std::size_t i = 0; i < n_ell; ++i) lab.push_back(-static_cast<int>(n_ell - i));
    for (char c : after) lab.push_back(c);
    std::string seen;
    for (std::size_t ax = 0; ax < nd; ++ax) {
      if (lab[ax] < 0) continue;
      const char c = static_cast<char>(lab[ax]);
      if (seen.find(c) != std::string::npos) {
        cx.unsupported(Construct::EinsumRepeated);
        return {};
      }
      seen += c;
      const std::size_t sz = arrs[k]->shape[ax];
      auto it = dim.find(c);
      if (it == dim.end()) dim[c] = sz;
      else if (it->second != sz) {
        if (it->second == 1) it->second = sz;
        else if (sz != 1) mismatch = true;
      }
      if (!counts.count(c)) counts_order += c;
      ++counts[c];
    }
  }
  std::string out_labels;
  bool out_ell = !ell.empty();
  if (explicit_out) {
    const auto e = rhs.find("...");
    std::string r = rhs;
    out_ell = e != std::string::npos;
    if (out_ell) r = rhs.substr(0, e) + rhs.substr(e + 3);
    for (char c : r) {
      if (!valid_label(c)) {
        cx.raise(Exc::ValueError, std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
        return {};
      }
      if (!dim.count(c)) {
        cx.raise(Exc::ValueError, std::string("einstein sum subscripts string included output subscript '") + c +
                                  "' which never appeared in an input");
        return {};
      }
      if (out_labels.find(c) != std::string::npos) {
        cx.raise(Exc::ValueError, std::string("einstein sum subscripts string includes output subscript '") + c +
                                  "' multiple times");
        return {};
      }
      out_labels += c;
    }
    if (!out_ell && !ell.empty()) {
      bool trivial = true;
      for (std::size_t d : ell) trivial = trivial && d == 1;
      if (!trivial) {
        cx.raise(Exc::ValueError, "output has more dimensions than subscripts given in einstein sum, but no '...' "
                              "ellipsis provided to broadcast the extra dimensions.");
        return {};
      }
    }
    if (out_ell) {
      // keep the ellipsis at its position: only leading position supported exactly
      if (e != 0) {
        cx.unsupported(Construct::EinsumEllipsis);
        return {};
      }
    }
  } else {
    for (const auto& [c, n] : counts)
      if (n == 1) out_labels += c;  // std::map: ASCII order
  }
  if (mismatch) {
    // NumPy's iterator: the output's axes, then the summed labels in ASCII
    // order; each operand's axes mapped onto them ("newaxis" where it has none)
    std::vector<int> iter;
    if (out_ell)
      for (std::size_t i = 0; i < n_ell_max; ++i) iter.push_back(-static_cast<int>(n_ell_max - i));
    for (char c : out_labels) iter.push_back(c);
    for (const auto& [c, n] : counts)
      if (out_labels.find(c) == std::string::npos) iter.push_back(c);
    std::string msg = "operands could not be broadcast together with remapped shapes [original->remapped]: ";
    for (std::size_t k = 0; k < arrs.size(); ++k) {
      std::vector<long long> remapped;
      for (int label : iter) {
        const auto at = std::find(axis_label[k].begin(), axis_label[k].end(), label);
        remapped.push_back(at == axis_label[k].end() ? -1 : static_cast<long long>(arrs[k]->shape[at - axis_label[k].begin()]));
      }
      msg += shape_msg(arrs[k]->shape) + "->" + shape_msg_newaxis(remapped) + " ";
    }
    cx.raise(Exc::ValueError, msg);
    return {};
  }
  std::string sum_labels;
  for (char c : counts_order)
    if (out_labels.find(c) == std::string::npos) sum_labels += c;
  Shape out_shape = out_ell ? ell : Shape{};
  for (char c : out_labels) out_shape.push_back(dim[c]);
  double sum_size = 1;
  for (char c : sum_labels) sum_size *= static_cast<double>(dim[c]);
  const double n_out = static_cast<double>(numel(out_shape));
  DType out_dt = arrs[0]->dtype;
  for (const auto& a : arrs) out_dt = promote(out_dt, a->dtype);
  if (!check_ndim(cx, out_shape.size()) || !check_shape(cx, out_shape, out_dt) ||
      !charge(cx, n_out * std::max(1.0, sum_size) * static_cast<double>(arrs.size())))
    return {};
  // strides of every operand per label / ellipsis position
  const std::size_t n_ell = out_ell ? ell.size() : 0;
  std::vector<std::map<char, std::size_t>> lstride(arrs.size());
  std::vector<std::vector<std::size_t>> estride(arrs.size(), std::vector<std::size_t>(ell.size(), 0));
  for (std::size_t k = 0; k < arrs.size(); ++k) {
    const Shape& sh = arrs[k]->shape;
    std::size_t s = 1;
    for (std::size_t ax = sh.size(); ax-- > 0;) {
      const int l = axis_label[k][ax];
      const std::size_t st = sh[ax] == 1 ? 0 : s;
      if (l >= 0) lstride[k][static_cast<char>(l)] = st;
      else estride[k][ell.size() - static_cast<std::size_t>(-l)] = st;
      s *= sh[ax];
    }
  }
  // iterate: output positions, then summed labels
  std::string all = out_labels + sum_labels;
  std::vector<std::size_t> sizes;
  std::vector<std::vector<std::size_t>> strides(arrs.size());
  for (std::size_t i = 0; i < n_ell; ++i) {
    sizes.push_back(ell[i]);
    for (std::size_t k = 0; k < arrs.size(); ++k) strides[k].push_back(estride[k][i]);
  }
  for (char c : all) {
    sizes.push_back(dim[c]);
    for (std::size_t k = 0; k < arrs.size(); ++k)
      strides[k].push_back(lstride[k].count(c) ? lstride[k][c] : 0);
  }
  const std::size_t n_out_axes = n_ell + out_labels.size();
  std::size_t inner = 1;
  for (std::size_t i = n_out_axes; i < sizes.size(); ++i) inner *= sizes[i];
  DType dt = arrs[0]->dtype;
  for (const auto& a : arrs) dt = promote(dt, a->dtype);
  std::vector<double> out(static_cast<std::size_t>(n_out));
  std::vector<std::size_t> idx(sizes.size(), 0);
  std::vector<std::size_t> off(arrs.size(), 0);
  const std::size_t total = static_cast<std::size_t>(n_out) * inner;
  double acc = 0;
  for (std::size_t it = 0; it < total; ++it) {
    double prod = 1;
    for (std::size_t k = 0; k < arrs.size(); ++k) prod *= arrs[k]->data[off[k]];
    if (dt == DType::Bool) acc = (acc != 0 || prod != 0) ? 1 : 0;
    else acc += prod;
    if ((it + 1) % inner == 0) {
      out[it / inner] = acc;
      acc = 0;
    }
    for (std::size_t d = sizes.size(); d-- > 0;) {
      if (++idx[d] < sizes[d]) {
        for (std::size_t k = 0; k < arrs.size(); ++k) off[k] += strides[k][d];
        break;
      }
      for (std::size_t k = 0; k < arrs.size(); ++k) off[k] -= strides[k][d] * (sizes[d] - 1);
      idx[d] = 0;
    }
  }
  if (inner == 0) std::fill(out.begin(), out.end(), 0.0);
  return make(dt, out_shape, std::move(out));
}


}  // namespace attn::py::impl
