#include "core/live/value_row.h"

#include "core/live/stream_text.h"
#include "core/reader/number_scanner.h"

#include <cmath>

namespace bvh::live {

RowResult readValueRow(std::string_view text, std::vector<float>& values, std::string& valueText) {
    values.clear();
    valueText.clear();
    const char* p = text.data();
    const char* const end = p + text.size();
    bool nonFinite = false;
    while (true) {
        while (p != end && isValueSeparator(*p)) {
            ++p;
        }
        if (p == end) {
            break;
        }
        const char* tokenEnd = p;
        while (tokenEnd != end && !isValueSeparator(*tokenEnd)) {
            ++tokenEnd;
        }
        // The scan may look past the token (the fast path reads whole words); only a number
        // that is the whole token counts.
        float value = 0.0f;
        if (scanNumber(p, end, value) != static_cast<std::size_t>(tokenEnd - p)) {
            return RowResult::Unparsable;
        }
        nonFinite = nonFinite || !std::isfinite(value);
        values.push_back(value);
        if (!valueText.empty()) {
            valueText.push_back(' ');
        }
        valueText.append(p, tokenEnd);
        p = tokenEnd;
    }
    if (values.empty()) {
        return RowResult::Unparsable;
    }
    return nonFinite ? RowResult::NonFinite : RowResult::Ok;
}

} // namespace bvh::live
