#include "core/body/body_weights.h"

#include "core/body/body_edge_sort.h"
#include "core/body/union_find.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <glm/geometric.hpp>
#include <span>
#include <vector>

namespace bvh {
namespace {

// Edges shorter than this share of the mean edge couple as strongly as this share's length.
constexpr float kShortestCoupledLength = 0.05f;
// Edges shorter than this share of the mean edge weld their ends' weights (weldCloseVertices).
// A full-body fist's thumb tip fused to the index finger leaves edges of 0.36 to 0.41 cm (a
// quarter of the mean) whose ends share the two fingers in other proportions (Thumb4 0.38 and
// 0.53): curled 90 degrees a joint, at a diagonal grid phase, 4.23x and 4.62x under linear
// blending with a tenth of the mean; with a fifth 3.10x and 3.62x, the fist's worst over ten
// grid phases 4.62x -> 4.44x (a third: 4.13x at half a cell along y, 4 edges over 4x).
constexpr float kWeldedLength = 0.2f;
// Vertices with an edge shorter than this share of the mean edge go on smoothing after the first
// rounds (settleShortEdges): the Poser-style armpit's worst edge at half a cell's phase along x,
// 4.37x, fell to 4.06x after 8 rounds more on those with an edge under half the mean, to 4.16x
// with a third of it.
constexpr float kShortEdgeLength = 0.5f;

struct Influence {
    std::uint16_t joint = 0;
    float weight = 0.0f;
};

// Up to 4 influences of one vertex, as BodyVertex holds them.
using Influences = std::array<Influence, 4>;

void setInfluences(const Influences& influences, BodyVertex& vertex) {
    for (std::size_t k = 0; k < 4; ++k) {
        vertex.joints[k] = influences[k].joint;
        vertex.weights[k] = influences[k].weight;
    }
}

Influences influencesOf(const BodyVertex& vertex) {
    Influences influences{};
    for (std::size_t k = 0; k < 4; ++k) {
        influences[k] = {vertex.joints[k], vertex.weights[k]};
    }
    return influences;
}

// Influences summed by joint, in the order their joints first come: a slot per joint finds a
// joint's sum at once (a ring's neighbours bring 4 influences each, smoothed 8 times over).
class InfluenceSum {
public:
    void add(const Influences& influences, float scale) {
        for (const Influence& influence : influences) {
            if (influence.weight <= 0.0f) {
                continue;
            }
            if (influence.joint >= slots_.size()) {
                slots_.resize(std::size_t{influence.joint} + 1, kNoSlot);
            }
            std::uint32_t& slot = slots_[influence.joint];
            if (slot != kNoSlot) {
                sum_[slot].weight += scale * influence.weight;
            } else {
                slot = static_cast<std::uint32_t>(sum_.size());
                sum_.push_back({influence.joint, scale * influence.weight});
            }
        }
    }
    std::span<const Influence> sum() const { return sum_; }
    void clear() {
        for (const Influence& influence : sum_) {
            slots_[influence.joint] = kNoSlot;
        }
        sum_.clear();
    }

private:
    static constexpr std::uint32_t kNoSlot = ~0u;
    std::vector<std::uint32_t> slots_; // per joint: its place in sum_
    std::vector<Influence> sum_;
};

// How many parents up a joint still counts as the other's ancestor: CMU's thigh hangs from the
// hips through LHipJoint, a zero-length bone.
constexpr int kFarBlendGenerations = 3;

// The position in `parents` of `joint`'s ancestor `ancestor` within kFarBlendGenerations, counted
// from 1; 0 where it is none.
int generationsBelow(std::span<const NodeIndex> parents, std::size_t joint, std::size_t ancestor) {
    for (int generation = 1; generation <= kFarBlendGenerations; ++generation) {
        const NodeIndex parent = parents[joint];
        if (parent == kNoParent) {
            return 0;
        }
        joint = static_cast<std::size_t>(parent);
        if (joint == ancestor) {
            return generation;
        }
    }
    return 0;
}

// Where a kept influence's joint is `joint`'s ancestor or descendant within
// kFarBlendGenerations (the nearest, an ancestor first): its place in `kept`; kept.size() if
// none.
std::size_t chainNeighbour(std::span<const NodeIndex> parents, std::size_t joint,
                           const Influences& kept, std::size_t count) {
    std::size_t best = kept.size();
    int bestGenerations = kFarBlendGenerations + 1;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t other = kept[k].joint;
        if (joint >= parents.size() || other >= parents.size()) {
            continue;
        }
        const int up = generationsBelow(parents, joint, other);
        const int down = generationsBelow(parents, other, joint);
        if (up > 0 && up < bestGenerations) {
            best = k;
            bestGenerations = up;
        } else if (down > 0 && down < bestGenerations) {
            best = k;
            bestGenerations = down;
        }
    }
    return best;
}

// Where strongest() folds dropped weights (foldDropped): along `parents` (with each node's
// `depths`, counted from its root), except at `held` vertices (a fist's thickened phalanges,
// FarBlendSmoothing::held), whose weights must stay with their own bone: folded into the next
// phalanx, a fist's curl pulled them three ways (20x at 110 degrees).
// In the last round (`last`), which makes the weights the skin gets, held vertices fold too, and
// joints off the kept ones' line fold into a kept ancestor (foldDropped).
struct Folding {
    std::span<const NodeIndex> parents;
    std::span<const int> depths;
    std::span<const std::uint8_t> held;
    std::span<const std::uint8_t> trunk; // FarBlendSmoothing::trunk
    bool last = false;
    bool isHeld(std::size_t vertex) const { return vertex < held.size() && held[vertex] != 0; }
    bool at(std::size_t vertex) const { return !parents.empty() && (last || !isHeld(vertex)); }
};

// Per node: its number of ancestors.
std::vector<int> depthsOf(std::span<const NodeIndex> parents) {
    std::vector<int> depths(parents.size(), 0);
    for (std::size_t node = 0; node < parents.size(); ++node) {
        for (NodeIndex up = parents[node];
             up != kNoParent && depths[node] <= static_cast<int>(parents.size());
             up = parents[static_cast<std::size_t>(up)]) {
            ++depths[node];
        }
    }
    return depths;
}

// Whether the first `count` of `kept` and `joint` all lie on one line of descent (each an
// ancestor of the next): a spine's bones, not a thigh beside the pelvis.
bool onOneLine(const Folding& folding, const Influences& kept, std::size_t count,
               std::size_t joint) {
    const std::size_t nodes = folding.parents.size();
    if (joint >= nodes) {
        return false;
    }
    std::size_t deepest = joint;
    int shallowest = folding.depths[joint];
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t other = kept[k].joint;
        if (other >= nodes) {
            return false;
        }
        deepest = folding.depths[other] > folding.depths[deepest] ? other : deepest;
        shallowest = std::min(shallowest, folding.depths[other]);
    }
    std::size_t met = 0;
    for (std::size_t node = deepest;;) {
        met += node == joint ? 1 : 0;
        for (std::size_t k = 0; k < count; ++k) {
            met += node == kept[k].joint ? 1 : 0;
        }
        const NodeIndex up = folding.parents[node];
        if (folding.depths[node] <= shallowest || up == kNoParent) {
            break;
        }
        node = static_cast<std::size_t>(up);
    }
    return met == count + 1;
}

