// File names as bvhscope's text carries them: UTF-8 in std::string, on every platform.
//
// Command lines (after app/platform's argument conversion), GLFW's drop callback, the file
// chooser, settings files and diagnostics all hold paths as UTF-8 bytes. std::filesystem::path
// built from a plain std::string reads it in the *native narrow* encoding: UTF-8 on Linux and
// macOS, but the ANSI code page on Windows, where "C:\Users\Zoë\モーション\take 1.bvh" would turn
// into question marks and fail to open. These two functions read and write UTF-8 on every
// platform, so a path survives the round trip and the wide-character Windows APIs receive the
// right UTF-16 name. One implementation file per platform: posix/ copies the bytes (through
// char8_t, std::filesystem's UTF-8 type); windows/ converts with the Win32 functions.
//
// Rule for the code base: never construct a path from a std::string or call path::string() on
// a path that came from the user; use these. Malformed input is never an error (neither function
// throws, except std::bad_alloc): bytes that are not UTF-8 are kept byte for byte on Linux
// (where file names are bytes) and become U+FFFD on Windows (where they are UTF-16), as does an
// unpaired surrogate in a Windows name turned into text.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace bvh {

std::filesystem::path pathFromUtf8(std::string_view utf8);
std::string utf8FromPath(const std::filesystem::path& path);

} // namespace bvh
