#include "core/body/body_builder.h"

#include "core/body/body_cuff_weights.h"
#include "core/body/body_figure.h"
#include "core/body/body_gap.h"
#include "core/body/body_grid.h"
#include "core/body/body_hand_pieces.h"
#include "core/body/body_marching.h"
#include "core/body/body_mesh_checks.h"
#include "core/body/body_mesh_flips.h"
#include "core/body/body_mesh_normals.h"
#include "core/body/body_mesh_pinches.h"
#include "core/body/body_roles.h"
#include "core/body/body_weights.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <glm/geometric.hpp>
#include <initializer_list>
#include <iterator>
#include <meshoptimizer.h>
#include <optional>
#include <span>
#include <system_error>
#include <thread>

namespace bvh {
namespace {

// [SECTION] Budgets
// The finest level: about 8000 triangles shows a human's wrists and ankles round at any size a
// viewer draws; coarser levels for figures far away or many at once.
constexpr std::size_t kFineTriangles = 8000;
// Tries per level's budget: the budget, a quarter more, twice it.
constexpr std::size_t kFineTriangleTries[] = {4, 5, 8};
constexpr std::size_t kFineTriangleTryDivisor = 4;
// The most triangles a finest level of `budget` holds, whatever the skeleton: the last try's. Every
// corpus capture and generated rig closes at the first try (8 000; their marched surfaces hold
// 18 000 to 61 000 triangles), but a hub of 300 short spokes marched 500 732 triangles that no
// try closed (meshoptimizer stalled at 28 600 on its error bound), and keeping that surface
// whole took 9 s and drew a 250 000-vertex body.
constexpr std::size_t mostFineTriangles(std::size_t budget) {
    return budget * kFineTriangleTries[std::size(kFineTriangleTries) - 1] / kFineTriangleTryDivisor;
}
// A hand meshed as a piece of its own (body_hand_pieces.h): its finest level's budget, its
// coarser levels' the same fractions of it as the figure's; the samples its grid may hold.
constexpr std::size_t kHandFineTriangles = 1500;
constexpr std::size_t kHandSampleDivisor = 8;
// The figure's finest level beside two hands' pieces: the whole body then holds about 9 000
// triangles, near the 8 000 of one surface. Which slivers the figure's simplification leaves moves
// with the budget (bvhscope_measure_viewer_tears, own frames: edges past 4x, worst): at 6 000
// threejs_pirouette 0 at 3.5x, Perception Neuron 0 at 3.4x; at 7 300 threejs_pirouette 4 at 6.1x
// (a sliver at its chest that the one surface at 8 000 does not have: 0 at 3.3x), Neuron 2 at
// 5.0x and Rokoko's skin frames 2 -> 4 past 4x; at 8 000 threejs_pirouette's chest 4 at 5.8x,
// Neuron's flips 204 -> 227. (The Poser-style armpit's folds, BodyArmpit.AT_APoser..., which a
// median over ten grid phases put at 33 to 37 across these budgets, are the same over forty: a
// mean of 28.8 at 6 000, 28.6 for the one surface.)
constexpr std::size_t kFineTrianglesBesideHands = 6000;
// How much thinner than the forearm a hand's cuff is (splitHandPieces), in the figure's cells. The
// figure's forearm is simplified to its level's error (up to a third of a cell here and there),
// so its facets wander about its true surface; where the sleeve's rounded end dives into the
// cuff, the line the two surfaces cross on moves along the arm by that wander over the tangent of
// the angle they cross at. At a tenth of a cell they crossed at about 21 degrees on a person's
// wrist, a ragged line up to a cell long round every wrist (a torn edge, and a crown of the cuff's
// facets where the sleeve sank); at 0.3 at about 37, a sleeve's clean edge with a step of 0.3
// cell (8 mm on a person). At 0.15 a generated Unreal 5 rig's hand pieces did not all close
// (not looked into further; they close at 0.1 and at 0.3), and the figure fell back to the one
// surface, mittens and all.
constexpr float kCuffMarginInCells = 0.3f;
// When no level within mostFineTriangles(budget) closes, the figure is meshed again on a grid of an
// eighth the samples (cells twice as wide: a quarter the surface, and thin volumes fused rather
// than slit), at most this many times, then kept as capsules. The hub closes at 8 000 triangles
// on the second retry (16 384 samples), a 1 555-joint tree of fan-out 6 at 15 940 on the first.
constexpr int kCoarserGridRetries = 2;
constexpr std::size_t kCoarserGridSampleDivisor = 8;
constexpr std::size_t kCoarserDivisors[] = {3, 10};
// meshoptimizer's error bound per level, of the mesh's extent: the fine level may move the
// surface by 0.5 %, the coarsest by 5 %.
constexpr float kFineError = 0.005f;
constexpr float kCoarserErrors[] = {0.02f, 0.05f};
// The signed distance's cost cap (volumes times samples, brick by brick): a 65-joint human needs
// about 2 million, a thousand-joint rig a few tens of millions; beyond this the body falls back.
constexpr std::size_t kMaxDistanceEvaluations = std::size_t{64} << 20;
constexpr float kThickenedBlendInCells = 2.5f;
// Skinning weights fall from the nearest volume's to zero over this part of a volume's radius
// (and at least a cell), so a joint bends over the width of the limb.
constexpr float kWeightFalloff = 0.6f;
// On bones thickened to the grid (weightFalloff), a bone's weight also falls to zero over this
// share of its length beyond its axis' ends: a fist of a full-body biped (fingers curled 60 to 110
// degrees at each joint) then keeps every edge within 4x under linear blending; 0.4 and 0.75
// left edges at 5x, and 0.6 let dual quaternions stretch edges 18x at 110 degrees.
constexpr float kThickenedBoneFalloff = 0.5f;
// Rounds of smoothing the weights along the surface (body_weights.h): enough that where two
// bones' volumes meet, the change of weights spreads over a few triangles.
constexpr int kWeightSmoothingRounds = 8;
// Where weights blend far from the joint their bones turn about (body_weights.h's
// FarBlendSmoothing: a limb the bind pose laid against the trunk), beyond this many of the lower
// bone's radii from it, they are smoothed up to kFarBlendRounds rounds. Under linear blending
// with arms raised overhead, kicks and knee bends (tools/sweep_body.py's big_motion, 120 keys), a
// Bandai-style take bound with an elbow on the waist held 99.75 % of edges within 4x after 8
// rounds (27 keys under 99.9 %), 99.86 % so (7 keys); a CMU take bound with a thigh kicked along
// the belly 99.43 % and 99.51 %. Wider or longer spreads thin the limbs a rest pose hangs and the
// crotch of a split thigh: 32 rounds everywhere held 99.98 % there, but the Bandai-style body
// fell from 2.05 to 2.03 times the capsules' area; 32 rounds within 2 radii, 2.04; 24 or more
// within 2.5 radii stretched a thigh split at a fifth (MakeHuman's upperleg01) past its bound.
constexpr float kFarBlendReach = 2.5f;
constexpr int kFarBlendRounds = 20;
// Rounds in all where a trunk bone and a thigh blend (a hip: body_weights.h).
// A CMU-like biped's thighs kicked 100 degrees forward and 60 out stretched the edges between
// its buttocks 5.13x under linear blending after 20 rounds, 3.92x after 30 (the back of a
// Mixamo-like one's thigh, 25 cm below the hip, where the knee's bone blends too: 4.26x, 4.09x).
// Since then the hip's other blends hold that kick without them: its worst edge 2.36x to 2.71x
// over test::kTipFactors' builds with 30 rounds, 2.33x to 2.57x with none
// (BodyWeights.ThighsKicked... no longer tells them apart).
constexpr int kJunctionRounds = 30;
// Rounds more for the vertices of short edges (body_weights.h's FarBlendSmoothing::
// shortEdgeRounds): over ten grid phases a Poser-style arm falling and rising from a T-pose
// stretched its armpit's worst edge 2.56x to 4.37x under linear blending (at half a cell along x
// 2 edges over 4x in a frame, 12 over the clip's frames), with 8 rounds more 2.11x to 4.06x (2
// over the frames), with 16 2.03x to 3.79x (none), with 32 1.98x to 3.50x.
constexpr int kShortEdgeRounds = 16;
// The width, in the limb's radius, over which the crotch between two limbs leaving one joint
// passes to that joint (body_gap.h's limbBridgeWeight): 0.6 left 8x stretched edges with legs
// spread 90 degrees apart, 1 some at 4.2x, 1.5 none over 3.5x; a Perception Neuron capture went
// from 99.89 % to 99.99 % of edges within 4x under linear blending.
constexpr float kLimbBridgeWidth = 1.5f;

BodyResult fallback(std::string message) {
    return {nullptr, "body: " + message + "; drawn as capsules"};
}

void thickenThinVolumes(std::vector<BodyVolume>& volumes, float cell) {
    const float minimum = kMinimumRadiusInCells * cell;
    for (BodyVolume& volume : volumes) {
        if (volume.shape == BodyVolume::Shape::RoundCone &&
            std::min(volume.radiusA, volume.radiusB) < minimum) {
            const BodyVolume thick =
                makeRoundCone(volume.a, volume.b, std::max(volume.radiusA, minimum),
                              std::max(volume.radiusB, minimum));
            volume.radiusA = thick.radiusA;
            volume.radiusB = thick.radiusB;
            volume.boundsMin = thick.boundsMin;
            volume.boundsMax = thick.boundsMax;
            // Thickened volumes (fingers on a coarse grid) fuse with their neighbours over two
            // cells rather than leave gaps thinner than a cell, which simplification pinches.
            volume.blend = std::max(volume.blend, kThickenedBlendInCells * cell);
            volume.belowGrid = true;
        }
    }
}

// [SECTION] Levels of detail
struct Levels {
    std::vector<std::uint32_t> indices;
    std::vector<BodyDetailLevel> levels;
};

std::vector<std::uint32_t> simplified(const RawBodySurface& surface,
                                      std::span<const std::uint32_t> from, std::size_t triangles,
                                      float error) {
    std::vector<std::uint32_t> result(from.size());
    const std::size_t count = meshopt_simplify(result.data(), from.data(), from.size(),
                                               &surface.positions[0].x, surface.positions.size(),
                                               sizeof(glm::vec3), triangles * 3, error, 0, nullptr);
    result.resize(count);
    return result;
}

// Removes pairs of triangles on the same three vertices facing opposite ways: the zero-volume
// flaps an edge collapse sometimes leaves where a vertex had three neighbours, which make their
// edges four-sided. Without them the surface around is closed again.
void removeFlaps(std::vector<std::uint32_t>& indices) {
    struct Keyed {
        std::array<std::uint32_t, 3> sorted;
        bool even; // the triangle's order is an even permutation of `sorted`
        std::size_t at;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(indices.size() / 3);
    for (std::size_t t = 0; t < indices.size(); t += 3) {
        std::array<std::uint32_t, 3> v = {indices[t], indices[t + 1], indices[t + 2]};
        // Rotate the smallest first (keeps the orientation), then compare the other two.
        const std::size_t first =
            static_cast<std::size_t>(std::min_element(v.begin(), v.end()) - v.begin());
        std::rotate(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(first), v.end());
        const bool even = v[1] < v[2];
        if (!even) {
            std::swap(v[1], v[2]);
        }
        keyed.push_back({v, even, t});
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const Keyed& a, const Keyed& b) { return a.sorted < b.sorted; });
    std::vector<std::uint8_t> removed(indices.size() / 3, 0);
    bool any = false;
    for (std::size_t k = 0; k + 1 < keyed.size(); ++k) {
        if (keyed[k].sorted == keyed[k + 1].sorted && keyed[k].even != keyed[k + 1].even) {
            removed[keyed[k].at / 3] = removed[keyed[k + 1].at / 3] = 1;
            any = true;
            ++k;
        }
    }
    if (!any) {
        return;
    }
    std::size_t kept = 0;
    for (std::size_t t = 0; t < indices.size(); t += 3) {
        if (removed[t / 3] == 0) {
            std::copy_n(indices.begin() + static_cast<std::ptrdiff_t>(t), 3,
                        indices.begin() + static_cast<std::ptrdiff_t>(kept));
            kept += 3;
        }
    }
    indices.resize(kept);
}

// Whether `level` is closed (isClosedSurface) once the flaps (removeFlaps) and pinched sheets
// (separatePinchedSheets, its copies of vertices appended to `surface`) a simplification left
// are undone.
bool closeLevel(RawBodySurface& surface, std::vector<std::uint32_t>& level) {
    removeFlaps(level);
    if (isClosedSurface(level)) {
        return true;
    }
    separatePinchedSheets(surface.positions, level);
    return isClosedSurface(level);
}

// The finest level: the marched surface when it is within the first try that it is not over,
// else the first try's simplification that closes (closeLevel). Empty when none of at most
// mostFineTriangles(budget) closes.
std::vector<std::uint32_t> finestLevel(RawBodySurface& surface, std::size_t budget) {
    for (const std::size_t share : kFineTriangleTries) {
        const std::size_t triangles = budget * share / kFineTriangleTryDivisor;
        if (surface.indices.size() / 3 <= triangles) {
            return surface.indices; // closed by construction
        }
        std::vector<std::uint32_t> smaller =
            simplified(surface, surface.indices, triangles, kFineError);
        if (smaller.size() / 3 > mostFineTriangles(budget)) {
            // The error bound, not the target, ended it: a larger target ends at the same.
            return {};
        }
        if (closeLevel(surface, smaller)) {
            return smaller;
        }
    }
    return {};
}

// No levels when the finest cannot be made (finestLevel). `budget`: the finest level's triangles
// (kFineTriangles; a hand's piece kHandFineTriangles).
Levels makeLevels(RawBodySurface& surface, std::size_t budget) {
    std::vector<std::uint32_t> fine = finestLevel(surface, budget);
    if (fine.empty()) {
        return {};
    }
    std::vector<std::vector<std::uint32_t>> all{fine};
    for (std::size_t k = 0; k < std::size(kCoarserDivisors); ++k) {
        const std::size_t target = budget / kCoarserDivisors[k];
        if (fine.size() / 3 <= target * 3 / 2) {
            break; // already about that small
        }
        // Each coarser level from the one before: cheaper, and as good at these ratios.
        std::vector<std::uint32_t> coarser =
            simplified(surface, all.back(), target, kCoarserErrors[k]);
        // meshoptimizer keeps topology nearly always; a level that lost it is left out.
        if (closeLevel(surface, coarser) && coarser.size() < all.back().size()) {
            all.push_back(std::move(coarser));
        }
    }
    Levels levels;
    for (std::vector<std::uint32_t>& level : all) {
        meshopt_optimizeVertexCache(level.data(), level.data(), level.size(),
                                    surface.positions.size());
        levels.levels.push_back({static_cast<std::uint32_t>(levels.indices.size()),
                                 static_cast<std::uint32_t>(level.size())});
        levels.indices.insert(levels.indices.end(), level.begin(), level.end());
    }
    return levels;
}

// [SECTION] Meshing
// One closed piece of the body (the figure's own surface, or a hand's: body_hand_pieces.h)
// meshed on its grid, with what the vertices' attributes read back.
struct MeshedPiece {
    std::vector<BodyVolume> volumes; // thickened to the grid (thickenThinVolumes)
    BodyGrid grid;
    std::vector<float> distance; // per sample
    RawBodySurface surface;
    Levels levels; // none: no closed level within twice the budget on this grid
};

// How a piece is sampled and simplified.
struct PieceGrid {
    std::size_t maxSamples = kDefaultBodyMaxSamples;
    glm::vec3 phase{0.0f};
    float firstCell = kBodyCellOfFigure; // planBodyGrid's
    std::size_t budget = kFineTriangles; // makeLevels'
    // The volumes the grid is laid over (planBodyGrid), when not the piece's own: the figure's
    // piece is sampled where the whole figure, hands and all, puts its samples, so that away from
    // the wrists it is marched as without pieces (a grid laid over the figure less its hands moved
    // every sample, and every simplification's sliver with it).
    std::span<const BodyVolume> laidOver;
};

// Meshes `meshed.volumes` on a grid as `plan` says. False, with `problem` saying why, when there
// is no surface or the build was cancelled.
bool meshPiece(MeshedPiece& meshed, const PieceGrid& plan, std::stop_token stop,
               std::string& problem) {
    if (!planBodyGrid(plan.laidOver.empty() ? meshed.volumes : plan.laidOver, plan.maxSamples,
                      kMaxDistanceEvaluations, meshed.grid, problem, plan.phase, plan.firstCell)) {
        return false;
    }
    thickenThinVolumes(meshed.volumes, meshed.grid.cell);
    if (!indexBodyGrid(meshed.volumes, kMaxDistanceEvaluations, meshed.grid, problem)) {
        return false;
    }
    meshed.distance = sampleBodyDistance(meshed.volumes, meshed.grid, stop);
    meshed.surface = {};
    if (stop.stop_requested() ||
        !marchBodySurface(meshed.grid, meshed.distance, stop, meshed.surface)) {
        problem = "cancelled";
        return false;
    }
    if (meshed.surface.indices.empty()) {
        problem = "the volumes left no surface";
        return false;
    }
    meshed.levels = makeLevels(meshed.surface, plan.budget);
    if (stop.stop_requested()) {
        problem = "cancelled";
        return false;
    }
    return true;
}

// The figure's own piece from `volumes`: on coarser grids while no level closes
// (kCoarserGridRetries). False, with `problem`, when there is none.
bool meshFigurePiece(std::span<const BodyVolume> volumes, std::span<const BodyVolume> laidOver,
                     const BodyOptions& options, std::stop_token stop, MeshedPiece& meshed,
                     std::string& problem) {
    PieceGrid plan{options.maxSamples, options.gridPhase, kBodyCellOfFigure,
                   laidOver.empty() ? kFineTriangles : kFineTrianglesBesideHands, laidOver};
    for (int retry = 0;; ++retry) {
        meshed.volumes.assign(volumes.begin(), volumes.end());
        if (!meshPiece(meshed, plan, stop, problem)) {
            return false;
        }
        if (!meshed.levels.levels.empty()) {
            return true;
        }
        if (retry == kCoarserGridRetries) {
            problem = "no closed surface of at most " +
                      std::to_string(mostFineTriangles(plan.budget)) +
                      " triangles, even on a grid of " + std::to_string(meshed.grid.sampleCount()) +
                      " samples";
            return false;
        }
        plan.maxSamples = std::max<std::size_t>(plan.maxSamples / kCoarserGridSampleDivisor, 1);
    }
}

// How a hand's piece is sampled beside a figure sampled on cells `figureCell` wide.
PieceGrid handPieceGrid(const BodyOptions& options, float figureCell) {
    return {options.maxSamples / kHandSampleDivisor,
            options.gridPhase,
            figureCell / static_cast<float>(kBodyHandCellDivisor),
            kHandFineTriangles,
            {}};
}

// The hands' pieces (body_hand_pieces.h) meshed in order beside a figure of cells `figureCell`
// wide (handPieceGrid), up to the first that does not close.
struct MeshedHands {
    float figureCell = 0.0f; // the figure's cell the hands' grids were planned from; 0: none yet
    std::vector<MeshedPiece> pieces;
    bool closed = false;
    std::string problem; // why the last one did not close
};

void meshHands(const BodyPieceVolumes& split, const BodyOptions& options, float figureCell,
               std::stop_token stop, MeshedHands& hands) {
    hands.figureCell = figureCell;
    hands.closed = true;
    const PieceGrid plan = handPieceGrid(options, figureCell);
    for (const std::vector<BodyVolume>& handVolumes : split.hands) {
        MeshedPiece& piece = hands.pieces.emplace_back();
        piece.volumes = handVolumes;
        if (!meshPiece(piece, plan, stop, hands.problem) || piece.levels.levels.empty()) {
            hands.closed = false;
            return;
        }
    }
}

// The cell of the figure's grid as meshFigurePiece first plans it over all `volumes` (hands
// and all); 0 where it cannot be planned (the figure then fails as well).
float firstFigureCell(std::span<const BodyVolume> volumes, const BodyOptions& options) {
    BodyGrid grid;
    std::string problem;
    return planBodyGrid(volumes, options.maxSamples, kMaxDistanceEvaluations, grid, problem,
                        options.gridPhase, kBodyCellOfFigure)
               ? grid.cell
               : 0.0f;
}

// Meshes the hands (meshHands) on a thread of its own, from the figure's first planned cell,
// while the caller meshes the figure (BodyOptions::concurrentHands): joined when it goes. Starts
// nothing where no thread can be started: the web page is built without threads (Emscripten's
// std::thread would only fail, after a warning on the page's console), and elsewhere a thread
// the system refuses leaves the hands to the caller.
class HandsThread {
public:
    HandsThread(const BodyPieceVolumes& split, std::span<const BodyVolume> volumes,
                const BodyOptions& options, std::stop_token stop) {
#ifdef __EMSCRIPTEN__
        static_cast<void>(split);
        static_cast<void>(volumes);
        static_cast<void>(options);
        static_cast<void>(stop);
#else
        const float cell = firstFigureCell(volumes, options);
        if (!(cell > 0.0f)) {
            return;
        }
        try {
            thread_ = std::thread([this, &split, &options, cell, stop] {
                try {
                    meshHands(split, options, cell, stop, hands_);
                } catch (...) { // (out of memory) an exception may not leave a thread
                    failure_ = std::current_exception();
                }
            });
        } catch (const std::system_error&) {
        }
#endif
    }
    HandsThread(const HandsThread&) = delete;
    HandsThread& operator=(const HandsThread&) = delete;
    ~HandsThread() {
        join();
    }
    // The hands it meshed (none where it started none), once it has ended.
    MeshedHands take() {
        join();
        if (failure_) {
            std::rethrow_exception(failure_);
        }
        return std::move(hands_);
    }

private:
    void join() {
        if (thread_.joinable()) {
            thread_.join();
        }
    }
    MeshedHands hands_;
    std::exception_ptr failure_;
    std::thread thread_; // started once the rest is made; joined before the rest goes
};

// The body's pieces: the figure's own, then each hand's meshed apart (body_hand_pieces.h) on
// cells kBodyHandCellDivisor times finer than the figure's, on a thread of their own while the
// figure is meshed (BodyOptions::concurrentHands; meshed again here if the figure ended on a
// coarser grid than planned). Where a hand's piece or the figure beside the hands does not
// close, the figure is meshed whole as one piece, hands and all. False, with `problem`, when
// the figure cannot be made.
bool meshPieces(std::span<const BodyVolume> volumes, const BodyOptions& options,
                std::stop_token stop, std::vector<MeshedPiece>& pieces, std::string& problem) {
    pieces.assign(1, {});
    const BodyPieceVolumes split = splitHandPieces(volumes, kCuffMarginInCells * kBodyCellOfFigure);
    if (split.hands.empty()) {
        return meshFigurePiece(volumes, {}, options, stop, pieces[0], problem);
    }
    MeshedHands hands;
    bool figureClosed = true;
    {
        std::optional<HandsThread> concurrent;
        if (options.concurrentHands) {
            concurrent.emplace(split, volumes, options, stop);
        }
        figureClosed = meshFigurePiece(split.figure, volumes, options, stop, pieces[0], problem);
        if (figureClosed && concurrent) {
            hands = concurrent->take();
        }
    }
    if (!figureClosed) {
        if (stop.stop_requested()) {
            return false;
        }
        // Beside hands the figure's budget is kFineTrianglesBesideHands: the one surface, hands
        // and all, has kFineTriangles, and may close where the figure did not.
        pieces.assign(1, {});
        return meshFigurePiece(volumes, {}, options, stop, pieces[0], problem);
    }
    if (hands.figureCell != pieces[0].grid.cell) {
        hands = {};
        meshHands(split, options, pieces[0].grid.cell, stop, hands);
    }
    if (!hands.closed) {
        if (stop.stop_requested()) {
            problem = hands.problem;
            return false;
        }
        pieces.assign(1, {});
        return meshFigurePiece(volumes, {}, options, stop, pieces[0], problem);
    }
    std::move(hands.pieces.begin(), hands.pieces.end(), std::back_inserter(pieces));
    return true;
}

// [SECTION] Vertex attributes
struct JointWeight {
    NodeIndex joint = kNoParent;
    float weight = 0.0f;
};

// The neighbour table of the last brick a vertex was in: the surface's vertices come brick row
// by brick row, so most share their predecessor's (listing it for each vertex cost as much as
// the distance itself on a 1000-joint rig).
class BrickNeighbours {
public:
    const BodyNeighbourTable& of(std::span<const BodyVolume> volumes,
                                 std::span<const std::uint32_t> candidates) {
        if (candidates.data() != listed_.data() || candidates.size() != listed_.size()) {
            listBodyNeighbours(volumes, candidates, table_);
            listed_ = candidates;
        }
        return table_;
    }

private:
    std::span<const std::uint32_t> listed_;
    BodyNeighbourTable table_;
};

// Writes the 4 largest of `joints` to `vertex`, in descending order, normalised; all zero when
// `joints` is empty.
void keepStrongestWeights(std::vector<JointWeight>& joints, BodyVertex& vertex) {
    std::sort(joints.begin(), joints.end(),
              [](const JointWeight& a, const JointWeight& b) { return a.weight > b.weight; });
    joints.resize(std::min<std::size_t>(joints.size(), 4));
    float total = 0.0f;
    for (const JointWeight& j : joints) {
        total += j.weight;
    }
    vertex.joints = {};
    vertex.weights = {};
    for (std::size_t k = 0; k < joints.size(); ++k) {
        vertex.joints[k] = static_cast<std::uint16_t>(joints[k].joint);
        vertex.weights[k] = joints[k].weight / total;
    }
}

// How far behind the nearest volume a volume's weight falls to zero (kWeightFalloff of its
// radius, at least a cell).
float weightFalloffWidth(const BodyVolume& volume, float cell) {
    return std::max(kWeightFalloff * volume.largestRadius(), cell);
}

// How far p lies beyond the ends of a round cone's axis, measured along it (0 beside the axis).
float beyondAxisEnds(const BodyVolume& volume, const glm::vec3& p) {
    const glm::vec3 axis = volume.b - volume.a;
    const float length = glm::length(axis);
    if (!(length > 0.0f)) {
        return 0.0f;
    }
    const float along = glm::dot(p - volume.a, axis) / length;
    return std::max({0.0f, -along, along - length});
}

// A bone thickened to the grid (a finger, a toe on a full-body figure): its radius is the grid's,
// often more than its length, not its own.
bool isThickenedBone(const BodyVolume& volume) {
    return volume.belowGrid && volume.shape == BodyVolume::Shape::RoundCone;
}

// How far behind the nearest volume (`nearestVolume`, at nearestDistance) a volume at `distance`
// lies, as a share of its weight's falloff (0: as near, 1 or more: no weight). On thickened bones
// the distances to a chain's bones differ by a fraction of a cell a few centimetres above their
// axes (the surface of a fused hand), so phalanges of one finger all got nearly equal weights and
// curling pulled each vertex three ways (a fist's shards); there a bone also falls off with how
// far p lies beyond its axis' ends, over half its length, as a rigger paints along a finger.
float weightFalloff(const BodyVolume& volume, float distance, const BodyVolume& nearestVolume,
                    float nearestDistance, float cell, const glm::vec3& p) {
    float behind = (distance - nearestDistance) / weightFalloffWidth(volume, cell);
    if (isThickenedBone(nearestVolume) && isThickenedBone(volume)) {
        const float length = glm::length(volume.b - volume.a);
        const float beyond = beyondAxisEnds(volume, p) - beyondAxisEnds(nearestVolume, p);
        if (length > 0.0f) {
            behind = std::max(behind, beyond / (kThickenedBoneFalloff * length));
        }
    }
    return std::clamp(behind, 0.0f, 1.0f);
}

// Weights from the nearest volume (`nearest`) and its neighbours `near` (at `distances`; the
// nearest at nearestDistance): each falls from 1 to 0 as its volume lies farther behind the
// nearest (weightFalloff). All zero when none is left.
// `joints`: scratch, reused from vertex to vertex.
void assignVertexWeights(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> near,
                         std::span<const float> distances, std::uint32_t nearest,
                         float nearestDistance, float cell, const glm::vec3& p,
                         std::vector<JointWeight>& joints, BodyVertex& vertex) {
    joints.clear();
    for (std::size_t k = 0; k < near.size(); ++k) {
        const BodyVolume& volume = volumes[near[k]];
        const float s =
            weightFalloff(volume, distances[k], volumes[nearest], nearestDistance, cell, p);
        const float weight = 1.0f - s * s * (3.0f - 2.0f * s);
        if (weight <= 0.0f) {
            continue;
        }
        const auto same = std::find_if(joints.begin(), joints.end(), [&](const JointWeight& j) {
            return j.joint == volume.joint;
        });
        if (same != joints.end()) {
            same->weight = std::max(same->weight, weight);
        } else {
            joints.push_back({volume.joint, weight});
        }
    }
    keepStrongestWeights(joints, vertex);
}

// Gives `bridge.joint` its share of the vertex's weights (body_gap.h's limbBridgeWeight), the
// other joints the rest in proportion.
// `joints`: scratch.
void shareWithLimbBridge(const LimbBridgeWeight& bridge, std::vector<JointWeight>& joints,
                         BodyVertex& vertex) {
    if (bridge.joint == kNoParent || !(bridge.share > 0.0f)) {
        return;
    }
    joints.assign(1, {bridge.joint, bridge.share});
    for (std::size_t k = 0; k < 4 && vertex.weights[k] > 0.0f; ++k) {
        const float rest = vertex.weights[k] * (1.0f - bridge.share);
        if (static_cast<NodeIndex>(vertex.joints[k]) == bridge.joint) {
            joints.front().weight += rest;
        } else {
            joints.push_back({static_cast<NodeIndex>(vertex.joints[k]), rest});
        }
    }
    keepStrongestWeights(joints, vertex);
}

// The largest radius of `nearest`'s straight run of bones among the `candidates` near the point
// (BodyVolume::runStartJoint): the crotch between two thighs split into bones along one line
// passes to the pelvis over the width the unsplit thigh's top gives it. With the second bone's
// own, narrower radius it passed over two thirds of that width below the split, and under linear
// blending its edges stretched 4.2x where the unsplit thigh's stretch 3.5x.
float runRadius(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> candidates,
                std::uint32_t nearest) {
    const BodyVolume& limb = volumes[nearest];
    float radius = limb.largestRadius();
    const glm::vec3 along = limb.b - limb.a;
    if (limb.runStartJoint == kNoParent || limb.shape != BodyVolume::Shape::RoundCone) {
        return radius;
    }
    // Bones leaving one joint apart (a crab's legs from its hub) start runs of their own.
    for (const std::uint32_t k : candidates) {
        const BodyVolume& bone = volumes[k];
        const glm::vec3 direction = bone.b - bone.a;
        if (bone.shape == BodyVolume::Shape::RoundCone && bone.mass == kNoMass &&
            runStart(bone) == limb.runStartJoint &&
            glm::dot(direction, along) >=
                kRunAlignment * glm::length(direction) * glm::length(along)) {
            radius = std::max(radius, bone.largestRadius());
        }
    }
    return radius;
}

// What describeVertex reuses from one vertex to the next (a body has thousands): its brick's
// neighbour table and room for the distances and weights.
struct VertexScratch {
    BrickNeighbours brickNeighbours;
    std::vector<float> all;
    std::vector<std::uint32_t> near;
    std::vector<float> distances;
    std::vector<JointWeight> joints;
};

// `sampled`: the distance the surface was marched from, for the normals' wide gradient.
// `heads`: per node, whether its bones are a head's (body_roles' Head).
void describeVertex(std::span<const BodyVolume> volumes, const BodyGrid& grid,
                    const BodySampledField& sampled, std::span<const std::uint8_t> heads,
                    const glm::vec3& p, VertexScratch& scratch, BodyVertex& vertex,
                    glm::vec3& axisPoint, bool& onThickenedBone) {
    const std::span<const std::uint32_t> candidates = grid.volumesNear(p);
    const BodyNeighbourTable& neighbours = scratch.brickNeighbours.of(volumes, candidates);
    const float step = 0.5f * grid.cell;
    float nearestDistance = kBodyFarOutside;
    std::uint32_t nearest = candidates.empty() ? 0 : candidates[0];
    std::vector<float>& all = scratch.all;
    all.resize(candidates.size());
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        all[k] = signedDistance(volumes[candidates[k]], p);
        if (all[k] < nearestDistance) {
            nearestDistance = all[k];
            nearest = candidates[k];
        }
    }
    // Weights come from the nearest volume and those of its hierarchy neighbours within their
    // blend (and a step) of it: never from a volume the rest pose merely touches (an arm resting
    // on the hip), which would tear the surface when the arm rises.
    std::vector<std::uint32_t>& near = scratch.near;
    std::vector<float>& distances = scratch.distances;
    near.clear();
    distances.clear();
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const BodyVolume& volume = volumes[candidates[k]];
        const float width = weightFalloffWidth(volume, grid.cell);
        const bool related =
            candidates[k] == nearest || areHierarchyNeighbours(volumes[nearest], volume);
        if (related && all[k] < nearestDistance + std::max(volume.blend + 2.0f * step, width)) {
            near.push_back(candidates[k]);
            distances.push_back(all[k]);
        }
    }
    const float gap = kBodyGapInCells * grid.cell;
    axisPoint = volumes.empty() ? p : volumes[nearest].nearestAxisPoint(p);
    onThickenedBone = !volumes.empty() && isThickenedBone(volumes[nearest]);
    const glm::vec3 away = p - axisPoint;
    const float awayLength = glm::length(away);
    vertex.normal = bodySurfaceNormal(
        [&](const glm::vec3& at) {
            return bodyDistance(volumes, candidates, at, kBodyFarOutside, gap, &neighbours);
        },
        sampled, p, awayLength > 0.0f ? away / awayLength : glm::vec3(0.0f, 1.0f, 0.0f));
    assignVertexWeights(volumes, near, distances, nearest, nearestDistance, grid.cell, p,
                        scratch.joints, vertex);
    if (vertex.weights[0] <= 0.0f) {
        vertex.joints[0] =
            static_cast<std::uint16_t>(std::max<NodeIndex>(volumes[nearest].joint, 0));
        vertex.weights[0] = 1.0f;
    }
    // A head is no limb: the crotch a limb bridge weights to the joint two limbs leave does not
    // lie under a chin. On a short neck (Perception Neuron's: the chin at 153 cm, 6 cm above the
    // Neck joint) the chin's ellipsoid and a collar's volume both leave the chest's top, and the
    // bridge gave the chin's underside 0.66 of Spine3's weight beside the chin's Head-only
    // vertices 2 cm away; smoothed, an edge under the chin stretched 4.2x under linear blending
    // as the head turned. A head's surface keeps the head's and the neck's weights.
    const auto nearestJoint =
        static_cast<std::size_t>(std::max<NodeIndex>(volumes[nearest].joint, 0));
    if (nearestJoint < heads.size() && heads[nearestJoint] != 0) {
        return;
    }
    const auto nearestAt = static_cast<std::size_t>(
        std::find(candidates.begin(), candidates.end(), nearest) - candidates.begin());
    const float bridgeWidth =
        std::max(kLimbBridgeWidth * runRadius(volumes, candidates, nearest), grid.cell);
    shareWithLimbBridge(limbBridgeWeight(volumes, candidates, all, nearestAt, bridgeWidth),
                        scratch.joints, vertex);
}