// Adds each influence of `sum` missing from the first `count` of `kept` to its chain neighbour
// there (chainNeighbour) where it and they lie on one line of descent (onOneLine); in the last
// round (Folding::last), also where they do not, and on a `held` vertex, but then only to a kept
// ancestor; then restores descending order.
// The last round's truncation is the skin's: a full-body fist's thumb tip fused to the index
// finger kept {Index1, Index2, Thumb4, Hand} beside a vertex that kept {Index1, Index2, Hand,
// Index3}, 0.36 cm away. Index3's 0.08, dropped and renormalised on one side, tore that edge
// 4.02x at 90 degrees a joint (2 % fewer triangles; 3.70x or 3.98x at others): folded into
// Index2, which carries Index3 but for its own bend, it moves by that bend alone (3.39x to 3.53x
// from 2 % fewer triangles to 2 % more). Folded in every round, a fist's phalanges gathered into
// their ancestors and dual quaternions stretched edges 24x at 110 degrees.
void foldDropped(std::span<const Influence> sum, const Folding& folding, bool held,
                 Influences& kept, std::size_t count) {
    for (const Influence& influence : sum) {
        const auto end = kept.begin() + static_cast<std::ptrdiff_t>(count);
        if (std::find_if(kept.begin(), end,
                         [&](const Influence& k) { return k.joint == influence.joint; }) != end) {
            continue;
        }
        const bool line = onOneLine(folding, kept, count, influence.joint);
        if (!line && !folding.last) {
            continue;
        }
        const std::size_t to = chainNeighbour(folding.parents, influence.joint, kept, count);
        if (to < count && ((line && !held) || generationsBelow(folding.parents, influence.joint,
                                                               kept[to].joint) > 0)) {
            kept[to].weight += influence.weight;
        }
    }
    std::stable_sort(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(count),
                     [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
}

// The most joints keepSpineEnds looks at: a vertex's ring sums a handful.
constexpr std::size_t kMostSpineJoints = 16;

// Where every joint of `sum` is a trunk bone (Folding::trunk) and each is an ancestor of the next
// within kFarBlendGenerations (a spine), and there are more than 4: writes to `kept` the line's
// two ends and the strongest of the joints between, the weight of each joint dropped shared by
// the kept joints on either side of it in proportion to its place between them, so that the
// vertex's place along the spine (its joints' depths, weighted) stays where the smoothing put it;
// returns false (and leaves `kept`) otherwise.
// Perception Neuron's trunk is Hips and four spine bones over 44 cm: far blending spreads a flank
// vertex over all five. Keeping the four strongest, the kept set switched from {Hips .. Spine2}
// to {Spine .. Spine3} across one edge, the dropped end folded into its neighbour (foldDropped):
// Hips fell from 0.23 to 0 there, Spine rose 0.11 and Spine3 0.08, and under linear blending
// that 1.4 cm edge stretched 6.1x (99.975 % of the take's edges within 4x with the neck's
// narrowed chest top; 99.9917 % at main's, by luck: 99.975 % with 1 % fewer triangles). A dropped
// middle bone between its kept neighbours moves as they do but for the spine's curvature, so the
// kept set switches without a jump of its bend (99.9915 % to 99.9918 % from 2 % fewer triangles
// to 2 % more).
bool keepSpineEnds(std::span<const Influence> sum, const Folding& folding, Influences& kept) {
    std::array<Influence, kMostSpineJoints> line{};
    std::size_t size = 0;
    for (const Influence& influence : sum) {
        if (influence.weight <= 0.0f) {
            continue;
        }
        if (size == line.size() || influence.joint >= folding.trunk.size() ||
            influence.joint >= folding.parents.size() || folding.trunk[influence.joint] == 0) {
            return false;
        }
        line[size++] = influence;
    }
    if (size <= kept.size()) {
        return false;
    }
    const auto depth = [&](const Influence& influence) { return folding.depths[influence.joint]; };
    std::sort(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(size),
              [&](const Influence& a, const Influence& b) { return depth(a) < depth(b); });
    for (std::size_t k = 1; k < size; ++k) {
        const int generations = depth(line[k]) - depth(line[k - 1]);
        if (generations < 1 ||
            generationsBelow(folding.parents, line[k].joint, line[k - 1].joint) != generations) {
            return false;
        }
    }
    for (; size > kept.size(); --size) {
        std::size_t weakest = 1;
        for (std::size_t k = 2; k + 1 < size; ++k) {
            weakest = line[k].weight < line[weakest].weight ? k : weakest;
        }
        const auto above = static_cast<float>(depth(line[weakest]) - depth(line[weakest - 1]));
        const auto across = static_cast<float>(depth(line[weakest + 1]) - depth(line[weakest - 1]));
        line[weakest - 1].weight += line[weakest].weight * (1.0f - above / across);
        line[weakest + 1].weight += line[weakest].weight * (above / across);
        std::copy(line.begin() + static_cast<std::ptrdiff_t>(weakest + 1),
                  line.begin() + static_cast<std::ptrdiff_t>(size),
                  line.begin() + static_cast<std::ptrdiff_t>(weakest));
    }
    std::copy_n(line.begin(), kept.size(), kept.begin());
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
    return true;
}

// The 4 largest of `sum`, descending (equal weights in the order `sum` lists them), normalised to
// sum 1. A vertex's ring sums a handful of joints, smoothed 8 times over: picking 4 as they come
// costs less than sorting them all (which gives the same 4 in the same order).
// With `folding`, a dropped joint's weight goes to its kept chain neighbour (foldDropped) rather
// than to all four by renormalising. On a spine of many short bones (Perception Neuron's
// Hips and four spine bones over 44 cm) the four kept switch from {Hips, Spine, Spine1, Spine2}
// to {Spine .. Spine3} across one edge of the flank: renormalised, Hips fell from 0.32 to 0 and
// Spine3 rose to 0.21 there, and under linear blending that edge stretched 4.6x. Folded into
// Spine, which moves almost as Hips does, the weight changes by the small difference of their
// motions.
// On a spine of trunk bones, the line's ends and the strongest between (keepSpineEnds).
// `held`: the vertex is a held one (Folding::held).
Influences strongest(std::span<const Influence> sum, const Folding* folding = nullptr,
                     bool held = false) {
    Influences kept{};
    std::size_t count = 0;
    for (const Influence& influence : sum) {
        std::size_t at = count;
        while (at > 0 && kept[at - 1].weight < influence.weight) {
            --at;
        }
        if (at == kept.size()) {
            continue;
        }
        for (std::size_t k = std::min(count, kept.size() - 1); k > at; --k) {
            kept[k] = kept[k - 1];
        }
        kept[at] = influence;
        count = std::min(count + 1, kept.size());
    }
    if (folding != nullptr && sum.size() > count) {
        if (!held && keepSpineEnds(sum, *folding, kept)) {
            count = kept.size();
        } else {
            foldDropped(sum, *folding, held, kept, count);
        }
    }
    float total = 0.0f;
    for (std::size_t k = 0; k < count; ++k) {
        total += kept[k].weight;
    }
    for (Influence& influence : kept) {
        influence.weight = total > 0.0f ? influence.weight / total : 0.0f;
    }
    return kept;
}

// Each vertex's edge neighbours, as offsets into one list (compressed rows).
struct Neighbours {
    std::vector<std::uint32_t> first; // vertexCount + 1
    std::vector<std::uint32_t> list;
};

Neighbours neighboursOf(std::size_t vertexCount, std::span<const std::uint32_t> indices) {
    std::vector<std::uint64_t> edges;
    edges.reserve(indices.size() * 2);
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = indices[t + k];
            const std::uint32_t b = indices[t + (k + 1) % 3];
            edges.push_back(directedEdgeKey(a, b));
            edges.push_back(directedEdgeKey(b, a));
        }
    }
    sortEdgeKeys(edges);
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    Neighbours neighbours;
    neighbours.first.assign(vertexCount + 1, 0);
    neighbours.list.reserve(edges.size());
    for (const std::uint64_t edge : edges) {
        ++neighbours.first[(edge >> 32) + 1];
        neighbours.list.push_back(static_cast<std::uint32_t>(edge & 0xFFFFFFFFu));
    }
    for (std::size_t v = 0; v < vertexCount; ++v) {
        neighbours.first[v + 1] += neighbours.first[v];
    }
    return neighbours;
}

} // namespace

