// How large a picture bvhscope draws offscreen may be: `bvhscope render`'s --size and the
// viewer's File > Export video both take their bounds from here, so a typo cannot ask for
// gigabytes and both refuse the same sizes.
#pragma once

namespace bvhscope::pictures {

inline constexpr int kMinPictureSide = 16;
inline constexpr int kMaxPictureSide = 8192;

} // namespace bvhscope::pictures
