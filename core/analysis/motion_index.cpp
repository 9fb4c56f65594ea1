#include "core/analysis/motion_index.h"

#include "core/analysis/kept_vectors.h"
#include "core/platform/small_file.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <system_error>
#include <thread>

namespace bvh {

// [SECTION] Reading a take

std::string motionIndexKey(const std::filesystem::path& path) {
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(path, error);
    return utf8FromPath((error ? path : absolute).lexically_normal());
}

std::optional<FileStamp> takeStamp(const std::filesystem::path& path) {
    FileInput input;
    if (!input.open(path)) {
        return std::nullopt;
    }
    return input.stamp();
}

TakeFeatures readTakeFeatures(const std::filesystem::path& path) {
    TakeFeatures take;
    take.stamp = takeStamp(path).value_or(FileStamp{});
    const Document document = loadDocument(path);
    take.loaded = document.loaded() && document.skeleton.nodeCount() > 0;
    if (!take.loaded) {
        const auto error =
            std::ranges::find(document.diagnostics, Severity::Error, &Diagnostic::severity);
        take.error = error == document.diagnostics.end()
                         ? utf8FromPath(path) + ": error: no skeleton"
                         : formatDiagnostic(utf8FromPath(path), *error);
        return take;
    }
    const TranslationMode translation =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    take.features = computeMotionFeatures(document.skeleton, document.motion, translation);
    return take;
}

// [SECTION] The index file

namespace {

constexpr std::string_view kIndexMagic = "bvhscope motion index\n";
constexpr std::uint32_t kIndexVersion = 1;
// A path or message longer than this is not a real one: the file is damaged.
constexpr std::uint32_t kLongestIndexText = 1U << 16;
constexpr std::uint64_t kLargestIndexFile = std::uint64_t{256} << 20;

template <typename Value>
void appendValue(std::string& out, Value value) {
    static_assert(std::endian::native == std::endian::little, "the index is little-endian");
    char bytes[sizeof(Value)];
    std::memcpy(bytes, &value, sizeof(Value));
    out.append(bytes, sizeof(Value));
}

void appendText(std::string& out, std::string_view text) {
    appendValue(out, static_cast<std::uint32_t>(text.size()));
    out.append(text);
}

// Reads values from the front of the bytes; once anything is missing, ok turns false.
struct IndexReader {
    std::string_view bytes;
    bool ok = true;

