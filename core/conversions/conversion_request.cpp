#include "core/conversions/conversion_request.h"

#include "core/analysis/stance.h"
#include "core/character_studio/mnm.h"
#include "core/conversions/number_text.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <charconv>

namespace bvh {

namespace {

// Shortest text that reads back as the same double: "0.01", not "0.010000".
std::string joinNames(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) {
        text += (text.empty() ? "" : ", ") + name;
    }
    return text;
}

std::string axisNote(UpAxis axis, const ConversionRequest& request) {
    return std::string(upAxisName(axis)) +
           (request.fromUp ? " (" + request.fromUpOrigin + ")" : " (guessed)");
}

// The clip being converted and the log of what happened to it.
class Pipeline {
public:
    Pipeline(const Skeleton& skeleton, const Motion& motion, const std::string& inputName)
        : inputName_(inputName) {
        outcome_.skeleton = skeleton;
        outcome_.motion = motion;
    }

    // Takes a conversion's result and logs its diagnostics; false when it failed.
    bool apply(Conversion conversion, std::string note) {
        for (Diagnostic& diagnostic : conversion.diagnostics) {
            problem(inputName_, std::move(diagnostic), true);
        }
        if (!conversion.ok()) {
            return false;
        }
        outcome_.skeleton = std::move(conversion.skeleton);
        outcome_.motion = std::move(conversion.motion);
        this->note(std::move(note));
        return true;
    }

    void note(std::string text) {
        ConversionLogEntry entry;
        entry.text = std::move(text);
        outcome_.log.push_back(std::move(entry));
    }

    void problem(const std::string& file, Diagnostic diagnostic, bool located) {
        ConversionLogEntry entry;
        entry.kind = ConversionLogEntry::Kind::Diagnostic;
        entry.file = file;
        entry.diagnostic = std::move(diagnostic);
        entry.located = located;
        outcome_.log.push_back(std::move(entry));
    }

    const Skeleton& skeleton() const { return outcome_.skeleton; }
    const Motion& motion() const { return outcome_.motion; }

    ConversionOutcome finish(bool ok) {
        outcome_.ok = ok;
        if (!ok) {
            outcome_.skeleton = {};
            outcome_.motion = {};
        }
        return std::move(outcome_);
    }

private:
    const std::string& inputName_;
    ConversionOutcome outcome_;
};

// --frames: keeps the span (planConversionRequest has checked that it starts on a frame; its
// end is cut to the last frame). False when the step failed (logged).
bool keepRequestedFrames(const ConversionRequest& request, Pipeline& pipeline) {
    if (!request.frames) {
        return true;
    }
    const std::int64_t frameCount = pipeline.motion().frameCount;
    const std::int64_t last =
        std::min(request.frames->last.value_or(frameCount - 1), frameCount - 1);
    const auto first = static_cast<std::uint32_t>(request.frames->first);
    return pipeline.apply(
        trimFrames(pipeline.skeleton(), pipeline.motion(), first, static_cast<std::uint32_t>(last)),
        "frames " + std::to_string(first) + " to " + std::to_string(last) + " kept");
}

// --mnm: renames the joints by the MNM file (--reverse-mnm: the other way); the file's and the
// mapping's problems are logged against the MNM file, joints it has no entry for as a warning
// against the input. False when the file or the mapping has errors or the step failed.
bool renameJointsByMnm(const ConversionRequest& request, Pipeline& pipeline,
                       const std::string& inputName) {
    if (!request.mnmPath) {
        return true;
    }
    const std::string& mnmPath = *request.mnmPath;
    MnmFile mnm = loadMnm(pathFromUtf8(mnmPath));
    for (Diagnostic& diagnostic : mnm.diagnostics) {
        pipeline.problem(mnmPath, std::move(diagnostic), true);
    }
    if (hasErrors(mnm.diagnostics)) {
        return false;
    }
    const JointNameMapping mapping = mapJointNames(
        mnm, pipeline.skeleton(),
        request.reverseMnm ? MnmDirection::BipedToCustom : MnmDirection::CustomToBiped);
    for (const Diagnostic& diagnostic : mapping.diagnostics) {
        pipeline.problem(mnmPath, diagnostic, true);
    }
    if (hasErrors(mapping.diagnostics)) {
        return false;
    }
    if (!mapping.unmapped.empty()) {
        pipeline.problem(inputName,
                         {Severity::Warning, 0, 0,
                          std::to_string(mapping.unmapped.size()) +
                              (mapping.unmapped.size() == 1 ? " joint has" : " joints have") +
                              " no entry in " + mnmPath +
                              " and keep their names: " + joinNames(mapping.unmapped)},
                         false);
    }
    return pipeline.apply(renameJoints(pipeline.skeleton(), pipeline.motion(), mapping.renames),
                          std::to_string(mapping.renames.size()) + " joints renamed by " + mnmPath +
                              ", " + std::to_string(mapping.unmapped.size()) + " unmapped");
}

bool runSteps(const ConversionRequest& request, const Skeleton& skeleton, const Motion& motion,
              Pipeline& pipeline, const std::string& inputName) {
    const TranslationMode mode = resolveTranslationMode(request.translation, skeleton, motion);
    // The input's up axis as the viewer and `info` decide it (from the motion, for any
    // creature), unless given.
    const UpAxis fromUp = request.fromUp.value_or(
        analyzeStance(skeleton, motion, mode, analyzeRestPose(skeleton)).upAxis);

    if (!keepRequestedFrames(request, pipeline)) {
        return false;
    }
    if (request.inPlace &&
        !pipeline.apply(removeRootHorizontalMotion(pipeline.skeleton(), pipeline.motion(), fromUp),
                        "root horizontal travel removed, height kept; up axis " +
                            axisNote(fromUp, request))) {
        return false;
    }
    if (request.up) {
        if (*request.up == fromUp) {
            pipeline.note("up axis already " + axisNote(fromUp, request) + "; unchanged");
        } else if (!pipeline.apply(changeUpAxis(pipeline.skeleton(), pipeline.motion(), mode,
                                                fromUp, *request.up),
                                   "up axis " + axisNote(fromUp, request) + " -> " +
                                       std::string(upAxisName(*request.up)))) {
            return false;
        }
    }
    if (request.ground) {
        const UpAxis up = request.up.value_or(fromUp);
        const Stance stance = analyzeStance(pipeline.skeleton(), pipeline.motion(), mode,
                                            analyzeRestPose(pipeline.skeleton()), up);
        if (!pipeline.apply(
                placeOnGround(pipeline.skeleton(), pipeline.motion(), up, stance.groundLevel),
                "moved " + numberText(-stance.groundLevel) + " along " +
                    std::string(upAxisName(up)) + " onto the ground")) {
            return false;
        }
    }
    if (request.scale &&
        !pipeline.apply(scaleSkeleton(pipeline.skeleton(), pipeline.motion(), *request.scale),
                        "scaled by " + numberText(*request.scale))) {
        return false;
    }
    if (request.rotationOrder &&
        !pipeline.apply(
            changeRotationOrder(pipeline.skeleton(), pipeline.motion(), *request.rotationOrder),
            "rotation order " + request.rotationOrder->name())) {
        return false;
    }
    if (request.framesPerSecond &&
        !pipeline.apply(
            resampleMotion(pipeline.skeleton(), pipeline.motion(), *request.framesPerSecond),
            "resampled to " + numberText(*request.framesPerSecond) + " fps")) {
        return false;
    }
    return renameJointsByMnm(request, pipeline, inputName);
}

} // namespace

