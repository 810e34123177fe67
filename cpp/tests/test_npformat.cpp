// Tests for npformat (Python/NumPy-exact printing) and npreduce (float64 reductions).
// Golden files come from scripts/gen_npformat_golden.py (NumPy 1.24).
#include "numpy/npformat.hpp"
#include "numpy/npreduce.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#ifndef ATTN_TEST_DATA_DIR
#error "ATTN_TEST_DATA_DIR must be defined"
#endif

namespace {

using attn::np::array_repr;
using attn::np::array_str;
using attn::np::format_fixed;
using attn::np::np_float64_str;
using attn::np::np_mean;
using attn::np::np_round;
using attn::np::np_var;
using attn::np::pairwise_sum;
using attn::np::py_float_repr;
using attn::np::shape_str;

// ------------------------------------------------------------- helpers --

std::vector<std::string> read_golden(const std::string& name) {
    const std::string path = std::string(ATTN_TEST_DATA_DIR) + "/" + name;
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t pos = s.find(sep, start);
        out.push_back(s.substr(start, pos - start));
        if (pos == std::string::npos) break;
        start = pos + 1;
    }
    return out;
}

std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}
double from_hex(const std::string& h) {
    const std::uint64_t b = std::stoull(h, nullptr, 16);
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}
std::string hex_of(double x) {
    std::ostringstream os;
    os << std::hex << bits_of(x);
    return os.str();
}

std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            ++i;
            out.push_back(s[i] == 'n' ? '\n' : s[i]);
        } else {
            out.push_back(s[i]);
        }
    }
    return out;
}

// splitmix64, the golden script's source of values: the next r of `state`.
std::uint64_t splitmix_next(std::uint64_t& state) {
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The generator of scripts/gen_npformat_golden.py: splitmix64 and exact
// operations only, so the same doubles come out on every platform.
std::vector<double> gen_values(int kind, std::uint64_t seed, std::size_t count) {
    std::vector<double> out;
    out.reserve(count);
    std::uint64_t state = seed;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t r = splitmix_next(state);
        const double m = static_cast<double>(static_cast<std::int64_t>(r >> 11) - (std::int64_t{1} << 52));
        switch (kind) {
            case 0: out.push_back(std::ldexp(m, static_cast<int>(r & 7) - 3 - 52)); break;
            case 1: out.push_back(static_cast<double>(static_cast<std::int64_t>((r >> 11) % 2001) - 1000) / 8.0); break;
            case 2: out.push_back(static_cast<double>(static_cast<std::int64_t>((r >> 11) % 20001) - 10000) / 100.0); break;
            case 3: out.push_back(1000.0 + std::ldexp(m, -52)); break;
            case 4: out.push_back(std::ldexp(m, static_cast<int>(r & 63) - 32 - 52)); break;
            default: ADD_FAILURE() << "unknown generator kind " << kind; return out;
        }
    }
    return out;
}

constexpr int kMaxReported = 15;

// ------------------------------------------------------- hand-written --

