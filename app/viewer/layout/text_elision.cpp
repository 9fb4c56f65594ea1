#include "app/viewer/layout/text_elision.h"

#include "app/viewer/layout/code_points.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace bvhscope::viewer {

namespace {

// Byte offsets where a code point starts (UTF-8 continuation bytes are 10xxxxxx), plus the end.
std::vector<std::size_t> codePointStarts(std::string_view text) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) {
            starts.push_back(i);
        }
    }
    starts.push_back(text.size());
    return starts;
}

std::string joined(std::string_view text, const std::vector<std::size_t>& starts, std::size_t head,
                   std::size_t tail) {
    const std::size_t count = starts.size() - 1;
    std::string result(text.substr(0, starts[head]));
    result += kElisionMark;
    result += text.substr(starts[count - tail]);
    return result;
}

// Letters and digits, and any byte of a multi-byte code point (a letter, as far as words go).
bool isWordCharacter(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x80u || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z');
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// Where a word may start: the ends, at or after a separator ("_", ".", " "), between letters
// and digits ("walk|01"), and at a capital after a small letter ("Left|Shoulder").
bool isWordStart(std::string_view text, std::size_t at) {
    if (at == 0 || at >= text.size()) {
        return true;
    }
    const char before = text[at - 1];
    const char here = text[at];
    if (!isWordCharacter(before) || !isWordCharacter(here)) {
        return true;
    }
    return isDigit(before) != isDigit(here) ||
           (before >= 'a' && before <= 'z' && here >= 'A' && here <= 'Z');
}

bool isCut(std::string_view text, std::size_t at) {
    return isCodePointStart(text, at) && isWordStart(text, at);
}

// The most bytes `text` shares at its start with another name in `names`, and at its end:
// dropping them keeps it apart from the names most like it, whatever unrelated names are open
// beside them. A shared part that is all of `text` ("walk" beside "walk_2") counts as none.
std::pair<std::size_t, std::size_t> sharedEnds(std::string_view text,
                                               std::span<const std::string> names) {
    std::size_t start = 0;
    std::size_t end = 0;
    for (const std::string& name : names) {
        if (name == text) {
            continue;
        }
        const auto head = std::mismatch(text.begin(), text.end(), name.begin(), name.end());
        const auto tail = std::mismatch(text.rbegin(), text.rend(), name.rbegin(), name.rend());
        start = std::max(start, static_cast<std::size_t>(head.first - text.begin()));
        end = std::max(end, static_cast<std::size_t>(tail.first - text.rbegin()));
    }
    return {start < text.size() ? start : 0, end < text.size() ? end : 0};
}

// The largest k in [0, count] whose candidate fits (the width grows with k); nullopt when not
// even k = 0 fits.
std::optional<std::size_t> largestFitting(std::size_t count, float width, const TextWidth& measure,
                                          const std::function<std::string(std::size_t)>& make) {
    if (measure(make(0)) > width) {
        return std::nullopt;
    }
    std::size_t low = 0;
    std::size_t high = count + 1;
    while (high - low > 1) {
        const std::size_t k = (low + high) / 2;
        if (measure(make(k)) <= width) {
            low = k;
        } else {
            high = k;
        }
    }
    return low;
}

} // namespace

std::string elideMiddle(std::string_view text, float width, const TextWidth& measure) {
    if (measure(text) <= width) {
        return std::string(text);
    }
    const std::vector<std::size_t> starts = codePointStarts(text);
    const std::size_t count = starts.size() - 1;
    // The number of code points kept, found by bisection: the width grows with it.
    std::size_t low = 0;      // fits (the mark alone, or nothing fits at all)
    std::size_t high = count; // the whole text, which does not fit
    while (high - low > 1) {
        const std::size_t kept = (low + high) / 2;
        const std::size_t head = (kept + 1) / 2;
        if (measure(joined(text, starts, head, kept - head)) <= width) {
            low = kept;
        } else {
            high = kept;
        }
    }
    const std::size_t head = (low + 1) / 2;
    return joined(text, starts, head, low - head);
}

std::string elideMiddleToBytes(std::string_view text, std::size_t mostBytes) {
    if (text.size() <= mostBytes) {
        return std::string(text);
    }
    if (mostBytes <= kElisionMark.size()) {
        return std::string(kElisionMark.substr(0, mostBytes));
    }
    const std::size_t kept = mostBytes - kElisionMark.size();
    // Each end moved inwards to a code point's start: never more than `kept` bytes in all.
    std::size_t head = (kept + 1) / 2;
    while (!isCodePointStart(text, head)) {
        --head;
    }
    std::size_t tailStart = text.size() - (kept - (kept + 1) / 2);
    while (!isCodePointStart(text, tailStart)) {
        ++tailStart;
    }
    std::string result(text.substr(0, head));
    result += kElisionMark;
    result += text.substr(tailStart);
    return result;
}

