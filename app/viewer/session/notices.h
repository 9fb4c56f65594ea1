// Short messages for the user that used to reach only stderr ("no audio device: the sound is
// shown but not heard", "no desktop file chooser"): whoever says one still writes it to stderr
// and also posts it here, and panels/notices_panel.cpp shows it over the bottom of the view for
// a few seconds, then fades it. Problems with a file go to the error popup instead
// (SessionState::errorLines): they need reading, a notice only needs seeing.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::viewer {

struct Notice {
    std::string text;
    double shownSince = -1.0; // the UI's clock when first drawn; -1 until then
};

struct Notices {
    // A notice already showing is not repeated; the oldest goes beyond kMaxShown.
    static constexpr std::size_t kMaxShown = 4;
    // Each is shown for kShownSeconds from when it is first drawn, then fades out over
    // kFadeSeconds and is dropped.
    static constexpr double kShownSeconds = 8.0;
    static constexpr double kFadeSeconds = 2.0;
    void post(std::string text) {
        for (const Notice& notice : items) {
            if (notice.text == text) {
                return;
            }
        }
        items.push_back({std::move(text)});
        if (items.size() > kMaxShown) {
            items.erase(items.begin());
        }
    }
    bool empty() const { return items.empty(); }

    // Whether `notice` has faded out by `now` (the UI's clock, seconds); one never drawn has not.
    static bool fadedOut(const Notice& notice, double now) {
        return notice.shownSince >= 0.0 && now - notice.shownSince > kShownSeconds + kFadeSeconds;
    }
    // Drawn at `now` (command::NoticesDrawn): those drawn for the first time start their time,
    // and those faded out are dropped.
    void drawnAt(double now) {
        for (Notice& notice : items) {
            if (notice.shownSince < 0.0) {
                notice.shownSince = now;
            }
        }
        std::erase_if(items, [&](const Notice& notice) { return fadedOut(notice, now); });
    }
    // Whether drawnAt(now) would change anything (the panel pushes its command only then).
    bool changeWhenDrawnAt(double now) const {
        for (const Notice& notice : items) {
            if (notice.shownSince < 0.0 || fadedOut(notice, now)) {
                return true;
            }
        }
        return false;
    }

    std::vector<Notice> items; // oldest first
};

} // namespace bvhscope::viewer
