// Win32 error codes as the text bvhscope's messages carry. Internal to core/platform/windows.
#pragma once

#include <string>

namespace bvh::windows {

// The errno text (std::generic_category, "No such file or directory", "Permission denied", "No
// space left on device"...) for the codes that have an errno equivalent, so a problem reads the
// same on every platform; otherwise the system's own message (FormatMessageW, as UTF-8, without
// the final period).
std::string errorText(unsigned long code);

} // namespace bvh::windows