namespace {

// The length of edge `d`. BVH has no unit, and a skeleton whose OFFSETs are 1e-30 (or 1e20)
// loads: its body's edges square to below (or above) the float range, and glm::length gave 0 (or
// infinity), so every edge's coupling and share became NaN and every vertex lost all its weights.
// Measured in double there; elsewhere as before, to the bit.
float edgeLength(const glm::vec3& d) {
    const float length = glm::length(d);
    if ((length > 0.0f && std::isfinite(length)) || d == glm::vec3(0.0f)) {
        return length;
    }
    return static_cast<float>(glm::length(glm::dvec3(d)));
}

// Per neighbour entry: the edge's length.
std::vector<float> edgeLengths(const BodyMesh& mesh, const Neighbours& neighbours) {
    std::vector<float> lengths(neighbours.list.size());
    for (std::size_t v = 0; v + 1 < neighbours.first.size(); ++v) {
        for (std::uint32_t n = neighbours.first[v]; n < neighbours.first[v + 1]; ++n) {
            lengths[n] =
                edgeLength(mesh.vertices[v].position - mesh.vertices[neighbours.list[n]].position);
        }
    }
    return lengths;
}

// Vertices joined by edges shorter than `shortest` take one set of weights, their group's mean:
// such an edge (a sliver simplification left) then never stretches, whatever the pose.
void weldCloseVertices(std::vector<Influences>& influences, const Neighbours& neighbours,
                       std::span<const float> lengths, float shortest, const Folding& folding) {
    std::vector<std::uint32_t> parent(influences.size());
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        parent[v] = v;
    }
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        for (std::uint32_t n = neighbours.first[v]; n < neighbours.first[v + 1]; ++n) {
            if (lengths[n] < shortest) {
                parent[unionFindRoot(parent, v)] = unionFindRoot(parent, neighbours.list[n]);
            }
        }
    }
    // Each group's members in increasing order (a counting sort by group), summed in that order.
    std::vector<std::uint32_t> group(parent.size());
    std::vector<std::uint32_t> firstMember(parent.size() + 1, 0);
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        group[v] = unionFindRoot(parent, v);
        ++firstMember[group[v] + 1];
    }
    for (std::size_t g = 0; g < parent.size(); ++g) {
        firstMember[g + 1] += firstMember[g];
    }
    std::vector<std::uint32_t> members(parent.size());
    std::vector<std::uint32_t> filled(firstMember.begin(), firstMember.end() - 1);
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        members[filled[group[v]]++] = v;
    }
    InfluenceSum sum;
    for (std::size_t g = 0; g < parent.size(); ++g) {
        const std::span<const std::uint32_t> of =
            std::span(members).subspan(firstMember[g], firstMember[g + 1] - firstMember[g]);
        if (of.empty()) {
            continue;
        }
        sum.clear();
        for (const std::uint32_t v : of) {
            sum.add(influences[v], 1.0f);
        }
        const Influences welded = strongest(sum.sum(), folding.at(of.front()) ? &folding : nullptr,
                                            folding.isHeld(of.front()));
        for (const std::uint32_t v : of) {
            influences[v] = welded;
        }
    }
}

