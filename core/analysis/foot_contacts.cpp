#include "core/analysis/foot_contacts.h"

#include "core/model/ascii_case.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>
#include <string_view>

namespace bvh {

namespace {

// [SECTION] Names

// The name in lower case, without a namespace prefix ("mixamorig:LeftFoot" -> "leftfoot").
std::string plainLowerName(std::string_view name) {
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos) {
        name.remove_prefix(colon + 1);
    }
    return asciiLowercase(name);
}

bool isToeName(const std::string& lower) {
    return lower.find("toe") != std::string::npos;
}

bool isAnkleName(const std::string& lower) {
    return !isToeName(lower) &&
           (lower.find("foot") != std::string::npos || lower.find("ankle") != std::string::npos ||
            lower.find("heel") != std::string::npos);
}

double heightOf(const glm::dvec3& point, UpAxis upAxis) {
    return upAxisSign(upAxis) * point[upAxisIndex(upAxis)];
}

std::vector<FootPoint> lowestEndSites(const Skeleton& skeleton, UpAxis upAxis) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    double lowest = 0.0;
    double highest = 0.0;
    bool anyEndSite = false;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const double height = heightOf(world[i].translation, upAxis);
        highest = i == 0 ? height : std::max(highest, height);
        if (skeleton.isEndSite[i] != 0) {
            lowest = anyEndSite ? std::min(lowest, height) : height;
            anyEndSite = true;
        }
    }
    std::vector<FootPoint> points;
    if (!anyEndSite) {
        return points;
    }
    // The figure's height here is from the lowest End Site to the highest node: End Sites
    // hanging below the others (a tail, a dangling strap) stay out only if they are not lowest.
    const double tolerance = 0.1 * std::max(highest - lowest, 0.0);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.isEndSite[i] != 0 &&
            heightOf(world[i].translation, upAxis) <= lowest + tolerance) {
            const auto foot = static_cast<std::uint32_t>(points.size());
            points.push_back({static_cast<NodeIndex>(i), FootPointKind::EndEffector, foot});
        }
    }
    return points;
}

// [SECTION] Contact runs

// How long a contact takes to settle at its start, and to end: a landing foot decelerates and a
// rolling one pivots about a point no joint sits on (the heel, the toe tip), so its joints move
// for a moment while nothing slides. 1/10 s: 3 frames at 30 fps, 12 at 120 fps.
constexpr double kSettleSeconds = 0.1;

// settled[f] = 1 where contact[f] is at least `settle` frames inside its run of contact frames.
// A run's end at the clip's first or last frame is not an end (the contact may go on beyond).
void markSettled(const std::vector<std::uint8_t>& contact, std::size_t settle,
                 std::vector<std::uint8_t>& settled) {
    const std::size_t frames = contact.size();
    std::ranges::fill(settled, 0);
    std::size_t f = 0;
    while (f < frames) {
        if (contact[f] == 0) {
            ++f;
            continue;
        }
        std::size_t end = f;
        while (end < frames && contact[end] != 0) {
            ++end;
        }
        const std::size_t first = f == 0 ? 0 : f + settle;
        const std::size_t last = end == frames ? frames : (end >= settle ? end - settle : 0);
        for (std::size_t g = first; g < last; ++g) {
            settled[g] = 1;
        }
        f = end;
    }
}

// [SECTION] Statistics

double percentileRoundedDown(std::vector<double> values, double fraction) {
    assert(!values.empty());
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1));
    std::ranges::nth_element(values, values.begin() + static_cast<std::ptrdiff_t>(index));
    return values[index];
}

} // namespace

// [SECTION] Finding the feet

std::vector<FootPoint> findFootPoints(const Skeleton& skeleton, UpAxis upAxis) {
    const std::size_t count = skeleton.nodeCount();
    std::vector<std::string> lower(count);
    std::vector<std::uint8_t> ankle(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
        if (skeleton.isEndSite[i] == 0) {
            lower[i] = plainLowerName(skeleton.names[i]);
            ankle[i] = isAnkleName(lower[i]) ? 1 : 0;
        }
    }
    // Parents come before children, so one forward pass knows whether an ancestor is an ankle.
    std::vector<std::uint8_t> underAnkle(count, 0);
    std::vector<FootPoint> points;
    std::vector<std::uint8_t> hasToe(count, 0);
    std::vector<std::uint32_t> footOf(count, 0);
    std::uint32_t feet = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent) {
            const auto p = static_cast<std::size_t>(parent);
            underAnkle[i] = underAnkle[p] != 0 || ankle[p] != 0 ? 1 : 0;
        }
        if (skeleton.isEndSite[i] != 0) {
            continue;
        }
        if (ankle[i] != 0 && underAnkle[i] == 0) {
            footOf[i] = feet++;
            points.push_back({static_cast<NodeIndex>(i), FootPointKind::Ankle, footOf[i]});
        } else if (parent != kNoParent && isToeName(lower[i])) {
            const auto p = static_cast<std::size_t>(parent);
            if (ankle[p] != 0 && underAnkle[p] == 0 && hasToe[p] == 0) {
                points.push_back({static_cast<NodeIndex>(i), FootPointKind::Toe, footOf[p]});
                hasToe[p] = 1;
            }
        }
    }
    if (points.empty()) {
        return lowestEndSites(skeleton, upAxis);
    }
    return points;
}

