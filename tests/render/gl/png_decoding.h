// A PNG read back by an independent decoder (stb_image) for the render tests that check what
// was written: its size, the channels the file holds, and its pixels as RGBA.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stb_image.h>
#include <string>
#include <vector>

namespace bvhscope::render::png_test {

struct Decoded {
    int width = 0, height = 0, channels = 0; // channels: in the file (3 RGB, 4 RGBA)
    std::vector<std::uint8_t> rgba;          // empty when the bytes are not a PNG
};

inline Decoded decode(const std::string& png) {
    Decoded decoded;
    unsigned char* data = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                static_cast<int>(png.size()), &decoded.width,
                                                &decoded.height, &decoded.channels, 4);
    if (data != nullptr) {
        decoded.rgba.assign(data,
                            data + static_cast<std::size_t>(decoded.width) * decoded.height * 4);
        stbi_image_free(data);
    }
    return decoded;
}

} // namespace bvhscope::render::png_test
