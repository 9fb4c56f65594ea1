#include "core/live/mocopi_fields.h"

#include "core/live/rotation_values.h"

#include <bit>
#include <cmath>
#include <glm/gtc/quaternion.hpp>

namespace bvh::live {

const std::array<std::string_view, kMocopiBones> kMocopiBoneNames{
    "root",    "torso_1",    "torso_2",  "torso_3",   "torso_4",    "torso_5",  "torso_6",
    "torso_7", "neck_1",     "neck_2",   "head",      "l_shoulder", "l_up_arm", "l_low_arm",
    "l_hand",  "r_shoulder", "r_up_arm", "r_low_arm", "r_hand",     "l_up_leg", "l_low_leg",
    "l_foot",  "l_toes",     "r_up_leg", "r_low_leg", "r_foot",     "r_toes"};

namespace {

// [SECTION] Reading

struct MocopiField {
    std::string_view tag;
    std::span<const std::uint8_t> payload;
};

// Ok, or why a part could not be read (the packet's result then).
using Status = std::optional<MocopiRead>;
constexpr Status kOk = std::nullopt;

std::uint32_t littleEndian32(const std::uint8_t* bytes) {
    return std::uint32_t{bytes[0]} | (std::uint32_t{bytes[1]} << 8) |
           (std::uint32_t{bytes[2]} << 16) | (std::uint32_t{bytes[3]} << 24);
}

// A container's payload as its fields; Truncated when a length runs past its end.
Status splitFields(std::span<const std::uint8_t> bytes, std::vector<MocopiField>& fields) {
    fields.clear();
    std::size_t at = 0;
    while (at < bytes.size()) {
        if (bytes.size() - at < 8) {
            return MocopiRead::Truncated;
        }
        const std::size_t length = littleEndian32(bytes.data() + at);
        if (length > bytes.size() - at - 8) {
            return MocopiRead::Truncated;
        }
        fields.push_back({std::string_view(reinterpret_cast<const char*>(bytes.data() + at + 4), 4),
                          bytes.subspan(at + 8, length)});
        at += 8 + length;
    }
    return kOk;
}

Status readTransform(std::span<const std::uint8_t> payload, MocopiTransform& transform) {
    if (payload.size() != 28) {
        return MocopiRead::Malformed;
    }
    double values[7];
    for (std::size_t i = 0; i < 7; ++i) {
        values[i] = std::bit_cast<float>(littleEndian32(payload.data() + 4 * i));
        if (!std::isfinite(values[i])) {
            return MocopiRead::NonFinite;
        }
    }
    transform.rotation = glm::dquat(values[3], values[0], values[1], values[2]); // w first
    transform.position = {values[4], values[5], values[6]};
    if (!usableTransform(transform.position, transform.rotation)) {
        return MocopiRead::Malformed;
    }
    transform.rotation = glm::normalize(transform.rotation); // a sender's length is not a scale
    return kOk;
}

template <class Integer>
Status readInteger(std::span<const std::uint8_t> payload, Integer& value) {
    if (payload.size() != sizeof(Integer)) {
        return MocopiRead::Malformed;
    }
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < sizeof(Integer); ++i) {
        bits |= std::uint64_t{payload[i]} << (8 * i);
    }
    value = static_cast<Integer>(bits);
    return kOk;
}

struct BoneFields {
    std::uint16_t id = 0;
    std::uint16_t parent = 0;
    MocopiTransform transform;
};

// One `bndt` or `btdt`: bnid, pbid (skeletons only) and tran.
Status readBone(std::span<const std::uint8_t> bytes, bool withParent, BoneFields& bone,
                std::uint32_t& unknownTags) {
    std::vector<MocopiField> fields;
    if (const Status split = splitFields(bytes, fields)) {
        return split;
    }
    bool haveId = false, haveParent = !withParent, haveTransform = false;
    for (const MocopiField& field : fields) {
        Status read = kOk;
        if (field.tag == "bnid") {
            read = readInteger(field.payload, bone.id);
            haveId = true;
        } else if (field.tag == "pbid" && withParent) {
            read = readInteger(field.payload, bone.parent);
            haveParent = true;
        } else if (field.tag == "tran") {
            read = readTransform(field.payload, bone.transform);
            haveTransform = true;
        } else {
            ++unknownTags;
        }
        if (read) {
            return read;
        }
    }
    if (!haveId || !haveParent || !haveTransform) {
        return MocopiRead::Malformed;
    }
    return bone.id < kMocopiBones ? kOk : Status(MocopiRead::BadBone);
}

// The bones of `bons` (skeleton) or `btrs` (frame), each once: `seen` marks them.
template <class Store>
Status readBones(std::span<const std::uint8_t> bytes, std::string_view boneTag, bool withParent,
                 std::uint32_t& unknownTags, Store&& store) {
    std::vector<MocopiField> fields;
    if (const Status split = splitFields(bytes, fields)) {
        return split;
    }
    std::array<bool, kMocopiBones> seen{};
    for (const MocopiField& field : fields) {
        if (field.tag != boneTag) {
            ++unknownTags;
            continue;
        }
        BoneFields bone;
        if (const Status read = readBone(field.payload, withParent, bone, unknownTags)) {
            return read;
        }
        if (seen[bone.id]) {
            return MocopiRead::BadBone;
        }
        seen[bone.id] = true;
        if (const Status stored = store(bone)) {
            return stored;
        }
    }
    return kOk;
}

Status readSkeleton(std::span<const std::uint8_t> bytes, MocopiPacket& packet) {
    std::vector<MocopiField> fields;
    if (const Status split = splitFields(bytes, fields)) {
        return split;
    }
    std::size_t bones = 0;
    for (const MocopiField& field : fields) {
        if (field.tag != "bons") {
            ++packet.unknownTags;
            continue;
        }
        const Status read =
            readBones(field.payload, "bndt", true, packet.unknownTags, [&](const BoneFields& bone) {
                // Parents come before their children (Sony numbers them so): a tree, never a loop.
                if (bone.id != 0 && bone.parent >= bone.id) {
                    return Status(MocopiRead::BadBone);
                }
                packet.skeleton.parents[bone.id] = bone.id == 0 ? -1 : bone.parent;
                packet.skeleton.rest[bone.id] = bone.transform;
                ++bones;
                return kOk;
            });
        if (read) {
            return read;
        }
    }
    return bones == kMocopiBones ? kOk : Status(MocopiRead::BadBone);
}

Status readFrame(std::span<const std::uint8_t> bytes, MocopiPacket& packet) {
    std::vector<MocopiField> fields;
    if (const Status split = splitFields(bytes, fields)) {
        return split;
    }
    MocopiFramePacket& frame = packet.frame;
    for (const MocopiField& field : fields) {
        Status read = kOk;
        if (field.tag == "fnum") {
            read = readInteger(field.payload, frame.number);
        } else if (field.tag == "time") {
            read = readInteger(field.payload, frame.time);
        } else if (field.tag == "uttm") {
            std::uint64_t bits = 0;
            read = readInteger(field.payload, bits);
            frame.unixSeconds = std::bit_cast<double>(bits);
            if (!read && !std::isfinite(*frame.unixSeconds)) {
                read = MocopiRead::NonFinite;
            }
        } else if (field.tag == "btrs") {
            read = readBones(field.payload, "btdt", false, packet.unknownTags,
                             [&](const BoneFields& bone) {
                                 frame.bones[bone.id] = bone.transform;
                                 return kOk;
                             });
        } else {
            ++packet.unknownTags;
        }
        if (read) {
            return read;
        }
    }
    return kOk;
}

} // namespace

