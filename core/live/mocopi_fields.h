// Sony mocopi's UDP datagrams, field by field: a tree of fields, each a little-endian uint32
// payload length, a 4-byte tag and the payload, which for a container (head, sndf, skdf, bons,
// bndt, fram, btrs, btdt) is more fields. The layout follows the unofficial description in the
// seagetch/mcp-receiver project.
//
//   skeleton: head(ftyp, vrsn) sndf(ipad, rcvp) skdf(bons(bndt(bnid, pbid, tran) x 27))
//   frame:    head(...) sndf(...) fram(fnum, time, [uttm], btrs(btdt(bnid, tran) x 27))
//
// bnid and pbid are uint16, fnum and time uint32, uttm a float64 (seconds; recent versions
// only), tran 7 float32: a quaternion x y z w, then a position (local to the parent; Y up,
// right-handed, metres). Every length is checked against its container before it is read.
#pragma once

#include <array>
#include <cstdint>
#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace bvh::live {

inline constexpr std::size_t kMocopiBones = 27;

// Sony's joint names by bone id.
extern const std::array<std::string_view, kMocopiBones> kMocopiBoneNames;

struct MocopiTransform {
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
    glm::dvec3 position{0.0};
};

struct MocopiSkeletonPacket {
    std::array<int, kMocopiBones> parents{};          // -1 for the root
    std::array<MocopiTransform, kMocopiBones> rest{}; // local to the parent
};

struct MocopiFramePacket {
    std::uint32_t number = 0;
    std::uint32_t time = 0;            // `time`
    std::optional<double> unixSeconds; // `uttm`, when sent
    std::array<std::optional<MocopiTransform>, kMocopiBones> bones;
};

enum class MocopiRead {
    Skeleton,
    Frame,
    Truncated, // a length past its container's end
    NonFinite, // a NaN or infinite number
    BadBone,   // a bone id out of range, a parent after its child, a bone twice or missing
    Malformed, // a field of the wrong size, or neither skdf nor fram
};

struct MocopiPacket {
    MocopiRead read = MocopiRead::Malformed;
    MocopiSkeletonPacket skeleton;
    MocopiFramePacket frame;
    std::uint32_t unknownTags = 0; // fields of unknown tags, stepped over
};

// Reads one datagram.
MocopiPacket readMocopiPacket(std::span<const std::uint8_t> datagram);

// The writer of the same datagrams (the tests' sender, and `serve --format mocopi`).
std::vector<std::uint8_t> writeMocopiSkeleton(const MocopiSkeletonPacket& skeleton);
std::vector<std::uint8_t> writeMocopiFrame(const MocopiFramePacket& frame);

} // namespace bvh::live
