// The parts of the figure builder behind makeBodyFigure (body_figure.h), shared by the files that
// make its volumes: the sizes (fractions of the figure's size), the helpers they share and the
// builder. Its member functions live in body_figure.cpp (measuring, topology, the torso's width),
// body_figure_bones.cpp (one volume per bone, limb roots), body_figure_extremities.cpp (palms and
// soles), body_figure_head.cpp (heads, face rigs), body_figure_neck.cpp (the trunk's top, necks),
// body_figure_unnamed.cpp (an unnamed figure's head, neck and tail; many-legged shells),
// body_figure_quadruped.cpp (named quadrupeds) and body_figure_wings.cpp (wings).
// Internal to core/body.
#pragma once

#include "core/body/body_figure.h"
#include "core/body/body_roles.h"
#include "core/kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace bvh::body_figure_detail {

// [SECTION] Sizes, as fractions of the figure's largest extent (a standing human's height)
// Radii grow with the bone's length (a finger is thin because it is short) up to a cap for the
// role (a long spine bone does not make a barrel). A long limb's radius is that of its fullest
// section (limbEnds): of a person's height, across, a thigh 0.10-0.11 under the crotch, a calf
// 0.068, an upper arm 0.064 below the deltoid and a forearm 0.05 below the elbow (anatomical tables
// give 0.10-0.11, 0.065, 0.055 and 0.045; a little fuller here, since the body's silhouette must
// hold twice the capsules' area; a thigh kept full to kThighFullTo of its run, whose hip's mass is
// no wider: body_girdles.h), each from its bone's length: a thigh is about 0.245 of the height, a
// shin 0.24, an upper arm 0.17 and a forearm 0.14. A finger 7 mm, a torso 13 cm.
struct RoleSize {
    float perLength; // radius per unit of bone length
    float cap;       // the largest radius, of the figure's size
    float taper;     // radius at the bone's end / at its start (long limbs: limbEnds)
};

// A torso is wider across the shoulders and hips than it is deep, front to back: its cross-section
// an ellipse this many times as wide as deep (a round one thick enough to outweigh the limbs
// made a pot belly). Its width lies along the shoulders' and hips' line, across the figure's
// facing; a trunk bone along that line (a pelvis to a hip joint) stays round.
inline constexpr float kTorsoWidthRatio = 1.5f;
// Upper arms that hang beside the trunk in the bind pose have their roots at least about this far
// either side of their midpoint (of the figure's size) on a rig spaced as a person (a humerus's
// head is about 0.1 of the height from the spine; the generated arms-down biped's 0.098). Rigs
// whose shoulder joints sit closer (Bandai Namco's, 0.072 either side) get arms whose volumes
// stand out from their bones by kHangingArmSpreadPerShortfall times the shortfall
// (FigureBuilder::spreadArms), Bandai's to 0.11: hanging arms angle out from the shoulder past
// the hips, so a person's elbows and hands hang farther out than the joint. On the joints
// themselves such an arm lay inside the chest and the waist, the gap kept between them
// (body_gap.h) carved both into slabs (a forearm 4 cm deep, a waist 0.09 of the height across),
// the figure was a third narrower than a person across the arms, and a walk seen from behind,
// arms over the trunk, drew 1.9 times the capsules' area (2.12 so).
inline constexpr float kHangingArmHalfSpan = 0.095f;
inline constexpr float kHangingArmSpreadPerShortfall = 1.65f;
// The cosine of the turn (60 degrees) past which a limb's first bone crosses the trunk to the
// limb (FigureBuilder::crossesToLimb).
inline constexpr float kLimbRootCrossing = 0.5f;
// An upright biped's torso along its height (trunkShare): its trunk bones' radii, of the chest's,
// where the thighs leave it (the hips), at the waist (kWaistAt of the way from the thighs' roots
// to the upper arms') and from kChestAt up (the armpits), smoothly between: a person's waist is
// about 0.8 of the chest's width and the belly flatter in profile than the chest, the hips about
// as wide as the chest. One radius for every trunk bone made a sack, as wide and as deep at the
// belly as at the chest. (With hips that are the thighs' tops, body_girdles.h, the waist is
// 0.94-0.96 of them on the generated bipeds, a person's about 0.8; a narrower waist creased the lit
// belly's shading between the spine's cones: at 0.76 of the chest 1.6-4.8 % of RenderBody's torso
// block bent, 0.67 % at 0.80, against its bound of 0.6 %.)
inline constexpr float kHipsShare = 0.9f;
inline constexpr float kWaistShare = 0.85f;
inline constexpr float kWaistAt = 0.4f;
inline constexpr float kChestAt = 0.72f;
// Upper arms' roots at least this far above the thighs' (of the figure's size) make an upright
// torso; a lying biped, a quadruped or a crab keeps one trunk radius.
inline constexpr float kUprightTorsoSpan = 0.15f;
// The sine of 30 degrees: a trunk bone within it of the plane across `up` (and of the one across
// the hips' line) runs front to back through the torso (FigureBuilder::crossesInsideTrunk).
inline constexpr float kAcrossTrunkRise = 0.5f;
// A collar bone's volume (the shoulder girdle) is this many times as deep, front to back, as it
// is tall: at 1.5 a crease stayed where CMU's chest front meets the arm.
inline constexpr float kShoulderDepthRatio = 2.0f;
// Over an arm hanging beside the chest (no shoulder line: measureShoulderLine) a collar bone
// starts this many times as thick as the upper arm at the shoulder: the trapezius, which from
// behind carries the shoulder's line down from the neck to the deltoid at a person's slope
// (about 20 degrees on the bundled walk). A collar as thin as its length makes it left a saddle
// between the neck and a shoulder standing 1.7 cm higher: two puffs beside the neck.
inline constexpr float kTrapeziusPerArm = 1.7f;
inline constexpr float kTrapeziusSlope = 0.6f; // tan 31 degrees

inline RoleSize roleSize(BoneRole role) {
    switch (role) {
    case BoneRole::Trunk:
        return {1e9f, 0.082f, 1.0f}; // the torso's thickness is not its bones'
    case BoneRole::Neck:
        return {1e9f, 0.035f, 0.9f};
    case BoneRole::Shoulder:
        return {0.4f, 0.04f, 0.9f};
    case BoneRole::UpperArm:
        return {0.25f, 0.042f, 0.66f};
    case BoneRole::Forearm:
        return {0.22f, 0.032f, 0.72f};
    case BoneRole::Hand:
        return {0.35f, 0.025f, 0.8f}; // a palm and fingers in one where no finger bones say
    case BoneRole::Finger:
        return {0.2f, 0.006f, 0.8f}; // a finger is about 8 mm thick
    case BoneRole::Thigh:
        return {0.26f, 0.065f, 0.5f};
    case BoneRole::Shin:
        return {0.16f, 0.042f, 0.6f};
    case BoneRole::Foot:
        return {0.3f, 0.03f, 0.8f};
    case BoneRole::Toe:
        return {0.3f, 0.025f, 0.8f};
    case BoneRole::Tail:
        return {0.15f, 0.04f, 0.7f};
    case BoneRole::Head:
    case BoneRole::Face:
    case BoneRole::Inner:
    case BoneRole::Wing: // a blade sized by its chain (FigureBuilder::wingBlade)
    case BoneRole::Unknown:
        break;
    }
    // Unnamed bones stay thin, an eighth of their length: a radius the figure's size allows
    // (0.06 of it) would swallow a short chain of a few joints in one balloon.
    return {0.12f, 0.06f, 0.8f};
}

