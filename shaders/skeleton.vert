// Stretches a unit bone mesh (render/math/mesh_builder.h) between each instance's start and end.
// The shadow pass flattens the same geometry onto the ground along the light direction.

layout(location = 0) in vec3 aDirection;   // in the bone frame, scaled by the radius
layout(location = 1) in float aAlong;      // 0 at the start, 1 at the end
layout(location = 2) in vec4 iStartRadius; // per instance: start (xyz), radius (w)
layout(location = 3) in vec4 iEnd;         // per instance: end (xyz)
layout(location = 4) in vec4 iColor;

uniform mat4 uViewProjection;
uniform int uShadowPass;
uniform vec3 uLightDirection; // unit, towards the light
uniform float uGroundHeight;
uniform vec3 uEyePosition;
// Bones and joints are never thinner on screen than this radius per unit of distance from the
// eye (about a pixel wide): a tiny or far-away bone stays visible instead of falling between
// pixel centres. 0: no minimum.
uniform float uMinRadiusPerDistance;
uniform int uLineStyle; // 1: the instance radius is ignored; lines are the minimum width

out vec3 vWorldPosition;
out vec3 vNormal;
out vec4 vColor;
out float vHeightAboveGround;

void main() {
    vec3 start = iStartRadius.xyz;
    vec3 axis = iEnd.xyz - start;
    float boneLength = length(axis);
    // Only a bone of no length stands up: a figure of 1e-5 m has bones under 1e-6 m.
    vec3 along = boneLength > 1e-30 ? axis / boneLength : vec3(0.0, 1.0, 0.0);
    vec3 helper = abs(along.y) < 0.99 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 across = normalize(cross(helper, along));
    vec3 third = cross(across, along);
    vec3 offset = aDirection.x * across + aDirection.y * along + aDirection.z * third;

    vec3 centre = mix(start, iEnd.xyz, aAlong);
    float radius = uLineStyle != 0 ? 0.0 : iStartRadius.w;
    radius = max(radius, uMinRadiusPerDistance * distance(uEyePosition, centre));
    vec3 world = centre + radius * offset;
    vNormal = dot(offset, offset) > 1e-12 ? normalize(offset) : along;
    vColor = iColor;
    vHeightAboveGround = world.y - uGroundHeight;
    if (uShadowPass != 0) {
        // Slide the point down the light direction until it meets the ground.
        world -= uLightDirection * (vHeightAboveGround / max(uLightDirection.y, 0.05));
        world.y = uGroundHeight;
    }
    vWorldPosition = world;
    gl_Position = uViewProjection * vec4(world, 1.0);
}
