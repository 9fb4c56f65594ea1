#include "app/platform/writable_directory.h"

#include <cerrno>
#include <system_error>
#include <unistd.h>

namespace bvhscope::platform {

std::string directoryWriteProblem(const std::filesystem::path& directory) {
    if (::access(directory.empty() ? "." : directory.c_str(), W_OK | X_OK) != 0) {
        return std::error_code(errno, std::generic_category()).message();
    }
    return "";
}

} // namespace bvhscope::platform