MocopiPacket readMocopiPacket(std::span<const std::uint8_t> datagram) {
    MocopiPacket packet;
    std::vector<MocopiField> fields;
    if (const Status split = splitFields(datagram, fields)) {
        packet.read = *split;
        return packet;
    }
    packet.read = MocopiRead::Malformed; // until a skdf or a fram is read
    for (const MocopiField& field : fields) {
        if (field.tag == "skdf" || field.tag == "fram") {
            const bool skeleton = field.tag == "skdf";
            const Status read =
                skeleton ? readSkeleton(field.payload, packet) : readFrame(field.payload, packet);
            packet.read = read ? *read : (skeleton ? MocopiRead::Skeleton : MocopiRead::Frame);
            if (read) {
                return packet;
            }
        } else if (field.tag != "head" && field.tag != "sndf") {
            ++packet.unknownTags;
        }
    }
    return packet;
}

// [SECTION] Writing

namespace {

using Bytes = std::vector<std::uint8_t>;

void appendLittleEndian(Bytes& bytes, std::uint64_t value, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) {
        bytes.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
    }
}

Bytes field(std::string_view tag, const Bytes& payload) {
    Bytes bytes;
    appendLittleEndian(bytes, payload.size(), 4);
    bytes.insert(bytes.end(), tag.begin(), tag.end());
    bytes.insert(bytes.end(), payload.begin(), payload.end());
    return bytes;
}

