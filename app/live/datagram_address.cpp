#include "app/live/datagram_address.h"

#include "core/live/mocopi_decoder.h"
#include "core/live/vmc_decoder.h"

namespace bvhscope::live {
namespace {

constexpr std::string_view kVmcScheme = "vmc://";
constexpr std::string_view kMocopiScheme = "mocopi://";
// A DNS name has at most 253 characters; an address literal fewer.
constexpr std::size_t kMostBindAddressBytes = 253;

} // namespace

std::string DatagramAddress::text() const {
    const std::string host = bindAddress.empty() ? std::string("0.0.0.0") : bindAddress;
    const bool bracketed = host.find(':') != std::string::npos;
    const std::string_view scheme = format == DatagramFormat::Vmc ? kVmcScheme : kMocopiScheme;
    return std::string(scheme) + (bracketed ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

bool isDatagramAddress(std::string_view text) {
    return text.starts_with(kVmcScheme) || text.starts_with(kMocopiScheme);
}

std::optional<DatagramAddress> parseDatagramAddress(std::string_view text, std::string& error) {
    if (!isDatagramAddress(text)) {
        error = "not a datagram address: give vmc:// or mocopi://[BIND_ADDRESS][:PORT]";
        return std::nullopt;
    }
    DatagramAddress address;
    const bool vmc = text.starts_with(kVmcScheme);
    address.format = vmc ? DatagramFormat::Vmc : DatagramFormat::Mocopi;
    address.port = vmc ? kVmcDefaultPort : kMocopiDefaultPort;
    std::string_view rest = text.substr(vmc ? kVmcScheme.size() : kMocopiScheme.size());
    std::string_view portText;
    if (rest.starts_with('[')) {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos) {
            error = "an IPv6 bind address needs its closing ]";
            return std::nullopt;
        }
        address.bindAddress = std::string(rest.substr(1, close - 1));
        rest = rest.substr(close + 1);
        if (!rest.empty() && !rest.starts_with(':')) {
            error = "only :PORT may follow the bind address";
            return std::nullopt;
        }
        portText = rest.empty() ? std::string_view() : rest.substr(1);
    } else {
        const std::size_t colon = rest.find(':');
        address.bindAddress = std::string(rest.substr(0, colon));
        portText = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        if (colon != std::string_view::npos && portText.empty()) {
            error = "no port after ':'";
            return std::nullopt;
        }
    }
    if (address.bindAddress.size() > kMostBindAddressBytes) {
        error = "the bind address is " + std::to_string(address.bindAddress.size()) +
                " characters, more than a host name may have";
        return std::nullopt;
    }
    if (!portText.empty()) {
        const std::optional<std::uint16_t> port = parsePort(portText);
        if (!port) {
            error = "the port must be 1 to 65535";
            return std::nullopt;
        }
        address.port = *port;
    }
    return address;
}

std::unique_ptr<DatagramSource> openDatagramSource(const DatagramAddress& address,
                                                   std::string& error) {
    std::unique_ptr<bvh::live::DatagramDecoder> decoder;
    if (address.format == DatagramFormat::Vmc) {
        decoder = std::make_unique<bvh::live::VmcDecoder>();
    } else {
        decoder = std::make_unique<bvh::live::MocopiDecoder>();
    }
    return DatagramSource::open(std::move(decoder), address.bindAddress, address.port, error);
}

} // namespace bvhscope::live