// Whether `joint` is a trunk bone and whether a limb's root (FarBlendSmoothing).
bool isTrunk(const FarBlendSmoothing& far, std::size_t joint) {
    return joint < far.trunk.size() && far.trunk[joint] != 0;
}
bool isLimbRoot(const FarBlendSmoothing& far, std::size_t joint) {
    return joint < far.limbRoots.size() && far.limbRoots[joint] != 0;
}

// A weight under this share blends nothing far (the last ring a smoothing round reaches).
constexpr float kFarBlendLeastWeight = 0.02f;
// Whether `influences` blend a trunk bone and a limb's root, each with kFarBlendLeastWeight or
// more, and no other bone with as much: a vertex that also blends the limb's next bone lies at a
// knee or an ankle, which smoothed on thins as it bends (FarBlendSmoothing).
bool atJunction(const FarBlendSmoothing& far, const Influences& influences) {
    bool trunk = false;
    bool root = false;
    for (const Influence& influence : influences) {
        if (influence.weight < kFarBlendLeastWeight) {
            continue;
        }
        const bool trunkBone = isTrunk(far, influence.joint);
        const bool limbRoot = isLimbRoot(far, influence.joint);
        if (!trunkBone && !limbRoot) {
            return false;
        }
        trunk = trunk || trunkBone;
        root = root || limbRoot;
    }
    return trunk && root;
}

