// npformat.cpp - Python/NumPy compatible number printing. See npformat.hpp
// for the contract of every public function.
//
// The digits come from dragon4.hpp (NumPy's Dragon4 decisions on exact big
// integers); this file lays them out as Python and NumPy do.

// The printer's few floating-point decisions (NumPy's range tests for
// scientific notation) stay in IEEE order under the WASM build's
// -fassociative-math, as in npreduce.cpp.
#if defined(__clang__)
#pragma clang fp reassociate(off) contract(off)
#endif

#include "numpy/npformat.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <type_traits>
#include <vector>

#include "numpy/dragon4.hpp"

namespace attn::np {
namespace {

using dragon4::CutoffMode;
using dragon4::Decimal;
using dragon4::decompose;
using dragon4::DigitMode;
using dragon4::FloatParts;
using dragon4::generate_digits;

// ----------------------------------------------- NumPy-style float layout --

enum class Trim {
    None,          // 'k': keep trailing zeros and the decimal point
    Zeros,         // '.': trim trailing zeros, keep the decimal point
    LeaveOneZero,  // '0': trim trailing zeros but keep one after the point
    DptZeros,      // '-': trim trailing zeros and the decimal point
};

struct FloatOptions {
    DigitMode mode = DigitMode::Unique;
    CutoffMode cutoff = CutoffMode::Fraction;
    int precision = -1;
    int min_digits = -1;
    Trim trim = Trim::None;
    int pad_left = -1;
    int pad_right = -1;
    int exp_digits = -1;
};

std::string non_finite_text(const FloatParts& p) {
    if (p.is_nan) return "nan";
    return p.negative ? "-inf" : "inf";
}

void strip_trailing_zeros(std::string& s, int& frac_digits, Trim trim) {
    if (trim == Trim::None || frac_digits <= 0) return;
    while (s.back() == '0') {
        s.pop_back();
        --frac_digits;
    }
    if (s.back() == '.') {
        if (trim == Trim::LeaveOneZero) {
            s.push_back('0');
            ++frac_digits;
        } else if (trim == Trim::DptZeros) {
            s.pop_back();
        }
    }
}

// Like numpy's dragon4_positional (the C routine behind format_float_positional).
std::string format_positional(double x, const FloatOptions& o) {
    const FloatParts p = decompose(x);
    if (p.is_nan || p.is_inf) return non_finite_text(p);
    const Decimal d = generate_digits(p, o.mode, o.cutoff, o.precision, o.min_digits);
    const int n = static_cast<int>(d.digits.size());
    std::string s;
    const int has_sign = p.negative ? 1 : 0;
    if (p.negative) s.push_back('-');

    int whole = 0, frac = 0;
    if (d.exp10 >= 0) {
        whole = d.exp10 + 1;
        if (n <= whole) {
            s += d.digits;
            s.append(static_cast<std::size_t>(whole - n), '0');
        } else {
            s.append(d.digits, 0, static_cast<std::size_t>(whole));
            s.push_back('.');
            s.append(d.digits, static_cast<std::size_t>(whole), std::string::npos);
            frac = n - whole;
        }
    } else {
        const int zeros = -(d.exp10 + 1);
        s += "0.";
        s.append(static_cast<std::size_t>(zeros), '0');
        s += d.digits;
        whole = 1;
        frac = zeros + n;
    }
    if (o.trim != Trim::DptZeros && frac == 0) s.push_back('.');

    const int add_digits = o.mode == DigitMode::Unique ? o.min_digits : o.precision;
    int desired_frac = std::max(add_digits, 0);
    if (o.cutoff == CutoffMode::Total) desired_frac = add_digits - whole;
    if (o.trim == Trim::LeaveOneZero) {
        if (frac == 0) {
            s.push_back('0');
            ++frac;
        }
    } else if (o.trim == Trim::None && desired_frac > frac) {
        s.append(static_cast<std::size_t>(desired_frac - frac), '0');
        frac = desired_frac;
    }
    strip_trailing_zeros(s, frac, o.trim);

    if (o.pad_right >= frac) {
        if (o.trim == Trim::DptZeros && frac == 0) s.push_back(' ');
        s.append(static_cast<std::size_t>(o.pad_right - frac), ' ');
    }
    if (o.pad_left > whole + has_sign) {
        s.insert(0, static_cast<std::size_t>(o.pad_left - whole - has_sign), ' ');
    }
    return s;
}

// Like numpy's dragon4_scientific (precision counts digits after the first).
std::string format_scientific(double x, const FloatOptions& o) {
    const FloatParts p = decompose(x);
    if (p.is_nan || p.is_inf) return non_finite_text(p);
    const Decimal d =
        generate_digits(p, o.mode, CutoffMode::Total, o.precision < 0 ? -1 : o.precision + 1,
                        o.min_digits < 0 ? -1 : o.min_digits + 1);
    std::string s;
    const int left_chars = 1 + (p.negative ? 1 : 0);
    if (o.pad_left > left_chars) s.append(static_cast<std::size_t>(o.pad_left - left_chars), ' ');
    if (p.negative) s.push_back('-');
    s.push_back(d.digits[0]);
    int frac = static_cast<int>(d.digits.size()) - 1;
    if (frac > 0) {
        s.push_back('.');
        s.append(d.digits, 1, std::string::npos);
    }
    if (o.trim != Trim::DptZeros && frac == 0) s.push_back('.');

    const int add_digits = std::max(o.mode == DigitMode::Unique ? o.min_digits : o.precision, 0);
    if (o.trim == Trim::LeaveOneZero) {
        if (frac == 0) {
            s.push_back('0');
            ++frac;
        }
    } else if (o.trim == Trim::None && add_digits > frac) {
        s.append(static_cast<std::size_t>(add_digits - frac), '0');
        frac = add_digits;
    }
    if (o.trim != Trim::None && frac > 0) {
        while (s.back() == '0') {
            s.pop_back();
            --frac;
        }
        if (o.trim == Trim::LeaveOneZero && s.back() == '.') {
            s.push_back('0');
            ++frac;
        }
    }

    int e = d.exp10;
    s.push_back('e');
    s.push_back(e < 0 ? '-' : '+');
    if (e < 0) e = -e;
    const int min_exp_digits = o.exp_digits < 0 ? 2 : std::min(o.exp_digits, 5);
    std::string ed = std::to_string(e);
    if (static_cast<int>(ed.size()) < min_exp_digits) {
        ed.insert(0, static_cast<std::size_t>(min_exp_digits) - ed.size(), '0');
    }
    s += ed;
    return s;
}

std::string spaces(long n) { return n > 0 ? std::string(static_cast<std::size_t>(n), ' ') : std::string(); }

// NumPy's FloatingFormat for the default print options (precision 8,
// floatmode 'maxprec', suppress False, sign '-').
class FloatingFormat {
public:
    explicit FloatingFormat(const std::vector<double>& data) {
        std::vector<double> finite;
        finite.reserve(data.size());
        bool has_neg_inf = false;
        for (double v : data) {
            if (std::isfinite(v)) {
                finite.push_back(v);
            } else if (std::isinf(v) && v < 0) {
                has_neg_inf = true;
            }
        }
        double max_val = 0, min_val = 0;
        bool any_nonzero = false;
        for (double v : finite) {
            if (v == 0) continue;
            const double a = std::fabs(v);
            if (!any_nonzero) {
                max_val = min_val = a;
                any_nonzero = true;
            } else {
                max_val = std::max(max_val, a);
                min_val = std::min(min_val, a);
            }
        }
        if (any_nonzero) {
            exp_format_ = max_val >= 1.e8 || min_val < 0.0001 || max_val / min_val > 1000.;
        }

        if (finite.empty()) {
            pad_left_ = 0;
            pad_right_ = 0;
            trim_ = Trim::Zeros;
            exp_size_ = -1;
            min_digits_ = -1;
        } else if (exp_format_) {
            FloatOptions o;
            o.precision = precision_;
            o.trim = Trim::Zeros;
            std::size_t max_int = 0, max_frac = 0, max_exp = 0;
            for (double v : finite) {
                const std::string s = format_scientific(v, o);
                const std::size_t e = s.find('e');
                const std::size_t dot = s.find('.');
                max_exp = std::max(max_exp, s.size() - e - 1);
                max_int = std::max(max_int, dot);
                max_frac = std::max(max_frac, e - dot - 1);
            }
            exp_size_ = static_cast<int>(max_exp) - 1;
            trim_ = Trim::None;
            precision_ = static_cast<int>(max_frac);
            min_digits_ = precision_;
            pad_left_ = static_cast<int>(max_int);
            pad_right_ = exp_size_ + 2 + precision_;
        } else {
            FloatOptions o;
            o.precision = precision_;
            o.cutoff = CutoffMode::Fraction;
            o.trim = Trim::Zeros;
            std::size_t max_int = 0, max_frac = 0;
            for (double v : finite) {
                const std::string s = format_positional(v, o);
                const std::size_t dot = s.find('.');
                max_int = std::max(max_int, dot);
                max_frac = std::max(max_frac, s.size() - dot - 1);
            }
            pad_left_ = static_cast<int>(max_int);
            pad_right_ = static_cast<int>(max_frac);
            exp_size_ = -1;
            trim_ = Trim::Zeros;
            min_digits_ = 0;
        }

        if (finite.size() != data.size()) {
            const int offset = pad_right_ + 1;  // +1 for the decimal point
            pad_left_ = std::max({pad_left_, 3 - offset, 3 + (has_neg_inf ? 1 : 0) - offset});
        }
    }