// [SECTION] Pieces into one mesh
// The pieces' vertices one after another, and per level the pieces' triangles: level k of each
// piece, or its coarsest where it has fewer (a hand's few triangles need no coarser level).
struct CombinedPieces {
    Levels levels;
    // Per piece: its triangles' indices in the finest level (from the level's first index).
    std::vector<BodyDetailLevel> finestOfPiece;
    std::vector<std::size_t> firstVertex; // per piece
    std::size_t vertexCount = 0;
};

CombinedPieces combinePieces(std::span<const MeshedPiece> pieces) {
    CombinedPieces combined;
    for (const MeshedPiece& piece : pieces) {
        combined.firstVertex.push_back(combined.vertexCount);
        combined.vertexCount += piece.surface.positions.size();
    }
    for (std::size_t k = 0; k < pieces.front().levels.levels.size(); ++k) {
        const auto first = static_cast<std::uint32_t>(combined.levels.indices.size());
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            const Levels& own = pieces[p].levels;
            const BodyDetailLevel& level = own.levels[std::min(k, own.levels.size() - 1)];
            const auto offset = static_cast<std::uint32_t>(combined.firstVertex[p]);
            if (k == 0) {
                combined.finestOfPiece.push_back(
                    {static_cast<std::uint32_t>(combined.levels.indices.size()) - first,
                     level.indexCount});
            }
            for (std::uint32_t i = level.firstIndex; i < level.firstIndex + level.indexCount; ++i) {
                combined.levels.indices.push_back(own.indices[i] + offset);
            }
        }
        combined.levels.levels.push_back(
            {first, static_cast<std::uint32_t>(combined.levels.indices.size()) - first});
    }
    return combined;
}

