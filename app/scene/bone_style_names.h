// The words the command lines use for a bone look (`bvhscope --bones`, `render --bones`,
// `thumbnail --bones`), singular or plural as a user may type them.
#pragma once

#include "render/math/skeleton_instances.h"

#include <optional>
#include <string_view>

namespace bvhscope::scene {

inline constexpr std::string_view kBoneStyleChoices = "lines, capsules, octahedral or body";

inline std::optional<render::BoneStyle> boneStyleNamed(std::string_view text) {
    using render::BoneStyle;
    const struct {
        std::string_view name;
        BoneStyle style;
    } kNames[] = {{"lines", BoneStyle::Line},
                  {"line", BoneStyle::Line},
                  {"capsules", BoneStyle::Capsule},
                  {"capsule", BoneStyle::Capsule},
                  {"octahedral", BoneStyle::Octahedral},
                  {"body", BoneStyle::Body}};
    for (const auto& entry : kNames) {
        if (text == entry.name) {
            return entry.style;
        }
    }
    return std::nullopt;
}

// The word for a look, as the command lines take it and the state dump writes it.
inline std::string_view boneStyleName(render::BoneStyle style) {
    switch (style) {
    case render::BoneStyle::Capsule:
        return "capsules";
    case render::BoneStyle::Octahedral:
        return "octahedral";
    case render::BoneStyle::Line:
        return "lines";
    case render::BoneStyle::Body:
        return "body";
    }
    return "unknown";
}

} // namespace bvhscope::scene
