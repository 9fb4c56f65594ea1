#include "core/gltf/gltf_export.h"

#include "core/gltf/gltf_json.h"
#include "core/gltf/gltf_tracks.h"
#include "core/model/ascii_case.h"
#include "core/platform/atomic_file.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace bvh {
namespace {

// [SECTION] GLB framing (glTF 2.0 spec, "Binary glTF Layout"): a 12-byte header, then chunks of
// (length, type, data) with data padded to 4 bytes: JSON with spaces, BIN with zeros.
constexpr std::uint32_t kGlbMagic = 0x46546C67; // "glTF"
constexpr std::uint32_t kGlbVersion = 2;
constexpr std::uint32_t kJsonChunk = 0x4E4F534A; // "JSON"
constexpr std::uint32_t kBinChunk = 0x004E4942;  // "BIN\0"
constexpr std::uint64_t kGlbHeaderBytes = 12;
constexpr std::uint64_t kChunkHeaderBytes = 8;

std::string littleEndianWords(std::initializer_list<std::uint32_t> words) {
    std::string bytes;
    for (const std::uint32_t word : words) {
        for (int shift = 0; shift < 32; shift += 8) {
            bytes.push_back(static_cast<char>((word >> shift) & 0xFFu));
        }
    }
    return bytes;
}

// [SECTION] Base64 (RFC 4648), streamed: the buffer of a .gltf goes out in pieces, never whole.
class Base64Stream {
public:
    explicit Base64Stream(AtomicFile& file) : file_(file) {}
    void write(std::string_view bytes) {
        for (const char byte : bytes) {
            pending_[pendingCount_++] = static_cast<unsigned char>(byte);
            if (pendingCount_ == 3) {
                encodePending();
            }
        }
        if (text_.size() >= kFlushBytes) {
            flushText();
        }
    }
    void finish() {
        if (pendingCount_ > 0) {
            encodePending();
        }
        flushText();
    }

private:
    static constexpr std::size_t kFlushBytes = 1 << 16;
    static constexpr std::string_view kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    void encodePending() {
        const std::uint32_t group = (std::uint32_t{pending_[0]} << 16) |
                                    (pendingCount_ > 1 ? std::uint32_t{pending_[1]} << 8 : 0u) |
                                    (pendingCount_ > 2 ? std::uint32_t{pending_[2]} : 0u);
        text_.push_back(kAlphabet[(group >> 18) & 63u]);
        text_.push_back(kAlphabet[(group >> 12) & 63u]);
        text_.push_back(pendingCount_ > 1 ? kAlphabet[(group >> 6) & 63u] : '=');
        text_.push_back(pendingCount_ > 2 ? kAlphabet[group & 63u] : '=');
        pendingCount_ = 0;
        pending_ = {};
    }
    void flushText() {
        file_.write(text_);
        text_.clear();
    }

    AtomicFile& file_;
    std::array<unsigned char, 3> pending_{};
    std::size_t pendingCount_ = 0;
    std::string text_;
};

Diagnostic errorOf(std::string message) {
    return Diagnostic{Severity::Error, 0, 0, std::move(message)};
}

std::string tooLargeMessage(std::uint64_t bytes) {
    return "the glTF output would be " + std::to_string(bytes) +
           " bytes; glTF's 32-bit lengths allow at most " + std::to_string(kMaxGltfBytes) +
           " (4 GiB): keep fewer frames (--frames) or a lower rate (--fps)";
}

// The size of the whole file: a GLB's JSON chunk is padded to 4 bytes with spaces (done here).
std::uint64_t planFileBytes(std::string& json, std::uint64_t bufferBytes, GltfContainer container) {
    if (container == GltfContainer::Binary) {
        json.append((4 - json.size() % 4) % 4, ' ');
        return kGlbHeaderBytes + kChunkHeaderBytes + json.size() +
               (bufferBytes > 0 ? kChunkHeaderBytes + bufferBytes : 0);
    }
    return json.size() + (bufferBytes + 2) / 3 * 4;
}

// The JSON text, then the buffer's bytes streamed in its place (`fileBytes`: planFileBytes).
// False with `error` when a value left the float range while streaming.
bool writeContents(AtomicFile& file, const Skeleton& skeleton, const Motion& motion,
                   const gltf::BufferLayout& layout, const gltf::SpaceChange& space,
                   const GltfExportOptions& options, const std::string& json,
                   std::string_view bodyBytes, std::uint64_t fileBytes, std::string& error) {
    const std::uint64_t bufferBytes = layout.bufferBytes + bodyBytes.size();
    if (options.container == GltfContainer::Binary) {
        const bool hasBuffer = bufferBytes > 0;
        file.write(littleEndianWords({kGlbMagic, kGlbVersion, static_cast<std::uint32_t>(fileBytes),
                                      static_cast<std::uint32_t>(json.size()), kJsonChunk}));
        file.write(json);
        if (!hasBuffer) {
            return true;
        }
        // Floats are 4 bytes: the BIN chunk needs no padding.
        file.write(littleEndianWords({static_cast<std::uint32_t>(bufferBytes), kBinChunk}));
        if (!gltf::streamBuffer(
                skeleton, motion, layout, space, options.translation,
                [&file](std::string_view bytes) { file.write(bytes); }, error)) {
            return false;
        }
        file.write(bodyBytes);
        return true;
    }
    const std::string marker = "\"uri\":\"" + std::string(gltf::kBufferUriPlaceholder);
    const std::size_t at = json.find(marker + "\"");
    if (at == std::string::npos) {
        file.write(json);
        return true;
    }
    const std::size_t split = at + marker.size();
    file.write(std::string_view(json).substr(0, split));
    Base64Stream base64(file);
    if (!gltf::streamBuffer(
            skeleton, motion, layout, space, options.translation,
            [&base64](std::string_view bytes) { base64.write(bytes); }, error)) {
        return false;
    }
    base64.write(bodyBytes);
    base64.finish();
    file.write(std::string_view(json).substr(split));
    return true;
}

} // namespace