TEST(NpFormat, FloatReprBasics) {
    EXPECT_EQ(py_float_repr(0.958), "0.958");
    EXPECT_EQ(py_float_repr(1.0), "1.0");
    EXPECT_EQ(py_float_repr(-0.0), "-0.0");
    EXPECT_EQ(py_float_repr(0.0), "0.0");
    EXPECT_EQ(py_float_repr(1e-05), "1e-05");
    EXPECT_EQ(py_float_repr(0.0001), "0.0001");
    EXPECT_EQ(py_float_repr(1.5e16), "1.5e+16");
    EXPECT_EQ(py_float_repr(1e16), "1e+16");
    EXPECT_EQ(py_float_repr(9999999999999998.0), "9999999999999998.0");
    EXPECT_EQ(py_float_repr(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(py_float_repr(5e-324), "5e-324");
    EXPECT_EQ(py_float_repr(1e23), "1e+23");
    EXPECT_EQ(py_float_repr(1.7976931348623157e308), "1.7976931348623157e+308");
    EXPECT_EQ(py_float_repr(std::numeric_limits<double>::infinity()), "inf");
    EXPECT_EQ(py_float_repr(-std::numeric_limits<double>::infinity()), "-inf");
    EXPECT_EQ(py_float_repr(std::nan("")), "nan");
    EXPECT_EQ(py_float_repr(-std::nan("")), "nan");
    EXPECT_EQ(np_float64_str(0.958), "0.958");
    EXPECT_EQ(np_float64_str(1e-05), "1e-05");
    EXPECT_EQ(np_float64_str(1e16), "1e+16");
    EXPECT_EQ(np_float64_str(123.0), "123.0");
}

TEST(NpFormat, FormatFixedBasics) {
    EXPECT_EQ(format_fixed(16.3, 7, 1), "   16.3");
    EXPECT_EQ(format_fixed(0.125, 0, 2), "0.12");   // exact tie -> even
    EXPECT_EQ(format_fixed(0.375, 0, 2), "0.38");
    EXPECT_EQ(format_fixed(2.675, 0, 2), "2.67");   // binary value is below the tie
    EXPECT_EQ(format_fixed(2.5, 0, 0), "2");
    EXPECT_EQ(format_fixed(3.5, 0, 0), "4");
    EXPECT_EQ(format_fixed(-0.001, 0, 2), "-0.00");
    EXPECT_EQ(format_fixed(0.999, 0, 2), "1.00");
    EXPECT_EQ(format_fixed(1e20, 0, 2), "100000000000000000000.00");
    EXPECT_EQ(format_fixed(std::nan(""), 7, 1), "    nan");
    EXPECT_EQ(format_fixed(-std::numeric_limits<double>::infinity(), 6, 1), "  -inf");
    EXPECT_EQ(format_fixed(12345.678, 3, 2), "12345.68");
}

TEST(NpFormat, ShapeStr) {
    const std::size_t s2[] = {4, 16};
    const std::size_t s1[] = {4};
    EXPECT_EQ(shape_str(s2), "(4, 16)");
    EXPECT_EQ(shape_str(s1), "(4,)");
    EXPECT_EQ(shape_str({}), "()");
}

TEST(NpFormat, ArrayBasics) {
    const std::size_t s22[] = {2, 2};
    const double a[] = {1., 2., 3., 4.};
    EXPECT_EQ(array_str(a, s22), "[[1. 2.]\n [3. 4.]]");
    EXPECT_EQ(array_repr(a, s22), "array([[1., 2.],\n       [3., 4.]])");

    const std::size_t s44[] = {4, 4};
    const double eye[] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 1};
    EXPECT_EQ(array_str(eye, s44),
              "[[1.   0.   0.   0.  ]\n [0.   1.   0.   0.  ]\n [0.   0.   0.25 0.  ]\n [0.   0.   0.   1.  ]]");

    const std::size_t s4[] = {4};
    const double ones[] = {1, 1, 1, 1};
    EXPECT_EQ(array_str(ones, s4), "[1. 1. 1. 1.]");
    const double mixed[] = {-0.0, std::nan(""), -std::numeric_limits<double>::infinity(), 0.5};
    EXPECT_EQ(array_str(mixed, s4), "[-0.   nan -inf  0.5]");
    const double expo[] = {1e-5, 3.0, -2.5, 1e10};
    EXPECT_EQ(array_str(expo, s4), "[ 1.0e-05  3.0e+00 -2.5e+00  1.0e+10]");

    const bool b[] = {true, false};
    const std::size_t s2[] = {2};
    EXPECT_EQ(array_str(b, s2), "[ True False]");
    EXPECT_EQ(array_repr(b, s2), "array([ True, False])");

    const double scalar[] = {1.5};
    EXPECT_EQ(array_str(scalar, {}), "1.5");
    EXPECT_EQ(array_repr(scalar, {}), "array(1.5)");
    const double third[] = {0.1 + 0.2};
    EXPECT_EQ(array_str(third, {}), "0.30000000000000004");  // 0-d str is the scalar str
    EXPECT_EQ(array_repr(third, {}), "array(0.3)");            // repr uses precision 8
    const bool t[] = {true};
    EXPECT_EQ(array_str(t, {}), "True");
    EXPECT_EQ(array_repr(t, {}), "array(True)");

    const std::size_t s0[] = {0};
    const std::size_t s03[] = {0, 3};
    EXPECT_EQ(array_str(static_cast<const double*>(nullptr), s0), "[]");
    EXPECT_EQ(array_repr(static_cast<const double*>(nullptr), s0), "array([], dtype=float64)");
    EXPECT_EQ(array_str(static_cast<const double*>(nullptr), s03), "[]");
    EXPECT_EQ(array_repr(static_cast<const double*>(nullptr), s03), "array([], shape=(0, 3), dtype=float64)");
    EXPECT_EQ(array_repr(static_cast<const bool*>(nullptr), s0), "array([], dtype=bool)");
}

TEST(NpFormat, ArrayWrapAndSummary) {
    std::vector<double> v(30);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
    const std::size_t s30[] = {30};
    EXPECT_EQ(array_str(v.data(), s30),
              "[ 0.  1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12. 13. 14. 15. 16. 17.\n"
              " 18. 19. 20. 21. 22. 23. 24. 25. 26. 27. 28. 29.]");
    EXPECT_EQ(array_repr(v.data(), s30),
              "array([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.,\n"
              "       13., 14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25.,\n"
              "       26., 27., 28., 29.])");
    std::vector<double> big(1001);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<double>(i);
    const std::size_t s1001[] = {1001};
    EXPECT_EQ(array_str(big.data(), s1001), "[   0.    1.    2. ...  998.  999. 1000.]");
}

TEST(NpFormat, Int64Arrays) {
    const std::int64_t five = -3;
    EXPECT_EQ(array_str(&five, {}), "-3");
    EXPECT_EQ(array_repr(&five, {}), "array(-3)");
    const std::size_t s0[] = {0}, s20[] = {2, 0};
    EXPECT_EQ(array_str(static_cast<const std::int64_t*>(nullptr), s0), "[]");
    EXPECT_EQ(array_repr(static_cast<const std::int64_t*>(nullptr), s0), "array([], dtype=int64)");
    EXPECT_EQ(array_repr(static_cast<const std::int64_t*>(nullptr), s20), "array([], shape=(2, 0), dtype=int64)");
    const std::int64_t small[] = {1, -20, 300};
    const std::size_t s3[] = {3};
    EXPECT_EQ(array_str(small, s3), "[  1 -20 300]");
    EXPECT_EQ(array_repr(small, s3), "array([  1, -20, 300])");
    // summarised: the width comes from the shown corners only
    std::vector<std::int64_t> big(2002);
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::int64_t>(i);
    const std::size_t s1001[] = {1001}, s2x1001[] = {2, 1001};
    EXPECT_EQ(array_str(big.data(), s1001), "[   0    1    2 ...  998  999 1000]");
    EXPECT_EQ(array_repr(big.data(), s2x1001),
              "array([[   0,    1,    2, ...,  998,  999, 1000],\n"
              "       [1001, 1002, 1003, ..., 1999, 2000, 2001]])");
    big[500] = -1000000;  // hidden: no wider column
    EXPECT_EQ(array_str(big.data(), s1001), "[   0    1    2 ...  998  999 1000]");
}

TEST(NpFormat, ReductionBasics) {
    EXPECT_EQ(bits_of(pairwise_sum(nullptr, 0)), bits_of(0.0));
    const double negz[9] = {-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0};
    EXPECT_EQ(bits_of(pairwise_sum(negz, 9)), bits_of(0.0));  // starts from the identity +0.0
    const double a[] = {1.0, 2.0, 3.0, 4.0};
    EXPECT_EQ(pairwise_sum(a, 4), 10.0);
    EXPECT_EQ(pairwise_sum(a, 2, 2), 4.0);
    EXPECT_EQ(np_mean(a, 4), 2.5);
    EXPECT_EQ(np_var(a, 4), 1.25);
    EXPECT_TRUE(std::isnan(np_mean(a, 0)));
    EXPECT_EQ(np_round(2.675, 2), 2.68);  // 2.675 * 100 rounds to 267.5 first
    EXPECT_EQ(np_round(0.125, 2), 0.12);
    EXPECT_EQ(np_round(2.5, 0), 2.0);
    EXPECT_EQ(np_round(-2.5, 0), -2.0);
    EXPECT_EQ(np_round(1234.5, -1), 1230.0);
    EXPECT_EQ(np_round(1235.0, -1), 1240.0);
    EXPECT_TRUE(std::signbit(np_round(-0.4, 0)));
    EXPECT_TRUE(std::isinf(np_round(1e307, 2)));  // x * 100 overflows, as in NumPy
}

// ------------------------------------------------------------- golden --

TEST(NpFormatGolden, FloatRepr) {
    const auto lines = read_golden("npformat_float_repr.txt");
    ASSERT_GT(lines.size(), 1000u);
    int failures = 0;
    for (const auto& line : lines) {
        const auto f = split(line, ' ');
        ASSERT_EQ(f.size(), 3u) << line;
        const double x = from_hex(f[0]);
        const std::string r = py_float_repr(x), s = np_float64_str(x);
        if ((r != f[1] || s != f[2]) && ++failures <= kMaxReported) {
            ADD_FAILURE() << "bits " << f[0] << ": py_float_repr=" << r << " (want " << f[1]
                          << "), np_float64_str=" << s << " (want " << f[2] << ")";
        }
    }
    EXPECT_EQ(failures, 0) << "of " << lines.size();
}

TEST(NpFormatGolden, FormatFixed) {
    const auto lines = read_golden("npformat_format_fixed.txt");
    ASSERT_GT(lines.size(), 100u);
    int failures = 0;
    for (const auto& line : lines) {
        const std::size_t bar = line.find('|');
        ASSERT_NE(bar, std::string::npos) << line;
        std::istringstream head(line.substr(0, bar));
        std::string hex;
        int width = 0, precision = 0;
        head >> hex >> width >> precision;
        const std::string want = line.substr(bar + 1, line.size() - bar - 2);
        const std::string got = format_fixed(from_hex(hex), width, precision);
        if (got != want && ++failures <= kMaxReported) {
            ADD_FAILURE() << "bits " << hex << " w=" << width << " p=" << precision << ": got |" << got
                          << "| want |" << want << "|";
        }
    }
    EXPECT_EQ(failures, 0) << "of " << lines.size();
}

TEST(NpFormatGolden, Round) {
    const auto lines = read_golden("npformat_round.txt");
    ASSERT_GT(lines.size(), 100u);
    int failures = 0;
    for (const auto& line : lines) {
        std::istringstream in(line);
        std::string hx, hy;
        int decimals = 0;
        in >> hx >> decimals >> hy;
        const double got = np_round(from_hex(hx), decimals);
        const double want = from_hex(hy);
        const bool same = bits_of(got) == bits_of(want) || (std::isnan(got) && std::isnan(want));
        if (!same && ++failures <= kMaxReported) {
            ADD_FAILURE() << "np_round(" << py_float_repr(from_hex(hx)) << ", " << decimals
                          << ") = " << py_float_repr(got) << " want " << py_float_repr(want);
        }
    }
    EXPECT_EQ(failures, 0) << "of " << lines.size();
}

TEST(NpFormatGolden, Reductions) {
    const auto lines = read_golden("npformat_reductions.txt");
    ASSERT_GT(lines.size(), 300u);
    int failures = 0;
    for (const auto& line : lines) {
        std::istringstream in(line);
        std::string op;
        int kind = 0;
        std::uint64_t seed = 0;
        std::size_t n = 0;
        in >> op >> kind >> seed >> n;
        const auto x = gen_values(kind, seed, n);
        if (op == "sum") {
            std::size_t stride = 1;
            std::string want;
            in >> stride >> want;
            const std::size_t count = (n + stride - 1) / stride;
            const double got = pairwise_sum(x.data(), count, static_cast<std::ptrdiff_t>(stride));
            if (bits_of(got) != bits_of(from_hex(want)) && ++failures <= kMaxReported) {
                ADD_FAILURE() << "sum kind " << kind << " n " << n << " stride " << stride << ": got " << hex_of(got)
                              << " want " << want;
            }
        } else if (op == "mean") {
            std::string want_mean, want_var;
            in >> want_mean >> want_var;
            const double m = np_mean(x.data(), n), v = np_var(x.data(), n);
            if ((bits_of(m) != bits_of(from_hex(want_mean)) || bits_of(v) != bits_of(from_hex(want_var))) &&
                ++failures <= kMaxReported) {
                ADD_FAILURE() << "mean/var kind " << kind << " n " << n << ": got " << hex_of(m) << "/" << hex_of(v)
                              << " want " << want_mean << "/" << want_var;
            }
        } else {
            ADD_FAILURE() << "bad line " << line;
        }
    }
    EXPECT_EQ(failures, 0) << "of " << lines.size();
}

TEST(NpFormatGolden, Arrays) {
    const auto lines = read_golden("npformat_arrays.txt");
    ASSERT_GT(lines.size(), 300u);
    int failures = 0;
    for (const auto& line : lines) {
        const auto cols = split(line, '\t');
        ASSERT_EQ(cols.size(), 3u) << line.substr(0, 80);
        const auto head = split(cols[0], ' ');
        ASSERT_EQ(head.size(), 3u) << cols[0].substr(0, 80);
        const bool is_bool = head[0] == "b", is_int = head[0] == "i";
        std::vector<std::size_t> shape;
        if (head[1] != "-") {
            for (const auto& d : split(head[1], ',')) shape.push_back(std::stoull(d));
        }
        std::size_t size = 1;
        for (std::size_t d : shape) size *= d;
        const std::string& spec = head[2];
        const std::string want_str = unescape(cols[1]), want_repr = unescape(cols[2]);
        std::string got_str, got_repr;
        if (is_bool) {
            std::unique_ptr<bool[]> buf(new bool[size == 0 ? 1 : size]);
            if (spec != "-") {
                ASSERT_EQ(spec.size(), size);
                for (std::size_t i = 0; i < size; ++i) buf[i] = spec[i] == '1';
            }
            got_str = array_str(buf.get(), shape);
            got_repr = array_repr(buf.get(), shape);
        } else if (is_int) {
            std::vector<std::int64_t> data;
            if (spec.size() > 1 && spec[0] == 'n') {
                // n<modulus>:<seed>[:<index>=<decimal>;...]: see the generator
                const auto parts = split(spec.substr(1), ':');
                const std::uint64_t mod = std::stoull(parts[0]);
                std::uint64_t state = std::stoull(parts[1]);
                for (std::size_t i = 0; i < size; ++i) {
                    const std::uint64_t r = splitmix_next(state);
                    data.push_back(static_cast<std::int64_t>((r >> 11) % mod) - static_cast<std::int64_t>(mod / 2));
                }
                if (parts.size() > 2) {
                    for (const auto& ov : split(parts[2], ';')) {
                        const auto kv = split(ov, '=');
                        data.at(std::stoull(kv[0])) = std::stoll(kv[1]);
                    }
                }
            } else if (spec != "-") {
                for (const auto& d : split(spec, ',')) data.push_back(std::stoll(d));
            }
            ASSERT_EQ(data.size(), size) << cols[0].substr(0, 80);
            got_str = array_str(data.data(), shape);
            got_repr = array_repr(data.data(), shape);
        } else {
            std::vector<double> data;
            if (spec.size() > 1 && spec[0] == 'g') {
                const auto parts = split(spec.substr(1), ':');
                data = gen_values(std::stoi(parts[0]), std::stoull(parts[1]), size);
                if (parts.size() > 2) {
                    for (const auto& ov : split(parts[2], ';')) {
                        const auto kv = split(ov, '=');
                        data.at(std::stoull(kv[0])) = from_hex(kv[1]);
                    }
                }
            } else if (spec != "-") {
                for (const auto& h : split(spec, ',')) data.push_back(from_hex(h));
            }
            ASSERT_EQ(data.size(), size) << cols[0].substr(0, 80);
            got_str = array_str(data.data(), shape);
            got_repr = array_repr(data.data(), shape);
        }
        if ((got_str != want_str || got_repr != want_repr) && ++failures <= kMaxReported) {
            ADD_FAILURE() << "shape " << shape_str(shape) << " data " << spec.substr(0, 60) << "\nstr got:\n"
                          << got_str << "\nstr want:\n"
                          << want_str << "\nrepr got:\n"
                          << got_repr << "\nrepr want:\n"
                          << want_repr;
        }
    }
    EXPECT_EQ(failures, 0) << "of " << lines.size();
}

}  // namespace