// Unnamed limbs and tails of a named figure (Bento's wings and tail, sized an eighth of their
// length and tapering to their End Sites) are no thinner than the capsule figure draws them
// (app/scene/character.cpp's computeRadii: joints 0.022 of the figure's height, bones 0.014, a
// bone at most a quarter as thick as it is long). Thinner, Bento's were sticks 0.016 of its size
// at the root tapering to 0.0013 at the wing tips and 0.0016 at the tail's, and the body drew
// less than the capsules over them where it is fuller everywhere else (1.70 times the capsules'
// area with them, 2.21 without). At the capsules' bone radius, 0.014, the figure drew less than
// with its thinner bones (1.85 against 1.86 times the capsules' area): a wing tip thinner than the
// grid is thickened to it (body_grid.h) and fuses with its neighbours over 2.5 cells.
inline constexpr float kCapsuleJointShare = 0.022f;
inline constexpr float kCapsuleBonePerLength = 0.25f;

// A wing (BoneRole::Wing) is a flat blade along its chain (body_figure_wings.cpp), its chord (its
// width across the bones) a share of the chain's length, from its first joint to its tip: a
// bird's or a bat's wing is about 0.4 of its half-span across at the body (a pigeon's 13 cm on
// 32 cm, a gull's 20 on 60, a bat's broader), narrowing to a rounded tip about 0.15 of it
// across. From a joint two wing bones leave (a fan: Second Life's mWing4FanLeft beside
// mWing4Left) the chord holds to the tip: the fan spreads it. The bones run along the blade's
// middle. (A wing's arm bones run along its front, at about the quarter chord, but a blade
// trailing 0.75 of its chord below them reached 0.13 of the figure down Bento's back from its
// wing's root, and wings flapping 60 degrees over a rest pose lying along -X stretched 0.05 % of
// the edges past 4x under linear blending, the worst 5.3x and 7.2x at two grid phases; about its
// middle, none, the worst 2.9x and 3.3x.) It is as thin as the grid keeps,
// kWingLeastDepthInCells of a cell either side of its middle (a blade is not thickened as a thin
// round cone is), and at least its root's chord over kWingFlatness (a wing's root is about a
// sixth to an eighth as thick as it is across), one thickness along the wing. A chain whose
// joints lie farther than kWingBendShare of its span from its straight line bends in a plane,
// which the blade lies in.
inline constexpr float kWingRootChord = 0.4f;
inline constexpr float kWingTipChord = 0.15f;
inline constexpr float kWingLeastDepthInCells = 1.5f;
inline constexpr float kWingFlatness = 8.0f;
inline constexpr float kWingBendShare = 0.1f;
// A trunk shorter than this (of the figure's size) from its base to a wing says no axis: the
// wing's straight chain lies in the plane holding `up`.
inline constexpr float kWingTrunkLeast = 0.05f;
// The blade's blend width where its pieces and the trunk meet, of its depth (a joint's, as a
// limb's bones blend).
inline constexpr float kWingBlend = 0.6f;

// A long limb tapers along its whole run of bones (roleRun) from its top to its end, and an arm
// or a leg as one from the shoulder to the wrist, from the hip to the ankle: a thigh from its
// fullest (roleSize) to the knee, and the shin on from there to RoleSize::taper of its fullest at
// the ankle (limbEnds). A person's forearm is thickest just below the elbow and the calf fuller
// than the ankle, so neither needs a bulge of its own: the calf's and the forearm's, a cone on each
// side of their fullest section below a joint pinched to the upper limb's thin end, made a string
// of beads (MakeHuman's forearm narrowed to 24.4 at the elbow, of a thousandth of its height, rose
// to 32.9 within 3.2 and fell to 19 at the wrist; its calf rose from 30.5 at the knee to 41.2,
// 2.4 over its fullest where the two cones' blend swelled into a ring). The knee's radius is this
// share of the shin's fullest (a person's knee is about 0.06 of the height across, the calf below
// it 0.068), the elbow's of the forearm's (about as thick as the forearm just below it).
inline constexpr float kKneeShare = 0.9f;
inline constexpr float kElbowShare = 0.97f;
// A thigh keeps its fullest from the hip joint to this share of its run before it tapers to the
// knee: a person's outer thigh falls nearly straight from the greater trochanter to below the
// crotch (the thigh there 0.10-0.11 of the height across, half way down 0.085-0.09). Tapering
// from the hip joint, the thigh under the crotch was narrower than the hip above it, a step in
// the outline where they met (the Mixamo-like biped's hip 1.42 times as far out from the middle
// as its thigh under the crotch; now 1.09, bvhscope_measure_torso over the grid phases).
inline constexpr float kThighFullTo = 0.32f;

// The blend width of a long limb's bone that goes on from another of its run (MakeHuman's
// upperleg02) or from another long limb (a shin, a forearm), of its radius: the smooth union
// swells where two volumes meet by a quarter of the width, a ring round the limb at the usual 0.6.
// (kKneeShare, kElbowShare and this width also decide, through the mesh's simplification to its
// triangle budget, fragile figures elsewhere: a curled fist's worst edge under dual quaternions,
// 6.0x or 8.4x, a twisted many-bone spine's under linear blending, 2.1x or 2.2-2.8x, and
// mocapbank's share of edges within 4x, 99.958 % to 100 %, each flipping with a 1 % change of any
// of them; these values keep all three at their good value or better.)
inline constexpr float kLimbPieceBlend = 0.25f;

// The share of a lower limb's fullest radius (`lower`: a shin, a forearm) at the joint it starts
// from.
inline float limbJointShare(BoneRole lower) {
    return lower == BoneRole::Shin ? kKneeShare : kElbowShare;
}

