#include "app/headless/output_pattern.h"

#include <cctype>

namespace bvhscope::headless {

std::optional<OutputPattern> OutputPattern::parse(std::string_view text, std::string& error) {
    OutputPattern pattern;
    std::string* part = &pattern.prefix_;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            *part += text[i];
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '%') {
            *part += '%';
            ++i;
            continue;
        }
        const std::size_t start = i++;
        bool zeroPad = false;
        if (i < text.size() && text[i] == '0') {
            zeroPad = true;
            ++i;
        }
        int width = 0;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) {
            width = width * 10 + (text[i] - '0');
            if (width > 32) {
                error = "the width in '" + std::string(text.substr(start, i + 1 - start)) +
                        "' is larger than 32";
                return std::nullopt;
            }
            ++i;
        }
        if (i >= text.size() || (text[i] != 'd' && text[i] != 'i' && text[i] != 'u')) {
            const std::size_t end = i < text.size() ? i + 1 : text.size();
            error = "'" + std::string(text.substr(start, end - start)) +
                    "' is not a frame number conversion (use %d, %05d, ...; %% for a percent sign)";
            return std::nullopt;
        }
        if (pattern.numbered_) {
            error = "more than one frame number conversion in '" + std::string(text) + "'";
            return std::nullopt;
        }
        pattern.numbered_ = true;
        pattern.zeroPad_ = zeroPad;
        pattern.width_ = width;
        part = &pattern.suffix_;
    }
    if (pattern.prefix_.empty() && pattern.suffix_.empty() && !pattern.numbered_) {
        error = "the output name is empty";
        return std::nullopt;
    }
    return pattern;
}

std::string OutputPattern::format(std::int64_t frame) const {
    if (!numbered_) {
        return prefix_;
    }
    std::string digits = std::to_string(frame < 0 ? -frame : frame);
    const std::size_t wanted = static_cast<std::size_t>(width_);
    const std::size_t length = digits.size() + (frame < 0 ? 1 : 0);
    std::string number;
    if (length < wanted && !zeroPad_) {
        number.assign(wanted - length, ' ');
    }
    if (frame < 0) {
        number += '-';
    }
    if (length < wanted && zeroPad_) {
        number.append(wanted - length, '0');
    }
    number += digits;
    return prefix_ + number + suffix_;
}

} // namespace bvhscope::headless
