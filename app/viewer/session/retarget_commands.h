// How the session applies retargeting's commands (commands.h's "Issue 40, RETARGET" block) and
// takes what finished (retargeting.h). Every function accepts any value: an index past what is
// open, a joint past the skeleton, a character that is not retargeted does nothing.
//
// What the user must hear (a pair that cannot be retargeted, the map saved or not) goes to the
// message line (session.notices), to `err` and to Retargeting::lastMessage. A refusal says what
// `bvhscope retarget` says ("bvhscope retarget: A onto B: ...") and changes nothing.
#pragma once

#include "app/viewer/session/commands.h"
#include "app/viewer/session/session_state.h"

#include <ostream>

namespace bvhscope::viewer {

// Starts retargeting `source`'s motion onto `target`'s skeleton (both loaded, neither live),
// joints matched by role; the character arrives beside the others once made (pollRetargets),
// coloured like the target and playing with the other files.
void apply(SessionState& session, const command::Retarget& retarget, float viewAspect,
           std::ostream& err);
// One map row of a retargeted character changed: the character is made again from the edited
// map, in its place and colour. A map without hips or with too few roles is refused.
void apply(SessionState& session, const command::SetRetargetSource& set, float viewAspect,
           std::ostream& err);
// The retargeted character's map, as formatJointMapFile writes it (core/retarget/
// joint_map_file.h), written to a temporary file and renamed over `path`; never over the files it
// was made from. The page writes it to its downloads folder and offers it.
void apply(SessionState& session, const command::SaveRetargetMap& save, float viewAspect,
           std::ostream& err);

// Once a frame: retargetings that finished show as new characters, or replace the character
// their map was edited for; one made for a map edited since is dropped.
void pollRetargets(SessionState& session, std::ostream& err);

} // namespace bvhscope::viewer
