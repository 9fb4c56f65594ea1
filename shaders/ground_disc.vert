// A unit quad laid flat on the horizontal plane through each instance's centre.

layout(location = 0) in vec2 aCorner;       // -1..1
layout(location = 1) in vec4 iCenterRadius; // per instance: centre (xyz), radius (w)
layout(location = 2) in vec4 iColor;

uniform mat4 uViewProjection;

out vec2 vLocal;
out vec4 vColor;

void main() {
    vec3 world = iCenterRadius.xyz + vec3(aCorner.x, 0.0, aCorner.y) * iCenterRadius.w;
    vLocal = aCorner;
    vColor = iColor;
    gl_Position = uViewProjection * vec4(world, 1.0);
}
