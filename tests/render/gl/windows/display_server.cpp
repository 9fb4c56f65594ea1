#include "tests/render/gl/display_server.h"

namespace bvhscope::render::test {

void leaveOnlyWhatTheHeadlessContextNeeds() {}

} // namespace bvhscope::render::test
