#include "document.h"

#include "hierarchy_reader.h"
#include "motion_reader.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>

namespace bvh {

Document parseDocument(std::string_view text) {
    Document document;
    Tokenizer tokens(text);
    Token motionKeyword;
    switch (readHierarchy(tokens, document, motionKeyword)) {
    case HierarchyEnd::Failed:
        // No partial skeleton: a half-read hierarchy would mis-assign every motion column.
        document.skeleton = Skeleton{};
        document.nodeLocations.clear();
        return document;
    case HierarchyEnd::EndOfInput:
        document.diagnostics.push_back(
            {Severity::Warning, tokens.line(), tokens.column(),
             "no MOTION section; the skeleton is shown in its rest pose with 0 frames"});
        document.motion.channelCount =
            static_cast<std::uint32_t>(document.skeleton.totalChannels());
        return document;
    case HierarchyEnd::Motion:
        break;
    }
    readMotion(tokens, motionKeyword, document);
    return document;
}

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

Document ioError(const std::string& message) {
    Document document;
    document.diagnostics.push_back({Severity::Error, 0, 0, message});
    return document;
}

} // namespace

Document loadDocument(const std::filesystem::path& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        return ioError("is a directory, not a BVH file");
    }
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        return ioError(std::string("cannot open: ") + std::strerror(errno));
    }
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
        text.append(buffer, got);
        if (got < sizeof buffer) {
            if (std::ferror(file.get())) {
                return ioError(std::string("read error: ") + std::strerror(errno));
            }
            break;
        }
    }
    return parseDocument(text);
}

} // namespace bvh
