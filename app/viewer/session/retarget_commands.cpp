#include "app/viewer/session/retarget_commands.h"

#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"
#include "core/retarget/joint_map_file.h"
#include "core/retarget/retarget.h"
#include "core/writer/input_files.h"

#include <algorithm>

namespace bvhscope::viewer {
namespace {

void sayAboutRetargeting(SessionState& session, std::string message, std::ostream& err) {
    err << message << "\n";
    session.notices.post(message);
    session.retargeting.lastMessage = std::move(message);
}

std::string pairName(const scene::Clip& source, const scene::Clip& target) {
    return "bvhscope retarget: " + source.displayName + " onto " + target.displayName + ": ";
}

// The check `bvhscope retarget` makes before it retargets; false after saying why not.
bool canRetarget(SessionState& session, const RetargetInputs& inputs, const bvh::JointMap& map,
                 std::ostream& err) {
    const auto problem = bvh::checkRetargetMatch(inputs.sourceRoles, inputs.targetRoles, map);
    if (problem) {
        sayAboutRetargeting(session, pairName(*inputs.source, *inputs.target) + problem->message,
                            err);
    }
    return !problem;
}

RetargetedCharacter* recordOf(SessionState& session, std::size_t character) {
    const std::vector<scene::Character>& characters = session.scene.characters();
    return character < characters.size()
               ? session.retargeting.find(characters[character].clip.get())
               : nullptr;
}

bool isJointOf(const bvh::Skeleton& skeleton, bvh::NodeIndex node) {
    return node >= 0 && static_cast<std::size_t>(node) < skeleton.nodeCount() &&
           skeleton.isEndSite[static_cast<std::size_t>(node)] == 0;
}

std::optional<std::size_t> indexShowing(const scene::Scene& scene, const scene::Clip* clip) {
    const auto& characters = scene.characters();
    const auto found = std::ranges::find_if(
        characters, [clip](const scene::Character& each) { return each.clip.get() == clip; });
    return found == characters.end()
               ? std::nullopt
               : std::optional<std::size_t>(static_cast<std::size_t>(found - characters.begin()));
}

// A finished build's clip as a character: in place of the one its record shows (an edited map),
// or new, beside the others, coloured like its target. False when there is nowhere to show it
// (its character was removed meanwhile).
bool showRetargeted(SessionState& session, RetargetedCharacter& record, RetargetBuild& build) {
    scene::Character fresh = build.takeCharacter();
    if (session.settings.upAxis != scene::UpAxisChoice::Auto ||
        session.settings.unit != scene::UnitChoice::Auto) {
        scene::applyAxes(fresh, session.settings.upAxis, session.settings.unit);
    }
    scene::Scene& scene = session.scene;
    if (const std::shared_ptr<const scene::Clip> shown = record.result.lock()) {
        const std::optional<std::size_t> index = indexShowing(scene, shown.get());
        if (!index) {
            return false; // removed (perhaps kept for Ctrl+Z, as it was)
        }
        scene::keepAppearanceOf(fresh, scene.characters()[*index]);
        scene.take(*index);
        scene.insert(*index, std::move(fresh));
    } else {
        scene.add(std::move(fresh)); // takes the palette's next colour: the target's instead
        session.infoCharacter = scene.characters().size() - 1;
        scene::setColor(scene.characters().back(), record.color);
    }
    record.result = build.result();
    record.shownMap = build.inputs().map;
    scene.arrangeSideBySide();
    session.framing.fileArrived(session.settings.frameOnLoad);
    return true;
}

void finishRetarget(SessionState& session, RetargetBuild& build, std::ostream& err) {
    RetargetedCharacter* record = session.retargeting.findId(build.record());
    if (record == nullptr || build.generation() != record->generation) {
        return; // a newer map is on its way
    }
    const bool isNew = record->result.expired();
    if (!build.error().empty()) {
        sayAboutRetargeting(
            session, pairName(*build.inputs().source, *build.inputs().target) + build.error(), err);
        record->inputs.map = record->shownMap; // the viewer keeps what it had
    } else if (showRetargeted(session, *record, build) && isNew) {
        sayAboutRetargeting(session,
                            "Retargeted " + build.result()->displayName + " (" +
                                std::to_string(build.inputs().map.matchedCount()) +
                                " joints matched)",
                            err);
    }
}

// Where a map asked for at `path` is written: the page's downloads folder, else `path`.
std::filesystem::path mapTarget(SessionState& session, const std::string& path) {
    const std::filesystem::path asked = bvh::pathFromUtf8(path);
    if (session.downloadsFolder.empty()) {
        return asked;
    }
    std::error_code ignored; // a folder that cannot be made: the write says why
    std::filesystem::create_directories(session.downloadsFolder, ignored);
    return session.downloadsFolder / asked.filename();
}

} // namespace

void apply(SessionState& session, const command::Retarget& retarget, float, std::ostream& err) {
    const std::vector<scene::Character>& characters = session.scene.characters();
    if (retarget.source >= characters.size() || retarget.target >= characters.size() ||
        retarget.source == retarget.target) {
        return;
    }
    const scene::Character& source = characters[retarget.source];
    const scene::Character& target = characters[retarget.target];
    if (source.loading() || target.loading() || source.isLive() || target.isLive()) {
        sayAboutRetargeting(session,
                            pairName(*source.clip, *target.clip) +
                                "a file still loading or a live stream cannot be retargeted",
                            err);
        return;
    }
    RetargetInputs inputs{source.clip,
                          target.clip,
                          bvh::findRigRoles(source.clip->document.skeleton),
                          bvh::findRigRoles(target.clip->document.skeleton),
                          {}};
    inputs.map = bvh::matchJointsByRole(inputs.sourceRoles, inputs.targetRoles);
    if (!canRetarget(session, inputs, inputs.map, err)) {
        return;
    }
    session.notices.post("Retargeting " + source.clip->displayName + " onto " +
                         target.clip->displayName + "...");
    Retargeting& retargeting = session.retargeting;
    const std::uint64_t id = retargeting.nextId++;
    retargeting.running.push_back(RetargetBuild::start(inputs, id, 1));
    retargeting.made.push_back(
        {id, inputs, inputs.map, 1, target.appearance.color, std::weak_ptr<const scene::Clip>()});
}

void apply(SessionState& session, const command::SetRetargetSource& set, float, std::ostream& err) {
    RetargetedCharacter* record = recordOf(session, set.character);
    if (record == nullptr ||
        !isJointOf(record->inputs.target->document.skeleton, set.targetJoint) ||
        (set.sourceJoint != bvh::kNoParent &&
         !isJointOf(record->inputs.source->document.skeleton, set.sourceJoint))) {
        return;
    }
    const auto row = static_cast<std::size_t>(set.targetJoint);
    if (record->inputs.map.sourceOf[row] == set.sourceJoint) {
        return;
    }
    bvh::JointMap edited = record->inputs.map;
    edited.sourceOf[row] = set.sourceJoint;
    edited.why[row] = set.sourceJoint == bvh::kNoParent ? "" : "chosen in the viewer";
    if (!canRetarget(session, record->inputs, edited, err)) {
        return;
    }
    record->inputs.map = std::move(edited);
    ++record->generation;
    session.retargeting.running.push_back(
        RetargetBuild::start(record->inputs, record->id, record->generation));
}

void apply(SessionState& session, const command::SaveRetargetMap& save, float, std::ostream& err) {
    const RetargetedCharacter* record = recordOf(session, save.character);
    if (record == nullptr || save.path.empty()) {
        return;
    }
    const std::filesystem::path target = mapTarget(session, save.path);
    bvh::InputFiles inputs; // the files it was made from are never written over
    for (const auto& clip : {record->inputs.source, record->inputs.target}) {
        if (!clip->sourcePath.empty()) {
            inputs.add(bvh::pathFromUtf8(clip->sourcePath), "the file " + clip->displayName);
        }
    }
    if (inputs.find(target) != nullptr) {
        sayAboutRetargeting(session, "bvhscope: " + inputs.refusal(target), err);
        return;
    }
    bvh::AtomicFile file(target);
    file.write(bvh::formatJointMapFile(record->inputs.source->document.skeleton,
                                       record->inputs.target->document.skeleton,
                                       record->inputs.map));
    if (!file.commit()) {
        // The error, and a temporary file left beside the target if there is one.
        std::string reasons;
        for (const bvh::Diagnostic& problem : file.diagnostics()) {
            reasons += (reasons.empty() ? "" : "; ") + problem.message;
        }
        sayAboutRetargeting(
            session, "bvhscope: " + (reasons.empty() ? "cannot write the map" : reasons), err);
        return;
    }
    if (!session.downloadsFolder.empty()) {
        session.downloadsReady.push_back(target);
    }
    sayAboutRetargeting(session, "Saved the joint map to " + bvh::utf8FromPath(target), err);
}

void pollRetargets(SessionState& session, std::ostream& err) {
    std::vector<std::unique_ptr<RetargetBuild>>& running = session.retargeting.running;
    for (std::size_t i = 0; i < running.size();) {
        if (!running[i]->done()) {
            ++i;
            continue;
        }
        const std::unique_ptr<RetargetBuild> build = std::move(running[i]);
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        finishRetarget(session, *build, err);
    }
    // A record that no character shows (removed and gone from Ctrl+Z's list, or never made)
    // and no build will show is forgotten.
    std::erase_if(session.retargeting.made, [&running](const RetargetedCharacter& each) {
        return each.result.expired() && std::ranges::none_of(running, [&each](const auto& build) {
                   return build->record() == each.id;
               });
    });
}

} // namespace bvhscope::viewer
