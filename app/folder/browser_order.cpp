#include "app/folder/browser_order.h"

#include "core/model/ascii_case.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace bvhscope::folder {

// [SECTION] The filter

namespace {

std::optional<BrowserField> browserFieldNamed(std::string_view name) {
    if (name == "frames") {
        return BrowserField::Frames;
    }
    if (name == "fps") {
        return BrowserField::Fps;
    }
    if (name == "joints") {
        return BrowserField::Joints;
    }
    if (name == "duration") {
        return BrowserField::Duration;
    }
    return std::nullopt;
}

// Where a field term's operator starts in `word`, or npos: after a run of letters only.
std::size_t comparisonStart(std::string_view word) {
    const std::size_t at = word.find_first_of(":=<>");
    if (at == 0 || at == std::string_view::npos) {
        return std::string_view::npos;
    }
    const bool letters = std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(at),
                                     [](char c) { return c >= 'a' && c <= 'z'; });
    return letters ? at : std::string_view::npos;
}

std::optional<FieldTerm> parseFieldTerm(std::string_view word, std::size_t at, std::string& error) {
    const std::string_view name = word.substr(0, at);
    std::string_view rest = word.substr(at);
    FieldTerm term;
    if (rest.starts_with("<=") || rest.starts_with(">=")) {
        term.comparison = rest[0] == '<' ? Comparison::LessOrEqual : Comparison::GreaterOrEqual;
        rest.remove_prefix(2);
    } else {
        term.comparison = rest[0] == '<'   ? Comparison::Less
                          : rest[0] == '>' ? Comparison::Greater
                                           : Comparison::Equal;
        rest.remove_prefix(1);
    }
    const auto field = browserFieldNamed(name);
    if (!field) {
        error = "'" + std::string(word) + "': no field '" + std::string(name) +
                "' (fields: frames, fps, joints, duration)";
        return std::nullopt;
    }
    term.field = *field;
    const auto [end, problem] = std::from_chars(rest.data(), rest.data() + rest.size(), term.value);
    if (rest.empty() || problem != std::errc{} || end != rest.data() + rest.size() ||
        !std::isfinite(term.value)) {
        error = "'" + std::string(word) + "': " + std::string(name) + " needs a number";
        return std::nullopt;
    }
    return term;
}

std::optional<double> fieldValue(const FolderEntry& entry, BrowserField field) {
    if (!entry.facts || !entry.facts->loaded) {
        return std::nullopt;
    }
    const bvh::DocumentSummary& summary = entry.facts->summary;
    switch (field) {
    case BrowserField::Frames:
        return summary.framesPresent;
    case BrowserField::Fps:
        return summary.framesPerSecond;
    case BrowserField::Joints:
        return static_cast<double>(summary.joints);
    case BrowserField::Duration:
        return summary.durationSeconds;
    }
    return std::nullopt;
}

bool termHolds(const FieldTerm& term, double value) {
    const double tolerance = term.field == BrowserField::Fps ? 0.5 : 1e-9;
    switch (term.comparison) {
    case Comparison::Equal:
        return std::abs(value - term.value) <= tolerance;
    case Comparison::Less:
        return value < term.value;
    case Comparison::LessOrEqual:
        return value <= term.value + tolerance;
    case Comparison::Greater:
        return value > term.value;
    case Comparison::GreaterOrEqual:
        return value >= term.value - tolerance;
    }
    return false;
}

} // namespace

BrowserFilter parseBrowserFilter(std::string_view text) {
    BrowserFilter filter;
    const std::string lower = bvh::asciiLowercase(text);
    std::size_t begin = 0;
    while (begin < lower.size()) {
        std::size_t end = lower.find_first_of(" \t", begin);
        end = end == std::string::npos ? lower.size() : end;
        const std::string_view word = std::string_view(lower).substr(begin, end - begin);
        begin = end + 1;
        if (word.empty()) {
            continue;
        }
        const std::size_t at = comparisonStart(word);
        if (at == std::string_view::npos) {
            filter.words.emplace_back(word);
            continue;
        }
        std::string error;
        if (const auto term = parseFieldTerm(word, at, error)) {
            filter.terms.push_back(*term);
        } else if (filter.error.empty()) {
            filter.error = error;
        }
    }
    return filter;
}

bool filterKeeps(const BrowserFilter& filter, const FolderEntry& entry) {
    if (!filter.words.empty()) {
        const std::string name = bvh::asciiLowercase(entry.name);
        for (const std::string& word : filter.words) {
            if (name.find(word) == std::string::npos) {
                return false;
            }
        }
    }
    for (const FieldTerm& term : filter.terms) {
        const std::optional<double> value = fieldValue(entry, term.field);
        if (!value || !termHolds(term, *value)) {
            return false;
        }
    }
    return true;
}

// [SECTION] Sorting

namespace {

// The value a column sorts by; nullopt while the take is not summarised (or did not load).
std::optional<double> sortValue(const FolderEntry& entry, BrowserColumn column) {
    switch (column) {
    case BrowserColumn::Name:
        return 0.0;
    case BrowserColumn::Joints:
        return fieldValue(entry, BrowserField::Joints);
    case BrowserColumn::Frames:
        return fieldValue(entry, BrowserField::Frames);
    case BrowserColumn::Fps:
        return fieldValue(entry, BrowserField::Fps);
    case BrowserColumn::Duration:
        return fieldValue(entry, BrowserField::Duration);
    case BrowserColumn::Status:
        return static_cast<double>(entry.status);
    case BrowserColumn::Likeness:
        return std::nullopt; // from the distances orderedRows is given
    }
    return std::nullopt;
}

} // namespace

const char* browserColumnName(BrowserColumn column) {
    switch (column) {
    case BrowserColumn::Name:
        return "name";
    case BrowserColumn::Joints:
        return "joints";
    case BrowserColumn::Frames:
        return "frames";
    case BrowserColumn::Fps:
        return "fps";
    case BrowserColumn::Duration:
        return "duration";
    case BrowserColumn::Status:
        return "status";
    case BrowserColumn::Likeness:
        return "likeness";
    }
    return "?";
}

std::vector<std::size_t> orderedRows(const std::vector<FolderEntry>& entries,
                                     const BrowserFilter& filter, const BrowserSort& sort,
                                     const std::vector<std::optional<double>>& likeness) {
    std::vector<std::size_t> rows;
    rows.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (filter.empty() || filterKeeps(filter, entries[i])) {
            rows.push_back(i);
        }
    }
    if (sort.column == BrowserColumn::Name) {
        // The listing is in natural order already.
        if (sort.descending) {
            std::reverse(rows.begin(), rows.end());
        }
        return rows;
    }
    std::vector<std::optional<double>> values(entries.size());
    for (const std::size_t row : rows) {
        values[row] = sort.column != BrowserColumn::Likeness ? sortValue(entries[row], sort.column)
                      : row < likeness.size()                ? likeness[row]
                                                             : std::nullopt;
    }
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        if (!values[a] || !values[b]) {
            return values[a].has_value() && !values[b].has_value(); // unknown last
        }
        return sort.descending ? *values[a] > *values[b] : *values[a] < *values[b];
    });
    return rows;
}

} // namespace bvhscope::folder
