// The `lines` format: one motion row per line, the skeleton given. With no skeleton the frames
// still decode (the first row fixes the value count) but skeleton() is null and problem() says
// a skeleton is needed.
#pragma once

#include "core/live/row_decoder.h"

namespace bvh::live {

class LinesDecoder final : public RowDecoder {
public:
    explicit LinesDecoder(const DecoderOptions& options);

    StreamFormat format() const override { return StreamFormat::Lines; }
    LineOutcome decodeLine(std::string_view line, LiveFrame& frame) override;
    void reset() override;
};

} // namespace bvh::live
