// Output names of `bvhscope render`: a plain file name, or a printf-style pattern with exactly
// one integer conversion that numbers an image sequence ("out_%05d.png").
//
// Accepted conversions: %d, %i or %u with an optional '0' flag and width ("%d", "%4d", "%05d");
// "%%" is a literal percent sign. Anything else after a '%' (%s, %x, %.3d, %n, a lone '%') is
// rejected rather than passed to printf: the pattern is formatted here, never by printf, so a
// hostile pattern cannot read or write memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bvhscope::headless {

class OutputPattern {
public:
    // nullopt with `error` set when the text has a bad conversion or more than one.
    static std::optional<OutputPattern> parse(std::string_view text, std::string& error);

    // Whether the name has a frame-number conversion (a sequence needs one, so that no file is
    // written twice).
    bool numbered() const { return numbered_; }
    // The file name for a frame (the plain name when not numbered).
    std::string format(std::int64_t frame) const;

private:
    std::string prefix_; // "%%" already folded to "%"
    std::string suffix_;
    bool numbered_ = false;
    bool zeroPad_ = false;
    int width_ = 0;
};

} // namespace bvhscope::headless
