// The CSV that `bvhscope positions` writes: a header "frame,joint,x,y,z", then one row per node
// per frame, in file order, End Sites named as the skeleton names them (EndSite_<parent>).
// Names are quoted per RFC 4180 when they hold a comma, quote or line break. Each coordinate is
// the shortest text that reads back to the same float (std::to_chars): it round-trips, and
// shows no more digits than float precision can justify.
//
// On a large file this is the command's main cost (three shortest-float conversions per node
// per frame), so rows are formatted straight into one large buffer (no stream operation per
// value or per row) that goes to the stream in chunks of about a megabyte.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::cli {

class PositionsCsvWriter {
public:
    // Writes nothing yet; `out` must outlive the writer.
    PositionsCsvWriter(const bvh::Skeleton& skeleton, std::ostream& out);

    void writeHeader();
    // The rows of one frame: world.size() == the skeleton's node count.
    void writeFrame(std::int64_t frame, std::span<const bvh::RigidTransform> world);
    // Hands what is buffered to the stream and flushes it. False when the stream failed (at any
    // point: a failed chunk is not retried).
    bool finish();

    // Bytes formatted so far, written or buffered.
    std::uint64_t bytesFormatted() const { return written_ + used_; }

    // Coordinates written so far that are not finite floats (written as inf, -inf or nan), and
    // where the first was: the command warns about them.
    struct NonFinite {
        std::uint64_t count = 0;
        std::int64_t firstFrame = 0;
        std::size_t firstNode = 0;
    };
    const NonFinite& nonFinite() const { return nonFinite_; }

private:
    void reserveFrame();
    void writeBuffered();
    void countNonFinite(std::int64_t frame, std::size_t node, const glm::dvec3& position);

    std::ostream& out_;
    std::vector<std::string> nodeFields_; // ",<quoted name>," per node
    std::size_t frameBytesBound_ = 0;     // no frame's rows are longer
    std::vector<char> buffer_;
    std::size_t used_ = 0;
    std::uint64_t written_ = 0;
    NonFinite nonFinite_;
};

} // namespace bvhscope::cli
