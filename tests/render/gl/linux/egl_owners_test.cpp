// The EGL owners of the Linux headless context are move-only (a copy would terminate the
// display or destroy the context twice).
#include "render/gl/linux/egl_owners.h"

#include <type_traits>

using bvhscope::render::EglContext;
using bvhscope::render::EglDisplay;

static_assert(!std::is_copy_constructible_v<EglDisplay>);
static_assert(std::is_nothrow_move_constructible_v<EglDisplay>);
static_assert(!std::is_copy_assignable_v<EglContext>);
static_assert(std::is_nothrow_move_assignable_v<EglContext>);