// The rounds in all `vertex`'s weights are smoothed for: 0 where they blend near, far.rounds
// where far from the joint they turn about, far.junctionRounds (if more) where a trunk bone and
// a limb's root meet (FarBlendSmoothing).
// `junction`: atJunction, as the vertex's weights were after the first rounds.
int farRoundsOf(const BodyMesh& mesh, const FarBlendSmoothing& far, const glm::vec3& position,
                const Influences& influences, bool junction) {
    const std::size_t heaviest = influences[0].joint;
    const std::size_t joints = std::min(far.parents.size(), mesh.bindWorld.size());
    if (heaviest >= joints) {
        return 0;
    }
    if (junction) {
        return std::max(far.rounds, far.junctionRounds);
    }
    int rounds = 0;
    for (std::size_t k = 1; k < influences.size(); ++k) {
        const std::size_t other = influences[k].joint;
        if (influences[k].weight < kFarBlendLeastWeight || other >= joints || other == heaviest) {
            continue;
        }
        std::size_t lower = other;
        if (generationsBelow(far.parents, heaviest, other) > 0) {
            lower = heaviest;
        } else if (generationsBelow(far.parents, other, heaviest) == 0) {
            rounds = far.rounds; // a limb and the trunk, or two limbs, blended where they touch
            continue;
        }
        // The lower bone's radius: the trunk's, several times a limb's, would let a thigh's
        // weight reach far up the belly.
        const float radius = lower < mesh.nodeRadii.size() ? mesh.nodeRadii[lower] : 0.0f;
        const glm::vec3 pivot(mesh.bindWorld[lower].translation);
        if (radius > 0.0f && glm::length(position - pivot) > far.reach * radius) {
            rounds = far.rounds;
        }
    }
    return rounds;
}

