// Dragon4-style shortest and exact digit generation for doubles, on exact
// big integers: the digits npformat.cpp lays out as Python and NumPy print
// them. A from-scratch implementation of the Steele & White / Burger & Dybvig
// "free format" algorithm with the same knobs NumPy exposes on its Dragon4
// printer (unique vs exact digits, total vs fractional cutoff, minimum
// digits) and the same decisions at every step, so rounding and tie cases
// come out identical to NumPy. Internal to the NumPy printing.
#pragma once

#include <cstdint>
#include <string>

namespace attn::np::dragon4 {

enum class DigitMode { Unique, Exact };
enum class CutoffMode { Total, Fraction };

struct Decimal {
    std::string digits;  // at least one digit
    int exp10 = 0;       // value = d0.d1d2... * 10^exp10
};

struct FloatParts {
    bool negative = false;
    bool is_nan = false;
    bool is_inf = false;
    std::uint64_t mantissa = 0;  // integer significand
    int exponent = 0;            // value = mantissa * 2^exponent
    int mantissa_bit = 0;        // index of the highest set bit of mantissa
    bool unequal_margins = false;
};

// The sign, class and exact binary value of x.
FloatParts decompose(double x);

// Digits of |value| for a finite double.
//  Unique: stop as soon as the digits identify the double (round-trip
//          interval, boundaries included when the significand is even), but
//          not before cutoff_min digits, and never after cutoff_max digits.
//  Exact:  digits of the exact binary value, stopping when the rest is zero
//          or at cutoff_max.
// Cutoffs count total significant digits (Total) or digits after the decimal
// point (Fraction); negative means "none". The last digit is rounded half to
// even on the exact remainder, except that in Unique mode a digit that is
// only allowed to go one way goes that way (as in NumPy's Dragon4).
Decimal generate_digits(const FloatParts& p, DigitMode mode, CutoffMode cutoff_mode,
                        int cutoff_max, int cutoff_min);

}  // namespace attn::np::dragon4
