// C++20 library parts that the web build's standard library lacks. Debian's emscripten 3.1.6
// ships libc++ 13, which predates std::ranges' algorithms, std::bit_cast, floating-point
// from_chars/to_chars, <stop_token> and std::jthread; the project's code (written against GCC 12's
// libstdc++) uses them. The web build force-includes this header into every C++ source
// (tools/web/third_party.cmake) and puts compat_include/ (an empty <stop_token>) on the include
// path. Only what the code calls is here, with the standard's behaviour; nothing else includes
// it, and the native and Windows builds never see it.
//
// The page has no threads: std::jthread here can be declared and destroyed but never started
// (the code starts none in the page: the body is built on the caller's thread, loads are stepped).
#pragma once

#include <version> // defines _LIBCPP_VERSION

#if defined(__EMSCRIPTEN__) && defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 14000

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>

namespace std {

template <class To, class From>
requires(sizeof(To) == sizeof(From) && is_trivially_copyable_v<To> &&
         is_trivially_copyable_v<From>) constexpr To bit_cast(const From& from) noexcept {
    return __builtin_bit_cast(To, from);
}

// std::make_unique_for_overwrite of an array (libc++ 16): its elements default-initialised.
template <class T>
requires is_unbounded_array_v<T> unique_ptr<T> make_unique_for_overwrite(size_t count) {
    return unique_ptr<T>(new remove_extent_t<T>[count]);
}

// [SECTION] std::ranges algorithms (with projections), over whole ranges.
namespace ranges {
namespace bvhscope_compat {

template <class Proj, class Value>
decltype(auto) project(Proj& proj, Value&& value) {
    return std::invoke(proj, std::forward<Value>(value));
}

} // namespace bvhscope_compat

inline constexpr auto find = []<class Range, class T, class Proj = identity>(
    Range && range, const T& value, Proj proj = {}) {
    auto it = std::begin(range);
    for (; it != std::end(range); ++it) {
        if (bvhscope_compat::project(proj, *it) == value) {
            break;
        }
    }
    return it;
};
inline constexpr auto find_if =
    []<class Range, class Pred, class Proj = identity>(Range && range, Pred pred, Proj proj = {}) {
    auto it = std::begin(range);
    for (; it != std::end(range); ++it) {
        if (std::invoke(pred, bvhscope_compat::project(proj, *it))) {
            break;
        }
    }
    return it;
};
inline constexpr auto any_of =
    []<class Range, class Pred, class Proj = identity>(Range && range, Pred pred, Proj proj = {}) {
    return ranges::find_if(range, std::ref(pred), std::ref(proj)) != std::end(range);
};
inline constexpr auto none_of =
    []<class Range, class Pred, class Proj = identity>(Range && range, Pred pred, Proj proj = {}) {
    return !ranges::any_of(range, std::ref(pred), std::ref(proj));
};
inline constexpr auto all_of =
    []<class Range, class Pred, class Proj = identity>(Range && range, Pred pred, Proj proj = {}) {
    for (auto&& element : range) {
        if (!std::invoke(pred, bvhscope_compat::project(proj, element))) {
            return false;
        }
    }
    return true;
};
inline constexpr auto count_if =
    []<class Range, class Pred, class Proj = identity>(Range && range, Pred pred, Proj proj = {}) {
    std::ptrdiff_t n = 0;
    for (auto&& element : range) {
        n += std::invoke(pred, bvhscope_compat::project(proj, element)) ? 1 : 0;
    }
    return n;
};
inline constexpr auto count = []<class Range, class T, class Proj = identity>(
    Range && range, const T& value, Proj proj = {}) {
    std::ptrdiff_t n = 0;
    for (auto&& element : range) {
        n += bvhscope_compat::project(proj, element) == value ? 1 : 0;
    }
    return n;
};
inline constexpr auto fill = []<class Range, class T>(Range&& range, const T& value) {
    std::fill(std::begin(range), std::end(range), value);
    return std::end(range);
};
inline constexpr auto transform = []<class Range, class Out, class Op, class Proj = identity>(
    Range && range, Out out, Op op, Proj proj = {}) {
    for (auto&& element : range) {
        *out = std::invoke(op, bvhscope_compat::project(proj, element));
        ++out;
    }
    return out;
};
inline constexpr auto equal = []<class RangeA, class RangeB, class Pred = ranges::equal_to>(
    RangeA && a, RangeB&& b, Pred pred = {}) {
    return std::equal(std::begin(a), std::end(a), std::begin(b), std::end(b), std::ref(pred));
};
inline constexpr auto sort = []<class Range, class Comp = ranges::less, class Proj = identity>(
    Range && range, Comp comp = {}, Proj proj = {}) {
    std::sort(std::begin(range), std::end(range), [&](const auto& a, const auto& b) {
        return std::invoke(comp, bvhscope_compat::project(proj, a),
                           bvhscope_compat::project(proj, b));
    });
    return std::end(range);
};
inline constexpr auto stable_sort =
    []<class Range, class Comp = ranges::less, class Proj = identity>(
        Range && range, Comp comp = {}, Proj proj = {}) {
    std::stable_sort(std::begin(range), std::end(range), [&](const auto& a, const auto& b) {
        return std::invoke(comp, bvhscope_compat::project(proj, a),
                           bvhscope_compat::project(proj, b));
    });
    return std::end(range);
};
inline constexpr auto nth_element =
    []<class Range, class It, class Comp = ranges::less>(Range && range, It nth, Comp comp = {}) {
    std::nth_element(std::begin(range), nth, std::end(range), std::ref(comp));
    return std::end(range);
};
inline constexpr auto max_element =
    []<class Range, class Comp = ranges::less>(Range && range, Comp comp = {}) {
    return std::max_element(std::begin(range), std::end(range), std::ref(comp));
};
inline constexpr auto lower_bound = []<class Range, class T, class Comp = ranges::less>(
    Range && range, const T& value, Comp comp = {}) {
    return std::lower_bound(std::begin(range), std::end(range), value, std::ref(comp));
};
template <class T>
struct min_max_result {
    T min;
    T max;
};
inline constexpr auto minmax = []<class Range>(Range&& range) {
    using Value = std::remove_cvref_t<decltype(*std::begin(range))>;
    const auto [low, high] = std::minmax_element(std::begin(range), std::end(range));
    return min_max_result<Value>{*low, *high};
};

} // namespace ranges

// [SECTION] Floating-point from_chars and to_chars, through the C library (musl's strtod is
// correctly rounded and, in the page, always in the "C" locale).
namespace bvhscope_compat {

template <class Float>
from_chars_result fromCharsFloat(const char* first, const char* last, Float& value,
                                 chars_format format) {
    // from_chars takes no leading blanks or '+' (strtod does), and hex without "0x".
    if (first == last || *first == '+' || std::isspace(static_cast<unsigned char>(*first))) {
        return {first, errc::invalid_argument};
    }
    std::string text;
    const bool negative = *first == '-';
    if (format == chars_format::hex) {
        text = negative ? "-0x" : "0x";
        text.append(first + (negative ? 1 : 0), last);
        if (text.size() > 3 && (text[3] == 'x' || text[3] == 'X')) {
            return {first, errc::invalid_argument}; // "0x0x..."
        }
    } else {
        text.assign(first, last);
    }
    errno = 0;
    char* end = nullptr;
    const double parsed = std::strtod(text.c_str(), &end);
    std::ptrdiff_t used = end - text.c_str();
    if (format == chars_format::hex) {
        used -= 2;
    }
    if (used <= (negative ? 1 : 0)) {
        return {first, errc::invalid_argument};
    }
    const char* stop = first + used;
    const bool outOfRange = errno == ERANGE || (is_same_v<Float, float> && std::isfinite(parsed) &&
                                                std::isinf(static_cast<float>(parsed)));
    if (outOfRange) {
        return {stop, errc::result_out_of_range};
    }
    value = static_cast<Float>(parsed);
    return {stop, errc{}};
}

// The shortest digits that read back as `value`: "%.*e" at increasing precision.
template <class Float>
int shortestScientific(Float value, char* out, std::size_t size) {
    constexpr int kMostDigits = is_same_v<Float, float> ? 9 : 17;
    for (int precision = 0; precision < kMostDigits; ++precision) {
        std::snprintf(out, size, "%.*e", precision, static_cast<double>(value));
        if (static_cast<Float>(std::strtod(out, nullptr)) == value) {
            return precision;
        }
    }
    std::snprintf(out, size, "%.*e", kMostDigits - 1, static_cast<double>(value));
    return kMostDigits - 1;
}

template <class Float>
to_chars_result toCharsFloat(char* first, char* last, Float value, bool fixedOnly) {
    char text[512];
    if (!std::isfinite(value)) {
        std::snprintf(text, sizeof text, "%s%s", std::signbit(value) ? "-" : "",
                      std::isnan(value) ? "nan" : "inf");
    } else {
        char scientific[64];
        const int precision = shortestScientific(value, scientific, sizeof scientific);
        // The same digits in fixed notation: as many decimals as the digits need.
        const char* e = std::strchr(scientific, 'e');
        const int exponent = std::atoi(e + 1);
        const int decimals = std::max(0, precision - exponent);
        std::snprintf(text, sizeof text, "%.*f", decimals, static_cast<double>(value));
        if (static_cast<Float>(std::strtod(text, nullptr)) != value) {
            std::snprintf(text, sizeof text, "%.*f", decimals + 1, static_cast<double>(value));
        }
        // The plain form takes whichever is shorter, fixed on a tie (printf's %e writes at
        // least two exponent digits, as to_chars does).
        if (!fixedOnly && std::strlen(scientific) < std::strlen(text)) {
            std::strcpy(text, scientific);
        }
    }
    const std::size_t length = std::strlen(text);
    if (static_cast<std::size_t>(last - first) < length) {
        return {last, errc::value_too_large};
    }
    std::memcpy(first, text, length);
    return {first + length, errc{}};
}

} // namespace bvhscope_compat

inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format format = chars_format::general) {
    return bvhscope_compat::fromCharsFloat(first, last, value, format);
}
inline from_chars_result from_chars(const char* first, const char* last, float& value,
                                    chars_format format = chars_format::general) {
    return bvhscope_compat::fromCharsFloat(first, last, value, format);
}
inline to_chars_result to_chars(char* first, char* last, double value) {
    return bvhscope_compat::toCharsFloat(first, last, value, false);
}
inline to_chars_result to_chars(char* first, char* last, float value) {
    return bvhscope_compat::toCharsFloat(first, last, value, false);
}
inline to_chars_result to_chars(char* first, char* last, double value, chars_format format) {
    return bvhscope_compat::toCharsFloat(first, last, value, format == chars_format::fixed);
}
inline to_chars_result to_chars(char* first, char* last, float value, chars_format format) {
    return bvhscope_compat::toCharsFloat(first, last, value, format == chars_format::fixed);
}

