// Retargeting in the viewer (issue 40): one open file's motion on another open file's skeleton,
// shown as a new character. What `bvhscope retarget` does (core/retarget), made off the frame
// loop: each retargeting runs on a thread of its own (RetargetBuild), as files load, so a long
// take never holds the window; the page, which has no threads, makes it at once.
//
// A retargeted character is known by its clip (the result's, shared with the scene's character):
// its record keeps the source and target clips it was made from, their roles and the joint map,
// so that an edited map makes it again (in its place, with its colour) even after either file
// was closed. The session applies the commands (retarget_commands.h); panels only read this.
#pragma once

#include "app/scene/character.h"
#include "app/scene/clip.h"
#include "core/retarget/joint_matching.h"
#include "core/retarget/rig_roles.h"

#include <atomic>
#include <cstdint>
#include <glm/vec4.hpp>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::viewer {

// What one retargeting is made from.
struct RetargetInputs {
    std::shared_ptr<const scene::Clip> source; // the motion
    std::shared_ptr<const scene::Clip> target; // the skeleton
    bvh::RigRoles sourceRoles;
    bvh::RigRoles targetRoles;
    bvh::JointMap map;
};

// One retargeting running on its thread. Its result is read once done() is true.
class RetargetBuild {
public:
    // Starts retargeting `inputs` for record `record`, its `generation`-th asked map.
    static std::unique_ptr<RetargetBuild> start(RetargetInputs inputs, std::uint64_t record,
                                                std::uint64_t generation);
    ~RetargetBuild() = default; // the thread is joined first (declared last)
    RetargetBuild(const RetargetBuild&) = delete;
    RetargetBuild& operator=(const RetargetBuild&) = delete;

    bool done() const { return done_.load(std::memory_order_acquire); }
    std::uint64_t record() const { return record_; }
    std::uint64_t generation() const { return generation_; }
    const RetargetInputs& inputs() const { return inputs_; }
    // Once done: the retargeted clip (named "SOURCE onto TARGET", no path), or why there is none.
    const std::shared_ptr<const scene::Clip>& result() const { return result_; }
    const std::string& error() const { return error_; }
    // Once done with a result: its character, made on the thread with the automatic up axis and
    // unit (its bounds over every frame, the costly part), taken once.
    scene::Character takeCharacter() { return std::move(character_); }

private:
    RetargetBuild(RetargetInputs inputs, std::uint64_t record, std::uint64_t generation);
    void run();

    RetargetInputs inputs_;
    std::uint64_t record_ = 0;
    std::uint64_t generation_ = 0;
    std::shared_ptr<const scene::Clip> result_;
    scene::Character character_;
    std::string error_;
    std::atomic<bool> done_{false};
    // Last: destroyed first, so the thread is joined before what it writes goes.
    std::jthread worker_;
};

// A retargeted character: how it was made, and the map asked for last.
struct RetargetedCharacter {
    std::uint64_t id = 0;
    RetargetInputs inputs;        // inputs.map: the map asked for last (shown in the panel)
    bvh::JointMap shownMap;       // the map the character shows now
    std::uint64_t generation = 0; // of the map asked for last; older builds are dropped
    glm::vec4 color{1.0f};        // the target's, when it was asked for
    std::weak_ptr<const scene::Clip> result; // the character's clip, while one shows it
};

struct Retargeting {
    std::vector<RetargetedCharacter> made;
    std::vector<std::unique_ptr<RetargetBuild>> running;
    std::uint64_t nextId = 1;
    // The last thing retargeting said (made, refused, saved), as the message line showed it.
    std::string lastMessage;

    // The record of the character showing `clip`; null when it is no retargeted character.
    const RetargetedCharacter* find(const scene::Clip* clip) const;
    RetargetedCharacter* find(const scene::Clip* clip);
    RetargetedCharacter* findId(std::uint64_t id);
    bool busy() const { return !running.empty(); }
};

// The name a retargeted clip shows: "walk onto rig.bvh".
std::string retargetedName(const scene::Clip& source, const scene::Clip& target);

} // namespace bvhscope::viewer
