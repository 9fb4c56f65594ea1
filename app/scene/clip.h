// A loaded capture as an immutable clip: the document and everything analysed about the whole
// file, computed once when it is read and never changed after. Characters (character.h) share
// it: the view, undo's list, the benchmark's copies and a file opened twice read the same clip,
// and what the viewer changes (axes, colour, placement) lives in the character, not here.
//
// A file still being read has a clip of its header only (no frames, no whole-file analyses);
// when the load finishes, a complete clip replaces it.
#pragma once

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
    // The Frame Time's sanity and whether the rest pose and the animation agree on up and unit
    // (core/analysis); nothing to measure while only the header is known.
    bvh::FrameTimeReport frameTime;
    bvh::RestAnimationAgreement restAnimation;
};

// Reads everything a clip says about `document`: its summary, translation mode and whole-file
// analyses. Returned by value, for a caller that knows better (a thumbnail's one frame takes
// the whole file's stance) to amend before sharing it.
Clip analyzeClip(std::string displayName, std::string sourcePath, bvh::Document document);

// analyzeClip, shared and frozen.
std::shared_ptr<const Clip> makeClip(std::string displayName, std::string sourcePath,
                                     bvh::Document document);

} // namespace bvhscope::scene