// Unnamed bones: thick where most of the figure hangs below them (a trunk carries all the
// leaves: 9.5 % of the figure's size, a quadruped's barrel), thin towards the leaves.
inline constexpr float kUnknownBaseRadius = 0.015f;
inline constexpr float kUnknownTrunkRadius = 0.08f;
// An unnamed bone that carries three limbs or more (a quadruped's pelvis to chest) is a barrel,
// about two thirds as thick as it is long, not a stick an eighth of its length.
inline constexpr float kUnknownBarrelPerLength = 0.35f;
inline constexpr float kUnknownBarrelRadius = 0.11f;
inline constexpr float kUnknownBarrelLeaves = 3.0f;
// The tip of a chain this far above the ground (of the figure's size) is no foot.
inline constexpr float kOffTheGround = 0.15f;
// A quadruped's shape from its skeleton's proportions (sizeFromBarrel, findNamedQuadruped): its
// barrel's radius a share of its legs' mean length (a horse's or an elephant's chest and belly
// are about three quarters as deep as its front legs are long) but no more than a share of the
// barrel's length (a barrel, not a ball); its head a share of the barrel bone's length (a horse's
// head is about 0.4 of its body's length), its neck from the barrel to the head and its trunk
// or snout and tail shares of the head's height or the barrel's radius; its legs a share of
// their length thick at the top, tapering to a share of that at the foot.
inline constexpr float kBarrelPerLegLength = 0.3f;
inline constexpr float kBarrelPerBarrelLength = 0.4f;
inline constexpr float kHeadPerBarrelLength = 0.45f;
inline constexpr float kQuadrupedHeadHalfHeight = 0.3f; // of its length
inline constexpr float kQuadrupedHeadHalfWidth = 0.27f;
inline constexpr float kNeckPerBarrel = 0.45f;
inline constexpr float kNeckAtHeadPerHeadHeight = 0.75f;
inline constexpr float kSnoutPerHeadHeight = 0.55f;
inline constexpr float kSnoutTipPerHeadHeight = 0.25f;
inline constexpr float kTailPerBarrel = 0.15f;
inline constexpr float kTailTipPerBarrel = 0.05f;
inline constexpr float kLegTopPerLength = 0.1f;
inline constexpr float kLegFootShare = 0.5f;
// The barrel's rounded ends reach this share of its radius past the pelvis and the chest (a
// whole radius made a sausage), at most this share of the barrel bone's length in from them.
inline constexpr float kBarrelEndPastJoint = 0.5f;
inline constexpr float kBarrelEndInset = 0.25f;
// A head about 13 % of a standing figure's height; its ellipsoid's semi-axes per head length.
inline constexpr float kHeadLengthMin = 0.07f;
inline constexpr float kHeadLengthMax = 0.16f;
inline constexpr float kHeadLengthDefault = 0.12f;
// The neck chain left below a head that reaches down a long one (of the figure's size, 7 cm of
// a person; CMU's chain starts inside the chest, where the chest's top hides it); a neck's
// diameter where it meets the head, of the head's width (a person's neck is about 0.065 of the
// height wide, the head 0.09 wide and 0.13 tall).
inline constexpr float kShortestNeck = 0.04f;
inline constexpr float kNeckPerHeadWidth = 0.6f;
// A skull's ellipsoid reaches this share of its span's length past each end of it.
inline constexpr float kSkullOvershoot = 0.05f;
// A head's width, of its length (its ellipsoid's narrowest semi-axis, twice).
inline constexpr float kHeadWidthPerLength = 0.8f;
// A shaped head's cranium (addShapedHead), its widest part, of that ovoid's width: the neck
// meets a head this wide (neckRadiusAt), as a person's (0.065 of the height) meets a head 0.085
// wide.
inline constexpr float kCraniumWidthShare = 0.92f;
// A face rig's head grows at most this much to hold its face joints, which stay this far inside.
inline constexpr float kHeadGrowth = 1.5f;
inline constexpr float kFaceMargin = 1.05f;
// A face rig's joints this share of the skull's half-height below its centre or lower (a chin,
// lips, a tongue ahead of the skull's bottom) are its jaw's, held by an ellipsoid of their own
// at least this share of the head's length thick: an ellipsoid skull grown to hold a chin ahead
// of its bottom stands a third taller than a head.
inline constexpr float kJawLine = 0.6f;
// A jaw is narrower than the skull: face joints below its line farther to the side (a face's
// sides, its cheeks) are the skull's to hold, which a jaw that wide stood out of as lobes.
inline constexpr float kJawHalfWidth = 0.6f;
inline constexpr float kJawLeastPerHeadLength = 0.12f;
// A head bone shorter than this (of the figure's size, 5 cm of a human) is a marker, not a skull.
inline constexpr float kHeadMarkerLength = 0.03f;
// A crown bone more than 60 degrees off its neck's line (the cosine) is no skull's axis.
inline constexpr float kCrownOffNeck = 0.5f;
// A hand or a paw without a body around it: a hand is about an eighth of a person's height, so
// caps scale by this much when the skeleton names hands or fingers but no trunk, leg or head.
inline constexpr float kPartOfFigureScale = 8.0f;
// Bones shorter than this (of the figure's size) are coincident joints: no volume.
inline constexpr double kZeroLength = 1e-4;
// Soles reach this far forward of an ankle (a human foot, of its height), for feet whose bones
// do not say (a foot joint with an End Site straight below it).
inline constexpr float kSoleLength = 0.09f;
inline constexpr float kShortFoot = 0.06f;
// A hand reaches this far from the wrist (17 cm of a human, of its height).
inline constexpr float kHandLength = 0.09f;
// A long limb's end (a wrist, an ankle) is at least this share of the limb's radius at its top.
inline constexpr float kLimbEndShare = 0.6f;
// An ankle stands about this high above the sole (8 cm of a human, of its height).
inline constexpr float kAnkleHeight = 0.05f;
// A chest's rounded top ends this share of its depth below the neck's root, so the neck shows
// above the shoulders' line rather than inside the chest.
inline constexpr float kChestTopBelowNeck = 0.8f;
// An upright chest's rounded top under the neck rises this share of the chest's depth over its
// end about the neck (BodyVolume's flatter cap), the half-ellipsoid's towards its rim. As high as
// the chest is deep (0.08 of the figure's height) it rose from the shoulder line to the chin (the
// head's lowest point, 0.04-0.065 over it) round the neck's root and hid the neck, front and
// side; narrowing the chest's end instead thinned its sides under the arms (a seam at the armpit).
// Lower in the middle only, the cut end keeps its full section and its sides: the neck shows
// between the shoulders and the head. (Lowered to the rim, 0.6 of the depth stretched a
// Poser-like armpit moving its arm 3.3x against 2.6x, and 0.5 an edge of three.js's pirouette
// past 4x; lowered in the middle only, 0.5 also stretched that armpit 3.3x.)
inline constexpr float kChestTopHeight = 0.4f;
// Of a person seen from in front or behind, the shoulder's top falls from the neck's base to the
// deltoid at about 20 degrees (the trapezius). Over arms held out in the bind pose (a shoulder
// line) the collar is a level slab as thick from the neck to the arm, and the chest's top is
// flattened under the neck (kChestTopHeight): from behind, the shoulders stood as blocks over a
// saddle beside the neck (a MakeHuman-like biped's top 2.9 cm lower half way to the arm than over
// it). A trapezius (addTrapezius) starts on the spine at the neck's root, kTrapeziusPerNeck of
// the neck's thickness (inside the neck, which still shows), and rises over it (at most
// kTrapeziusMostRise of the figure's size) until its top falls at least kTrapeziusFall (tan 20
// degrees) to its end over the arm's joint, kTrapeziusEndPerArm of the arm's radius thick. (At
// 0.6 and 0.7 of the neck the simplified mesh of a CMU-like biped kicking, a crotch far from the
// shoulders, kept an edge stretched 4.2x under linear blending, against 3.9x.)
inline constexpr float kTrapeziusFall = 0.36f;
inline constexpr float kTrapeziusMostRise = 0.04f;
inline constexpr float kTrapeziusPerNeck = 0.8f;
inline constexpr float kTrapeziusEndPerArm = 0.3f;
// An upright trunk's rounded top ends at the shoulder line (the arms' roots): above it, the
// shoulders slope into the arms and the neck shows. A trunk bone gives up at most this share of
// its length for it, or this share when it runs into the head (PyMO's spine to head, where a
// neck takes its place); a bone rising this steeply (the cosine to up) is upright.
inline constexpr float kLongestTrunkCut = 0.5f;
inline constexpr float kLongestTrunkCutUnderHead = 0.75f;
inline constexpr float kUprightTrunk = 0.7f;
// A palm's least half-thickness (of the figure's size): under a grid cell it would fall between
// samples.
inline constexpr float kPalmThinnest = 0.009f;
// A hand's proportions: a proximal phalanx is about 0.45 of its length across (a radius 0.225
// of it), a thumb about a third thicker for the length of its first bone (its metacarpal, which
// rigs start near the wrist: a thumb is 2.2 cm across where an index finger is 1.9); a finger
// tapers to kFingerTipShare of its root's radius at the tip (a fingertip is about 1.6 cm across); a
// palm is kPalmThicknessPerWidth as thick as it is wide. A finger's radius stays under
// kFingerSpacingShare of the distance to the nearest other finger's knuckle (a gap of a fifth of
// the spacing between two like fingers) and under kFingerCap of the figure's size.
inline constexpr float kFingerWidthPerLength = 0.225f;
inline constexpr float kThumbThickness = 1.35f;
inline constexpr float kFingerTipShare = 0.85f;
inline constexpr float kFingerSpacingShare = 0.4f;
inline constexpr float kFingerCap = 0.01f;
inline constexpr float kPalmThicknessPerWidth = 0.33f;
// A palm's thickness (and width) at the wrist, of its thickness at the knuckles.
inline constexpr float kPalmWristShare = 0.85f;
// A palm reaches this many finger radii beyond its outer knuckles (a hand 8.5 cm wide over
// knuckles 5.7 cm apart).
inline constexpr float kPalmEdgePerFinger = 1.5f;
// ... and at least this many times as wide as they are apart (fingers the skeleton sets close
// together, thinner than a finger: the hand keeps its width).
inline constexpr float kPalmWidthPerSpread = 1.5f;
// A finger joint less than 1 / kPalmJointReach as far from the wrist as the next joint of its
// chain lies inside the palm.
inline constexpr float kPalmJointReach = 2.0f;
// A palm's slab starts this share of the way to the knuckles; before it, the heel: an ellipsoid
// kPalmHeelLength of the palm's length half-long reaching kPalmHeelPast of it behind the wrist,
// kPalmHeelWidth of the palm's half-width wide and kPalmHeelThickness of its half-thickness
// thick, its centre kPalmHeelBelow of that towards the palm's side: a hand's heel (thenar and
// hypothenar) is about 6.5 cm across and 3.5 cm thick where the palm is 8.5 cm by 3 cm.
inline constexpr float kPalmSlabStart = 0.35f;
inline constexpr float kPalmHeelLength = 0.3f;
inline constexpr float kPalmHeelPast = 0.1f;
inline constexpr float kPalmHeelWidth = 1.0f;
inline constexpr float kPalmHeelThickness = 1.15f;
inline constexpr float kPalmHeelBelow = 0.3f;
// The thenar starts kThenarAlong of the palm's length from the wrist, kThenarAcross of its
// half-width towards the thumb, kThenarThickness of its half-thickness thick.
inline constexpr float kThenarAlong = 0.3f;
inline constexpr float kThenarAcross = 0.45f;
inline constexpr float kThenarThickness = 0.9f;
inline constexpr float kThenarWidthRatio = 1.8f;
// The web between the thumb and the index finger reaches the palm's edge kThumbWebAlong of the
// way to the knuckles, kThumbWebAcross of its half-width out; kThumbWebThickness of the thumb's
// and the palm's thickness thick at its ends.
inline constexpr float kThumbWebAlong = 0.8f;
inline constexpr float kThumbWebAcross = 0.8f;
inline constexpr float kThumbWebThickness = 0.75f;
// The skin between two fingers reaches this share of their first bone past the knuckles (the
// palm's far end; at least half its thickness).
inline constexpr float kPalmWebShare = 0.4f;
// A thumb's root farther than this share of the palm's half-thickness from the knuckles' plane
// says which side is the palm's.
inline constexpr float kPalmSideShare = 0.25f;
// A finger root nearer the wrist than this share of the other roots' median distance is a
// thumb's (Mixamo's Thumb1, MakeHuman's finger1-1, Character Studio's Finger0).
inline constexpr float kThumbRootShare = 0.6f;

