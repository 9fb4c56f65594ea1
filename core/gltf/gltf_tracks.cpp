#include "core/gltf/gltf_tracks.h"

#include "core/analysis/pose_difference.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <limits>

namespace bvh::gltf {
namespace {

static_assert(std::endian::native == std::endian::little,
              "glTF buffers are little-endian; the floats are written as they are in memory");

// Half the float range: an OFFSET plus a position channel, each within it, still fits.
constexpr double kHalfFloatRange = 0.5 * static_cast<double>(std::numeric_limits<float>::max());

bool hasChannel(const Skeleton& skeleton, std::size_t node, TrackPath path) {
    for (const ChannelType type : skeleton.channelsOf(static_cast<NodeIndex>(node))) {
        if (path == TrackPath::Rotation ? isRotation(type) : isPosition(type)) {
            return true;
        }
    }
    return false;
}

// True when every column of the node's channels of `path` holds one value over the clip.
bool neverChanges(const Skeleton& skeleton, const Motion& motion, std::size_t node,
                  TrackPath path) {
    const std::uint32_t begin = skeleton.channelBegin[node];
    for (std::uint32_t column = begin; column < begin + skeleton.channelCount[node]; ++column) {
        const ChannelType type = skeleton.channels[column];
        if (path == TrackPath::Rotation ? !isRotation(type) : !isPosition(type)) {
            continue;
        }
        if (!motion.columnNeverChanges(column)) {
            return false;
        }
    }
    return true;
}

// The node's local rotation in file axes: its rotation channels composed in declared order
// ("Zrotation Xrotation Yrotation" is Rz * Rx * Ry, as core/kinematics/pose.h).
glm::dquat fileRotation(const Skeleton& skeleton, std::size_t node, const float* row) {
    glm::dquat rotation(1.0, 0.0, 0.0, 0.0);
    const std::uint32_t begin = skeleton.channelBegin[node];
    for (std::uint32_t column = begin; column < begin + skeleton.channelCount[node]; ++column) {
        const ChannelType type = skeleton.channels[column];
        if (isRotation(type)) {
            glm::dvec3 axis(0.0);
            axis[channelAxis(type)] = 1.0;
            rotation =
                rotation * glm::angleAxis(glm::radians(static_cast<double>(row[column])), axis);
        }
    }
    return glm::normalize(rotation);
}

// The node's local translation in file axes: OFFSET with the axes that have position channels
// replaced (Absolute) or offset (Additive), as core/kinematics/pose.h.
glm::dvec3 fileTranslation(const Skeleton& skeleton, std::size_t node, const float* row,
                           TranslationMode translation) {
    glm::dvec3 result = skeleton.offsets[node];
    const glm::dvec3& offset = skeleton.offsets[node];
    const std::uint32_t begin = skeleton.channelBegin[node];
    for (std::uint32_t column = begin; column < begin + skeleton.channelCount[node]; ++column) {
        const ChannelType type = skeleton.channels[column];
        if (isPosition(type)) {
            const int axis = channelAxis(type);
            const double value = row[column];
            result[axis] = translation == TranslationMode::Absolute ? value : offset[axis] + value;
        }
    }
    return result;
}

// Little-endian floats gathered in a fixed block and handed to the sink when full.
class FloatWriter {
public:
    explicit FloatWriter(const ByteSink& sink) : sink_(sink) {}
    ~FloatWriter() = default;
    FloatWriter(const FloatWriter&) = delete;
    FloatWriter& operator=(const FloatWriter&) = delete;

