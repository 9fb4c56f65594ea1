// A node index as a vector position, shared by the retarget files (one unity batch).
#pragma once

#include "core/model/skeleton.h"

#include <cstddef>

namespace bvh {

inline std::size_t nodeSlot(NodeIndex node) {
    return static_cast<std::size_t>(node);
}

} // namespace bvh