inline glm::dvec3 upVector(UpAxis up) {
    glm::dvec3 vector(0.0);
    vector[upAxisIndex(up)] = static_cast<double>(upAxisSign(up));
    return vector;
}

inline glm::vec3 anyPerpendicular(const glm::vec3& d) {
    const glm::vec3 other = std::abs(d.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(d, other));
}

inline bool isLongLimb(BoneRole role) {
    return role == BoneRole::UpperArm || role == BoneRole::Forearm || role == BoneRole::Thigh ||
           role == BoneRole::Shin;
}

// The roles a leg's first joint may have: its bone is a thigh, a shin (a crab's "leg0_knee")
// or a foot.
inline bool isLegRole(BoneRole role) {
    return role == BoneRole::Thigh || role == BoneRole::Shin || role == BoneRole::Foot;
}

// A joint that this many legs leave is a many-legged body (a crab's), not a pelvis (two) or a
// quadruped's chest or hips (two each).
inline constexpr std::uint32_t kManyLegs = 4;
// Unnamed chains that reach the ground make a many-legged body from this many (an insect's six,
// a crab's or a spider's eight): four from one joint may be a quadruped's, drawn as a barrel.
inline constexpr std::uint32_t kManyUnnamedLegs = 6;
// A many-legged body's legs (a crab's, a spider's) are this share of their length thick at the
// top, tapering to this share of that at the tip, whatever their names say: each as thick as
// its length makes it, not as a human's shin. Its claws (unnamed chains leaving the body whose
// tips stay off the ground) are thicker than its legs, and its shell at least this share of
// its legs' mean length wide each side.
inline constexpr float kManyLegTopPerLength = 0.045f;
inline constexpr float kManyLegTipShare = 0.6f;
inline constexpr float kClawPerLegTop = 1.7f;
inline constexpr float kClawTipPerLegTop = 1.0f;
inline constexpr float kShellPerLegRun = 0.25f;

inline bool isExcludedBone(const BodyOptions& options, std::size_t node) {
    return std::find(options.excludedBones.begin(), options.excludedBones.end(),
                     static_cast<NodeIndex>(node)) != options.excludedBones.end();
}

// [SECTION] The builder
// One figure's state while its volumes are made: the pose it is made in, normalised points, each
// node's role and place in the topology. makeBodyFigure fills it in order: measure,
// describeTopology, then one volume per bone and the parts (heads, palms, soles, limb roots,
// shells).
struct RestFigure {
    std::vector<glm::dvec3> positions; // file units
    std::vector<RigidTransform> world;
};

struct FigureBuilder {
    const Skeleton& skeleton;
    const BodyOptions& options;
    BodyFigure figure;
    RestFigure rest;
    std::vector<glm::vec3> points; // normalised
    std::vector<BoneRole> roles;
    std::vector<std::uint8_t> hasBone; // per node: a bone with length ends at it
    std::vector<float> leafShare;
    std::vector<float> leafCount; // per node: the figure's leaves at or below it
    std::vector<NodeIndex> longestChild;
    // Per node: itself, or its parent's when its bone has no length, or that of an earlier sibling
    // its bone ends at the same point as (MakeHuman's pelvis.L, pelvis.R and spine05): volumes
    // touching one joint are neighbours (BodyVolume::startJoint).
    std::vector<NodeIndex> jointOf;
    std::vector<NodeIndex> handOf;    // per node: the first Hand node at or above it, or kNoMass
    std::vector<std::uint8_t> legHub; // per node: kManyLegs legs or more leave it (a crab's body)
    std::vector<float> hubLegLength;  // per node: the mean length of the bones to its legs
    std::vector<BoneRole> boneRole;   // per node: its incoming bone's role, where not its parent's
    NodeIndex topologyHead = kNoParent; // an unnamed figure's head (findUnnamedHead)
    // Per node: the radii (start, end) of the bone to it in a quadruped's neck or tail sized from
    // its barrel (sizeFromBarrel); zero elsewhere.
    std::vector<glm::vec2> chainBone;
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    std::optional<glm::vec3> facing;
    float capScale = 1.0f;
    float lowest = 0.0f;               // along up
    float torsoWidth = 1.0f;           // the torso's width over its depth (measureTorsoWidth)
    std::optional<float> shoulderLine; // along up: the arms' roots (measureShoulderLine)
    // An upright biped's torso along up: the thighs' roots' level (x) and the upper arms' (y)
    // (measureTorsoSpan); none for other figures.
    std::optional<glm::vec2> torsoSpan;
    // Per joint (jointOf): 1 + the role of the bone volume made ending there, 0 for none. A trunk
    // bone from the same parent to the same point is the same volume: made once, since every
    // coincident copy sank the smooth union deeper (a bulge round MakeHuman's pelvis).
    std::vector<std::uint8_t> endMade;

    float boneLength(std::size_t child) const;

    // The radius where the bone to `child` (of `length`) starts and, in `end`, where it ends.
    // Long limbs (upper arm, forearm, thigh, shin) taper over their whole run of bones
    // (roleRun): MakeHuman splits a thigh into upperleg01 and upperleg02, and each half
    // tapering on its own made a string of beads.
    float startRadius(BoneRole role, float length, std::size_t child, float* end = nullptr,
                      float* runStart = nullptr) const;