std::optional<GltfContainer> gltfContainerFor(const std::filesystem::path& path) {
    const std::string extension = asciiLowercase(path.extension().string());
    if (extension == ".glb") {
        return GltfContainer::Binary;
    }
    if (extension == ".gltf") {
        return GltfContainer::EmbeddedText;
    }
    return std::nullopt;
}

GltfExportResult writeGltfFile(const std::filesystem::path& path, const Skeleton& skeleton,
                               const Motion& motion, const GltfExportOptions& options) {
    assert(options.translation != TranslationMode::Auto && "resolve TranslationMode::Auto first");
    GltfExportResult result;
    const gltf::SpaceChange space = gltf::spaceChangeFor(options.upAxis, options.metresPerUnit);
    // Everything that can be refused is refused before the file is created; the size first,
    // by arithmetic, with every channel counted as animated (so a clip within a few constant
    // channels of the limit is refused too).
    if (const std::uint64_t bound = gltf::bufferBytesBound(skeleton, motion.frameCount);
        bound > kMaxGltfBytes) {
        result.diagnostics.push_back(errorOf(tooLargeMessage(bound)));
        return result;
    }
    std::string problem = gltf::findUnrepresentableValue(skeleton, motion, space);
    if (problem.empty()) {
        problem = gltf::findNonIncreasingTime(motion);
    }
    const gltf::BufferLayout layout = gltf::planBuffer(skeleton, motion);
    if (!problem.empty()) {
        result.diagnostics.push_back(errorOf(std::move(problem)));
        return result;
    }
    for (const gltf::Track& track : layout.tracks) {
        ++(track.constant ? result.constantChannels : result.animatedChannels);
    }
    gltf::BodyBuffer body;
    if (options.body != nullptr) {
        body = gltf::makeBodyBuffer(*options.body, skeleton, space);
    }
    result.bufferBytes = layout.bufferBytes + body.bytes.size();
    std::string json = gltf::buildGltfJson(skeleton, layout, space, options,
                                           options.body != nullptr ? &body : nullptr);
    result.fileBytes = planFileBytes(json, result.bufferBytes, options.container);
    if (options.container == GltfContainer::Binary && result.fileBytes > kMaxGltfBytes) {
        result.diagnostics.push_back(errorOf(tooLargeMessage(result.fileBytes)));
        return result;
    }

    AtomicFile file(path);
    std::string error;
    if (file.good() && !writeContents(file, skeleton, motion, layout, space, options, json,
                                      body.bytes, result.fileBytes, error)) {
        // AtomicFile's destructor removes the temporary file: nothing is left behind.
        result.diagnostics.push_back(errorOf(std::move(error)));
        return result;
    }
    if (file.good()) {
        file.commit();
    }
    result.diagnostics.insert(result.diagnostics.end(), file.diagnostics().begin(),
                              file.diagnostics().end());
    return result;
}

} // namespace bvh