// Describes the vertices of one piece that some level uses (`remap`: the piece's vertices'
// places in the mesh, ~0u where unused): weights, normals and axis points from the piece's own
// volumes, grid and samples; `low` and `high` grow to their positions (file units).
void describePiece(const MeshedPiece& piece, std::span<const std::uint8_t> heads,
                   const BodyFigure& figure, std::span<const unsigned int> remap, BodyMesh& mesh,
                   std::vector<std::uint8_t>& thickened, glm::dvec3& low, glm::dvec3& high) {
    const BodyGrid& grid = piece.grid;
    const BodySampledField sampled{piece.distance, grid.samplesX, grid.samplesY,  grid.samplesZ,
                                   grid.origin,    grid.cell,     kBodyFarOutside};
    VertexScratch scratch;
    for (std::size_t v = 0; v < remap.size(); ++v) {
        if (remap[v] == ~0u) {
            continue;
        }
        BodyVertex& vertex = mesh.vertices[remap[v]];
        glm::vec3 axisPoint;
        bool onThickenedBone = false;
        describeVertex(piece.volumes, grid, sampled, heads, piece.surface.positions[v], scratch,
                       vertex, axisPoint, onThickenedBone);
        thickened[remap[v]] = onThickenedBone ? 1 : 0;
        const glm::dvec3 position =
            figure.centre + glm::dvec3(piece.surface.positions[v]) * figure.size;
        vertex.position = glm::vec3(position);
        vertex.axisPoint = glm::vec3(figure.centre + glm::dvec3(axisPoint) * figure.size);
        low = glm::min(low, position);
        high = glm::max(high, position);
    }
}

