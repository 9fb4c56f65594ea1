// Windows: UTF-8 arguments from the UTF-16 command line, binary standard streams, a UTF-8
// console.
#include "app/platform/process_setup.h"

#include "core/platform/utf8_path.h"

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <io.h>
#include <windows.h>
// shellapi.h needs windows.h first.
#include <shellapi.h>

namespace bvhscope::platform {

std::vector<std::string> utf8CommandLineArguments(int argc, char** argv) {
    int count = 0;
    wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    if (wide == nullptr) {
        return argc > 1 ? std::vector<std::string>(argv + 1, argv + argc)
                        : std::vector<std::string>();
    }
    std::vector<std::string> arguments;
    for (int i = 1; i < count; ++i) {
        // A path from wchar_t is taken as is (UTF-16 is the native encoding), so this is the
        // Win32 conversion of core/platform, with U+FFFD for an unpaired surrogate.
        arguments.push_back(bvh::utf8FromPath(std::filesystem::path(wide[i])));
    }
    ::LocalFree(wide);
    return arguments;
}

void prepareStandardStreams() {
    // Text mode would write "\r\n" for every "\n" and end output at a 0x1A byte; binary mode
    // writes the bytes as given. std::cout and std::cerr write through stdout and stderr.
    std::fflush(stdout);
    std::fflush(stderr);
    ::_setmode(::_fileno(stdout), _O_BINARY);
    ::_setmode(::_fileno(stderr), _O_BINARY);
    // Fails harmlessly when there is no console (output to a file or a pipe, or the viewer
    // started from Explorer): the bytes are UTF-8 either way.
    ::SetConsoleOutputCP(CP_UTF8);
}

} // namespace bvhscope::platform
