// How the session applies what panels ask of it (commands.h's "Issue 43, COMMANDS" block):
// playback, the rest pose, A/B compare, the selection, the sound and the Browser. Panels only
// read the session and push these; applyCommand (session.h) calls the one function below that
// takes the command's type, so a new panel action is one command type and one function here.
//
// Every function accepts any value: an index past what is open (a file removed, a folder closed
// since the command was pushed) does nothing, and playback clamps times to the clip.
#pragma once

#include "app/viewer/session/commands.h"
#include "app/viewer/session/session_state.h"

namespace bvhscope::viewer {

// [SECTION] Playback (scene/playback.h); the live streams notice a changed time afterwards
// (updateSession) and stop following the newest frame.
void apply(SessionState& session, const command::TogglePlay& toggle);
void apply(SessionState& session, const command::StepFrames& step);
void apply(SessionState& session, const command::ToRangeStart& first);
void apply(SessionState& session, const command::ToRangeEnd& last);
void apply(SessionState& session, const command::Seek& seek);
void apply(SessionState& session, const command::PauseAt& pauseAt);
void apply(SessionState& session, const command::SetPlaybackSpeed& speed);
void apply(SessionState& session, const command::SetLoop& loop);
void apply(SessionState& session, const command::SetPlaybackRange& range);
void apply(SessionState& session, const command::MarkIn& markIn);
void apply(SessionState& session, const command::MarkOut& markOut);
void apply(SessionState& session, const command::FullRange& fullRange);
void apply(SessionState& session, const command::ShuttleForward& forward);
void apply(SessionState& session, const command::ShuttleBackward& backward);
void apply(SessionState& session, const command::ShuttleStop& stop);

// [SECTION] What is shown: the rest pose, A/B compare, the selected joint, the Info panel's file
void apply(SessionState& session, const command::ShowRestPose& show);
void apply(SessionState& session, const command::ToggleRestPose& toggle);
void apply(SessionState& session, const command::SetCompare& compare);
void apply(SessionState& session, const command::SelectJoint& select);
void apply(SessionState& session, const command::ShowInfo& show);
void apply(SessionState& session, const command::ShowSimilarTakes& similar);

// [SECTION] The sound
void apply(SessionState& session, const command::SetSoundOffset& offset);
void apply(SessionState& session, const command::MuteSound& mute);

// [SECTION] The Browser (folder_navigation.h)
void apply(SessionState& session, const command::BrowseTake& browse);
void apply(SessionState& session, const command::StepTakes& step);
void apply(SessionState& session, const command::IncludeSubfolders& include);
void apply(SessionState& session, const command::CloseFolder& close);
void apply(SessionState& session, const command::FilterTakes& filter);
void apply(SessionState& session, const command::SortTakes& sort);
void apply(SessionState& session, const command::RankTakesLike& rank);
void apply(SessionState& session, const command::ShowTakeRows& rows);

// [SECTION] The Export dialog's outcome, the notices and the error popup
void apply(SessionState& session, const command::DismissExportResult& dismiss);
void apply(SessionState& session, const command::NoticesDrawn& drawn);
void apply(SessionState& session, const command::ErrorPopupOpened& opened);
void apply(SessionState& session, const command::DismissErrors& dismiss);

} // namespace bvhscope::viewer
