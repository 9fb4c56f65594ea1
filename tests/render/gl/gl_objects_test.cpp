// Ownership rules of the GL object wrappers, checked with a counting deleter (no context).
#include "render/gl/gl_objects.h"

#include <gtest/gtest.h>
#include <type_traits>
#include <vector>

using namespace bvhscope::render;

namespace {

std::vector<GLuint> deleted;
void recordDelete(GLuint id) {
    deleted.push_back(id);
}
using Counted = GlObject<recordDelete>;

} // namespace

static_assert(!std::is_copy_constructible_v<Counted>);
static_assert(!std::is_copy_assignable_v<Counted>);
static_assert(std::is_nothrow_move_constructible_v<Counted>);
static_assert(std::is_nothrow_move_assignable_v<Counted>);
static_assert(!std::is_copy_constructible_v<Buffer>);
static_assert(std::is_nothrow_move_constructible_v<Program>);

TEST(GlObjects, DestructorDeletesNonZeroIds) {
    deleted.clear();
    { Counted empty; }
    EXPECT_TRUE(deleted.empty());
    { Counted owned(7); }
    EXPECT_EQ(deleted, std::vector<GLuint>{7});
}

TEST(GlObjects, MoveHandsOverAndZeroesTheSource) {
    deleted.clear();
    {
        Counted first(3);
        Counted second(std::move(first));
        EXPECT_EQ(first.id(), 0u); // NOLINT(bugprone-use-after-move): the contract under test
        EXPECT_EQ(second.id(), 3u);
    }
    EXPECT_EQ(deleted, std::vector<GLuint>{3});
}

TEST(GlObjects, MoveAssignmentReleasesTheOldId) {
    deleted.clear();
    {
        Counted target(1);
        Counted source(2);
        target = std::move(source);
        EXPECT_EQ(deleted, std::vector<GLuint>{1});
        EXPECT_EQ(target.id(), 2u);
        EXPECT_EQ(source.id(), 0u); // NOLINT(bugprone-use-after-move)
    }
    EXPECT_EQ(deleted, (std::vector<GLuint>{1, 2}));
}
