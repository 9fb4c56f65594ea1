#version 330 core
// Anti-aliased grid lines from screen-space derivatives: minor cells, a major line every ten,
// the X (red) and Z (blue) axes, fading out towards the edge of the quad.

in vec3 vWorldPosition;

uniform vec3 uCenter;
uniform float uHalfExtent;
uniform float uCellSize;
uniform vec4 uFloorColor;
uniform vec4 uLineColor;
uniform vec4 uMajorLineColor;

out vec4 fragColor;

float lineCoverage(vec2 coordinate, float width) {
    vec2 derivative = fwidth(coordinate);
    vec2 distanceToLine = abs(fract(coordinate - 0.5) - 0.5) / max(derivative, vec2(1e-6));
    return 1.0 - min(min(distanceToLine.x, distanceToLine.y) / width, 1.0);
}

void main() {
    vec2 ground = vWorldPosition.xz;
    float minor = lineCoverage(ground / uCellSize, 1.0);
    float major = lineCoverage(ground / (10.0 * uCellSize), 1.5);
    vec4 color = uFloorColor;
    color = mix(color, uLineColor, minor * uLineColor.a);
    color = mix(color, uMajorLineColor, major * uMajorLineColor.a);

    vec2 axisDerivative = fwidth(ground);
    float onXAxis = 1.0 - min(abs(ground.y) / max(axisDerivative.y, 1e-6) / 1.5, 1.0);
    float onZAxis = 1.0 - min(abs(ground.x) / max(axisDerivative.x, 1e-6) / 1.5, 1.0);
    color = mix(color, vec4(0.80, 0.30, 0.30, 1.0), onXAxis);
    color = mix(color, vec4(0.30, 0.45, 0.85, 1.0), onZAxis);

    float radial = length(vWorldPosition.xz - uCenter.xz) / uHalfExtent;
    color.a *= 1.0 - smoothstep(0.6, 1.0, radial);
    fragColor = color;
}
