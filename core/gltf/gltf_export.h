// A skeleton and motion written as glTF 2.0 (`.glb`, or `.gltf` with its buffer embedded as a
// base64 `data:` URI, so that one file is one output and replacing it stays atomic).
//
// What the file holds:
// - One node per skeleton node, End Sites included, in file order, named as the skeleton names
//   them (End Sites "EndSite_<parent>", as `bvhscope positions` prints them). A repeated name
//   gets "_2", "_3"... from its second use on; unique names are kept exactly. Names that are not
//   valid UTF-8 have those bytes replaced by U+FFFD (JSON text is UTF-8).
// - Each node's rest transform is its OFFSET (no rotation).
// - One animation: per joint with rotation channels a rotation (quaternion) channel, per joint
//   with position channels a translation channel, keyed at frame i * Frame Time. A channel
//   whose BVH values never change over the clip is written with one key (its value once).
//   Interpolation LINEAR (glTF's slerp on quaternions, whose signs are kept continuous) or STEP.
// - glTF's space: metres, +Y up, right-handed. The clip's up axis turns to +Y by a proper
//   rotation (core/analysis/pose_difference.h metresTransform: the viewer's, determinant +1, so
//   a Z-up or centimetre capture is never mirrored) and lengths scale by metresPerUnit. That
//   turn is a signed permutation of the axes, applied exactly: rotations are conjugated by it
//   (a quaternion's vector part turned) and translations turned and scaled, so every world
//   position is metresPerUnit x (the turn) x the file's.
//
// - With a body (GltfExportOptions::body, `convert --body`): one more root node holding it as a
//   skinned mesh (core/gltf/gltf_body.h), so viewers that only draw meshes show a figure.
//
// asset.extras records the source's space: {"sourceUpAxis": "+Z", "metresPerSourceUnit": 0.01}.
//
// Refused, with nothing written: offsets or motion values that are not finite numbers or leave
// the 32-bit float range glTF stores, frame times too close to stay increasing as 32-bit floats,
// a buffer that could pass 4 GiB - 1 bytes (glTF's byteLength and GLB's 32-bit lengths; checked
// by arithmetic first, every channel counted as animated). The file is
// written through AtomicFile (core/platform/atomic_file.h); the caller checks that the output
// is none of its inputs (core/writer/input_files.h). Never throws (std::bad_alloc aside), never
// prints.
#pragma once

#include "core/analysis/rest_pose_analysis.h"
#include "core/body/body_mesh.h"
#include "core/kinematics/pose.h"
#include "core/model/diagnostic.h"
#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bvh {

enum class GltfContainer : std::uint8_t { Binary, EmbeddedText }; // .glb, .gltf
enum class GltfInterpolation : std::uint8_t { Linear, Step };

// .glb or .gltf (any case); nullopt for any other name.
std::optional<GltfContainer> gltfContainerFor(const std::filesystem::path& path);

// glTF's 32-bit byte lengths: the buffer, and a whole GLB file.
inline constexpr std::uint64_t kMaxGltfBytes = 0xFFFF'FFFFull;

struct GltfExportOptions {
    GltfContainer container = GltfContainer::Binary;
    GltfInterpolation interpolation = GltfInterpolation::Linear;
    UpAxis upAxis = UpAxis::PositiveY; // the clip's up axis, in its file axes
    double metresPerUnit = 1.0;        // finite, > 0 (metresPerUnit(LengthUnit), or a fit)
    TranslationMode translation = TranslationMode::Additive; // Absolute or Additive, not Auto
    std::string generator = "bvhscope";                      // asset.generator
    std::string animationName = "motion";
    // The skeleton's body (core/body/body_builder.h, in the file's axes and units), written as a
    // skinned mesh node "body"; null: none.
    const BodyMesh* body = nullptr;
};

struct GltfExportResult {
    std::vector<Diagnostic> diagnostics; // errors at line 0 naming the reason
    std::uint64_t fileBytes = 0;
    std::uint64_t bufferBytes = 0; // the float payload
    std::size_t animatedChannels = 0;
    std::size_t constantChannels = 0; // written with one key
    bool ok() const { return !hasErrors(diagnostics); }
};

GltfExportResult writeGltfFile(const std::filesystem::path& path, const Skeleton& skeleton,
                               const Motion& motion, const GltfExportOptions& options);

} // namespace bvh