namespace {

// The part of `text` that tells it apart from `names`, [first, last): between what it shares
// with them at its start and at its end, widened to whole words, so "walk01"/"walk02" keep
// "01".
std::pair<std::size_t, std::size_t> distinctPart(std::string_view text,
                                                 std::span<const std::string> names) {
    auto [sharedStart, sharedEnd] = sharedEnds(text, names);
    std::size_t first = sharedStart;
    while (first > 0 && !isCut(text, first)) {
        --first;
    }
    // Shared ends that meet (a name like it at the start, another at the end) keep the end.
    std::size_t last = first + sharedEnd < text.size() ? text.size() - sharedEnd : text.size();
    while (last < text.size() && !isCut(text, last)) {
        ++last;
    }
    return {first, last};
}

// elideDistinct on a text that does not fit, its extension (if any) already set aside.
std::string elideDistinctParts(std::string_view text, std::span<const std::string> names,
                               float width, const TextWidth& measure) {
    // Plain names, not a structured binding: clang 14 (the page's compiler) cannot capture one.
    const auto distinctRange = distinctPart(text, names);
    const std::size_t first = distinctRange.first;
    const std::size_t last = distinctRange.second;
    if (first == 0 && last == text.size()) {
        return elideMiddle(text, width, measure);
    }
    const std::string mark(kElisionMark);
    const std::vector<std::size_t> starts = codePointStarts(text);
    const auto firstIndex = static_cast<std::size_t>(
        std::lower_bound(starts.begin(), starts.end(), first) - starts.begin());
    const auto lastIndex = static_cast<std::size_t>(
        std::lower_bound(starts.begin(), starts.end(), last) - starts.begin());
    const std::size_t count = starts.size() - 1;

    // The shared start dropped, as many of its first words kept as fit: "cmu_...daz_friendly.bvh"
    // (never "cm...").
    if (first > 0) {
        auto head = largestFitting(firstIndex, width, measure, [&](std::size_t k) {
            return std::string(text.substr(0, starts[k])) + mark + std::string(text.substr(first));
        });
        if (head) {
            while (*head > 0 && !isCut(text, starts[*head])) {
                --*head;
            }
            return std::string(text.substr(0, starts[*head])) + mark +
                   std::string(text.substr(first));
        }
    }
    const std::string lead = first > 0 ? mark : std::string();
    const std::string distinct(text.substr(first, last - first));
    // The shared end dropped too, as much of its end kept as fits: "...daz...bvh".
    if (last < text.size()) {
        const auto tail = largestFitting(count - lastIndex, width, measure, [&](std::size_t k) {
            return lead + distinct + mark + std::string(text.substr(starts[count - k]));
        });
        if (tail) {
            return lead + distinct + mark + std::string(text.substr(starts[count - *tail]));
        }
    }
    // The distinct part cut from its end.
    const auto kept = largestFitting(lastIndex - firstIndex, width, measure, [&](std::size_t k) {
        return lead + std::string(text.substr(first, starts[firstIndex + k] - first)) + mark;
    });
    if (!kept) {
        return mark;
    }
    return lead + std::string(text.substr(first, starts[firstIndex + *kept] - first)) + mark;
}

} // namespace

std::size_t extensionStart(std::string_view text) {
    const std::size_t dot = text.rfind('.');
    if (dot == std::string_view::npos || dot == 0 || text.size() - dot < 2 ||
        text.size() - dot > kLongestKeptExtension) {
        return std::string_view::npos;
    }
    const std::string_view extension = text.substr(dot + 1);
    const bool plain = std::all_of(extension.begin(), extension.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    });
    return plain ? dot : std::string_view::npos;
}

std::string elideDistinct(std::string_view text, std::span<const std::string> names, float width,
                          const TextWidth& measure) {
    if (measure(text) <= width) {
        return std::string(text);
    }
    // The extension says what the name is (".bvh" among ".wav", a joint's side ".l"): kept whole
    // when the rest, elided among the names' own stems, still shows the part that tells it apart
    // from them; otherwise that part comes first and the extension may go.
    const std::size_t dot = extensionStart(text);
    if (dot != std::string_view::npos) {
        const std::string_view extension = text.substr(dot);
        const float room = width - measure(extension);
        std::vector<std::string> stems;
        stems.reserve(names.size());
        for (const std::string& name : names) {
            const std::size_t nameDot = extensionStart(name);
            stems.push_back(nameDot == std::string_view::npos ? name : name.substr(0, nameDot));
        }
        const std::string_view stem = text.substr(0, dot);
        const auto [first, last] = distinctPart(stem, stems);
        const std::string_view distinct = stem.substr(first, last - first);
        if (room >= measure(kElisionMark) +
                        (first == 0 && last == stem.size() ? 0.0f : measure(distinct))) {
            std::string shown = measure(stem) <= room
                                    ? std::string(stem)
                                    : elideDistinctParts(stem, stems, room, measure);
            if (shown.find(distinct) != std::string::npos || (first == 0 && last == stem.size())) {
                return shown + std::string(extension);
            }
        }
    }
    return elideDistinctParts(text, names, width, measure);
}

std::string elideStart(std::string_view text, float width, const TextWidth& measure) {
    if (measure(text) <= width) {
        return std::string(text);
    }
    const std::vector<std::size_t> starts = codePointStarts(text);
    const std::size_t count = starts.size() - 1;
    const std::string mark(kElisionMark);
    const auto kept = largestFitting(count, width, measure, [&](std::size_t k) {
        return mark + std::string(text.substr(starts[count - k]));
    });
    return kept ? mark + std::string(text.substr(starts[count - *kept])) : mark;
}

} // namespace bvhscope::viewer
