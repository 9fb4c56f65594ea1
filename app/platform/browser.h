// Whether this build is the web page (issue 31: the viewer compiled to WebAssembly with
// Emscripten), and the one reason the page gives where the desktop app does something it
// cannot: video export, sound, live streams and folder browsing need the machine's files,
// sockets, threads and codecs, which a page does not have.
//
// A constant, not an #ifdef at each use: code written `if constexpr (kInBrowser)` (or taking the
// flag as a parameter) compiles, and is tested, in the native build too.
#pragma once

namespace bvhscope::platform {

#ifdef __EMSCRIPTEN__
inline constexpr bool kInBrowser = true;
#else
inline constexpr bool kInBrowser = false;
#endif

// Shown beside (or over) what the page offers only as a disabled item.
inline constexpr const char* kDesktopOnly = "in the desktop app only";

} // namespace bvhscope::platform