    struct RolePlace {
        float run;            // the length of the run of bones of one role
        float before;         // of it, before the bone's start
        std::size_t top = 0;  // the joint the run starts at
        std::size_t last = 0; // the joint it ends at (the next role's, or a leaf)
    };

    // A long limb's radius at `share` of its run from `ends` (its top's and its end's): linear,
    // an upright biped's thigh's (torsoSpan) held at its top's to kThighFullTo.
    float alongRun(BoneRole role, glm::vec2 ends, float share) const;
    // The fullest radius of a long limb's run `run` long (roleSize).
    float runFullRadius(BoneRole role, float run) const;
    // A long limb's radii at the top and the end of its run `place`, `full` at its fullest: from
    // it to RoleSize::taper of it, except where it goes on from or into another long limb (an
    // elbow, a knee): there both take limbJointShare of the lower one's fullest, no thicker than
    // the upper one's, and meet on one sphere.
    glm::vec2 limbEnds(BoneRole role, const RolePlace& place, float full) const;
    // The other long limb the run `place` of `role` goes on from (a shin's thigh), if any.
    std::optional<BoneRole> limbAbove(BoneRole role, const RolePlace& place) const;

    // The run of bones of one role the bone to `child` (of `length`) belongs to, and where in it
    // the bone starts.
    RolePlace roleRun(BoneRole role, float length, std::size_t child) const;

    // The role the bone to `child` is sized as, or nullopt where it makes no volume (inside the
    // head, the chest or a many-legged body's shell).
    std::optional<BoneRole> volumeRole(std::size_t child) const;
    void addBone(std::size_t child);
    // The volumes of the bone to `child` sized as `role` (not a wing's): tapered round cones, an
    // elliptic one for a torso or a shoulder girdle.
    void addRoundBone(std::size_t child, BoneRole role);

    // The radius where a collar's bone to `child` (`start` thick as its role sizes it) starts:
    // before an arm hanging beside the chest in the bind pose, a trapezius kTrapeziusPerArm times
    // the upper arm's radius, so that the shoulder's line falls from the neck to the deltoid;
    // `start` elsewhere.
    float collarStartRadius(std::size_t child, float start) const;

    // Where a bone's volume is split in two round its fullest section, since a bone's one cone
    // could only taper: a chest's fullest inside a trunk bone. `share` of the bone's length,
    // `radius` there, the pieces' blend width of their radius.
    struct Bulge {
        float share;
        float radius;
        float blend;
    };
    std::optional<Bulge> bulgeAt(BoneRole role, std::size_t child, const glm::vec3& end) const;

    // The volumes of the bone to `child` (sized as `role`) to `end`, `radii` thick at its ends:
    // one blending over `blend` of its radius, or two about its bulge (blending over its own).
    // Both are moved by the bone's joint.
    void addBoneVolumes(BoneRole role, std::size_t child, const glm::vec3& end, glm::vec2 radii,
                        float blend, const std::optional<Bulge>& bulge);

    // One volume of the bone to `child` from `from` to `to`: a round cone, or an elliptic one for
    // a torso or a shoulder girdle, blending over `blend` of its radius.
    BodyVolume boneVolume(BoneRole role, std::size_t child, const glm::vec3& from,
                          const glm::vec3& to, glm::vec2 radii, float blend) const;

    // Whether a sibling's trunk bone to the same point (endMade) already made the volume of the
    // trunk bone to `child` (of `role`); records it otherwise.
    bool madeBySibling(std::size_t child, BoneRole role);

    void attach(BodyVolume& volume, std::size_t start, std::size_t end) const;

    // [SECTION] Hands (body_figure_extremities.cpp)
    // A hand's fingers: each finger's root (its first Finger joint, the knuckle; a thumb's
    // near the wrist), which are thumbs, and each root's radius (fingerRootRadius).
    struct HandFingers {
        std::vector<std::size_t> roots;
        std::vector<std::size_t> knuckles; // per root (fingerKnuckle)
        std::vector<std::uint8_t> thumbs;
        std::vector<float> radii;
    };
    HandFingers handFingers(std::size_t hand) const;
    // handFingers(hand), made once per hand: every finger bone asks for its hand's
    // (fingerBoneRadii), and a hand's scan of its subtree, names and radii cost a 5-finger hand's
    // bones 15 times over.
    const HandFingers& fingersOfHand(std::size_t hand) const;
    mutable std::vector<std::optional<HandFingers>> handFingersMade{}; // per node, fingersOfHand

    // Where the finger from `root` leaves the palm: the first joint of its chain from which
    // the next is no more than kPalmJointReach times as far from the wrist `hand` (Perception
    // Neuron's InHandIndex lies a third of the way to the knuckle, its Index1 at it).
    std::size_t fingerKnuckle(std::size_t root, std::size_t hand) const;

    // A finger's radius at its knuckle: kFingerWidthPerLength of its first bone (a thumb
    // kThumbThickness as thick), at most kFingerSpacingShare of the way to the nearest other
    // finger's root, so fingers the skeleton spreads stay apart.
    float fingerRootRadius(const HandFingers& fingers, std::size_t k) const;

    // The radii (start, end) of the bone to `child` when it is a finger's (tapering from its
    // root's radius to kFingerTipShare of it at the tip) or runs through the palm to a
    // finger's root (that root's radius); nullopt for other bones.
    std::optional<glm::vec2> fingerBoneRadii(std::size_t child) const;

    // A skeleton whose names say nothing that is a hand by its shape (core/analysis/hand_fan.h:
    // a glove's capture): its wrist, else nullopt.
    std::optional<std::size_t> unnamedHandJoint() const;

    // On a hand unnamedHandJoint finds: its roles, as if named (Forearm, Hand, Finger), so that
    // it gets a palm and fingers and is sized as a hand (capScale).
    void readUnnamedHand();

    // A palm's frame and size (palmShape): from the wrist along `forward` to the knuckles' mean
    // (the thumb's left out) `length` away, `across` them (their widest spread), `palmSide` the
    // side the thumb's root lies on (zero where it lies in the knuckles' plane or there is no
    // thumb); its half-width and half-thickness at the knuckles; the thumb's and the middle
    // (farthest) finger's index in the hand's fingers.
    struct PalmShape {
        glm::vec3 wrist{0.0f};
        glm::vec3 forward{0.0f};
        glm::vec3 across{0.0f};
        glm::vec3 palmSide{0.0f};
        float length = 0.0f;
        float halfWidth = 0.0f;
        float depth = 0.0f;
        float web = 0.0f; // how far past the knuckles it reaches
        // Whether the grid resolves its fingers (their mean radius at least kMinimumRadiusInCells
        // of the cell they are sampled at): only then has it a heel, a thumb's ball and webs.
        bool resolved = false;
        // Whether it is meshed as a piece of its own (BodyOptions::handPieces): its fingers are
        // thinner than the figure's cells keep but not than the hand's grid's.
        bool ownPiece = false;
        std::optional<std::size_t> thumb;
        std::size_t middle = 0;
    };
    // None without a fan of two fingers or more (the hand bone's cone is the hand).
    std::optional<PalmShape> palmShape(std::size_t hand) const;

    // Gives every volume of a hand meshed as a piece of its own (PalmShape::ownPiece) that hand
    // (BodyVolume::handPiece), once the figure's volumes are made.
    void markHandPieces();

    // A palm: an elliptic slab to the knuckles (the finger roots, the thumb left out), as wide
    // as the fingers' roots reach and kPalmThicknessPerWidth as thick, its near end rounded by the
    // heel (addPalmHeel), so a hand reads as a hand and not a mitten or, on a hand alone, a
    // paper fan.
    void addPalm(std::size_t hand);

