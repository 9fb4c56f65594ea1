#include "app/viewer/session/retargeting.h"

#include "core/retarget/retarget.h"

#include <algorithm>

namespace bvhscope::viewer {

RetargetBuild::RetargetBuild(RetargetInputs inputs, std::uint64_t record, std::uint64_t generation)
    : inputs_(std::move(inputs)), record_(record), generation_(generation) {}

std::unique_ptr<RetargetBuild> RetargetBuild::start(RetargetInputs inputs, std::uint64_t record,
                                                    std::uint64_t generation) {
    std::unique_ptr<RetargetBuild> build(new RetargetBuild(std::move(inputs), record, generation));
#ifdef __EMSCRIPTEN__
    build->run(); // the page has no threads
#else
    // The thread touches only *build, which outlives it (its destructor joins the thread first).
    build->worker_ = std::jthread([raw = build.get()] { raw->run(); });
#endif
    return build;
}

void RetargetBuild::run() {
    const scene::Clip& source = *inputs_.source;
    const scene::Clip& target = *inputs_.target;
    // Feet locked, as `bvhscope retarget` does by default: the figure's feet do not slide.
    bvh::RetargetResult retargeted = bvh::retargetMotion(
        {source.document.skeleton, source.document.motion, inputs_.sourceRoles},
        {target.document.skeleton, target.document.motion, inputs_.targetRoles}, inputs_.map);
    if (!retargeted.ok()) {
        const auto error = std::ranges::find_if(retargeted.diagnostics, [](const auto& d) {
            return d.severity == bvh::Severity::Error;
        });
        error_ = error->message;
    } else {
        bvh::Document document;
        document.skeleton = std::move(retargeted.skeleton);
        document.motion = std::move(retargeted.motion);
        // The hierarchy is the target's exactly, so its joints stand where the target file has
        // them.
        document.nodeLocations = target.document.nodeLocations;
        document.declaredFrameCount = document.motion.frameCount;
        document.hasMotionSection = true;
        result_ = scene::makeClip(retargetedName(source, target), "", std::move(document));
        character_ = scene::makeCharacter(result_);
    }
    done_.store(true, std::memory_order_release);
}

const RetargetedCharacter* Retargeting::find(const scene::Clip* clip) const {
    const auto found = std::ranges::find_if(made, [clip](const RetargetedCharacter& each) {
        return clip != nullptr && each.result.lock().get() == clip;
    });
    return found == made.end() ? nullptr : &*found;
}

RetargetedCharacter* Retargeting::find(const scene::Clip* clip) {
    return const_cast<RetargetedCharacter*>(std::as_const(*this).find(clip));
}

RetargetedCharacter* Retargeting::findId(std::uint64_t id) {
    const auto found =
        std::ranges::find_if(made, [id](const RetargetedCharacter& each) { return each.id == id; });
    return found == made.end() ? nullptr : &*found;
}

std::string retargetedName(const scene::Clip& source, const scene::Clip& target) {
    std::string name = source.displayName;
    if (const std::size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0) {
        name.erase(dot);
    }
    return name + " onto " + target.displayName;
}

} // namespace bvhscope::viewer
