// Dragon4 digit generation (see dragon4.hpp) and the big integers it runs on.

// Its one floating-point step (the decimal exponent's estimate) stays in IEEE
// order under -fassociative-math, as in npformat.cpp.
#if defined(__clang__)
#pragma clang fp reassociate(off) contract(off)
#endif

#include "numpy/dragon4.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace attn::np::dragon4 {
namespace {

// Unsigned arbitrary precision integer, 32-bit limbs, least significant first,
// no high zero limbs (zero is the empty vector). Only what digit generation
// needs.
class BigUint {
public:
    BigUint() = default;
    explicit BigUint(std::uint64_t v) {
        while (v != 0) {
            limbs_.push_back(static_cast<std::uint32_t>(v));
            v >>= 32;
        }
    }

    bool is_zero() const { return limbs_.empty(); }

    void shift_left(unsigned bits) {
        if (is_zero() || bits == 0) return;
        const unsigned whole = bits / 32, part = bits % 32;
        if (part != 0) {
            std::uint32_t carry = 0;
            for (auto& l : limbs_) {
                const std::uint32_t next = l >> (32 - part);
                l = (l << part) | carry;
                carry = next;
            }
            if (carry != 0) limbs_.push_back(carry);
        }
        limbs_.insert(limbs_.begin(), whole, 0u);
    }

    void mul_small(std::uint32_t m) {
        std::uint64_t carry = 0;
        for (auto& l : limbs_) {
            const std::uint64_t p = static_cast<std::uint64_t>(l) * m + carry;
            l = static_cast<std::uint32_t>(p);
            carry = p >> 32;
        }
        if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
        if (m == 0) limbs_.clear();
    }

    void mul_pow10(int n) {
        while (n >= 9) {
            mul_small(1000000000u);
            n -= 9;
        }
        static constexpr std::uint32_t kPow10[9] = {1,      10,      100,      1000,     10000,
                                                    100000, 1000000, 10000000, 100000000};
        if (n > 0) mul_small(kPow10[n]);
    }

    void add(const BigUint& o) {
        if (o.limbs_.size() > limbs_.size()) limbs_.resize(o.limbs_.size(), 0u);
        std::uint64_t carry = 0;
        for (std::size_t i = 0; i < limbs_.size(); ++i) {
            const std::uint64_t s = static_cast<std::uint64_t>(limbs_[i]) +
                                    (i < o.limbs_.size() ? o.limbs_[i] : 0u) + carry;
            limbs_[i] = static_cast<std::uint32_t>(s);
            carry = s >> 32;
            if (carry == 0 && i >= o.limbs_.size()) break;
        }
        if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
    }

    // *this -= o; requires *this >= o.
    void sub(const BigUint& o) {
        std::int64_t borrow = 0;
        for (std::size_t i = 0; i < limbs_.size(); ++i) {
            std::int64_t d = static_cast<std::int64_t>(limbs_[i]) -
                             (i < o.limbs_.size() ? o.limbs_[i] : 0u) - borrow;
            borrow = d < 0 ? 1 : 0;
            if (d < 0) d += (std::int64_t{1} << 32);
            limbs_[i] = static_cast<std::uint32_t>(d);
            if (borrow == 0 && i >= o.limbs_.size()) break;
        }
        assert(borrow == 0);
        trim();
    }

    friend int compare(const BigUint& a, const BigUint& b) {
        if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
        for (std::size_t i = a.limbs_.size(); i-- > 0;) {
            if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
        }
        return 0;
    }

private:
    void trim() {
        while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
    }
    std::vector<std::uint32_t> limbs_;
};

}  // namespace

FloatParts decompose(double x) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(x);
    FloatParts p;
    p.negative = (bits >> 63) != 0;
    const unsigned biased = static_cast<unsigned>((bits >> 52) & 0x7ffu);
    const std::uint64_t frac = bits & ((std::uint64_t{1} << 52) - 1);
    if (biased == 0x7ffu) {
        p.is_nan = frac != 0;
        p.is_inf = frac == 0;
        return p;
    }
    if (biased != 0) {
        p.mantissa = frac | (std::uint64_t{1} << 52);
        p.exponent = static_cast<int>(biased) - 1075;
        p.mantissa_bit = 52;
        // the gap below a power of two is half the gap above it
        p.unequal_margins = biased != 1 && frac == 0;
    } else {
        p.mantissa = frac;
        p.exponent = -1074;
        p.mantissa_bit = frac == 0 ? 0 : 63 - std::countl_zero(frac);
        p.unequal_margins = false;
    }
    return p;
}

