// Paths that name something other than a regular file, on POSIX: a FIFO (which would block a
// plain open), a socket (which cannot be opened) and a device (which never ends).
#include "core/reader/document.h"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace bvh {
namespace {

std::filesystem::path specialFilePath(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("bvhscope_special_" + std::to_string(::getpid()) + "_" + name);
}

TEST(HostileInputsRoundTwo, ANamedPipeIsRefusedWithoutWaitingForAWriter) {
    // Opening a FIFO for reading waits for a writer: this test would hang if the reader did.
    const auto path = specialFilePath("pipe.bvh");
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    const Document document = loadDocument(path);
    std::filesystem::remove(path);
    ASSERT_FALSE(document.loaded());
    EXPECT_EQ(document.diagnostics.front().line, 0u);
    EXPECT_EQ(document.diagnostics.front().message, "is a named pipe (FIFO), not a regular file");
}

TEST(HostileInputsRoundTwo, ASocketAndADeviceAreRefused) {
    const auto path = specialFilePath("socket.bvh");
    const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(listener, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string name = path.string();
    ASSERT_LT(name.size(), sizeof address.sun_path);
    std::copy(name.begin(), name.end(), address.sun_path);
    ASSERT_EQ(::bind(listener, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    const Document socketDocument = loadDocument(path);
    ::close(listener);
    std::filesystem::remove(path);
    ASSERT_FALSE(socketDocument.loaded());
    EXPECT_EQ(socketDocument.diagnostics.front().message, "is a socket, not a regular file");

    const Document device = loadDocument("/dev/zero");
    ASSERT_FALSE(device.loaded());
    EXPECT_EQ(device.diagnostics.front().message, "is a device, not a regular file");
}

} // namespace
} // namespace bvh
