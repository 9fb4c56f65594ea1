// tcp://HOST:PORT on the viewer's command line, with --format and --skeleton.
#include "app/viewer/live/live_address.h"
#include "app/viewer/viewer_options.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

namespace {

TEST(LiveAddress, ParsesHostAndPort) {
    LiveStreamRequest request;
    std::string error;
    ASSERT_TRUE(parseLiveAddress("tcp://127.0.0.1:7001", request, error)) << error;
    EXPECT_EQ(request.host, "127.0.0.1");
    EXPECT_EQ(request.port, 7001);
    EXPECT_EQ(request.address(), "tcp://127.0.0.1:7001");
    ASSERT_TRUE(parseLiveAddress("tcp://[::1]:9", request, error)) << error;
    EXPECT_EQ(request.host, "::1");
    EXPECT_EQ(request.port, 9);
}

TEST(LiveAddress, ParsesVmcAddressesWithTheDefaultPort) {
    LiveStreamRequest request;
    std::string error;
    ASSERT_TRUE(parseLiveAddress("vmc://", request, error)) << error;
    ASSERT_TRUE(request.datagram.has_value());
    EXPECT_EQ(request.datagram->bindAddress, "");
    EXPECT_EQ(request.datagram->port, 39539);
    EXPECT_EQ(request.address(), "vmc://0.0.0.0:39539");
    ASSERT_TRUE(parseLiveAddress("vmc://127.0.0.1:40000", request, error)) << error;
    EXPECT_EQ(request.address(), "vmc://127.0.0.1:40000");
    ASSERT_TRUE(parseLiveAddress("vmc://:39540", request, error)) << error;
    EXPECT_EQ(request.address(), "vmc://0.0.0.0:39540");
    ASSERT_TRUE(parseLiveAddress("vmc://[::1]", request, error)) << error;
    EXPECT_EQ(request.address(), "vmc://[::1]:39539");
    EXPECT_TRUE(isLiveAddress("vmc://"));
    ASSERT_TRUE(parseLiveAddress("mocopi://", request, error)) << error;
    EXPECT_EQ(request.address(), "mocopi://0.0.0.0:12351");
    ASSERT_TRUE(parseLiveAddress("mocopi://192.168.1.5:12352", request, error)) << error;
    EXPECT_EQ(request.datagram->format, bvhscope::live::DatagramFormat::Mocopi);
    EXPECT_EQ(request.address(), "mocopi://192.168.1.5:12352");
    for (const char* bad :
         {"vmc://:0", "vmc://:65536", "vmc://host:", "vmc://[::1", "vmc://[::1]x"}) {
        EXPECT_FALSE(parseLiveAddress(bad, request, error)) << bad;
        EXPECT_NE(error.find(bad), std::string::npos) << error;
    }
}

TEST(LiveAddress, RefusesWhatIsNotHostAndPort) {
    LiveStreamRequest request;
    std::string error;
    EXPECT_FALSE(parseLiveAddress("tcp://host", request, error));
    EXPECT_NE(error.find("no port"), std::string::npos) << error;
    EXPECT_FALSE(parseLiveAddress("tcp://:7001", request, error));
    EXPECT_FALSE(parseLiveAddress("tcp://host:0", request, error));
    EXPECT_FALSE(parseLiveAddress("tcp://host:65536", request, error));
    EXPECT_FALSE(parseLiveAddress("tcp://host:70x", request, error));
    EXPECT_FALSE(parseLiveAddress("udp://host:7001", request, error));
}

TEST(LiveAddress, RefusesAHostNameLongerThanADnsNameWithAShortMessage) {
    // Issue 45: `bvhscope tcp://` + a 17 000-character host name + `:1` went on to abort the
    // viewer in Dear ImGui; a DNS name has at most 253 characters.
    LiveStreamRequest request;
    std::string error;
    ASSERT_TRUE(parseLiveAddress("tcp://" + std::string(253, 'h') + ":7001", request, error))
        << error;
    EXPECT_EQ(request.host.size(), 253u);
    EXPECT_FALSE(parseLiveAddress("tcp://" + std::string(254, 'h') + ":7001", request, error));
    EXPECT_NE(error.find("254 characters, more than the 253 a host name may have"),
              std::string::npos)
        << error;
    for (const std::string& address :
         {"tcp://" + std::string(17'000, 'a') + ":1", "tcp://" + std::string(17'000, 'a'),
          "tcp://[" + std::string(17'000, 'a') + "]:1"}) {
        error.clear();
        EXPECT_FALSE(parseLiveAddress(address, request, error));
        EXPECT_NE(error.find("17000 characters"), std::string::npos) << error.substr(0, 300);
        EXPECT_LT(error.size(), 300u); // the address is quoted shortened, not repeated
    }
    // An address longer than any valid one is shortened in every message.
    EXPECT_FALSE(parseLiveAddress("tcp://[" + std::string(17'000, 'a'), request, error));
    EXPECT_NE(error.find("closing ]"), std::string::npos);
    EXPECT_LT(error.size(), 300u);
    EXPECT_TRUE(checkLiveHost("localhost", error));
    EXPECT_FALSE(checkLiveHost("", error));
}

ParsedViewerOptions parse(std::vector<std::string_view> arguments) {
    return parseViewerOptions(arguments);
}

TEST(ViewerLiveOptions, AStreamTakesTheFormatAndSkeletonGivenAnywhere) {
    const ParsedViewerOptions parsed =
        parse({"--format", "axis", "tcp://localhost:7001", "walk.bvh", "--skeleton", "s.bvh"});
    ASSERT_TRUE(parsed.error.empty()) << parsed.error;
    ASSERT_EQ(parsed.options.liveStreams.size(), 1u);
    EXPECT_EQ(parsed.options.liveStreams[0].host, "localhost");
    EXPECT_EQ(parsed.options.liveStreams[0].format, bvh::live::StreamFormat::Axis);
    EXPECT_EQ(parsed.options.liveStreams[0].skeletonPath, "s.bvh");
    EXPECT_EQ(parsed.options.files, std::vector<std::string>{"walk.bvh"}); // beside a file
}

TEST(ViewerLiveOptions, RefusesBadFormatsAndOptionsWithoutAStream) {
    EXPECT_NE(parse({"tcp://h:1", "--format", "osc"}).error.find("--format"), std::string::npos);
    EXPECT_NE(parse({"walk.bvh", "--skeleton", "s.bvh"}).error.find("tcp://"), std::string::npos);
    EXPECT_NE(parse({"tcp://h:99999"}).error.find("port"), std::string::npos);
    EXPECT_NE(parse({"vmc://", "--format", "vmc"}).error.find("give the address vmc://"),
              std::string::npos);
    EXPECT_TRUE(parse({"vmc://:39540"}).options.liveStreams.at(0).datagram.has_value());
    const std::string longHost = "tcp://" + std::string(17'000, 'a') + ":1";
    EXPECT_NE(parse({longHost}).error.find("more than the 253"), std::string::npos);
    // After --, a name that looks like a stream is a file.
    const ParsedViewerOptions file = parse({"--", "tcp://h:1"});
    EXPECT_TRUE(file.options.liveStreams.empty());
    EXPECT_EQ(file.options.files.size(), 1u);
}

} // namespace