    // False when the value is not finite as a float.
    bool put(double value) {
        const auto single = static_cast<float>(value);
        if (!std::isfinite(single)) {
            return false;
        }
        block_[used_++] = single;
        if (used_ == kBlockFloats) {
            flush();
        }
        return true;
    }
    void flush() {
        if (used_ > 0) {
            sink_(std::string_view(reinterpret_cast<const char*>(block_.data()),
                                   used_ * sizeof(float)));
            used_ = 0;
        }
    }

private:
    static constexpr std::size_t kBlockFloats = 16384;
    const ByteSink& sink_;
    std::vector<float> block_ = std::vector<float>(kBlockFloats);
    std::size_t used_ = 0;
};

bool streamTrack(const Skeleton& skeleton, const Motion& motion, const Track& track,
                 const SpaceChange& space, TranslationMode translation, FloatWriter& writer) {
    const auto node = static_cast<std::size_t>(track.node);
    glm::dquat previous(1.0, 0.0, 0.0, 0.0);
    bool fits = true;
    for (std::uint64_t key = 0; key < track.keyCount; ++key) {
        const float* row = motion.values.data() + key * motion.channelCount;
        if (track.path == TrackPath::Rotation) {
            glm::dquat q = space.rotation(fileRotation(skeleton, node, row));
            // q and -q are one rotation; glTF's LINEAR slerps between the stored values, so
            // neighbouring keys keep the sign that makes them closest.
            if (glm::dot(q, previous) < 0.0) {
                q = -q;
            }
            previous = q;
            fits = writer.put(q.x) && writer.put(q.y) && writer.put(q.z) && writer.put(q.w);
        } else {
            const glm::dvec3 t = space.position(fileTranslation(skeleton, node, row, translation));
            fits = writer.put(t.x) && writer.put(t.y) && writer.put(t.z);
        }
        if (!fits) {
            return false;
        }
    }
    return true;
}

} // namespace

SpaceChange spaceChangeFor(UpAxis upAxis, double metresPerUnit) {
    SpaceChange space;
    space.turn = glm::dmat3(metresTransform(upAxis, LengthUnit::Metre));
    space.metres = metresPerUnit;
    return space;
}

BufferLayout planBuffer(const Skeleton& skeleton, const Motion& motion) {
    BufferLayout layout;
    layout.frameCount = motion.frameCount;
    layout.timesBytes = layout.frameCount * sizeof(float);
    layout.bufferBytes = layout.timesBytes;
    if (motion.frameCount == 0) {
        return layout;
    }
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        for (const TrackPath path : {TrackPath::Rotation, TrackPath::Translation}) {
            if (!hasChannel(skeleton, node, path)) {
                continue;
            }
            Track track;
            track.node = static_cast<NodeIndex>(node);
            track.path = path;
            track.constant = neverChanges(skeleton, motion, node, path);
            track.keyCount = track.constant ? 1 : layout.frameCount;
            track.byteOffset = layout.bufferBytes;
            track.byteLength = track.keyCount * track.components() * sizeof(float);
            layout.bufferBytes += track.byteLength;
            layout.tracks.push_back(track);
        }
    }
    if (layout.tracks.empty()) {
        layout.timesBytes = 0;
        layout.bufferBytes = 0;
    }
    layout.lastTime = static_cast<float>((motion.frameCount - 1) * motion.frameTime);
    return layout;
}

std::uint64_t bufferBytesBound(const Skeleton& skeleton, std::uint64_t frameCount) {
    std::uint64_t floatsPerFrame = 1; // the time
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        floatsPerFrame += (hasChannel(skeleton, node, TrackPath::Rotation) ? 4 : 0) +
                          (hasChannel(skeleton, node, TrackPath::Translation) ? 3 : 0);
    }
    // Below 2^33 frames (Motion counts in 32 bits) times 2^28 floats a frame: no overflow in
    // any skeleton a reader makes; saturate anyway.
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() / sizeof(float);
    if (frameCount != 0 && floatsPerFrame > limit / frameCount) {
        return std::numeric_limits<std::uint64_t>::max();
    }
    return frameCount * floatsPerFrame * sizeof(float);
}

std::string findUnrepresentableValue(const Skeleton& skeleton, const Motion& motion,
                                     const SpaceChange& space) {
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const glm::dvec3& offset = skeleton.offsets[node];
        const double length = glm::length(offset) * space.metres;
        if (!std::isfinite(length) || length > kHalfFloatRange) {
            return "the OFFSET of '" + skeleton.names[node] +
                   "' is not a finite number glTF's 32-bit floats hold";
        }
    }
    for (std::size_t column = 0; column < motion.channelCount; ++column) {
        const bool position = isPosition(skeleton.channels[column]);
        for (std::size_t frame = 0; frame < motion.frameCount; ++frame) {
            const double value = motion.values[frame * motion.channelCount + column];
            if (!std::isfinite(value) ||
                (position && std::abs(value) * space.metres > kHalfFloatRange)) {
                return "frame " + std::to_string(frame) + ", channel " +
                       std::to_string(column + 1) + " (" +
                       std::string(skeleton.channelNames[column]) +
                       "): not a finite number glTF's 32-bit floats hold";
            }
        }
    }
    return {};
}

std::string findNonIncreasingTime(const Motion& motion) {
    float previous = 0.0f;
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        const auto time = static_cast<float>(frame * motion.frameTime);
        if (!(time > previous)) {
            return "frame " + std::to_string(frame) + " at " +
                   std::to_string(frame * motion.frameTime) +
                   " s is no later than the frame before it as a 32-bit float (glTF's key times); "
                   "write fewer frames or a lower rate";
        }
        previous = time;
    }
    return {};
}

glm::dvec3 restTranslation(const Skeleton& skeleton, NodeIndex node, const SpaceChange& space) {
    return space.position(skeleton.offsets[static_cast<std::size_t>(node)]);
}

bool streamBuffer(const Skeleton& skeleton, const Motion& motion, const BufferLayout& layout,
                  const SpaceChange& space, TranslationMode translation, const ByteSink& sink,
                  std::string& error) {
    FloatWriter writer(sink);
    for (std::uint64_t frame = 0; frame < layout.timesBytes / sizeof(float); ++frame) {
        writer.put(
            static_cast<double>(static_cast<float>(static_cast<double>(frame) * motion.frameTime)));
    }
    for (const Track& track : layout.tracks) {
        if (!streamTrack(skeleton, motion, track, space, translation, writer)) {
            error = "a value of '" + skeleton.names[static_cast<std::size_t>(track.node)] +
                    "' leaves the range of glTF's 32-bit floats";
            return false;
        }
    }
    writer.flush();
    return true;
}

} // namespace bvh::gltf
