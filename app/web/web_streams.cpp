// Downloads read while they arrive (core/reader/streamed_text.h): the page (bvhscope_page.js)
// starts a streamed text for each response it accepts, under the name it opens it by, appends
// each piece of the body as it comes and ends it; the viewer's load of that name reads the text
// instead of a file (FileLoads::readStreamedTextsFrom, set by web_entry.cpp). So a capture is
// parsed while the rest of it downloads, and no copy of the whole body is ever made.
#include "app/viewer/platform/page_frames.h"
#include "app/web/web_session.h"
#include "core/reader/streamed_text.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#else
#define EMSCRIPTEN_KEEPALIVE
#endif

namespace bvhscope::web {
namespace {

// A text the page is feeding, and the piece it is filling (bvhscope_web_stream_piece).
struct PageStream {
    std::shared_ptr<bvh::StreamedText> text;
    std::vector<char> piece;
};

struct PageStreams {
    // By the id the page holds, until it ends the text.
    std::map<int, PageStream> byId;
    // By the name opened, until the viewer's load takes it.
    std::map<std::string, std::shared_ptr<bvh::StreamedText>> byName;
    int lastId = 0;
};

PageStreams& pageStreams() {
    static PageStreams streams;
    return streams;
}

PageStream* streamOf(int id) {
    const auto found = pageStreams().byId.find(id);
    return found == pageStreams().byId.end() ? nullptr : &found->second;
}

} // namespace

std::shared_ptr<bvh::StreamedText> takeStreamedText(const std::string& path) {
    auto& byName = pageStreams().byName;
    const auto found = byName.find(path);
    if (found == byName.end()) {
        return nullptr;
    }
    std::shared_ptr<bvh::StreamedText> text = std::move(found->second);
    byName.erase(found);
    return text;
}

} // namespace bvhscope::web

// Starts the text the viewer reads when it opens `name` (a name of its own under /files, as
// the page gives every load), `declaredBytes` long (the Content-Length; 0 when unknown).
// Returns its id for the calls below; 0 when it could not be made.
extern "C" EMSCRIPTEN_KEEPALIVE int bvhscope_web_stream_begin(const char* name,
                                                              double declaredBytes) {
    if (name == nullptr) {
        return 0;
    }
    try {
        auto& streams = bvhscope::web::pageStreams();
        auto text = std::make_shared<bvh::StreamedText>(
            declaredBytes > 0 ? static_cast<std::uint64_t>(declaredBytes) : 0);
        const int id = ++streams.lastId;
        streams.byId[id] = bvhscope::web::PageStream{text, {}};
        streams.byName[name] = std::move(text);
        return id;
    } catch (const std::bad_alloc&) {
        return 0;
    }
}

// The next piece of text `id`, `size` bytes for the page to fill in the wasm heap: the body's
// pieces are copied there once, and handed to the text whole (bvhscope_web_stream_commit).
// Gathering the browser's 64 KB reads into pieces of a megabyte makes one call into the viewer
// per megabyte rather than per read. Null when the memory ran out (the page then fails the
// text). Valid until the commit or the end of the text.
extern "C" EMSCRIPTEN_KEEPALIVE char* bvhscope_web_stream_piece(int id, int size) {
    bvhscope::web::PageStream* stream = bvhscope::web::streamOf(id);
    if (stream == nullptr || size <= 0) {
        return nullptr;
    }
    try {
        if (stream->piece.capacity() < static_cast<std::size_t>(size)) {
            stream->piece = stream->text->sparePiece();
        }
        stream->piece.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
    return stream->piece.data();
}

// Appends the first `filled` bytes of the piece the page filled to text `id`, and has the page
// read them.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_stream_commit(int id, int filled) {
    bvhscope::web::PageStream* stream = bvhscope::web::streamOf(id);
    if (stream == nullptr) {
        return;
    }
    stream->piece.resize(
        std::min(stream->piece.size(), static_cast<std::size_t>(std::max(filled, 0))));
    stream->text->append(std::exchange(stream->piece, {}));
    bvhscope::viewer::keepPageReading();
}

// Whether the page should read more of text `id` now (bvh::SendAdvice): 0 yes, 1 wait until
// the viewer has read some of what it has (the page asks again after each reading slice), 2 no:
// the viewer's load of it ended (a file closed, a load that failed or stopped early), so the
// page cancels the rest of the download. An unknown id (ended) is 2.
extern "C" EMSCRIPTEN_KEEPALIVE int bvhscope_web_stream_advice(int id) {
    const bvhscope::web::PageStream* stream = bvhscope::web::streamOf(id);
    if (stream == nullptr) {
        return 2;
    }
    switch (stream->text->advice()) {
    case bvh::SendAdvice::Send:
        return 0;
    case bvh::SendAdvice::Wait:
        return 1;
    case bvh::SendAdvice::Stop:
        return 2;
    }
    return 0;
}

// Ends text `id`: every byte arrived (`failure` null), or the download failed with `failure`
// as the load's error message. The id is then no longer valid.
extern "C" EMSCRIPTEN_KEEPALIVE void bvhscope_web_stream_end(int id, const char* failure) {
    auto& streams = bvhscope::web::pageStreams();
    const auto found = streams.byId.find(id);
    if (found == streams.byId.end()) {
        return;
    }
    if (failure != nullptr) {
        found->second.text->fail(failure);
    } else {
        found->second.text->close();
    }
    streams.byId.erase(found);
    // The load reads what is left, or ends with the failure.
    bvhscope::viewer::keepPageReading();
}