std::string formatLogEntry(const ConversionLogEntry& entry) {
    if (entry.kind == ConversionLogEntry::Kind::Applied) {
        return entry.text;
    }
    if (entry.located) {
        return formatDiagnostic(entry.file, entry.diagnostic);
    }
    return entry.file +
           (entry.diagnostic.severity == Severity::Error ? ": error: " : ": warning: ") +
           entry.diagnostic.message;
}

ConversionPlan planConversionRequest(const Motion& motion, const ConversionRequest& request) {
    ConversionPlan plan;
    std::uint64_t frames = motion.frameCount;
    if (request.frames) {
        const std::int64_t frameCount = motion.frameCount;
        if (request.frames->first < 0 || request.frames->first >= frameCount) {
            plan.errors.push_back({Severity::Error, 0, 0,
                                   "frames start at " + std::to_string(request.frames->first) +
                                       " but the clip has " + std::to_string(frameCount) +
                                       (frameCount == 1 ? " frame" : " frames")});
            return plan;
        }
        const std::int64_t last =
            std::min(request.frames->last.value_or(frameCount - 1), frameCount - 1);
        frames =
            static_cast<std::uint64_t>(std::max<std::int64_t>(last - request.frames->first, 0)) + 1;
    }
    if (request.framesPerSecond) {
        const auto kept = static_cast<std::uint32_t>(frames);
        if (std::string problem = resampleSizeProblem(kept, motion.channelCount, motion.frameTime,
                                                      *request.framesPerSecond);
            !problem.empty()) {
            plan.errors.push_back({Severity::Error, 0, 0, std::move(problem)});
            return plan;
        }
        frames = static_cast<std::uint64_t>(
            resampledFrameCount(kept, motion.frameTime, *request.framesPerSecond));
    }
    plan.frameCount = frames;
    plan.valueCount = frames * motion.channelCount;
    return plan;
}

ConversionOutcome applyConversionRequest(const Skeleton& skeleton, const Motion& motion,
                                         const ConversionRequest& request,
                                         const std::string& inputName) {
    Pipeline pipeline(skeleton, motion, inputName);
    ConversionPlan plan = planConversionRequest(motion, request);
    for (Diagnostic& problem : plan.errors) {
        pipeline.problem(inputName, std::move(problem), false);
    }
    const bool ok = plan.ok() && runSteps(request, skeleton, motion, pipeline, inputName);
    return pipeline.finish(ok);
}

} // namespace bvh