Bytes joined(std::initializer_list<Bytes> parts) {
    Bytes bytes;
    for (const Bytes& part : parts) {
        bytes.insert(bytes.end(), part.begin(), part.end());
    }
    return bytes;
}

Bytes integer(std::uint64_t value, std::size_t size) {
    Bytes bytes;
    appendLittleEndian(bytes, value, size);
    return bytes;
}

Bytes transformBytes(const MocopiTransform& transform) {
    Bytes bytes;
    for (double value :
         {transform.rotation.x, transform.rotation.y, transform.rotation.z, transform.rotation.w,
          transform.position.x, transform.position.y, transform.position.z}) {
        appendLittleEndian(bytes, std::bit_cast<std::uint32_t>(static_cast<float>(value)), 4);
    }
    return bytes;
}

// head and sndf as the device sends them (a receiver reads neither).
Bytes header() {
    const std::string_view format = "sony motion format";
    return joined(
        {field("head", joined({field("ftyp", Bytes(format.begin(), format.end())),
                               field("vrsn", integer(1, 1))})),
         field("sndf", joined({field("ipad", integer(0, 8)), field("rcvp", integer(12351, 2))}))});
}

} // namespace

std::vector<std::uint8_t> writeMocopiSkeleton(const MocopiSkeletonPacket& skeleton) {
    Bytes bones;
    for (std::size_t id = 0; id < kMocopiBones; ++id) {
        const int parent = skeleton.parents[id];
        const Bytes bone =
            field("bndt", joined({field("bnid", integer(id, 2)),
                                  field("pbid", integer(parent < 0 ? 0xffff : parent, 2)),
                                  field("tran", transformBytes(skeleton.rest[id]))}));
        bones.insert(bones.end(), bone.begin(), bone.end());
    }
    return joined({header(), field("skdf", field("bons", bones))});
}

std::vector<std::uint8_t> writeMocopiFrame(const MocopiFramePacket& frame) {
    Bytes bones;
    for (std::size_t id = 0; id < kMocopiBones; ++id) {
        if (frame.bones[id]) {
            const Bytes bone =
                field("btdt", joined({field("bnid", integer(id, 2)),
                                      field("tran", transformBytes(*frame.bones[id]))}));
            bones.insert(bones.end(), bone.begin(), bone.end());
        }
    }
    Bytes contents =
        joined({field("fnum", integer(frame.number, 4)), field("time", integer(frame.time, 4))});
    if (frame.unixSeconds) {
        const Bytes uttm =
            field("uttm", integer(std::bit_cast<std::uint64_t>(*frame.unixSeconds), 8));
        contents.insert(contents.end(), uttm.begin(), uttm.end());
    }
    const Bytes boneList = field("btrs", bones);
    contents.insert(contents.end(), boneList.begin(), boneList.end());
    return joined({header(), field("fram", contents)});
}

} // namespace bvh::live