    template <typename Value>
    Value take() {
        Value value{};
        if (bytes.size() < sizeof(Value)) {
            ok = false;
            return value;
        }
        std::memcpy(&value, bytes.data(), sizeof(Value));
        bytes.remove_prefix(sizeof(Value));
        return value;
    }
    std::string text() {
        const auto length = take<std::uint32_t>();
        if (!ok || length > kLongestIndexText || bytes.size() < length) {
            ok = false;
            return {};
        }
        std::string value(bytes.substr(0, length));
        bytes.remove_prefix(length);
        return value;
    }
};

void appendTake(std::string& out, const std::string& path, const TakeFeatures& take) {
    appendText(out, path);
    appendValue(out, take.stamp.size);
    appendValue(out, take.stamp.modifiedSeconds);
    appendValue(out, take.stamp.modifiedNanoseconds);
    appendValue(out, static_cast<std::uint8_t>(take.loaded ? 1 : 0));
    appendText(out, take.error);
    appendValue(out, take.features.present);
    for (const float value : take.features.values) {
        appendValue(out, value);
    }
}

TakeFeatures readTake(IndexReader& reader) {
    TakeFeatures take;
    take.stamp.size = reader.take<std::uint64_t>();
    take.stamp.modifiedSeconds = reader.take<std::int64_t>();
    take.stamp.modifiedNanoseconds = reader.take<std::int64_t>();
    take.loaded = reader.take<std::uint8_t>() != 0;
    take.error = reader.text();
    take.features.present = reader.take<std::uint64_t>();
    for (float& value : take.features.values) {
        value = reader.take<float>();
    }
    return take;
}

} // namespace

const TakeFeatures* MotionIndex::find(const std::string& path, const FileStamp& stamp) {
    const auto found = entries_.find(path);
    if (found == entries_.end() || !(found->second.take.stamp == stamp)) {
        return nullptr;
    }
    found->second.used = true;
    return &found->second.take;
}

void MotionIndex::put(const std::string& path, TakeFeatures take) {
    entries_[path] = Entry{std::move(take), true};
    changed_ = true;
}

std::string MotionIndex::serialize() const {
    // Used entries first, so that a full index keeps what was asked for lately.
    std::vector<const std::pair<const std::string, Entry>*> order;
    order.reserve(entries_.size());
    for (const auto& entry : entries_) {
        order.push_back(&entry);
    }
    std::stable_partition(order.begin(), order.end(),
                          [](const auto* entry) { return entry->second.used; });
    order.resize(std::min(order.size(), kMaxIndexEntries));
    std::string out(kIndexMagic);
    appendValue(out, kIndexVersion);
    appendValue(out, static_cast<std::uint32_t>(kMotionFeatureCount));
    appendValue(out, static_cast<std::uint64_t>(order.size()));
    for (const auto* entry : order) {
        appendTake(out, entry->first, entry->second.take);
    }
    return out;
}

MotionIndex MotionIndex::deserialize(std::string_view bytes) {
    MotionIndex index;
    if (!bytes.starts_with(kIndexMagic)) {
        return index;
    }
    IndexReader reader{bytes.substr(kIndexMagic.size())};
    const auto version = reader.take<std::uint32_t>();
    const auto features = reader.take<std::uint32_t>();
    const auto count = reader.take<std::uint64_t>();
    if (!reader.ok || version != kIndexVersion || features != kMotionFeatureCount ||
        count > kMaxIndexEntries) {
        return index;
    }
    for (std::uint64_t i = 0; i < count && reader.ok; ++i) {
        std::string path = reader.text();
        TakeFeatures take = readTake(reader);
        index.entries_[std::move(path)] = Entry{std::move(take), false};
    }
    if (!reader.ok || !reader.bytes.empty()) {
        return MotionIndex{};
    }
    return index;
}

MotionIndex MotionIndex::read(const std::filesystem::path& file) {
    const SmallFile stored = readSmallFile(file, kLargestIndexFile);
    return stored.ok ? deserialize(stored.text) : MotionIndex{};
}

std::vector<Diagnostic> MotionIndex::write(const std::filesystem::path& file) const {
    return writeSmallFile(file, serialize());
}

// [SECTION] Gathering a library's features

std::vector<TakeFeatures> gatherTakeFeatures(MotionIndex& index,
                                             std::span<const std::filesystem::path> paths,
                                             unsigned threads, TakeReader readTake) {
    std::vector<TakeFeatures> takes(paths.size());
    std::vector<std::size_t> toRead;
    std::vector<std::string> keys(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        keys[i] = motionIndexKey(paths[i]);
        const std::optional<FileStamp> stamp =
            index.contains(keys[i]) ? takeStamp(paths[i]) : std::nullopt;
        const TakeFeatures* known = stamp ? index.find(keys[i], *stamp) : nullptr;
        if (known != nullptr) {
            takes[i] = *known;
        } else {
            toRead.push_back(i);
        }
    }
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        KeptVectors kept; // each thread's analyses reuse their vectors take after take
        const KeptVectorsScope keptHere(kept);
        for (std::size_t at = next++; at < toRead.size(); at = next++) {
            takes[toRead[at]] = readTake(paths[toRead[at]]);
        }
    };
    const std::size_t workers =
        std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(1, toRead.size()));
    {
        std::vector<std::jthread> pool;
        for (std::size_t i = 1; i < workers; ++i) {
            pool.emplace_back(work);
        }
        work();
    }
    for (const std::size_t i : toRead) {
        // A file that could not be opened has no stamp worth keeping: it is read again.
        if (takes[i].stamp.size != 0 || takes[i].loaded) {
            index.put(keys[i], takes[i]);
        }
    }
    return takes;
}

} // namespace bvh