// [SECTION] Contacts

FootContactAnalysis detectFootContacts(std::span<const glm::dvec3> positions,
                                       std::span<const FootPoint> points, double frameTime,
                                       UpAxis upAxis, double figureHeight,
                                       const FootContactThresholds& thresholds) {
    assert(frameTime > 0.0 && "detectFootContacts needs a positive frame time");
    assert(figureHeight > 0.0 && "detectFootContacts needs a positive figure height");
    FootContactAnalysis analysis;
    analysis.contactHeight = thresholds.contactHeight * figureHeight;
    analysis.contactSpeed = thresholds.contactSpeed * figureHeight;
    analysis.slideSpeed = thresholds.slideSpeed * figureHeight;
    const std::size_t pointCount = points.size();
    if (pointCount == 0) {
        return analysis;
    }
    assert(positions.size() % pointCount == 0 && "positions must hold whole frames");
    const std::size_t frames = positions.size() / pointCount;
    analysis.frameCount = static_cast<std::uint32_t>(frames);
    const int up = upAxisIndex(upAxis);
    // About 1/30 s either side, at least one frame.
    const auto window =
        static_cast<std::size_t>(std::max(1.0, std::round((1.0 / 30.0) / frameTime)));

    auto at = [&](std::size_t frame, std::size_t point) -> const glm::dvec3& {
        return positions[frame * pointCount + point];
    };
    std::vector<double> heights(frames);
    for (std::size_t p = 0; p < pointCount; ++p) {
        FootContactTrack& track = analysis.feet.emplace_back();
        track.node = points[p].node;
        track.contact.assign(frames, 0);
        track.sliding.assign(frames, 0);
        track.groundSpeed.assign(frames, 0.0f);
        if (frames == 0) {
            continue;
        }
        for (std::size_t f = 0; f < frames; ++f) {
            heights[f] = heightOf(at(f, p), upAxis);
        }
        track.restingHeight = percentileRoundedDown(heights, 0.05);
        for (std::size_t f = 0; f < frames; ++f) {
            const std::size_t first = f >= window ? f - window : 0;
            const std::size_t last = std::min(frames - 1, f + window);
            double speed = 0.0;
            double groundSpeed = 0.0;
            if (last > first) {
                glm::dvec3 velocity =
                    (at(last, p) - at(first, p)) / (static_cast<double>(last - first) * frameTime);
                speed = std::sqrt(velocity.x * velocity.x + velocity.y * velocity.y +
                                  velocity.z * velocity.z);
                velocity[up] = 0.0;
                groundSpeed = std::sqrt(velocity.x * velocity.x + velocity.y * velocity.y +
                                        velocity.z * velocity.z);
            }
            track.groundSpeed[f] = static_cast<float>(groundSpeed);
            const bool low = heights[f] - track.restingHeight <= analysis.contactHeight;
            const bool slow = speed <= analysis.contactSpeed;
            if (low && slow) {
                track.contact[f] = 1;
                ++track.contactFrames;
            }
        }
    }
    // Slides, once every point's contacts are known: a point slides unless a point of its foot
    // is planted (in contact and still) in that frame, and not in the first or last `settle`
    // frames of a contact (a foot still coming down, or rolling off).
    const auto settle =
        static_cast<std::size_t>(std::max(1.0, std::round(kSettleSeconds / frameTime)));
    std::vector<std::uint8_t> settled(frames);
    for (std::size_t p = 0; p < pointCount; ++p) {
        FootContactTrack& track = analysis.feet[p];
        markSettled(track.contact, settle, settled);
        for (std::size_t f = 0; f < frames; ++f) {
            if (settled[f] == 0 || track.groundSpeed[f] <= analysis.slideSpeed) {
                continue;
            }
            bool pivot = false;
            for (std::size_t other = 0; other < pointCount && !pivot; ++other) {
                const FootContactTrack& candidate = analysis.feet[other];
                pivot = other != p && points[other].foot == points[p].foot &&
                        candidate.contact[f] != 0 &&
                        candidate.groundSpeed[f] <= analysis.slideSpeed;
            }
            if (!pivot) {
                track.sliding[f] = 1;
                ++track.slidingFrames;
            }
        }
    }
    return analysis;
}

FootContactAnalysis analyzeFootContacts(const Skeleton& skeleton, const Motion& motion,
                                        TranslationMode mode, std::span<const FootPoint> points,
                                        UpAxis upAxis, double figureHeight,
                                        const FootContactThresholds& thresholds) {
    assert(mode != TranslationMode::Auto && "resolve the translation mode first");
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    std::vector<glm::dvec3> positions;
    positions.reserve(std::size_t{motion.frameCount} * points.size());
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        computeLocalTransforms(skeleton, motion.frame(frame), mode, local);
        computeWorldTransforms(skeleton, local, world);
        for (const FootPoint& point : points) {
            positions.push_back(world[static_cast<std::size_t>(point.node)].translation);
        }
    }
    return detectFootContacts(positions, points, motion.frameTime, upAxis, figureHeight,
                              thresholds);
}

} // namespace bvh
