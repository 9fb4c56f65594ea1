// The renderer's cost of a body against a capsule figure (issue 29: with 50 bodies the viewer's
// frame time on llvmpipe is at most twice that of 50 capsule figures). The bundled walk's body
// (core/body) and its capsule figure (bones 1.4 % and joints 2.2 % of the figure's height, as
// the viewer draws them), 50 side by side in a 1280x720 offscreen picture with shadows, drawn by
// SkeletonRenderer and finished (glFinish) each iteration: the draw alone, without the viewer's
// panels, sampling or skin transforms. The viewer end to end is `bvhscope --bench-render`.
// Figures are in the README; no timing is asserted anywhere.
#include "core/body/body_builder.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "render/draw/body_mesh_gpu.h"
#include "render/draw/skeleton_renderer.h"
#include "render/gl/headless_context.h"
#include "render/gl/render_target.h"
#include "render/math/camera.h"
#include "render/math/skinned_mesh.h"

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>
#include <vector>

namespace {

using namespace bvhscope::render;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
constexpr int kFigures = 50;
constexpr int kColumns = 10;
constexpr float kFigureHeight = 1.7f; // metres, as the viewer scales a figure

struct Figures {
    std::vector<BoneInstance> bones;
    std::vector<BoneInstance> joints;
    std::vector<SkinDualQuaternion> skin; // one figure's, shared by all
    std::vector<glm::vec4> colors;
    std::vector<BodyDraw> bodies;
    std::size_t bodyTriangles = 0;
    std::size_t bodyBytes = 0;    // the core's mesh in memory
    std::size_t bodyGpuBytes = 0; // its vertex and index buffers
    std::size_t bodyLevels = 0;
};

glm::vec3 toVec3(const glm::dvec3& v) {
    return glm::vec3(v);
}

class DrawBench {
public:
    DrawBench() {
        if (!context_.ok()) {
            error_ = context_.error();
            return;
        }
        target_.resize(kWidth, kHeight, 0); // llvmpipe: the viewer draws with no MSAA
        renderer_ = std::make_unique<SkeletonRenderer>();
        const bvh::Document document =
            bvh::loadDocument(std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh");
        const bvh::Skeleton& skeleton = document.skeleton;
        const std::size_t nodes = skeleton.nodeCount();
        std::vector<bvh::RigidTransform> local(nodes), world(nodes), restWorld(nodes);
        bvh::computeRestTransforms(skeleton, local);
        bvh::computeWorldTransforms(skeleton, local, restWorld);
        bvh::computeLocalTransforms(skeleton, document.motion.frame(0),
                                    bvh::detectTranslationMode(skeleton, document.motion), local);
        bvh::computeWorldTransforms(skeleton, local, world);

        const bvh::BodyResult body = bvh::buildBody(skeleton, bvh::BodyOptions{});
        if (!body.mesh) {
            error_ = "no body: " + body.message;
            return;
        }
        const bvh::BodyMesh& mesh = *body.mesh;
        std::vector<SkinnedMeshLevel> levels;
        for (const bvh::BodyDetailLevel& level : mesh.levels) {
            levels.push_back({level.firstIndex, level.indexCount});
        }
        mesh_ = BodyMeshGpu::upload(
            std::span(reinterpret_cast<const SkinnedVertex*>(mesh.vertices.data()),
                      mesh.vertices.size()),
            mesh.indices, levels, mesh.boundsMin, mesh.boundsMax);
        figures_.bodyTriangles = mesh.levels.front().indexCount / 3;
        figures_.bodyBytes = mesh.byteSize();
        figures_.bodyGpuBytes = mesh_.byteSize();
        figures_.bodyLevels = mesh.levels.size();
        const float scale = kFigureHeight / (mesh.boundsMax.y - mesh.boundsMin.y);

        for (std::size_t j = 0; j < nodes; ++j) {
            const glm::dquat q = world[j].rotation;
            const glm::dvec3 t = world[j].translation - q * restWorld[j].translation;
            figures_.skin.push_back(skinDualQuaternion(glm::quat(q), toVec3(t)));
            figures_.colors.push_back({0.95f, 0.6f, 0.25f, 1.0f});
        }
        for (int figure = 0; figure < kFigures; ++figure) {
            const glm::vec3 place(1.0f * static_cast<float>(figure % kColumns - kColumns / 2), 0.0f,
                                  -1.2f * static_cast<float>(figure / kColumns));
            glm::mat4 model = glm::translate(glm::mat4(1.0f), place);
            model = glm::scale(model, glm::vec3(scale));
            model = glm::translate(model, glm::vec3(0.0f, -mesh.boundsMin.y, 0.0f));
            BodyDraw draw;
            draw.mesh = &mesh_;
            draw.nodeTransforms = figures_.skin;
            draw.nodeColors = figures_.colors;
            draw.model = model;
            figures_.bodies.push_back(draw);
            for (std::size_t j = 0; j < nodes; ++j) {
                const glm::vec3 at = glm::vec3(model * glm::vec4(toVec3(world[j].translation), 1));
                figures_.joints.push_back({at, 0.022f * kFigureHeight, at, 0.0f, glm::vec4(1)});
                if (skeleton.parents[j] != bvh::kNoParent) {
                    const glm::vec3 from = glm::vec3(
                        model *
                        glm::vec4(
                            toVec3(
                                world[static_cast<std::size_t>(skeleton.parents[j])].translation),
                            1));
                    figures_.bones.push_back(
                        {from, 0.014f * kFigureHeight, at, 0.0f, glm::vec4(1)});
                }
            }
        }
        camera_.target = glm::vec3(-0.5f, 0.8f, -2.4f);
        camera_.distance = 9.0f;
        camera_.yawRadians = 0.0f;
        camera_.pitchRadians = 0.35f;
    }
    ~DrawBench() {
        mesh_ = BodyMeshGpu();
        renderer_.reset();
        target_ = MultisampleTarget();
    }

    const std::string& error() const { return error_; }
    const Figures& figures() const { return figures_; }

    void draw(bool bodies) {
        ViewParameters view;
        const float aspect = static_cast<float>(kWidth) / kHeight;
        view.viewProjection = projectionMatrix(camera_, aspect) * viewMatrix(camera_);
        view.eyePosition = eyePosition(camera_);
        view.minRadiusPerDistance =
            pixelRadiusPerDistance(0.75f, camera_.verticalFovRadians, kHeight);
        view.radiusPerPixelPerDistance =
            pixelRadiusPerDistance(1.0f, camera_.verticalFovRadians, kHeight);
        SkeletonStyle style;
        style.bones = bodies ? BoneStyle::Body : BoneStyle::Capsule;
        style.drawJoints = !bodies;
        target_.bind();
        glViewport(0, 0, kWidth, kHeight);
        glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);
        if (bodies) {
            renderer_->drawSkeletons(view, {}, {}, style, figures_.bodies);
        } else {
            renderer_->drawSkeletons(view, figures_.bones, figures_.joints, style);
        }
        glFinish();
    }

private:
    HeadlessContext context_;
    MultisampleTarget target_;
    std::unique_ptr<SkeletonRenderer> renderer_;
    BodyMeshGpu mesh_;
    Figures figures_;
    OrbitCamera camera_;
    std::string error_;
};

DrawBench& bench() {
    static DrawBench instance;
    return instance;
}

void BM_Draw50Figures(benchmark::State& state, bool bodies) {
    DrawBench& drawing = bench();
    if (!drawing.error().empty()) {
        state.SkipWithError(drawing.error().c_str());
        return;
    }
    for (auto _ : state) {
        drawing.draw(bodies);
    }
    if (bodies) {
        state.counters["body_triangles"] = static_cast<double>(drawing.figures().bodyTriangles);
        state.counters["body_bytes"] = static_cast<double>(drawing.figures().bodyBytes);
        state.counters["body_gpu_bytes"] = static_cast<double>(drawing.figures().bodyGpuBytes);
        state.counters["body_levels"] = static_cast<double>(drawing.figures().bodyLevels);
    } else {
        state.counters["bones"] = static_cast<double>(drawing.figures().bones.size());
    }
}
BENCHMARK_CAPTURE(BM_Draw50Figures, capsules, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Draw50Figures, bodies, true)->Unit(benchmark::kMillisecond);

} // namespace