    // The heel of the hand: an ellipsoid over the palm's near half, from a little behind the
    // wrist, rounded seen from the back, kPalmHeelThickness as thick as the palm and set towards
    // its palm side; no wider than a forearm that ends at the wrist.
    void addPalmHeel(std::size_t hand, const PalmShape& shape);

    // The ball of the thumb (thenar): an elliptic cone from the heel's thumb side to the thumb's
    // first joint beyond its root, wider across the palm than thick, and the web from that joint
    // to the palm's edge by the index finger, both moved by the thumb's root. Nothing without a
    // thumb.
    void addThenar(std::size_t hand, const PalmShape& shape);

    // Whether the bones from `node` are a resolved hand's thumb past its web (from the joint
    // after the thumb's first bone beyond the palm): they keep a gap from the palm and the other
    // fingers, being of no mass with them. Lying against the palm's edge, a thumb fused with it
    // tore that edge when it turned (linear blending: edges 7x their length).
    bool beyondThumbWeb(std::size_t node) const;

    // The half-width where the bone volume made to `node` ends (a forearm's at the wrist); none
    // before one is made. A hand's volumes start no wider: wider, a bump showed at every wrist.
    std::optional<float> boneEndRadius(std::size_t node) const;

    // Whether the head joint lies more ahead of (or beside) the trunk's base (trunkBaseBelow)
    // than above it: a quadruped's, not a biped's or a face rig's.
    bool headAheadOfTrunkBase(std::size_t head) const;

    // The trunk's base under `head`: its topmost ancestor that two or more joints leave (the
    // hips, where the legs and the spine part), else the skeleton's root. A root joint above it
    // that the motion leaves behind (Bandai Namco's joint_Root stays at the origin while the
    // hips walk metres away) says nothing about where the body stands.
    std::size_t trunkBaseBelow(std::size_t head) const;

    // The longest bone from `node` within about 30 degrees of `direction` (a face rig's
    // HeadTop among its jaw, eyes and lips: the skull's height), by its child; kNoParent when none.
    NodeIndex boneAlong(std::size_t node, const glm::vec3& direction) const;

    // The bone from `head` (which `bones` bones leave) that says where the skull goes and how
    // tall it is: its only bone, else the longest along the neck's last bone (a face rig's
    // HeadTop, MakeHuman's special06 among its jaw, eyes and temporalis), by its child;
    // kNoParent when none (a head that ends its chain, a face rig without a crown bone).
    NodeIndex crownBone(std::size_t head, std::size_t bones) const;

    // The face joints below `head` (jaw, lips, eyelids, MakeHuman's temporalis and levator), in
    // the skull's `axes` from the head joint. End Sites are left out (an eye's aim reaches far
    // ahead of the face), and so is a crown marker beyond the skull's top (`crownAt`, a face
    // rig's HeadTop).
    std::vector<glm::vec3> faceJoints(std::size_t head, const glm::mat3& axes, float crownAt) const;

    // A face rig's joints (faceJoints, in the skull's axes from the head joint) split between
    // the skull and the jaw: the jaw's lie below `jawLine` (kJawLine under the skull's `centre`)
    // and within kJawHalfWidth of its half-width of its middle (a chin, lips, a tongue); the
    // others (cheeks, ears, a face's sides) are the skull's. A lying head has no jaw.
    struct FaceSplit {
        std::vector<glm::vec3> skull;
        std::vector<glm::vec3> jaw;
        float jawLine = 0.0f;
    };
    static FaceSplit splitJaw(std::span<const glm::vec3> joints, const glm::vec3& centre,
                              const glm::vec3& semiAxes, bool lying);

    // A face rig's skull (`semiAxes`, in its axes from the head joint) over its `joints`
    // (splitJaw's skull joints): from `centre`, where the crown and the neck put it (headSpan),
    // moved ahead towards the face and grown, up to kHeadGrowth, until they lie inside it;
    // returns its centre. For face joints beyond the skull's box (withinSkullBox): a face larger
    // than the skull the skeleton says.
    static glm::vec3 fitHeadToFace(std::span<const glm::vec3> joints, glm::vec3 centre,
                                   glm::vec3& semiAxes);

    // The jaw under a face rig's skull (`centre`, `semiAxes` in its axes): an ellipsoid (its
    // centre `a` and `radii`, in those axes) over the face joints below `jawLine` (a chin, lips,
    // a tongue ahead of the skull's bottom), reaching up to that line, at least
    // kJawLeastPerHeadLength of the head's `length` thick and no larger than the skull; none
    // when they lie inside the skull.
    static std::optional<BodyVolume> jawUnder(std::span<const glm::vec3> joints, float jawLine,
                                              const glm::vec3& centre, const glm::vec3& semiAxes,
                                              float length);

    // Whether `joints` lie within the box round the ellipsoid of `semiAxes` at `centre`: the
    // room a skull of that size takes, its narrowing ends and corners included.
    static bool withinSkullBox(std::span<const glm::vec3> joints, const glm::vec3& centre,
                               const glm::vec3& semiAxes);

    // The farthest of `joints` from `centre`, in the measure of the ellipsoid of `semiAxes` (1:
    // on it).
    static float faceReach(std::span<const glm::vec3> joints, const glm::vec3& centre,
                           const glm::vec3& semiAxes);

    // The skull of the head joint `head`: the way it points, its length (of the figure's size),
    // how far of it hangs below the head joint down the neck, how many bones leave the head, and
    // how far its crown bone (crownBone) reaches along it (0: none).
    struct HeadSpan {
        glm::vec3 direction;
        float length;
        float below;
        std::size_t bones;
        float crown = 0.0f;
    };
    HeadSpan headSpan(std::size_t head) const;

    // A named quadruped's head (namedQuadruped): kHeadPerBarrelLength of its trunk long, on its
    // neck rather than down it; `span` as headSpan found it otherwise.
    HeadSpan quadrupedHeadSpan(std::size_t head, HeadSpan span) const;

    // The length of the chain of neck bones that ends at `head`.
    float neckRunBelow(std::size_t head) const;

    // The radius of a neck bone's end at `child` (of the neck's run, starting `runStart` thick):
    // the neck narrows over its run towards the head it carries, to kNeckPerHeadWidth of the
    // head's width where it meets it.
    float neckRadiusAt(std::size_t child, float runStart) const;

    // A head's ovoid (its `centre` and `semiAxes`, in its axes from the head joint, as headSpan
    // places it), which an upright head that knows its front fills with a cranium, a face, a
    // chin, a nose and a nape (addShapedHead); a face rig's head fitted over face joints that
    // reach past it keeps the ovoid and its jaw.
    struct HeadEnvelope {
        glm::vec3 centre;
        glm::vec3 semiAxes;
    };
    // The shaped head of the head joint `head` in `axes` (rows: along the skull, towards the
    // face, to the side) over `envelope`; false (nothing added) when the face `joints` (in the
    // same axes) do not all lie inside its cranium or its face.
    bool addShapedHead(std::size_t head, const glm::mat3& axes, const HeadEnvelope& envelope,
                       std::span<const glm::vec3> joints);

    void addHead(std::size_t head);

    // [SECTION] The trunk's top and the neck (body_figure_neck.cpp)
    // shoulderLine: the mean height of the arms' roots (the first upper arm joints), on a figure
    // whose arms are held out in the bind pose (a T-pose, an A-pose); none on a figure without
    // arms or with an arm hanging along the trunk, whose chest and shoulders keep their shape.
    void measureShoulderLine();
    // Whether no bone is an upper arm's: a trunk with a head and no shoulders (a face rig's).
    bool armless() const;

