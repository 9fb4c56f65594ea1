// The Axis Neuron / Axis Studio broadcast text: `<avatar index> <avatar name> v1 ... vN ||` per
// frame, ended by "||", a line end or both, with NUL bytes anywhere (dropped by the splitter).
//
// The skeleton is the given one (its channel count must be N), or else the built-in 59-joint
// skeleton the first frame's N chooses (354: with displacement, 180: without; any other N is a
// mismatch naming both, and the next frame chooses again). Only the first avatar index seen is
// decoded: a broadcast of several avatars shows the first (the others' rows are skipped, not
// counted as malformed).
#pragma once

#include "core/live/row_decoder.h"

namespace bvh::live {

class AxisDecoder final : public RowDecoder {
public:
    explicit AxisDecoder(const DecoderOptions& options);

    StreamFormat format() const override { return StreamFormat::Axis; }
    LineOutcome decodeLine(std::string_view line, LiveFrame& frame) override;
    void reset() override;
    bool recordsEndAtDoubleBar() const override { return true; }

    // The avatar name of the frames decoded ("" before the first).
    const std::string& avatarName() const { return avatarName_; }

private:
    bool acceptFirstCount(std::size_t count) override;

    std::optional<std::string> avatarIndex_;
    std::string avatarName_;
};

} // namespace bvh::live