// Per node: 1 where its bones have one of `wanted` roles (FarBlendSmoothing::trunk, limbRoots).
std::vector<std::uint8_t> bonesOf(std::span<const BoneRole> roles,
                                  std::initializer_list<BoneRole> wanted) {
    std::vector<std::uint8_t> marked(roles.size(), 0);
    for (std::size_t node = 0; node < roles.size(); ++node) {
        marked[node] = std::find(wanted.begin(), wanted.end(), roles[node]) != wanted.end() ? 1 : 0;
    }
    return marked;
}

// BodyMesh::outlineVertices: the finest level's vertices, each once. (The coarsest level's
// stood within its simplification error of the surface, and framing then cut a deltoid's or a
// sole's last pixels.)
void listOutlineVertices(BodyMesh& mesh) {
    const BodyDetailLevel& finest = mesh.levels.front();
    std::vector<std::uint8_t> seen(mesh.vertices.size(), 0);
    for (std::uint32_t i = finest.firstIndex; i < finest.firstIndex + finest.indexCount; ++i) {
        const std::uint32_t vertex = mesh.indices[i];
        if (seen[vertex] == 0) {
            seen[vertex] = 1;
            mesh.outlineVertices.push_back(vertex);
        }
    }
}

} // namespace

bool sameBodyOptionsBesideBindPose(const BodyOptions& a, const BodyOptions& b) {
    return a.up == b.up && a.excludedBones == b.excludedBones && a.maxNodes == b.maxNodes &&
           a.maxSamples == b.maxSamples && a.gridPhase == b.gridPhase &&
           a.handPieces == b.handPieces;
}