    // Where the trunk bone from `parent` to `child`, `endRadius` thick at its end, ends: short
    // of a neck's root (kChestTopBelowNeck), and on an upright bone so that its rounded top
    // stays at the shoulder line (each within kLongestTrunkCut of its length).
    glm::vec3 trunkEnd(std::size_t parent, std::size_t child, float endRadius) const;

    // Flattens the rounded top of `top`, the last volume of the trunk bone from `parent` to
    // `child`, to kChestTopHeight of its depth where that bone is an upright chest under the neck
    // (or under the head, PyMO's) of a figure with a shoulder line. A round cone (a figure that
    // does not say which way it faces) becomes an elliptic cone as round.
    void flattenChestTop(std::size_t parent, std::size_t child, BodyVolume& top) const;

    // A neck from a trunk bone's `trunkTop` to the head joint `head` it ran into (PyMO has no
    // neck joint): a neck's thickness, narrowing to the head (neckRadiusAt). Nothing when
    // `head` is no upright head.
    void addNeckOverTrunk(std::size_t parent, std::size_t head, const glm::vec3& trunkTop);

    // On a figure with a shoulder line, the trapezius over the arm whose first joint is `arm`:
    // a round cone from the spine at the neck's root (the neck joint that leaves the trunk joint
    // the arm's collar chain leaves) to just over the arm's joint, one mass with the trunk, moved
    // by the collar and blending with the collar's and the arm's volumes. Its top falls from the
    // neck's base to the deltoid (kTrapeziusFall). Nothing for an arm without a collar on a trunk
    // joint with a neck.
    void addTrapezius(std::size_t arm);

    // How far an upright skull may reach down below its head joint: to kShortestNeck above the
    // shoulder line or, on a figure without a shoulder line, above the neck chain's start. Zero
    // for a quadruped's head.
    // `crownLength`: the skull's span above the head joint.
    float headRoomBelow(std::size_t head, float crownLength) const;

    // The end of the run of `role` bones that starts at `node` (an upper arm split in two ends
    // at the elbow).
    glm::vec3 endOfRun(std::size_t node, BoneRole role) const;

    // A deltoid or a hip's mass where an upper arm or a thigh leaves the body (body_girdles.h),
    // blending with the bone into its joint and the limb's first bone. Both move with the limb:
    // a hip's mass bound to the pelvis (one mass with the trunk) stretched Dance captures'
    // crossing legs under linear blending (dme's 99.88 % of edges within 4x, 99.97 % so).
    void addLimbRoot(std::size_t node);

    // Skins the bone from a thigh's `first` joint to its hip joint `second`, where that bone lies
    // inside the trunk (CMU's LHipJoint to LeftUpLeg, from the hips' middle), to the pelvis above
    // `first`: the skin it makes is the pelvis's and the crotch's, between the two thighs.
    void skinToPelvis(std::size_t first, std::size_t second);

    // The last joint of the thigh's run of bones from the hip joint `hip` (a thigh split into
    // bones along one line: MakeHuman's upperleg02) that the hip's `mass` reaches, the bones into
    // and out of which it blends with (BodyVolume::reachJoint); kNoParent for a thigh of one bone
    // or a split the mass does not reach. (One joint: a mass blends with every bone of a run split
    // in up to three within its reach.)
    NodeIndex thighJointReached(std::size_t hip, const BodyVolume& mass) const;
    // The joint where the straight run of bones through the bone from `start` to `end` begins
    // (BodyVolume::runStartJoint): up through the bones before `start` while each has its role
    // and runs within kRunAlignment (body_volumes.h) of this bone's direction; jointOf[start] for a
    // bone that starts its limb or leaves it at an angle.
    NodeIndex runStartJoint(std::size_t start, std::size_t end) const;

    // Whether the bone from `first` to `second` (a limb's first) turns more than 60 degrees
    // (kLimbRootCrossing) from the rest of the limb's run below `second`: a bone across the
    // pelvis to the hip joint, not a bone of the leg.
    bool crossesToLimb(std::size_t first, std::size_t second) const;

    // A sole forward of an ankle whose own bones do not reach forward.
    void addSole(std::size_t ankle);

    bool measure();

    // `classified`: classifyBoneRoles(skeleton), which makeBodyFigure needs before the builder
    // (the limbs' corrective leaves) and hands over rather than have it classified twice.
    void describeTopology(std::vector<BoneRole> classified);

    // jointOf and endMade, after hasBone.
    // Roles of joints whose every bone is left out (options.excludedBones) become Unknown.
    void leaveOutRolesOfExcludedJoints();
    void mergeJoints();

    // An unnamed figure with a barrel (a quadruped's): the chain of single bones leaving the
    // barrel's far end (the end away from the root) whose tip stays off the ground is its neck;
    // with two bones or more, its highest joint short of the tip is the head (topologyHead) and
    // the bones beyond it a trunk or a snout (an elephant's trunk of several bones hangs from
    // the head, below it), tapering like a tail.
    void findUnnamedHead();

    // The chain of single bones from `first` to its tip: its nodes, `first` and its parent
    // (the chain's root) included.
    std::vector<std::size_t> chainFrom(std::size_t first) const;

    // Radii of the bones to chain[first] .. chain[last] (chainBone) from `start` where the first
    // starts to `end` where the last ends, by the length run.
    void taperChain(std::span<const std::size_t> chain, std::size_t first, std::size_t last,
                    float start, float end);

    // The barrel's far end: topologyHead's ancestor whose parent is the root.
    std::size_t barrelEndOf(std::size_t head) const;

    // The unnamed head's length: kHeadPerBarrelLength of the barrel bone's.
    float unnamedHeadLength() const;

    // The chains of single bones leaving the barrel's ends (the bone to `barrelEnd`) whose tips
    // reach the ground: its legs, by their chain.
    std::vector<std::vector<std::size_t>> barrelLegs(std::size_t barrelEnd) const;

    // A quadruped sized from its skeleton's proportions, not a human's: a barrel as thick as
    // its legs are long allow (kBarrelPerLegLength), a neck that leaves it kNeckPerBarrel as
    // thick and narrows to the head, a trunk or snout beyond the head and a tail (a chain of
    // single bones from the barrel's other end whose tip stays off the ground) thin and
    // tapering, legs that taper from kLegTopPerLength of their length at the top.
    void sizeFromBarrel(std::size_t barrelEnd);

    void markNeckChain(std::size_t first);

    // The head topologyHead says: an ellipsoid along the neck's last bone, unnamedHeadLength
    // long, longer than it is high or wide.
    void addTopologyHead();

    // A quadruped's barrel from barrelFrom to barrelTo, barrelRadius thick (the trunk's own
    // bone volumes left out): a round cone whose ends reach kBarrelEndPastJoint of its radius
    // past the pelvis and the chest.
    void addBarrel();

    // Takes the barrel from `from` to `to` (barrelFrom, barrelTo: addBarrel makes it) over
    // `legs`, which taperLegs sizes: kBarrelPerLegLength of their mean length thick, at most
    // kBarrelPerBarrelLength of its `length`, or an unnamed trunk bone's radius with no legs;
    // the legs' roots inside it join it (joinLegRootsToBarrel). Returns barrelRadius.
    float takeBarrel(NodeIndex from, std::size_t to, float length,
                     std::span<const std::vector<std::size_t>> legs);

    // A quadruped's legs (chains by chainFrom), each kLegTopPerLength of its length thick at
    // the top, tapering to kLegFootShare of that at the foot; returns their mean length.
    float taperLegs(std::span<const std::vector<std::size_t>> legs);

    // The legs' joints inside the barrel (a hip under a dog's chest) counted as the joint their
    // leg leaves (jointOf): the bones from them are the barrel's neighbours and blend into it,
    // where a gap kept from it creased the barrel round the leg's top.
    void joinLegRootsToBarrel(std::span<const std::vector<std::size_t>> legs);