// Per vertex: whether it or an edge neighbour still blends far in round `round` (farRoundsOf).
// Junctions are those of the first far round (`junctions`, set then): recomputed each round, the
// trunk's weight they spread would make the next ring one, and creep down a thigh to the knee.
// `settled`: per vertex, a settled one (SettledVertices), whose mark changes nothing.
void markFarBlends(const BodyMesh& mesh, const FarBlendSmoothing& far, const Neighbours& neighbours,
                   std::span<const Influences> current, int round,
                   std::span<const std::uint8_t> settled, std::vector<std::uint8_t>& junctions,
                   std::vector<std::uint8_t>& marked) {
    const std::size_t count = current.size();
    if (junctions.size() != count) {
        junctions.resize(count);
        for (std::size_t v = 0; v < count; ++v) {
            junctions[v] = atJunction(far, current[v]) ? 1 : 0;
        }
    }
    std::vector<std::uint8_t> own(count);
    for (std::size_t v = 0; v < count; ++v) {
        // Past far.rounds only junctions go on: nothing else to work out per vertex.
        if (round >= far.rounds) {
            own[v] = junctions[v];
            continue;
        }
        if (settled[v] != 0) {
            continue;
        }
        own[v] =
            farRoundsOf(mesh, far, mesh.vertices[v].position, current[v], junctions[v] != 0) > round
                ? 1
                : 0;
    }
    marked = own;
    for (std::size_t v = 0; v < count; ++v) {
        for (std::uint32_t n = neighbours.first[v]; n < neighbours.first[v + 1] && marked[v] == 0;
             ++n) {
            marked[v] = own[neighbours.list[n]];
        }
        if (v < far.held.size() && far.held[v] != 0) {
            marked[v] = 0;
        }
    }
}

// The vertices no edge of the smoothed triangles reaches (a body's other pieces: the figure's
// while a hand's are smoothed, and the hands' while the figure's are) whose weights a round no
// longer changes. Such a vertex's round is strongest() of its own weights alone, the same
// function in every round (a vertex's at most 4 joints fold nothing), so once one gives back its
// weights to the bit, every later one does: it is skipped, and the result is as if each round
// had been computed. A hand's smoothing went over all of the body's 4 500 vertices for 20 rounds
// where 750 are its own.
class SettledVertices {
public:
    SettledVertices(const Neighbours& neighbours, std::size_t count) : settled_(count, 0) {
        for (std::size_t v = 0; v < count; ++v) {
            isolated_.push_back(neighbours.first[v] == neighbours.first[v + 1] ? 1 : 0);
        }
    }
    bool has(std::size_t v) const { return settled_[v] != 0; }
    std::span<const std::uint8_t> flags() const { return settled_; }
    // After vertex `v`'s round took it from `before` to `after`.
    void note(std::size_t v, const Influences& before, const Influences& after) {
        if (isolated_[v] == 0) {
            return;
        }
        bool same = true;
        for (std::size_t k = 0; k < before.size(); ++k) {
            same = same && before[k].joint == after[k].joint &&
                   std::bit_cast<std::uint32_t>(before[k].weight) ==
                       std::bit_cast<std::uint32_t>(after[k].weight);
        }
        settled_[v] = same ? 1 : 0;
    }

private:
    std::vector<std::uint8_t> isolated_;
    std::vector<std::uint8_t> settled_;
};

// One round's shares of a vertex's weights (smoothBodyWeights): its own, and each neighbour's.
struct SmoothingShares {
    const Neighbours& neighbours;
    std::span<const float> own;       // per vertex
    std::span<const float> neighbour; // per neighbour entry
};

// `current`'s weights of vertex `v` averaged with its neighbours' by `shares`, the 4 strongest
// kept (strongest, folding by `folding`).
Influences smoothedAt(std::size_t v, std::span<const Influences> current,
                      const SmoothingShares& shares, const Folding& folding, InfluenceSum& sum) {
    sum.clear();
    sum.add(current[v], shares.own[v]);
    for (std::uint32_t n = shares.neighbours.first[v]; n < shares.neighbours.first[v + 1]; ++n) {
        sum.add(current[shares.neighbours.list[n]], shares.neighbour[n]);
    }
    return strongest(sum.sum(), folding.at(v) ? &folding : nullptr, folding.isHeld(v));
}

