// Win32 error codes as the text bvhscope's messages carry. Internal to core/platform/windows.
#pragma once

#include <string>

namespace bvh::windows {

// The errno words GNU tools print for the codes that have one ("no such file or directory",
// "permission denied", "no space left on device"...), so a problem reads the same on every
// platform; otherwise the system's own message (FormatMessageW, as UTF-8, first letter lower
// case, without the final period).
std::string errorText(unsigned long code);

} // namespace bvh::windows