    // A quadruped whose joints are named (body_figure_quadruped.cpp): its trunk's nodes from
    // the root (the longest run of trunk bones), their length end to end, and its legs (the
    // chains of single bones from the trunk's nodes that stand on the ground, by chainFrom).
    struct NamedQuadruped {
        std::vector<std::size_t> trunk;
        float length = 0.0f;
        std::vector<std::vector<std::size_t>> legs;
    };

    // The named quadruped this figure is: a trunk along the ground, not up, with four legs or
    // more standing under it (each tip at least kStandingLegDrop of its length below its root);
    // no legs when it is none (a biped, a biped lying in its rest pose, an unnamed figure).
    NamedQuadruped namedQuadruped() const;

    // The length of the bones along `chain` (chainFrom's: its root first).
    float chainRun(std::span<const std::size_t> chain) const;

    // A named quadruped sized as an unnamed one is (sizeFromBarrel): its trunk bones a barrel,
    // its legs tapering, its neck narrowing to the head, a trunk hanging from its head
    // (markHangingTrunk).
    void findNamedQuadruped();

    // The chains of single bones from a quadruped's `head` whose tips hang more than two of the
    // head's half-heights below it (an elephant's trunk, which names put under the head as face
    // bones): thin and tapering like a snout, not left out.
    void markHangingTrunk(std::size_t head, float headHalfHeight);

    // legHub (kManyLegs named legs, or kManyUnnamedLegs legs named or not), legStart and
    // hubLegLength; every leg hub's limbs sized (sizeHubLimbs). It starts boneRole
    // and chainBone, which findUnnamedHead adds to.
    void findLegHubs();

    // Whether the bone to `node` starts an unnamed leg: an unnamed chain of single bones from an
    // unnamed joint whose tip reaches the ground.
    bool startsUnnamedLeg(std::size_t node) const;

    // The mean length of the legs' chains from `hub`.
    float meanLegRun(std::size_t hub) const;

    // A many-legged body's legs, each kManyLegTopPerLength of its own length thick at the top
    // and tapering, and its claws kClawPerLegTop as thick as a leg of the mean length.
    void sizeHubLimbs(std::size_t hub);

    // A shell over the joint many legs leave (body_girdles.h), one mass with the legs' roots,
    // at least kShellPerLegRun of the legs' mean length wide each side.
    void addShell(std::size_t hub);

    // Whether the bone from `node` to its longest child points down within about 35 degrees.
    bool hangsAlongTrunk(std::size_t node) const;
    // Whether a trunk bone of `length`, sized `radius` at its start, runs front to back through
    // an upright torso (more than 60 degrees from up and from the hips' line: kAcrossTrunkRise)
    // and is shorter than the trunk is deep: MakeHuman's root, 8 cm behind its spine's base, to
    // its pelvis and spine05. Both its ends lie inside the spine's first volume: addBone gives it
    // none. Sized as the trunk and lying backwards, it stood out behind the hips as a ball (from
    // behind, a nappy) reaching past the chest's back.
    bool crossesInsideTrunk(std::size_t child, float length, float radius) const;

    // Whether `node` is an upper arm's first joint (its parent another role's) whose arm hangs
    // along the trunk in the bind pose.
    bool hangingArmRoot(std::size_t node) const;

    // Moves the volumes of every arm with an armSpread by it, but for its deltoid: the arm's
    // surface follows its bones rigidly, offset in the bind pose as a person's flesh is from a
    // narrow rig's joints, and the deltoid over the joint bridges it to the chest.
    void spreadArms();

    // kTorsoWidthRatio, narrowed so that the torso's sides stay off upper arms that hang beside
    // it in the bind pose (bvhio's rest pose), whose roots it measures across the facing: such
    // arms would otherwise lie inside the torso and tear from it when they rise. Arms held out
    // (a T-pose, an A-pose) leave the torso only at the shoulder, which blends with it. Hanging
    // arms whose roots stand closer than kHangingArmHalfSpan either side of their midpoint get
    // armSpread, and the torso the room that leaves.
    void measureTorsoWidth();

    // torsoSpan, where upper arms and thighs leave the trunk and the arms' roots stand
    // kUprightTorsoSpan or more above the thighs'.
    void measureTorsoSpan();

    // A trunk bone's radius at `point`, of the trunk's (roleSize): kHipsShare at the thighs' roots
    // and below, kWaistShare at the waist, 1 from the chest (kChestAt) up; 1 without a torsoSpan.
    float trunkShare(const glm::vec3& point) const;

    // A quadruped's barrel (sizeFromBarrel, findNamedQuadruped): its pelvis and chest joints
    // (kNoParent for none) and its radius; addBarrel makes it.
    // Per node: the bone to it starts a leg of a leg hub (named, or unnamed: startsUnnamedLeg).
    std::vector<std::uint8_t> legStart{};
    NodeIndex barrelFrom = kNoParent;
    NodeIndex barrelTo = kNoParent;
    float barrelRadius = 0.0f;
    // Per node: how far the volumes of the hanging arm it belongs to stand out from its bones,
    // across the facing (measureTorsoWidth, kHangingArmHalfSpan); zero elsewhere.
    std::vector<glm::vec3> armSpread{};
    // The thinnest an unnamed limb or a tail of a named figure may be (limbFloor), of the
    // figure's size: kCapsuleJointShare of its height; zero on an unnamed figure or a hand.
    float unnamedLimbFloor = 0.0f;
    // The radii `r0`, `r1` of the bone to `child` (`length` long, sized as `role`) raised to
    // unnamedLimbFloor where it is an unnamed limb's or a tail's of its own, leaving the trunk
    // (not a many-legged body's leg, not a quadruped's neck or tail sized from its barrel, not
    // an unnamed bone inside a named foot or hand), and no more than
    // kCapsuleBonePerLength of its length.
    std::pair<float, float> limbFloor(BoneRole role, std::size_t child, float length, float r0,
                                      float r1) const;

    // [SECTION] Wings (body_figure_wings.cpp)
    // The first joint of the wing chain `node` (a Wing joint) belongs to.
    std::size_t wingTop(std::size_t node) const;
    // The length of the bones from the wing's `top` down to `node`.
    float alongWing(std::size_t top, std::size_t node) const;
    // The plane a wing's blade lies in (its `normal`) and the way its leading edge faces in it
    // (`lead`): where the chain from `top` bends (a joint farther than kWingBendShare of its span
    // from the line root to tip), the plane of the bend, leading on its outer side; where it is
    // straight, the plane holding it and the trunk's axis (trunkAxisAbove, else up), leading
    // towards the trunk's top.
    struct WingPlane {
        glm::vec3 normal;
        glm::vec3 lead;
    };
    WingPlane wingPlane(std::size_t top) const;
    // The trunk's axis where the wing from `top` leaves it: from the trunk's base (the lowest of
    // the run of trunk joints) to the nearest trunk joint above the wing; none where that is
    // shorter than kWingTrunkLeast or the wing leaves no trunk.
    std::optional<glm::vec3> trunkAxisAbove(std::size_t top) const;
    // The blade of the wing bone to `child`: its half-thickness (one along the wing), the
    // direction across the bone towards its leading edge (perpendicular to the bone) and its
    // half-chord at the bone's ends (kWingRootChord to kWingTipChord of the chain's length).
    struct WingBlade {
        float rim;
        glm::vec3 across;
        glm::vec2 halfChord;
    };
    WingBlade wingBlade(std::size_t child) const;
    // The blade of the wing bone to `child`: an elliptic cone about the bone, moved by
    // the bone's joint.
    void addWingBone(std::size_t child);
};

} // namespace bvh::body_figure_detail
