// A loaded capture as an immutable clip: the document and everything analysed about the whole
// file, computed once (when it is read, or the first time a panel asks) and never changed after.
// Characters (character.h) share it: the view, undo's list, the benchmark's copies and a file
// opened twice read the same clip, and what the viewer changes (axes, colour, placement) lives in
// the character, not here.
//
// A file still being read has a clip of its header only (no frames, no whole-file analyses);
// when the load finishes, a complete clip replaces it.
#pragma once

#include "app/scene/on_first_use.h"
#include "core/analysis/frame_time_check.h"
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"

#include <memory>
#include <string>

namespace bvhscope::scene {

struct Clip {
    std::string displayName; // the file name ("walk.bvh")
    std::string sourcePath;  // as opened; "" for the bundled sample
    bvh::Document document;
    // Counts, rest pose, the stance core decides from the motion (up axis, facing, ground),
    // the unit, the translation mode (summary.translationUsed).
    bvh::DocumentSummary summary;
    bvh::TranslationMode translation = bvh::TranslationMode::Additive; // resolved, never Auto
    // Whether the rest pose and the animation agree on up and unit (core/analysis); nothing to
    // measure while only the header is known.
    bvh::RestAnimationAgreement restAnimation;

    // The Frame Time's sanity (core/analysis/frame_time_check.h) for this document, checked on
    // the first call: only the Info panel shows it, and over a long file it is the costliest
    // of the clip's analyses (100 000 frames: about 9 ms natively, tens of ms in the web page,
    // where it held up the moment the file showed loaded; issue 44). Nothing to measure while
    // only the header is known. A copy of the clip keeps the report its source had checked.
    const bvh::FrameTimeReport& frameTime() const;
    // Whether frameTime() was checked already.
    bool frameTimeChecked() const { return frameTime_.done(); }

private:
    OnFirstUse<bvh::FrameTimeReport> frameTime_;
};

// Reads everything a clip says about `document`: its summary, translation mode and whole-file
// analyses. Returned by value, for a caller that knows better (a thumbnail's one frame takes
// the whole file's stance) to amend before sharing it.
Clip analyzeClip(std::string displayName, std::string sourcePath, bvh::Document document);

// analyzeClip, shared and frozen.
std::shared_ptr<const Clip> makeClip(std::string displayName, std::string sourcePath,
                                     bvh::Document document);

} // namespace bvhscope::scene
