#include "core/platform/small_file.h"

#include "core/platform/atomic_file.h"

#include <string>

namespace bvh {

std::vector<std::string_view> textLines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        lines.push_back(line);
    }
    return lines;
}

std::vector<Diagnostic> writeSmallFile(const std::filesystem::path& path, std::string_view text) {
    std::error_code ignored; // a folder that cannot be made fails the write below, with a reason
    std::filesystem::create_directories(path.parent_path(), ignored);
    AtomicFile out(path);
    out.write(text);
    out.commit();
    return out.diagnostics();
}

std::string notRegularFileText(FileKind kind) {
    switch (kind) {
    case FileKind::Directory:
        return "is a directory, not a regular file";
    case FileKind::NamedPipe:
        return "is a named pipe (FIFO), not a regular file";
    case FileKind::Socket:
        return "is a socket, not a regular file";
    case FileKind::Device:
        return "is a device, not a regular file";
    case FileKind::Regular:
    case FileKind::Other:
        break;
    }
    return "is not a regular file";
}

SmallFile readSmallFile(const std::filesystem::path& path, std::uint64_t maxBytes) {
    SmallFile result;
    FileInput file;
    if (!file.open(path)) {
        if (!file.error().empty()) {
            result.error = file.error();
            std::error_code error;
            result.missing = !std::filesystem::exists(std::filesystem::symlink_status(path, error));
        } else {
            result.error = notRegularFileText(file.kind());
        }
        return result;
    }
    const std::optional<FileStamp> stamp = file.stamp();
    if (!stamp) {
        result.error = "cannot read: its size is unknown";
        return result;
    }
    if (stamp->size > maxBytes) {
        result.error = "is " + std::to_string(stamp->size) + " bytes, more than the " +
                       std::to_string(maxBytes) + " such a file may be";
        return result;
    }
    // As large as the open file is now; one that grows while it is read is refused (a settings
    // file being rewritten is read again next time), never read past its bound.
    result.text.resize(static_cast<std::size_t>(stamp->size));
    std::size_t filled = 0;
    char extra = 0;
    while (true) {
        char* into = filled < result.text.size() ? result.text.data() + filled : &extra;
        const std::size_t room = filled < result.text.size() ? result.text.size() - filled : 1;
        const std::int64_t got = file.read(into, room);
        if (got < 0) {
            result.error = file.error();
            result.text.clear();
            return result;
        }
        if (got == 0) {
            break;
        }
        if (into == &extra) {
            result.error = "grew while it was read";
            result.text.clear();
            return result;
        }
        filled += static_cast<std::size_t>(got);
    }
    result.text.resize(filled);
    result.ok = true;
    return result;
}

} // namespace bvh
