// Whether this process may create files in a directory, one file per platform:
//   posix/writable_directory.cpp    access(2) with W_OK | X_OK (the process's own permissions).
//   windows/writable_directory.cpp  a probe file created and deleted on close (ACLs and
//                                   read-only media have no access(2) equivalent).
// For choosing a default place to write (Export's default name) and for saying early that
// settings cannot be kept.
#pragma once

#include <filesystem>
#include <string>

namespace bvhscope::platform {

// "" when files can be created in `directory` (an empty path is the working directory), else
// the system's reason ("Permission denied").
std::string directoryWriteProblem(const std::filesystem::path& directory);

} // namespace bvhscope::platform
