// Outputs that are not regular files (POSIX): AtomicFile refuses a named pipe, a socket or a
// device as its target instead of renaming a regular file over the node, and leaves the node
// and its directory as they were. Generated here: a FIFO (mkfifo), a socket (bind), /dev/null.
#include "core/platform/atomic_file.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace bvh {
namespace {

using SpecialTargets = test::ScratchDirectoryTest;

bool isFifo(const std::filesystem::path& path) {
    struct stat status {};
    return ::lstat(path.c_str(), &status) == 0 && S_ISFIFO(status.st_mode);
}

bool isSocket(const std::filesystem::path& path) {
    struct stat status {};
    return ::lstat(path.c_str(), &status) == 0 && S_ISSOCK(status.st_mode);
}

void expectRefused(const AtomicFile& file, const std::string& what) {
    EXPECT_FALSE(file.good());
    ASSERT_FALSE(file.diagnostics().empty());
    const std::string& message = file.diagnostics().front().message;
    EXPECT_NE(message.find("it is " + what + ", not a regular file"), std::string::npos) << message;
}

TEST_F(SpecialTargets, ANamedPipeIsRefusedAndStaysAPipe) {
    const std::filesystem::path fifo = directory_ / "out.bvh";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    AtomicFile file(fifo);
    expectRefused(file, "a named pipe (FIFO)");
    file.write("HIERARCHY\n");
    EXPECT_FALSE(file.commit());
    EXPECT_TRUE(isFifo(fifo));
    EXPECT_EQ(entries(), 1u); // no temporary file either
}

TEST_F(SpecialTargets, ASocketIsRefusedAndStaysASocket) {
    const std::filesystem::path path = directory_ / "out.png";
    const int descriptor = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(descriptor, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(path.string().size(), sizeof address.sun_path);
    path.string().copy(address.sun_path, sizeof address.sun_path - 1);
    ASSERT_EQ(::bind(descriptor, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
    AtomicFile file(path);
    expectRefused(file, "a socket");
    EXPECT_FALSE(file.commit());
    EXPECT_TRUE(isSocket(path));
    ::close(descriptor);
}

TEST(SpecialTargetsDevice, DevNullIsRefusedNeverReplaced) {
    // Refused before anything is created, so this is safe even when the tests run as root.
    AtomicFile file("/dev/null");
    expectRefused(file, "a device");
    EXPECT_FALSE(file.commit());
    struct stat status {};
    ASSERT_EQ(::stat("/dev/null", &status), 0);
    EXPECT_TRUE(S_ISCHR(status.st_mode));
}

TEST_F(SpecialTargets, APipeSwappedInBeforeTheCommitIsNotReplaced) {
    const std::filesystem::path target = directory_ / "out.bvh";
    AtomicFile file(target); // nothing there yet: a regular file will be made
    ASSERT_TRUE(file.good());
    file.write("HIERARCHY\n");
    ASSERT_EQ(::mkfifo(target.c_str(), 0600), 0); // another program puts a pipe there
    EXPECT_FALSE(file.commit());
    EXPECT_TRUE(isFifo(target));
    EXPECT_EQ(entries(), 1u);
}

// What AtomicFile refuses, `record` refuses too (inspectOutputTarget), through a link as well;
// and the renames of a take never replace such a node.
TEST_F(SpecialTargets, ALinkToADeviceIsRefusedByItsTarget) {
    const std::filesystem::path link = directory_ / "null.bvh";
    std::filesystem::create_symlink("/dev/null", link);
    const OutputTarget target = inspectOutputTarget(link);
    EXPECT_EQ(target.path, "/dev/null");
    EXPECT_EQ(target.problem, "cannot write '/dev/null': it is a device, not a regular file "
                              "(bvhscope writes regular files only)");
}

TEST_F(SpecialTargets, TheRenamesOfATakeLeaveAPipeAsItIs) {
    const std::filesystem::path fifo = directory_ / "out.bvh";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::ofstream(directory_ / "take.partial.bvh") << "take";
    EXPECT_EQ(renameWithoutReplacing(directory_ / "take.partial.bvh", fifo).outcome,
              RenameOutcome::NameTaken);
    const RenameResult over = renameOverRegularFile(directory_ / "take.partial.bvh", fifo);
    EXPECT_EQ(over.outcome, RenameOutcome::NameTaken);
    EXPECT_EQ(over.error, "it is a named pipe (FIFO), not a regular file");
    EXPECT_TRUE(isFifo(fifo));
    EXPECT_TRUE(std::filesystem::exists(directory_ / "take.partial.bvh"));
}

} // namespace
} // namespace bvh