// Smooths on, far.shortEdgeRounds more rounds, the weights of every vertex with an edge shorter
// than `shortest`, but held ones (far.held) and a head's (far.heads: its heaviest joint's).
// Neighbours couple by the inverse of their distance, so the smoothing tends to weights that
// change along an edge in proportion to its length, but the first rounds stop far from there
// where a crease or a sliver gathers short edges; under linear blending an edge stretches by its
// ends' difference of weights times their distance from the joint, over its length. A Poser-style
// arm falling and rising from a T-pose, at half a cell's grid phase along x: an armpit edge
// 0.28 cm long whose ends kept 0.44 and 0.28 of the upper arm stretched 4.37x, 2 edges over 4x;
// 16 rounds more (8: 4.06x, 32: 3.50x) 3.79x and none. A chin over a short neck, whose crease
// meets the chest's dome across the gap the grid bridged there, took more of the trunk's weight
// the more it was smoothed (0.42 to 0.47 at phase 0): heads keep their first rounds.
// `next`: scratch, as many as `current`.
void settleShortEdges(const FarBlendSmoothing& far, const SmoothingShares& shares,
                      std::span<const float> lengths, float shortest, const Folding& folding,
                      std::vector<Influences>& current, std::vector<Influences>& next) {
    const std::size_t count = current.size();
    std::vector<std::uint32_t> settling;
    for (std::uint32_t v = 0; v < count; ++v) {
        const std::size_t heaviest = current[v][0].joint;
        const bool head = heaviest < far.heads.size() && far.heads[heaviest] != 0;
        const bool held = v < far.held.size() && far.held[v] != 0;
        const auto first = lengths.begin() + shares.neighbours.first[v];
        const auto last = lengths.begin() + shares.neighbours.first[v + 1];
        if (!head && !held &&
            std::any_of(first, last, [shortest](float length) { return length < shortest; })) {
            settling.push_back(v);
        }
    }
    InfluenceSum sum;
    for (int round = 0; round < far.shortEdgeRounds && !settling.empty(); ++round) {
        for (const std::uint32_t v : settling) {
            next[v] = smoothedAt(v, current, shares, folding, sum);
        }
        for (const std::uint32_t v : settling) {
            current[v] = next[v];
        }
    }
}

// Whether `ancestor` is `node`'s parent, or its parent's, and so on up to a root.
bool isAncestor(std::span<const NodeIndex> parents, std::size_t ancestor, std::size_t node) {
    for (NodeIndex above = parents[node]; above != kNoParent;
         above = parents[static_cast<std::size_t>(above)]) {
        if (static_cast<std::size_t>(above) == ancestor) {
            return true;
        }
    }
    return false;
}

// Per node: the neck a head hangs from, for a head's joint (FarBlendSmoothing::heads) whose
// nearest ancestor outside the head is neither a trunk bone nor a root; kNoParent elsewhere.
std::vector<NodeIndex> necksOfHeads(const FarBlendSmoothing& far) {
    std::vector<NodeIndex> necks(far.parents.size(), kNoParent);
    for (std::size_t node = 0; node < far.heads.size() && node < necks.size(); ++node) {
        if (far.heads[node] == 0) {
            continue;
        }
        NodeIndex above = far.parents[node];
        while (above != kNoParent && static_cast<std::size_t>(above) < far.heads.size() &&
               far.heads[static_cast<std::size_t>(above)] != 0) {
            above = far.parents[static_cast<std::size_t>(above)];
        }
        if (above != kNoParent && !isTrunk(far, static_cast<std::size_t>(above)) &&
            far.parents[static_cast<std::size_t>(above)] != kNoParent) {
            necks[node] = above;
        }
    }
    return necks;
}

// Hands the trunk's weight on each vertex the head's volumes made (its heaviest joint a head's
// before smoothing: `madeBy`) to the neck that head hangs from (necksOfHeads): the head's surface
// then moves with the head and the neck alone, and the neck's own bend carries the change from
// the chest to the head. Smoothing across the crease where a chin over a short neck rests on the
// chest's dome left such vertices up to 0.6 of the spine's weight beside Head-only ones 2 cm
// away (Perception Neuron's proportions, 9 of 10 grid phases over 0.5): as the head turns, the
// spine holds them back and the edges between tear. Before the short edges' rounds
// (settleShortEdges), which then smooth the chest's side of that crease towards the neck: handed
// over after them, the step of weights across the crease stretched Perception Neuron's capture
// 4.3x under linear blending (99.992 % of edges within 4x; 2.6x before, 2.9x so).
void passHeadsTrunkToNeck(const FarBlendSmoothing& far, std::span<const NodeIndex> madeBy,
                          std::vector<Influences>& current) {
    const std::vector<NodeIndex> necks = necksOfHeads(far);
    InfluenceSum sum;
    for (std::size_t v = 0; v < current.size() && v < madeBy.size(); ++v) {
        const NodeIndex head = madeBy[v];
        if (head == kNoParent || necks[static_cast<std::size_t>(head)] == kNoParent) {
            continue;
        }
        const auto neck = static_cast<std::uint16_t>(necks[static_cast<std::size_t>(head)]);
        Influences handed = current[v];
        bool moved = false;
        for (Influence& influence : handed) {
            if (influence.weight > 0.0f && isTrunk(far, influence.joint) &&
                isAncestor(far.parents, influence.joint, neck)) {
                influence.joint = neck;
                moved = true;
            }
        }
        if (moved) { // summed by joint, the neck's shares become one
            sum.clear();
            sum.add(handed, 1.0f);
            current[v] = strongest(sum.sum());
        }
    }
}

} // namespace

