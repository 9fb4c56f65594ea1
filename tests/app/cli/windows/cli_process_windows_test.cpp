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

    Finished run(const std::vector<std::wstring>& arguments) {
        std::filesystem::path executable =
            std::filesystem::absolute(std::filesystem::path(BVHSCOPE_EXECUTABLE));
        executable.make_preferred();
        std::wstring commandLine = quoted(executable.native());
        for (const std::wstring& argument : arguments) {
            commandLine += L" " + quoted(argument);
        }
        const std::filesystem::path outPath = directory_ / "stdout.bin";
        const std::filesystem::path errPath = directory_ / "stderr.bin";
        SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
        const HANDLE out =
            ::CreateFileW(outPath.c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inheritable,
                          CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        const HANDLE err =
            ::CreateFileW(errPath.c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inheritable,
                          CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
        STARTUPINFOW startup{};
        startup.cb = sizeof startup;
        startup.dwFlags = STARTF_USESTDHANDLES;
        startup.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
        startup.hStdOutput = out;
        startup.hStdError = err;
        PROCESS_INFORMATION process{};
        Finished finished;
        if (::CreateProcessW(executable.c_str(), commandLine.data(), nullptr, nullptr, TRUE, 0,
                             nullptr, nullptr, &startup, &process)) {
            ::WaitForSingleObject(process.hProcess, 60000);
            ::GetExitCodeProcess(process.hProcess, &finished.status);
            ::CloseHandle(process.hProcess);
            ::CloseHandle(process.hThread);
        } else {
            ADD_FAILURE() << "cannot start " << executable.string() << ": " << ::GetLastError();
        }
        ::CloseHandle(out);
        ::CloseHandle(err);
        finished.out = readAll(outPath);
        finished.err = readAll(errPath);
        return finished;
    }

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

} // namespace
