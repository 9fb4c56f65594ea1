// Reading a small file whole: a settings file, a list the viewer keeps, a name map. Through
// FileInput (file_input.h), so it never blocks on a named pipe or a device and reads only a
// regular file, and with a bound on its size checked before anything is allocated: a file of
// that kind is kilobytes, and a huge or endless one (a sparse file, a link to /dev/zero) is
// refused rather than read into memory.
#pragma once

#include "core/model/diagnostic.h"
#include "core/platform/file_input.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

struct SmallFile {
    bool ok = false;
    std::string text;     // the whole file, when ok
    std::string error;    // why not, as the rest of a sentence after the file's name
    bool missing = false; // no such file (often no error at all: nothing kept yet)
};

// The whole of `path`, if it is a regular file of at most `maxBytes` bytes. The error says
// "is a named pipe (FIFO), not a regular file", "is 1073741824 bytes, more than the 4194304
// this file may be", "cannot open: permission denied"...
SmallFile readSmallFile(const std::filesystem::path& path, std::uint64_t maxBytes);

// The lines of a small text file, each without its LF or CR LF end (a list kept on Windows, or
// edited there, ends its lines with CR LF); a last line without an end is a line, a final LF
// starts none. Views into `text`.
std::vector<std::string_view> textLines(std::string_view text);

// Writes `text` as the whole of `path`, making its folder first, through AtomicFile: a failed
// write (disk full, no permission) leaves what was there. A folder that cannot be made fails
// the write, with a reason. The write's diagnostics: empty when it was written.
std::vector<Diagnostic> writeSmallFile(const std::filesystem::path& path, std::string_view text);

// What a path that is not a regular file is, as the rest of a sentence: "is a named pipe
// (FIFO), not a regular file".
std::string notRegularFileText(FileKind kind);

} // namespace bvh
