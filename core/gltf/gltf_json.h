// The JSON part of a glTF export (nodes, the animation, accessors, buffer views, the buffer),
// built with nlohmann::json: no hand-written JSON.
#pragma once

#include "core/gltf/gltf_body.h"
#include "core/gltf/gltf_tracks.h"

#include <string>

namespace bvh::gltf {

// What stands where the embedded buffer's base64 text goes in the JSON of a .gltf; the caller
// streams the text in its place. Looked for as `"uri":"<this>"`, with the quotes unescaped, which
// no escaped name can contain.
inline constexpr std::string_view kBufferUriPlaceholder = "data:application/octet-stream;base64,";

// Node names as written: the skeleton's, a repeated one with "_2", "_3"... from its second use
// (skipping names the file already has).
std::vector<std::string> uniqueNodeNames(const Skeleton& skeleton);

// The compact JSON text (UTF-8; invalid bytes in names become U+FFFD). For EmbeddedText the
// buffer's uri is `"` kBufferUriPlaceholder `"`, to be followed by the base64 text. A `body`
// lies in the buffer after the animation's layout.bufferBytes.
std::string buildGltfJson(const Skeleton& skeleton, const BufferLayout& layout,
                          const SpaceChange& space, const GltfExportOptions& options,
                          const BodyBuffer* body = nullptr);

} // namespace bvh::gltf
