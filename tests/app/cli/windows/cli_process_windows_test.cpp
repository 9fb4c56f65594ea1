// The real bvhscope.exe as a Windows user runs it: arguments with spaces and non-ASCII
// characters reach it as UTF-8 (app/platform: CommandLineToArgvW, not the ANSI argv), and its
// standard output is binary ("\n" stays "\n"), so `info --json`, `check` and `positions` write
// exactly the bytes the Linux build writes.
#include "core/platform/utf8_path.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>
#include <windows.h>

namespace {

struct Finished {
    DWORD status = 0xFFFFFFFF;
    std::string out;
    std::string err;
};

std::string readAll(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A command-line argument quoted the way CommandLineToArgvW reads it back (no argument here
// ends in a backslash or holds a quote).
std::wstring quoted(const std::wstring& argument) {
    return L"\"" + argument + L"\"";
}

class CliProcessWindows : public testing::Test {
protected:
    void SetUp() override {
        directory_ = std::filesystem::temp_directory_path() /
                     ("bvhscope_cli_windows_" + std::to_string(::GetCurrentProcessId()));
        std::filesystem::create_directories(directory_ / bvh::pathFromUtf8("Zoë/モーション"));
        input_ = directory_ / bvh::pathFromUtf8("Zoë/モーション/take 1.bvh");
        input_.make_preferred();
        std::filesystem::copy_file(
            std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "assets/sample_walk.bvh", input_);
    }
    void TearDown() override {
        std::error_code ignored;
        std::filesystem::remove_all(directory_, ignored);
    }

    // Starts bvhscope.exe with `arguments`, standard output and error to files.
    bool start(const std::vector<std::wstring>& arguments) {
        std::filesystem::path executable =
            std::filesystem::absolute(std::filesystem::path(BVHSCOPE_EXECUTABLE));
        executable.make_preferred();
        std::wstring commandLine = quoted(executable.native());
        for (const std::wstring& argument : arguments) {
            commandLine += L" " + quoted(argument);
        }
        SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
        out_ = ::CreateFileW(outPath().c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inheritable,
                             CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        err_ = ::CreateFileW(errPath().c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inheritable,
                             CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        STARTUPINFOW startup{};
        startup.cb = sizeof startup;
        startup.dwFlags = STARTF_USESTDHANDLES;
        startup.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
        startup.hStdOutput = out_;
        startup.hStdError = err_;
        if (!::CreateProcessW(executable.c_str(), commandLine.data(), nullptr, nullptr, TRUE, 0,
                              nullptr, nullptr, &startup, &process_)) {
            ADD_FAILURE() << "cannot start " << executable.string() << ": " << ::GetLastError();
            return false;
        }
        return true;
    }

    Finished finish() {
        Finished finished;
        if (process_.hProcess != nullptr) {
            ::WaitForSingleObject(process_.hProcess, 60000);
            ::GetExitCodeProcess(process_.hProcess, &finished.status);
            ::CloseHandle(process_.hProcess);
            ::CloseHandle(process_.hThread);
            process_ = {};
        }
        ::CloseHandle(out_);
        ::CloseHandle(err_);
        finished.out = readAll(outPath());
        finished.err = readAll(errPath());
        return finished;
    }

    Finished run(const std::vector<std::wstring>& arguments) {
        start(arguments);
        return finish();
    }

    std::filesystem::path outPath() const { return directory_ / "stdout.bin"; }
    std::filesystem::path errPath() const { return directory_ / "stderr.bin"; }

    HANDLE out_ = INVALID_HANDLE_VALUE;
    HANDLE err_ = INVALID_HANDLE_VALUE;
    PROCESS_INFORMATION process_{};
    std::filesystem::path directory_;
    std::filesystem::path input_;
};

TEST_F(CliProcessWindows, InfoJsonNamesANonAsciiFileInUtf8WithUnixLineEnds) {
    const Finished info = run({L"info", L"--json", input_.native()});
    ASSERT_EQ(info.status, 0u) << info.err;
    std::string jsonName; // JSON escapes the backslashes
    for (const char c : bvh::utf8FromPath(input_)) {
        jsonName += c == '\\' ? std::string("\\\\") : std::string(1, c);
    }
    EXPECT_EQ(info.out.rfind("{\"file\":\"" + jsonName + "\",\"loaded\":true,", 0), 0u) << info.out;
    EXPECT_EQ(info.out.find('\r'), std::string::npos) << "standard output is binary";
    ASSERT_FALSE(info.out.empty());
    EXPECT_EQ(info.out.back(), '\n');
}

TEST_F(CliProcessWindows, CheckAndPositionsWriteTheLinuxBytes) {
    const Finished check = run({L"check", input_.native()});
    EXPECT_EQ(check.status, 0u) << check.err;
    EXPECT_EQ(check.out, "1 file checked: 1 loaded, 0 failed, 0 warnings\n");

    const Finished positions = run({L"positions", input_.native()});
    ASSERT_EQ(positions.status, 0u) << positions.err;
    EXPECT_EQ(positions.out.rfind("frame,joint,x,y,z\n", 0), 0u) << positions.out.substr(0, 80);
    EXPECT_EQ(positions.out.find('\r'), std::string::npos);
}

TEST_F(CliProcessWindows, ConvertWritesANonAsciiOutputNameAndReportsItInUtf8) {
    std::filesystem::path output = directory_ / bvh::pathFromUtf8("Zoë/モーション/take 1 (m).bvh");
    output.make_preferred();
    const Finished convert =
        run({L"convert", input_.native(), output.native(), L"--scale", L"0.01"});
    ASSERT_EQ(convert.status, 0u) << convert.err;
    EXPECT_TRUE(std::filesystem::exists(output));
    EXPECT_NE(convert.out.find("wrote " + bvh::utf8FromPath(output) + ": "), std::string::npos)
        << convert.out;
}

TEST_F(CliProcessWindows, AMissingNonAsciiFileIsReportedByItsUtf8Name) {
    std::filesystem::path missing = directory_ / bvh::pathFromUtf8("モーション なし.bvh");
    missing.make_preferred();
    const Finished check = run({L"check", missing.native()});
    EXPECT_EQ(check.status, 1u);
    EXPECT_EQ(check.out.rfind(bvh::utf8FromPath(missing) +
                                  ": error: cannot open: no such file or directory\n",
                              0),
              0u)
        << check.out;
}

// [SECTION] Ctrl+C during convert
//
// Ctrl+C reaches every process on the console: bvhscope's console control handler removes the
// temporary file, and the process ends as Ctrl+C ends it; the old output is intact. This test
// process swallows the event. A process without a console
// allocates one; where even that fails the test is skipped.

BOOL WINAPI swallowControlEvent(DWORD) {
    return TRUE;
}

// Wine's ntdll exports wine_get_version; Windows' does not.
bool runningUnderWine() {
    const HMODULE ntdll = ::GetModuleHandleW(L"ntdll.dll");
    return ntdll != nullptr && ::GetProcAddress(ntdll, "wine_get_version") != nullptr;
}

TEST_F(CliProcessWindows, CtrlCDuringConvertLeavesNoTemporaryFileAndTheOldOutput) {
    ASSERT_TRUE(::SetConsoleCtrlHandler(swallowControlEvent, TRUE));
    // A process started without a console (by CTest, under Wine without a terminal) gets one
    // of its own, which bvhscope.exe then shares.
    if (!::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0) &&
        (!::AllocConsole() || !::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0))) {
        ::SetConsoleCtrlHandler(swallowControlEvent, FALSE);
        GTEST_SKIP() << "no console to send Ctrl+C to (error " << ::GetLastError() << ")";
    }
    ::Sleep(300); // let that event go by
    // A long clip, so the write takes a while: the sample's rows, repeated.
    const std::string sample = readAll(input_);
    const std::size_t rows = sample.find('\n', sample.find("Frame Time:")) + 1;
    std::string motion;
    for (int repeat = 0; repeat < 600; ++repeat) {
        motion += sample.substr(rows);
    }
    std::string text = sample.substr(0, rows) + motion;
    const std::size_t frames = text.find("Frames:");
    text.replace(frames, text.find('\n', frames) - frames, "Frames: 39600");
    const std::filesystem::path longClip = directory_ / bvh::pathFromUtf8("long take.bvh");
    std::ofstream(longClip, std::ios::binary) << text;
    std::filesystem::path output = directory_ / bvh::pathFromUtf8("モーション out.bvh");
    output.make_preferred();
    std::ofstream(output, std::ios::binary) << "old";

    ASSERT_TRUE(start({L"convert", longClip.native(), output.native(), L"--scale", L"2"}));
    // Ctrl+C as soon as the temporary file appears.
    bool sawTemporaryFile = false;
    for (int poll = 0; poll < 20000 && !sawTemporaryFile; ++poll) {
        for (const auto& entry : std::filesystem::directory_iterator(directory_)) {
            sawTemporaryFile = sawTemporaryFile || entry.path().filename().native().find(
                                                       L".tmp-") != std::wstring::npos;
        }
        if (::WaitForSingleObject(process_.hProcess, 0) == WAIT_OBJECT_0) {
            break;
        }
    }
    ::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0);
    const Finished convert = finish();
    ::Sleep(100); // this process's own event is handled on a thread of its own
    ::SetConsoleCtrlHandler(swallowControlEvent, FALSE);
    ASSERT_TRUE(sawTemporaryFile) << "convert ended first: " << convert.out << convert.err;
    // Windows ends a process on Ctrl+C with STATUS_CONTROL_C_EXIT; Wine (8.0) with 0.
    EXPECT_TRUE(convert.status == STATUS_CONTROL_C_EXIT ||
                (runningUnderWine() && convert.status == 0))
        << std::hex << convert.status;
    EXPECT_EQ(readAll(output), "old") << "the output was not replaced";
    for (const auto& entry : std::filesystem::directory_iterator(directory_)) {
        EXPECT_EQ(entry.path().filename().native().find(L".tmp-"), std::wstring::npos)
            << "left behind: " << bvh::utf8FromPath(entry.path().filename());
    }
}

} // namespace
