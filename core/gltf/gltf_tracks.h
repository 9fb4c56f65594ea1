// The animation data of a glTF export: which tracks there are, where each lies in the one
// buffer, and their values in glTF's space, streamed in buffer order so the whole payload is
// never held in memory (core/gltf/gltf_export.h states the contents).
#pragma once

#include "core/gltf/gltf_export.h"

#include <functional>
#include <glm/ext/quaternion_double.hpp>
#include <glm/mat3x3.hpp>
#include <span>
#include <string_view>

namespace bvh::gltf {

// The turn from the clip's axes to glTF's (+Y up; entries 0 and +-1, determinant +1) and the
// metres per file unit.
struct SpaceChange {
    glm::dmat3 turn{1.0};
    double metres = 1.0;
    glm::dvec3 position(const glm::dvec3& file) const { return metres * (turn * file); }
    // turn * q * turn^-1: the same angle about the turned axis.
    glm::dquat rotation(const glm::dquat& file) const {
        const glm::dvec3 axis = turn * glm::dvec3(file.x, file.y, file.z);
        return glm::dquat(file.w, axis.x, axis.y, axis.z);
    }
};
SpaceChange spaceChangeFor(UpAxis upAxis, double metresPerUnit);

enum class TrackPath : std::uint8_t { Rotation, Translation };

struct Track {
    NodeIndex node = 0;
    TrackPath path = TrackPath::Rotation;
    bool constant = false; // one key: the BVH values never change
    std::uint64_t keyCount = 0;
    std::uint64_t byteOffset = 0; // in the buffer
    std::uint64_t byteLength = 0;
    std::uint32_t components() const { return path == TrackPath::Rotation ? 4 : 3; }
};

// Buffer order: the frame times (frameCount floats), then each track's keys. Without tracks
// (no frames, no channels) the buffer is empty and the file has no animation.
struct BufferLayout {
    std::uint64_t frameCount = 0;
    std::uint64_t timesBytes = 0;
    float lastTime = 0.0f; // the last key time as written: the times accessor's max
    std::vector<Track> tracks;
    std::uint64_t bufferBytes = 0;
};

// Tracks in node order, rotation before translation. Arithmetic in 64 bits: the caller checks
// bufferBytes against kMaxGltfBytes before anything is written.
BufferLayout planBuffer(const Skeleton& skeleton, const Motion& motion);

// The bytes the buffer would take with every track animated, from the sizes alone (values
// unread): the bound the writer checks against kMaxGltfBytes before reading any value.
std::uint64_t bufferBytesBound(const Skeleton& skeleton, std::uint64_t frameCount);

// The first offset or motion value that is not a finite number or would not fit a 32-bit float
// in glTF's space; empty when all are fine.
std::string findUnrepresentableValue(const Skeleton& skeleton, const Motion& motion,
                                     const SpaceChange& space);
// The first frame whose time, as a 32-bit float, does not exceed the previous frame's; empty
// when the times increase.
std::string findNonIncreasingTime(const Motion& motion);

// A node's rest translation in glTF's space: its OFFSET turned and scaled.
glm::dvec3 restTranslation(const Skeleton& skeleton, NodeIndex node, const SpaceChange& space);

// Writes the whole buffer's bytes in layout order (little-endian floats) to `sink`, in pieces.
// Returns false, with `error`, when a computed value leaves the float range.
using ByteSink = std::function<void(std::string_view)>;
bool streamBuffer(const Skeleton& skeleton, const Motion& motion, const BufferLayout& layout,
                  const SpaceChange& space, TranslationMode translation, const ByteSink& sink,
                  std::string& error);

} // namespace bvh::gltf
