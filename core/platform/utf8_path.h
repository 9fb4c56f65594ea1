// File names as bvhscope's text carries them: UTF-8 in std::string, on every platform.
//
// Command lines (after app/platform's argument conversion), GLFW's drop callback, the file
// chooser, settings files and diagnostics all hold paths as UTF-8 bytes. std::filesystem::path
// built from a plain std::string reads it in the *native narrow* encoding: UTF-8 on Linux and
// macOS, but the ANSI code page on Windows, where "C:\Users\Zoë\モーション\take 1.bvh" would turn
// into question marks and fail to open. These two functions go through char8_t, which
// std::filesystem defines as UTF-8 everywhere, so a path survives the round trip on every
// platform and the wide-character Windows APIs receive the right UTF-16 name.
//
// Rule for the code base: never construct a path from a std::string or call path::string() on
// a path that came from the user; use these. Invalid UTF-8 is kept byte for byte on Linux (where
// file names are bytes) and replaced on Windows (where they are UTF-16).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace bvh {

std::filesystem::path pathFromUtf8(std::string_view utf8);
std::string utf8FromPath(const std::filesystem::path& path);

} // namespace bvh
