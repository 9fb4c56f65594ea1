#include "app/viewer/session/panel_commands.h"

#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/similar_takes.h"

namespace bvhscope::viewer {

// [SECTION] Playback

void apply(SessionState& session, const command::TogglePlay&) {
    session.playback.togglePlay();
}

void apply(SessionState& session, const command::StepFrames& step) {
    if (step.pause) {
        session.playback.pause();
    }
    session.playback.step(step.frames);
}

void apply(SessionState& session, const command::ToRangeStart&) {
    session.playback.toFirst();
}

void apply(SessionState& session, const command::ToRangeEnd&) {
    session.playback.toLast();
}

void apply(SessionState& session, const command::Seek& seek) {
    session.playback.seek(seek.seconds);
}

void apply(SessionState& session, const command::PauseAt& pauseAt) {
    session.playback.pause();
    session.playback.seek(pauseAt.seconds);
}

// The speed in effect, as Playback clamped it, is the one kept.
void apply(SessionState& session, const command::SetPlaybackSpeed& speed) {
    session.playback.setSpeed(speed.speed);
    session.settings.playbackSpeed = static_cast<float>(session.playback.speed());
}

void apply(SessionState& session, const command::SetLoop& loop) {
    session.settings.loop = loop.loop;
    session.playback.setLoop(loop.loop);
}

void apply(SessionState& session, const command::SetPlaybackRange& range) {
    session.playback.setRange(range.start, range.end);
}

void apply(SessionState& session, const command::MarkIn&) {
    session.playback.markIn();
}

void apply(SessionState& session, const command::MarkOut&) {
    session.playback.markOut();
}

void apply(SessionState& session, const command::FullRange&) {
    session.playback.clearRange();
}

void apply(SessionState& session, const command::ShuttleForward&) {
    session.playback.shuttleForward();
}

void apply(SessionState& session, const command::ShuttleBackward&) {
    session.playback.shuttleBackward();
}

void apply(SessionState& session, const command::ShuttleStop&) {
    session.playback.shuttleStop();
    session.playback.setSpeed(session.settings.playbackSpeed);
}

// [SECTION] What is shown

void apply(SessionState& session, const command::ShowRestPose& show) {
    session.analysis.showRestPose = show.show;
}

void apply(SessionState& session, const command::ToggleRestPose&) {
    session.analysis.showRestPose = !session.analysis.showRestPose;
}

// The choices only: whether the comparison is active, and what it measured, are worked out by
// updateAnalysisViews from them.
void apply(SessionState& session, const command::SetCompare& set) {
    CompareView& compare = session.analysis.compare;
    compare.enabled = set.enabled;
    compare.a = set.a;
    compare.b = set.b;
    compare.layout = set.layout;
    compare.relativeToRoot = set.relativeToRoot;
    compare.alignStart = set.alignStart;
}

void apply(SessionState& session, const command::SelectJoint& select) {
    const std::vector<scene::Character>& characters = session.scene.characters();
    if (select.selection.character >= characters.size() || select.selection.node < 0 ||
        static_cast<std::size_t>(select.selection.node) >=
            characters[select.selection.character].clip->document.skeleton.nodeCount()) {
        return;
    }
    session.selection = select.selection;
    session.infoCharacter = select.selection.character;
}

void apply(SessionState& session, const command::ShowInfo& show) {
    if (show.character < session.scene.characters().size()) {
        session.infoCharacter = show.character;
    }
}

void apply(SessionState& session, const command::ShowSimilarTakes& similar) {
    showSimilarTakes(session, similar.character); // the Browser's rows, or the files open
}

// [SECTION] The sound

void apply(SessionState& session, const command::SetSoundOffset& offset) {
    session.audio.offsetSeconds = offset.seconds;
}

void apply(SessionState& session, const command::MuteSound& mute) {
    session.audio.muted = mute.muted;
}

// [SECTION] The Browser

void apply(SessionState& session, const command::BrowseTake& browse) {
    browseTake(session, browse.entry);
}

void apply(SessionState& session, const command::StepTakes& step) {
    stepTakes(session, step.steps);
}

void apply(SessionState& session, const command::IncludeSubfolders& include) {
    includeSubfolders(session, include.include);
}

void apply(SessionState& session, const command::CloseFolder&) {
    closeFolder(session);
}

void apply(SessionState& session, const command::FilterTakes& filter) {
    session.folder.setFilter(filter.text);
}

void apply(SessionState& session, const command::SortTakes& sort) {
    session.folder.setSort(sort.sort);
}

void apply(SessionState& session, const command::RankTakesLike& rank) {
    session.folder.rankByLikeness(rank.entry); // false (nothing changes): no features yet
}

void apply(SessionState& session, const command::ShowTakeRows& rows) {
    session.folder.setVisibleRows(rows.first, rows.last);
}

// [SECTION] The Export dialog's outcome, the notices and the error popup

void apply(SessionState& session, const command::DismissExportResult&) {
    session.exportDialog.result.reset();
}

void apply(SessionState& session, const command::NoticesDrawn& drawn) {
    session.notices.drawnAt(drawn.seconds);
}

void apply(SessionState& session, const command::ErrorPopupOpened&) {
    session.openErrorPopup = false;
}

void apply(SessionState& session, const command::DismissErrors&) {
    session.errorLines.clear();
}

} // namespace bvhscope::viewer