    std::string operator()(double x) const {
        if (!std::isfinite(x)) {
            const std::string ret = std::isnan(x) ? "nan" : (x < 0 ? "-inf" : "inf");
            return spaces(static_cast<long>(pad_left_ + pad_right_ + 1) - static_cast<long>(ret.size())) + ret;
        }
        FloatOptions o;
        o.precision = precision_;
        o.min_digits = min_digits_;
        o.trim = trim_;
        o.pad_left = pad_left_;
        if (exp_format_) {
            o.exp_digits = exp_size_;
            return format_scientific(x, o);
        }
        o.cutoff = CutoffMode::Fraction;
        o.pad_right = pad_right_;
        return format_positional(x, o);
    }

private:
    bool exp_format_ = false;
    int precision_ = 8;
    int min_digits_ = -1;
    Trim trim_ = Trim::Zeros;
    int pad_left_ = 0;
    int pad_right_ = 0;
    int exp_size_ = -1;
};

// ------------------------------------------------------- array2string port --

constexpr std::size_t kThreshold = 1000;
constexpr std::size_t kEdgeItems = 3;
constexpr int kLineWidth = 75;

std::string rstrip(const std::string& s) {
    std::size_t end = s.size();
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\n')) --end;
    return s.substr(0, end);
}

std::size_t element_count(std::span<const std::size_t> shape) {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

std::vector<std::size_t> row_major_strides(std::span<const std::size_t> shape) {
    std::vector<std::size_t> st(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) st[i - 1] = st[i] * shape[i];
    return st;
}

// Flat indices of the elements NumPy keeps when summarizing (the leading and
// trailing `edgeitems` along every axis longer than 2*edgeitems), in order.
void collect_shown(std::span<const std::size_t> shape, const std::vector<std::size_t>& strides, std::size_t axis,
                   std::size_t offset, bool summarize, std::vector<std::size_t>& out) {
    if (axis == shape.size()) {
        out.push_back(offset);
        return;
    }
    const std::size_t n = shape[axis];
    const auto visit = [&](std::size_t i) {
        collect_shown(shape, strides, axis + 1, offset + i * strides[axis], summarize, out);
    };
    if (summarize && n > 2 * kEdgeItems) {
        for (std::size_t i = 0; i < kEdgeItems; ++i) visit(i);
        for (std::size_t i = n - kEdgeItems; i < n; ++i) visit(i);
    } else {
        for (std::size_t i = 0; i < n; ++i) visit(i);
    }
}

class ArrayFormatter {
public:
    ArrayFormatter(std::span<const std::size_t> shape, std::function<std::string(std::size_t)> fmt,
                   std::string separator, bool summarize)
        : shape_(shape),
          strides_(row_major_strides(shape)),
          fmt_(std::move(fmt)),
          sep_(std::move(separator)),
          summarize_(summarize) {}

    std::string run(const std::string& next_line_prefix, int line_width) const {
        return recurse(0, 0, next_line_prefix, line_width);
    }

private:
    static void extend_line(std::string& s, std::string& line, const std::string& word, int line_width,
                            const std::string& next_line_prefix) {
        bool needs_wrap = static_cast<long>(line.size() + word.size()) > line_width;
        if (line.size() <= next_line_prefix.size()) needs_wrap = false;  // wrapping would not help
        if (needs_wrap) {
            s += rstrip(line);
            s += '\n';
            line = next_line_prefix;
        }
        line += word;
    }

    std::string recurse(std::size_t axis, std::size_t offset, const std::string& hanging, int width) const {
        const std::size_t ndim = shape_.size();
        if (axis == ndim) return fmt_(offset);

        const std::size_t axes_left = ndim - axis;
        const std::string next_hanging = hanging + ' ';
        const int next_width = width - 1;  // room for the closing ']'
        const std::size_t n = shape_[axis];
        const std::size_t stride = strides_[axis];
        const bool show_summary = summarize_ && 2 * kEdgeItems < n;
        const std::size_t leading = show_summary ? kEdgeItems : 0;
        const std::size_t trailing = show_summary ? kEdgeItems : n;
        const auto child = [&](std::size_t i) { return recurse(axis + 1, offset + i * stride, next_hanging, next_width); };

        std::string s;
        if (axes_left == 1) {
            const int elem_width = width - static_cast<int>(std::max<std::size_t>(rstrip(sep_).size(), 1));
            std::string line = hanging;
            for (std::size_t i = 0; i < leading; ++i) {
                extend_line(s, line, child(i), elem_width, hanging);
                line += sep_;
            }
            if (show_summary) {
                extend_line(s, line, "...", elem_width, hanging);
                line += sep_;
            }
            for (std::size_t i = trailing; i > 1; --i) {
                extend_line(s, line, child(n - i), elem_width, hanging);
                line += sep_;
            }
            extend_line(s, line, child(n - 1), elem_width, hanging);
            s += line;
        } else {
            const std::string line_sep = rstrip(sep_) + std::string(axes_left - 1, '\n');
            for (std::size_t i = 0; i < leading; ++i) s += hanging + child(i) + line_sep;
            if (show_summary) s += hanging + "..." + line_sep;
            for (std::size_t i = trailing; i > 1; --i) s += hanging + child(n - i) + line_sep;
            s += hanging + child(n - 1);
        }
        return "[" + s.substr(hanging.size()) + "]";
    }

    std::span<const std::size_t> shape_;
    std::vector<std::size_t> strides_;
    std::function<std::string(std::size_t)> fmt_;
    std::string sep_;
    bool summarize_;
};

// array2string(a, separator=sep, prefix=prefix, suffix=suffix) for a
// non-empty array (0-d included) with the default options.
template <class T>
std::string array2string(const T* data, std::span<const std::size_t> shape, const std::string& sep,
                         const std::string& prefix, const std::string& suffix) {
    const std::size_t size = element_count(shape);
    const bool summarize = size > kThreshold;
    std::function<std::string(std::size_t)> fmt;
    if constexpr (std::is_same_v<T, bool>) {
        // BoolFormat
        const std::string true_str = shape.empty() ? "True" : " True";
        fmt = [data, true_str](std::size_t i) { return data[i] ? true_str : std::string("False"); };
    } else {
        // The element format is fitted to the elements that are shown
        // (NumPy's _leading_trailing), not to the whole array.
        std::vector<std::size_t> shown;
        collect_shown(shape, row_major_strides(shape), 0, 0, summarize, shown);
        if constexpr (std::is_same_v<T, std::int64_t>) {
            // IntegerFormat: '%{w}d' with w the longer of str(max), str(min)
            std::int64_t lo = data[shown.front()], hi = lo;
            for (std::size_t i : shown) {
                lo = std::min(lo, data[i]);
                hi = std::max(hi, data[i]);
            }
            const std::size_t width = std::max(std::to_string(lo).size(), std::to_string(hi).size());
            fmt = [data, width](std::size_t i) {
                const std::string t = std::to_string(data[i]);
                return std::string(width - std::min(width, t.size()), ' ') + t;
            };
        } else {
            std::vector<double> values;
            values.reserve(shown.size());
            for (std::size_t i : shown) values.push_back(data[i]);
            auto ff = std::make_shared<FloatingFormat>(values);
            fmt = [data, ff](std::size_t i) { return (*ff)(data[i]); };
        }
    }
    const std::string next_line_prefix = " " + std::string(prefix.size(), ' ');
    const int line_width = kLineWidth - static_cast<int>(suffix.size());
    return ArrayFormatter(shape, std::move(fmt), sep, summarize).run(next_line_prefix, line_width);
}

template <class T>
std::string array_str_impl(const T* data, std::span<const std::size_t> shape) {
    if (shape.empty()) {
        if constexpr (std::is_same_v<T, bool>) {
            return data[0] ? "True" : "False";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
            return std::to_string(data[0]);
        } else {
            return np_float64_str(data[0]);
        }
    }
    if (element_count(shape) == 0) return "[]";
    return array2string(data, shape, " ", "", "");
}

template <class T>
std::string array_repr_impl(const T* data, std::span<const std::size_t> shape) {
    const std::string prefix = "array(";
    const std::size_t size = element_count(shape);
    if (size > 0) {
        // float64, int64 and bool are implied by their values: no dtype suffix
        return prefix + array2string(data, shape, ", ", prefix, ")") + ")";
    }
    std::string lst = shape.size() == 1 ? "[]" : "[], shape=" + shape_str(shape);
    const std::string arr_str = prefix + lst + ",";
    const std::string dtype_str = std::is_same_v<T, bool>           ? "dtype=bool)"
                                  : std::is_same_v<T, std::int64_t> ? "dtype=int64)"
                                                                    : "dtype=float64)";
    const std::size_t nl = arr_str.rfind('\n');
    const std::size_t last_line_len = nl == std::string::npos ? arr_str.size() : arr_str.size() - nl - 1;
    const std::string spacer =
        static_cast<long>(last_line_len + dtype_str.size() + 1) > kLineWidth ? "\n" + std::string(prefix.size(), ' ') : " ";
    return arr_str + spacer + dtype_str;
}

}  // namespace

// ------------------------------------------------------------ public API --

std::string py_float_repr(double x) {
    const FloatParts p = decompose(x);
    if (p.is_nan || p.is_inf) return non_finite_text(p);
    const Decimal d = generate_digits(p, DigitMode::Unique, CutoffMode::Total, -1, -1);
    const int n = static_cast<int>(d.digits.size());
    const int decpt = d.exp10 + 1;  // position of the decimal point in the digit string
    std::string s = p.negative ? "-" : "";
    if (decpt <= -4 || decpt > 16) {
        s.push_back(d.digits[0]);
        if (n > 1) {
            s.push_back('.');
            s.append(d.digits, 1, std::string::npos);
        }
        int e = d.exp10;
        s.push_back('e');
        s.push_back(e < 0 ? '-' : '+');
        if (e < 0) e = -e;
        if (e < 10) s.push_back('0');
        s += std::to_string(e);
    } else if (decpt <= 0) {
        s += "0.";
        s.append(static_cast<std::size_t>(-decpt), '0');
        s += d.digits;
    } else if (decpt >= n) {
        s += d.digits;
        s.append(static_cast<std::size_t>(decpt - n), '0');
        s += ".0";
    } else {
        s.append(d.digits, 0, static_cast<std::size_t>(decpt));
        s.push_back('.');
        s.append(d.digits, static_cast<std::size_t>(decpt), std::string::npos);
    }
    return s;
}

std::string np_float64_str(double x) {
    const double a = x < 0 ? -x : x;
    FloatOptions o;
    o.mode = DigitMode::Unique;
    if (a == 0 || (1.e-4 <= a && a < 1.e16)) {
        o.cutoff = CutoffMode::Fraction;
        o.trim = Trim::LeaveOneZero;
        return format_positional(x, o);
    }
    o.trim = Trim::DptZeros;
    return format_scientific(x, o);
}

std::string format_fixed(double x, int width, int precision) {
    if (precision < 0) precision = 0;
    const FloatParts p = decompose(x);
    std::string s;
    if (p.is_nan || p.is_inf) {
        s = non_finite_text(p);
    } else {
        const Decimal d = generate_digits(p, DigitMode::Exact, CutoffMode::Fraction, precision, -1);
        const int n = static_cast<int>(d.digits.size());
        std::string int_part, frac_part;
        if (d.exp10 >= 0) {
            const int whole = d.exp10 + 1;
            if (n <= whole) {
                int_part = d.digits + std::string(static_cast<std::size_t>(whole - n), '0');
            } else {
                int_part = d.digits.substr(0, static_cast<std::size_t>(whole));
                frac_part = d.digits.substr(static_cast<std::size_t>(whole));
            }
        } else {
            int_part = "0";
            frac_part = std::string(static_cast<std::size_t>(-(d.exp10 + 1)), '0') + d.digits;
        }
        if (static_cast<int>(frac_part.size()) < precision) {
            frac_part.append(static_cast<std::size_t>(precision) - frac_part.size(), '0');
        }
        if (p.negative) s.push_back('-');
        s += int_part;
        if (precision > 0) {
            s.push_back('.');
            s += frac_part;
        }
    }
    if (width > 0 && static_cast<int>(s.size()) < width) s.insert(0, static_cast<std::size_t>(width) - s.size(), ' ');
    return s;
}

std::string array_str(const double* data, std::span<const std::size_t> shape) { return array_str_impl(data, shape); }
std::string array_str(const bool* data, std::span<const std::size_t> shape) { return array_str_impl(data, shape); }
std::string array_repr(const double* data, std::span<const std::size_t> shape) { return array_repr_impl(data, shape); }
std::string array_repr(const bool* data, std::span<const std::size_t> shape) { return array_repr_impl(data, shape); }
std::string array_str(const std::int64_t* data, std::span<const std::size_t> shape) {
    return array_str_impl(data, shape);
}
std::string array_repr(const std::int64_t* data, std::span<const std::size_t> shape) {
    return array_repr_impl(data, shape);
}

std::string shape_str(std::span<const std::size_t> shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0) s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    s += ")";
    return s;
}

}  // namespace attn::np
