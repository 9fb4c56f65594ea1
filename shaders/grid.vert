#version 330 core
// One quad on the ground plane; the fragment shader draws the lines.

layout(location = 0) in vec2 aCorner; // -1..1

uniform mat4 uViewProjection;
uniform vec3 uCenter;
uniform float uHalfExtent;

out vec3 vWorldPosition;

void main() {
    vWorldPosition = uCenter + vec3(aCorner.x, 0.0, aCorner.y) * uHalfExtent;
    gl_Position = uViewProjection * vec4(vWorldPosition, 1.0);
}
