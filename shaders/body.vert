// A skinned body (render/draw/body_renderer.h): each vertex's distance from its bone's axis is
// scaled by the thickness, then it is moved by the blend of up to four nodes' skin transforms as
// dual quaternions (Kavan et al. 2007: volume is kept at twisting joints, where blended matrices
// pinch into a "candy wrapper"), then by the model matrix into the world. The shadow pass
// flattens the result onto the ground along the light, as skeleton.vert does; the varyings are
// skeleton.vert's, so skeleton.frag and shadow.frag shade it.

layout(location = 0) in vec3 aPosition;  // rest pose, the mesh's units
layout(location = 1) in vec3 aNormal;    // outward, unit
layout(location = 2) in vec3 aAxisPoint; // the nearest point on the bone's axis
layout(location = 3) in uvec4 aJoints;   // node indices
layout(location = 4) in vec4 aWeights;   // descending, sum to 1

// Per node, three texels from uNodeBase + 3 * node, rows of uNodeTextureWidth texels: the skin
// transform's real part (x, y, z, w: w the scalar), its dual part (0.5 * (0, t) * real), its
// colour.
uniform sampler2D uNodeData;
uniform int uNodeTextureWidth;
uniform int uNodeBase;
uniform mat4 uModel; // rotation, uniform scale, translation
// uModel's rotation alone. Its scale is metres per file unit, 1e-22 for a figure 1e22 units tall:
// a normal carried by it squares to zero in float (skeleton.frag's normalize, black and white
// patches), and one carried by 1e30 (a figure 1e-30 units tall) squares to infinity (unlit).
uniform mat3 uNormalMatrix;
uniform float uThickness;

uniform mat4 uViewProjection;
uniform int uShadowPass;
uniform vec3 uLightDirection; // unit, towards the light
uniform float uGroundHeight;

out vec3 vWorldPosition;
out vec3 vNormal;
out vec4 vColor;
out float vHeightAboveGround;

vec4 nodeTexel(uint node, int part) {
    int index = uNodeBase + 3 * int(node) + part;
    return texelFetch(uNodeData, ivec2(index % uNodeTextureWidth, index / uNodeTextureWidth), 0);
}

vec3 rotate(vec4 q, vec3 v) {
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main() {
    // The heaviest joint first: its rotation is the hemisphere the others join.
    vec4 pivot = nodeTexel(aJoints.x, 0);
    vec4 real = aWeights.x * pivot;
    vec4 dual = aWeights.x * nodeTexel(aJoints.x, 1);
    vec4 color = aWeights.x * nodeTexel(aJoints.x, 2);
    // Weights descend, so the first zero ends them: most vertices have one or two joints, and
    // every fetch skipped counts on a software rasteriser.
    for (int i = 1; i < 4 && aWeights[i] > 0.0; ++i) {
        float weight = aWeights[i];
        vec4 jointReal = nodeTexel(aJoints[i], 0);
        // q and -q are one rotation; blending across hemispheres would cancel them.
        float signedWeight = dot(jointReal, pivot) < 0.0 ? -weight : weight;
        real += signedWeight * jointReal;
        dual += signedWeight * nodeTexel(aJoints[i], 1);
        color += weight * nodeTexel(aJoints[i], 2);
    }
    float realLength = length(real);
    if (realLength > 1e-8) {
        real /= realLength;
        dual /= realLength;
    } else {
        real = vec4(0.0, 0.0, 0.0, 1.0);
        dual = vec4(0.0);
    }
    vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    vec3 rest = aAxisPoint + uThickness * (aPosition - aAxisPoint);
    vec3 skinned = rotate(real, rest) + translation;

    vec3 world = (uModel * vec4(skinned, 1.0)).xyz;
    vNormal = uNormalMatrix * rotate(real, aNormal);
    vColor = color;
    vHeightAboveGround = world.y - uGroundHeight;
    if (uShadowPass != 0) {
        // Slide the point down the light direction until it meets the ground.
        world -= uLightDirection * (vHeightAboveGround / max(uLightDirection.y, 0.05));
        world.y = uGroundHeight;
    }
    vWorldPosition = world;
    gl_Position = uViewProjection * vec4(world, 1.0);
}
