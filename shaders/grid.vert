// One polygon on the ground plane, around the disc the grid fades out in; the fragment shader
// draws the lines.

layout(location = 0) in vec2 aCorner; // around the unit disc

uniform mat4 uViewProjection;
uniform vec3 uCenter;
uniform float uHalfExtent;

out vec3 vWorldPosition;

void main() {
    vWorldPosition = uCenter + vec3(aCorner.x, 0.0, aCorner.y) * uHalfExtent;
    gl_Position = uViewProjection * vec4(vWorldPosition, 1.0);
}
