// What a bvhscope process sets up before anything else, the same way on every platform, so that
// the command line and the viewer see UTF-8 arguments and write exactly the bytes the Linux
// build writes. Both main()s (app/main.cpp, app/main_cli_only.cpp) call these first.
// One implementation per platform: posix/process_setup.cpp, windows/process_setup.cpp.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::platform {

// The process's arguments, without the program name, as UTF-8 (file names are UTF-8 in every
// std::string of bvhscope; see core/platform/utf8_path.h).
// - POSIX: argv as it is: file names are bytes, UTF-8 in every locale a desktop uses.
// - Windows: argv is in the ANSI code page, where "C:\Users\Zoë\モーション\take 1.bvh" turns
//   into question marks; the arguments are rebuilt from the UTF-16 command line
//   (CommandLineToArgvW(GetCommandLineW())) and converted to UTF-8. `argv` is used only if
//   that fails.
std::vector<std::string> utf8CommandLineArguments(int argc, char** argv);

// utf8CommandLineArguments kept with the views main() hands to the subcommands and the C
// strings the fatal-error report takes.
class Utf8Arguments {
public:
    Utf8Arguments(int argc, char** argv);
    Utf8Arguments(const Utf8Arguments&) = delete;
    Utf8Arguments& operator=(const Utf8Arguments&) = delete;
    // Views into this object's strings: valid while it lives.
    const std::vector<std::string_view>& views() const { return views_; }
    std::span<const char* const> pointers() const { return pointers_; }

private:
    std::vector<std::string> arguments_;
    std::vector<std::string_view> views_;
    std::vector<const char*> pointers_;
};

// Standard output and error as the Linux build has them.
// - POSIX: nothing to do.
// - Windows: both in binary mode, so "\n" stays "\n" (`info --json`, `check` and `positions`
//   write byte for byte what Linux writes; a CSV or JSON file redirected into is the same file
//   on both), and the console's output code page set to UTF-8 (CP_UTF8), so non-ASCII file names
//   in messages print as themselves rather than as mojibake. The console's code page is a
//   property of the console, not the process: it stays UTF-8 after bvhscope exits, which
//   harms nothing that writes Unicode text (and is what `chcp 65001` does).
void prepareStandardStreams();

} // namespace bvhscope::platform
