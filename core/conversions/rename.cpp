#include "core/conversions/joint_channels.h"
#include "core/writer/writer.h"

#include <set>

namespace bvh {

using namespace conversion_detail;

Conversion renameJoints(const Skeleton& skeleton, const Motion& motion,
                        const std::map<std::string, std::string, std::less<>>& newNames) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    for (const auto& [from, to] : newNames) {
        // Refused here, not only by the writer: a renamed clip is meant to be written, and a
        // name the reader would not read back is a broken file (see jointNameProblem).
        if (const std::string problem = jointNameProblem(to); !problem.empty()) {
            problems.push_back(error("cannot rename joint " + quotedName(from) + " to " +
                                     quotedName(to) + ": " + problem));
        }
    }
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    std::vector<std::string>& names = result.skeleton.names;
    // Parents come first, so an End Site's parent already has its new name.
    for (std::size_t node = 0; node < names.size(); ++node) {
        if (skeleton.isEndSite[node] != 0) {
            const NodeIndex parent = skeleton.parents[node];
            if (parent != kNoParent) {
                names[node] = endSiteName(names[static_cast<std::size_t>(parent)]);
            }
            continue;
        }
        if (auto found = newNames.find(skeleton.names[node]); found != newNames.end()) {
            names[node] = found->second;
        }
    }
    std::set<std::string_view> seen;
    for (std::size_t node = 0; node < names.size(); ++node) {
        if (skeleton.isEndSite[node] == 0 && !seen.insert(names[node]).second) {
            result.diagnostics.push_back(warning("two joints are now named '" + names[node] +
                                                 "'; lookups by name find the first"));
        }
    }
    return result;
}

} // namespace bvh