BodyResult buildBody(const Skeleton& skeleton, const BodyOptions& options, std::stop_token stop) {
    const std::size_t maxNodes = std::min<std::size_t>(options.maxNodes, 65535);
    if (skeleton.nodeCount() > maxNodes) {
        return fallback("the skeleton has " + std::to_string(skeleton.nodeCount()) +
                        " nodes, more than the " + std::to_string(maxNodes) +
                        " a body is made for");
    }
    BodyFigure figure = makeBodyFigure(skeleton, options);
    if (!figure.problem.empty()) {
        return fallback(figure.problem);
    }
    std::vector<MeshedPiece> pieces;
    std::string problem;
    if (!meshPieces(figure.volumes, options, stop, pieces, problem)) {
        return fallback(problem);
    }
    CombinedPieces combined = combinePieces(pieces);
    Levels& levels = combined.levels;

    // Only the vertices some level uses, in the order the finest level first reads them.
    std::vector<unsigned int> remap(combined.vertexCount);
    const std::size_t used = meshopt_optimizeVertexFetchRemap(
        remap.data(), levels.indices.data(), levels.indices.size(), combined.vertexCount);
    auto mesh = std::make_shared<BodyMesh>();
    mesh->indices.resize(levels.indices.size());
    meshopt_remapIndexBuffer(mesh->indices.data(), levels.indices.data(), levels.indices.size(),
                             remap.data());
    mesh->levels = std::move(levels.levels);
    mesh->vertices.resize(used);
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    std::vector<std::uint8_t> thickened(used, 0);
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const std::vector<std::uint8_t> heads = bonesOf(roles, {BoneRole::Head});
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        const std::span<const unsigned int> pieceRemap =
            std::span<const unsigned int>(remap).subspan(combined.firstVertex[p],
                                                         pieces[p].surface.positions.size());
        describePiece(pieces[p], heads, figure, pieceRemap, *mesh, thickened, low, high);
    }
    mesh->boundsMin = glm::vec3(low);
    mesh->boundsMax = glm::vec3(high);
    mesh->bindWorld = std::move(figure.bindWorld);
    mesh->nodeRadii.assign(skeleton.nodeCount(), 0.0f);
    for (const MeshedPiece& piece : pieces) {
        for (const BodyVolume& volume : piece.volumes) {
            if (volume.radiusNode != kNoParent) {
                float& radius = mesh->nodeRadii[static_cast<std::size_t>(volume.radiusNode)];
                radius = std::max(radius, static_cast<float>(volume.largestRadius() * figure.size));
            }
        }
    }
    const std::vector<std::uint8_t> trunk = bonesOf(roles, {BoneRole::Trunk});
    const std::vector<std::uint8_t> limbRoots = bonesOf(roles, {BoneRole::Thigh});
    const FarBlendSmoothing far{
        skeleton.parents, kFarBlendReach,  kFarBlendRounds,  thickened, trunk,
        limbRoots,        kJunctionRounds, kShortEdgeRounds, heads};
    // Each piece apart, a hand's without the short edges' rounds: its edges (cells a sixth of the
    // figure's) all lie under half the body's mean edge, and smoothed on as a crease's the weights
    // of a finger's phalanges and the hand's met at a third each along it (mixamo_freebvh's
    // curling fingers stretched 18 edges past 4x, worst 5.7x; without those rounds none, 3.8x).
    const std::span<const std::uint32_t> finest(
        mesh->indices.data() + mesh->levels.front().firstIndex, mesh->levels.front().indexCount);
    FarBlendSmoothing handFar = far;
    handFar.shortEdgeRounds = 0;
    const auto trianglesOf = [&](std::size_t p) {
        const BodyDetailLevel& piece = combined.finestOfPiece[p];
        return finest.subspan(piece.firstIndex, piece.indexCount);
    };
    smoothBodyWeights(*mesh, trianglesOf(0), kWeightSmoothingRounds, &far);
    // A hand's cuff moves as the sleeve over it: its vertices start from the figure's weights
    // there, then are smoothed with the hand's. (Taken again after the smoothing, the cuff kept
    // even the vertices by the sleeve's end under it, but they stood a step from the smoothed
    // ones beside them: a Bandai-style walk's worst edge 1.9x -> 3.4x.)
    for (std::size_t p = 1; p < combined.finestOfPiece.size(); ++p) {
        const CuffWeightsPieces cuff{trianglesOf(0), trianglesOf(p), pieces[p].volumes,
                                     figure.centre,  figure.size,    pieces[0].grid.cell};
        matchCuffWeights(*mesh, cuff);
        smoothBodyWeights(*mesh, trianglesOf(p), kWeightSmoothingRounds, &handFar);
    }
    roundFinestLevel(*mesh);
    listOutlineVertices(*mesh);
    return {std::move(mesh), {}};
}

} // namespace bvh