// [SECTION] <stop_token> and std::jthread, for code that the page never runs on a thread.
struct nostopstate_t {
    explicit nostopstate_t() = default;
};
inline constexpr nostopstate_t nostopstate{};

class stop_token {
public:
    stop_token() noexcept = default;
    bool stop_requested() const noexcept { return flag_ != nullptr && *flag_; }
    bool stop_possible() const noexcept { return flag_ != nullptr; }

private:
    friend class stop_source;
    explicit stop_token(const bool* flag) : flag_(flag) {}
    const bool* flag_ = nullptr;
};

class stop_source {
public:
    stop_source() : flag_(new bool(false)) {}
    explicit stop_source(nostopstate_t) noexcept {}
    stop_source(const stop_source&) = delete;
    stop_source& operator=(const stop_source&) = delete;
    stop_source(stop_source&& other) noexcept : flag_(std::exchange(other.flag_, nullptr)) {}
    stop_source& operator=(stop_source&& other) noexcept {
        std::swap(flag_, other.flag_);
        return *this;
    }
    ~stop_source() { delete flag_; }
    bool request_stop() noexcept { return flag_ != nullptr && !std::exchange(*flag_, true); }
    bool stop_requested() const noexcept { return flag_ != nullptr && *flag_; }
    stop_token get_token() const noexcept { return stop_token(flag_); }

private:
    bool* flag_ = nullptr;
};

class jthread {
public:
    jthread() noexcept = default;
    template <class F, class... Args>
    explicit jthread(F&&, Args&&...) {
        std::terminate(); // no threads in the page (see the top of this file)
    }
    jthread(jthread&&) noexcept = default;
    jthread& operator=(jthread&&) noexcept = default;
    bool joinable() const noexcept { return false; }
    void join() {}
    bool request_stop() noexcept { return source_.request_stop(); }
    stop_token get_stop_token() const noexcept { return source_.get_token(); }

private:
    stop_source source_{nostopstate};
};

} // namespace std

#endif
