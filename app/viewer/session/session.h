// The session model: what the viewer does with the files open, applied once per frame from the
// commands that panels and input pushed (commands.h). It needs no window, GL or ImGui, so its
// behaviour (opening, removing and putting back files with every index that points at them,
// load polling, remembered axes, a dropped sound, framing) is unit-tested without a display.
//
// One frame of the session, in order (updateSession):
//   1. the frame's commands, in the order they were pushed;
//   2. files that finished loading (or failed), retargetings made (retarget_commands.h), the
//      folder being browsed, remembered up axes,
//      bodies that arrived from their background builds;
//   3. the playback clock, then the sound kept with it;
//   4. the live pose, sampled once (the playback time, or the rest pose);
//   5. the analyses that read it (A/B compare, curves);
//   6. the camera work asked for in 1-2, then following the figures.
#pragma once

#include "app/viewer/session/commands.h"
#include "app/viewer/session/session_state.h"

#include <ostream>
#include <vector>

namespace bvhscope::viewer {

struct SessionFrame {
    float viewAspect = 1.0f;  // the 3D view's width / height: what framing fits
    double wallSeconds = 0.0; // since the last frame, for playback and following
};

// Applies `commands`, then runs the rest of one frame of the session (see above). What the user
// must hear about (a file that did not load, no sound device) goes to the error popup and to
// `err`, a line each.
void updateSession(SessionState& session, std::vector<Command> commands, const SessionFrame& frame,
                   std::ostream& err);

// Takes the files that finished loading (or failed) now, as step 2 of updateSession does, and
// asks for files added so to be framed. The page (app/web) calls it from the reading task that
// read the last byte, so the state says loaded without waiting for the next animation frame
// (on a software renderer, one frame's drawing); that frame then shows them.
void takeFinishedLoads(SessionState& session, std::ostream& err);

// One command, as updateSession applies it (framing is gathered in session.framing).
void applyCommand(SessionState& session, const Command& command, float viewAspect,
                  std::ostream& err);

// The live pose (session.pose): every character at the playback time, or their rest poses when
// the rest pose is shown.
void sampleLivePose(SessionState& session);

// Whether the session changes with no input: playing, a file or folder being read, a sound
// being decoded, a video being exported, camera work pending. While it does not, a frame would
// draw what the last one drew, and the viewer sleeps until an event comes.
bool sessionIsMoving(const SessionState& session);
// The same, leaving out the Browser's background work (its summaries and thumbnails; a browsed
// file loading still counts): while that work is all that moves, the viewer redraws a few
// times a second instead of every frame (viewer_app.cpp), so the summaries and the
// thumbnails get the machine.
bool sessionMovesBesidesBrowserWork(const SessionState& session);

// Ctrl+Z brings back this many of the last files removed (each keeps its frames in memory).
inline constexpr std::size_t kUndoableRemovals = 8;

} // namespace bvhscope::viewer