void smoothBodyWeights(BodyMesh& mesh, std::span<const std::uint32_t> indices, int rounds,
                       const FarBlendSmoothing* far) {
    const std::size_t count = mesh.vertices.size();
    const Neighbours neighbours = neighboursOf(count, indices);
    std::vector<Influences> current(count);
    std::vector<NodeIndex> madeByHead(count, kNoParent);
    for (std::size_t v = 0; v < count; ++v) {
        current[v] = influencesOf(mesh.vertices[v]);
        const std::size_t heaviest = current[v][0].joint;
        if (far != nullptr && heaviest < far->heads.size() && far->heads[heaviest] != 0) {
            madeByHead[v] = static_cast<NodeIndex>(heaviest);
        }
    }
    // Neighbours count by the inverse of their distance: vertices close together (the short
    // edges simplification leaves) must end with nearly the same weights, or a small difference
    // of weights moves them apart by many times their distance.
    const std::vector<float> lengths = edgeLengths(mesh, neighbours);
    float meanLength = 0.0f;
    for (const float length : lengths) {
        meanLength += length;
    }
    meanLength /= static_cast<float>(std::max<std::size_t>(lengths.size(), 1));
    std::vector<float> coupling(lengths.size());
    for (std::size_t n = 0; n < lengths.size(); ++n) {
        coupling[n] = 1.0f / (lengths[n] + kShortestCoupledLength * meanLength);
    }
    // Each vertex keeps half its own weights and shares the other half among its neighbours by
    // their coupling; fixed over the rounds.
    std::vector<float> ownShare(count, 1.0f);
    std::vector<float> neighbourShare(coupling.size());
    for (std::size_t v = 0; v < count; ++v) {
        const std::uint32_t begin = neighbours.first[v];
        const std::uint32_t end = neighbours.first[v + 1];
        float total = 0.0f;
        for (std::uint32_t n = begin; n < end; ++n) {
            total += coupling[n];
        }
        // No share where the couplings sum to 0 or overflow (edges of a body below 1e-38 file
        // units): the vertex keeps its own weights rather than NaN.
        const bool shares = total > 0.0f && std::isfinite(total);
        ownShare[v] = shares ? 0.5f : 1.0f;
        for (std::uint32_t n = begin; n < end; ++n) {
            neighbourShare[n] = shares ? 0.5f * coupling[n] / total : 0.0f;
        }
    }
    std::vector<Influences> next(count);
    InfluenceSum sum;
    std::vector<std::uint8_t> farBlends;
    std::vector<std::uint8_t> junctions;
    const std::vector<int> depths = far != nullptr ? depthsOf(far->parents) : std::vector<int>{};
    const Folding folding =
        far != nullptr ? Folding{far->parents, depths, far->held, far->trunk, false} : Folding{};
    Folding lastFolding = folding;
    lastFolding.last = far != nullptr;
    const int allRounds =
        far != nullptr ? std::max({rounds, far->rounds, far->junctionRounds}) : rounds;
    const SmoothingShares shares{neighbours, ownShare, neighbourShare};
    SettledVertices settled(neighbours, count);
    for (int round = 0; round < allRounds; ++round) {
        if (round >= rounds) {
            markFarBlends(mesh, *far, neighbours, current, round, settled.flags(), junctions,
                          farBlends);
        }
        for (std::size_t v = 0; v < count; ++v) {
            if (settled.has(v) || (round >= rounds && farBlends[v] == 0)) {
                next[v] = current[v];
                continue;
            }
            // The first rounds' last makes the weights of every vertex that blends near.
            next[v] =
                smoothedAt(v, current, shares, round + 1 == rounds ? lastFolding : folding, sum);
            settled.note(v, current[v], next[v]);
        }
        current.swap(next);
    }
    if (far != nullptr) {
        passHeadsTrunkToNeck(*far, madeByHead, current);
        settleShortEdges(*far, shares, lengths, kShortEdgeLength * meanLength, lastFolding, current,
                         next);
    }
    weldCloseVertices(current, neighbours, lengths, kWeldedLength * meanLength, folding);
    for (std::size_t v = 0; v < count; ++v) {
        setInfluences(current[v], mesh.vertices[v]);
    }
}

void blendWeightsAmong(std::span<const BodyVertex* const> corners, std::span<const float> shares,
                       BodyVertex& vertex) {
    InfluenceSum sum;
    for (std::size_t c = 0; c < corners.size() && c < shares.size(); ++c) {
        sum.add(influencesOf(*corners[c]), shares[c]);
    }
    if (!sum.sum().empty()) {
        setInfluences(strongest(sum.sum()), vertex);
    }
}

} // namespace bvh
