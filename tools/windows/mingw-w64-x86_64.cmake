# CMake toolchain for the 64-bit Windows build, cross-compiled with Debian's MinGW-w64 (the
# "-posix" compilers: their std::thread and std::mutex use winpthreads, which the reader's
# background loading needs). Used by `make windows` (see the Makefile and README "Windows").
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

# Libraries and headers come from the MinGW sysroot only, never from the Linux /usr/include
# (glm and stb, which are platform-independent headers, are staged separately; see
# tools/windows/third_party.cmake). Programs (glad, python3) are the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config must not hand Linux libraries to the Windows build: it searches only the MinGW
# sysroot (where Debian installs no .pc files, so pkg_check_modules finds nothing).
set(ENV{PKG_CONFIG_LIBDIR} /usr/x86_64-w64-mingw32/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# Tests and build-time probes (gtest discovery, CTest) run the .exe files under Wine.
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run")