Decimal generate_digits(const FloatParts& p, DigitMode mode, CutoffMode cutoff_mode,
                        int cutoff_max, int cutoff_min) {
    Decimal out;
    if (p.mantissa == 0) {
        out.digits = "0";
        out.exp10 = 0;
        return out;
    }

    // value = r / s; half gaps to the neighbouring doubles = m_lo / s, m_hi / s.
    // Everything carries an extra factor 4 so the quarter gap of the
    // unequal-margin case stays an integer.
    BigUint r(p.mantissa), s, m_lo, m_hi;
    if (p.exponent > 0) {
        r.shift_left(static_cast<unsigned>(p.exponent) + 2);
        s = BigUint(4);
        m_lo = BigUint(1);
        m_lo.shift_left(static_cast<unsigned>(p.exponent) + (p.unequal_margins ? 0u : 1u));
        m_hi = BigUint(1);
        m_hi.shift_left(static_cast<unsigned>(p.exponent) + 1);
    } else {
        r.shift_left(2);
        s = BigUint(1);
        s.shift_left(static_cast<unsigned>(2 - p.exponent));
        m_lo = BigUint(p.unequal_margins ? 1 : 2);
        m_hi = BigUint(2);
    }

    // k: decimal exponent such that the first digit has weight 10^(k-1).
    // Start from an estimate that is exact or one too small, then correct.
    constexpr double kLog10Of2 = 0.30102999566398119521373889472449;
    int k = static_cast<int>(std::ceil(static_cast<double>(p.mantissa_bit + p.exponent) * kLog10Of2 - 0.69));
    if (cutoff_max >= 0 && cutoff_mode == CutoffMode::Fraction && k <= -cutoff_max) {
        // never start below the last requested fraction digit; leading
        // zero digits are produced instead and rounding happens there
        k = -cutoff_max + 1;
    }
    if (k > 0) {
        s.mul_pow10(k);
    } else if (k < 0) {
        r.mul_pow10(-k);
        m_lo.mul_pow10(-k);
        m_hi.mul_pow10(-k);
    }
    if (compare(r, s) >= 0) {
        ++k;  // estimate was one too small; r/s is already value / 10^(k-1)
    } else {
        r.mul_small(10);
        m_lo.mul_small(10);
        m_hi.mul_small(10);
    }

    int cutoff_max_exp = std::numeric_limits<int>::min() / 2;
    if (cutoff_max >= 0) {
        const int want = cutoff_mode == CutoffMode::Total ? k - cutoff_max : -cutoff_max;
        cutoff_max_exp = std::max(cutoff_max_exp, want);
    }
    int cutoff_min_exp = k;
    if (cutoff_min >= 0) {
        const int want = cutoff_mode == CutoffMode::Total ? k - cutoff_min : -cutoff_min;
        cutoff_min_exp = std::min(cutoff_min_exp, want);
    }
    out.exp10 = k - 1;

    const bool even = (p.mantissa & 1u) == 0;
    bool low = false, high = false;
    int digit_exp = k;
    unsigned digit = 0;
    for (;;) {
        --digit_exp;
        digit = 0;
        while (compare(r, s) >= 0) {
            r.sub(s);
            ++digit;
        }
        assert(digit <= 9);
        if (mode == DigitMode::Unique) {
            const int c_lo = compare(r, m_lo);
            low = even ? c_lo <= 0 : c_lo < 0;
            BigUint r_hi = r;
            r_hi.add(m_hi);
            const int c_hi = compare(r_hi, s);
            high = even ? c_hi >= 0 : c_hi > 0;
            if (((low || high) && digit_exp <= cutoff_min_exp) || digit_exp == cutoff_max_exp) break;
        } else {
            if (r.is_zero() || digit_exp == cutoff_max_exp) break;
        }
        out.digits.push_back(static_cast<char>('0' + digit));
        r.mul_small(10);
        if (mode == DigitMode::Unique) {
            m_lo.mul_small(10);
            m_hi.mul_small(10);
        }
    }

    bool round_down = low;
    if (low == high) {
        BigUint twice = r;
        twice.shift_left(1);
        const int c = compare(twice, s);
        round_down = c < 0 || (c == 0 && (digit & 1u) == 0);
    }
    if (round_down) {
        out.digits.push_back(static_cast<char>('0' + digit));
    } else if (digit < 9) {
        out.digits.push_back(static_cast<char>('0' + digit + 1));
    } else {
        // carry through trailing nines
        while (!out.digits.empty() && out.digits.back() == '9') out.digits.pop_back();
        if (out.digits.empty()) {
            out.digits = "1";
            ++out.exp10;
        } else {
            ++out.digits.back();
        }
    }
    return out;
}

}  // namespace attn::np::dragon4
