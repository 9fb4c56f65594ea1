#include "app/cli/positions_csv.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string_view>

namespace bvhscope::cli {
namespace {

// Buffered bytes are handed to the stream once there are this many.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
// Generous bounds on one field's text: a shortest float is at most 15 characters
// ("-1.23456789e-38"), an int64 at most 20.
constexpr std::size_t kFloatBytesBound = 24;
constexpr std::size_t kFrameNumberBytesBound = 24;

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
void appendCsvField(std::string& line, std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
        line += field;
        return;
    }
    line += '"';
    for (char c : field) {
        if (c == '"') {
            line += '"';
        }
        line += c;
    }
    line += '"';
}

char* appendCoordinate(char* cursor, char* end, double value) {
    // The shortest text that reads back to the same float (the stored precision of the motion
    // data), not the double: more digits would only show rounding noise.
    return std::to_chars(cursor, end, static_cast<float>(value)).ptr;
}

} // namespace

PositionsCsvWriter::PositionsCsvWriter(const bvh::Skeleton& skeleton, std::ostream& out)
    : out_(out), nodeFields_(skeleton.nodeCount()) {
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        std::string& field = nodeFields_[node];
        field.push_back(',');
        appendCsvField(field, skeleton.names[node]);
        field.push_back(',');
        frameBytesBound_ += kFrameNumberBytesBound + field.size() + 3 * kFloatBytesBound + 3;
    }
    buffer_.resize(kChunkBytes + frameBytesBound_);
}

void PositionsCsvWriter::writeHeader() {
    reserveFrame();
    constexpr std::string_view kHeader = "frame,joint,x,y,z\n";
    std::memcpy(buffer_.data() + used_, kHeader.data(), kHeader.size());
    used_ += kHeader.size();
}

void PositionsCsvWriter::writeFrame(std::int64_t frame,
                                    std::span<const bvh::RigidTransform> world) {
    assert(world.size() == nodeFields_.size() && "one world transform per skeleton node");
    reserveFrame();
    char frameText[kFrameNumberBytesBound];
    const std::size_t frameLength = static_cast<std::size_t>(
        std::to_chars(frameText, frameText + sizeof frameText, frame).ptr - frameText);
    char* cursor = buffer_.data() + used_;
    char* const end = buffer_.data() + buffer_.size();
    for (std::size_t node = 0; node < world.size(); ++node) {
        std::memcpy(cursor, frameText, frameLength);
        cursor += frameLength;
        const std::string& field = nodeFields_[node];
        std::memcpy(cursor, field.data(), field.size());
        cursor += field.size();
        const glm::dvec3& position = world[node].translation;
        if (!std::isfinite(static_cast<float>(position.x)) ||
            !std::isfinite(static_cast<float>(position.y)) ||
            !std::isfinite(static_cast<float>(position.z))) [[unlikely]] {
            countNonFinite(frame, node, position);
        }
        cursor = appendCoordinate(cursor, end, position.x);
        *cursor++ = ',';
        cursor = appendCoordinate(cursor, end, position.y);
        *cursor++ = ',';
        cursor = appendCoordinate(cursor, end, position.z);
        *cursor++ = '\n';
    }
    used_ = static_cast<std::size_t>(cursor - buffer_.data());
}

void PositionsCsvWriter::countNonFinite(std::int64_t frame, std::size_t node,
                                        const glm::dvec3& position) {
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(static_cast<float>(position[axis]))) {
            if (nonFinite_.count++ == 0) {
                nonFinite_.firstFrame = frame;
                nonFinite_.firstNode = node;
            }
        }
    }
}

bool PositionsCsvWriter::finish() {
    writeBuffered();
    out_.flush();
    return static_cast<bool>(out_);
}

void PositionsCsvWriter::reserveFrame() {
    // The buffer holds a chunk plus one frame's bound: below a chunk, any frame fits.
    if (used_ >= kChunkBytes) {
        writeBuffered();
    }
}

void PositionsCsvWriter::writeBuffered() {
    if (used_ > 0 && out_) {
        out_.write(buffer_.data(), static_cast<std::streamsize>(used_));
    }
    written_ += used_;
    used_ = 0;
}

} // namespace bvhscope::cli
