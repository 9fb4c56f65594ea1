// Anti-aliased grid lines from screen-space derivatives: minor cells, a major line every ten,
// the X (red) and Z (blue) axes, fading out towards the edge of the quad. Every distance is in
// pixels from one fwidth() of the ground position: a software rasteriser (llvmpipe) pays for
// each derivative and division on most of the screen. The ground is drawn first, over the clear
// colour uBackground, so it mixes with that here and writes opaque pixels: framebuffer blending
// would read back every ground pixel.

in vec3 vWorldPosition;

uniform vec3 uCenter;
uniform float uHalfExtent;
uniform float uCellSize;
uniform vec4 uFloorColor;
uniform vec4 uLineColor;
uniform vec4 uMajorLineColor;
uniform vec3 uBackground;

out vec4 fragColor;

void main() {
    vec2 ground = vWorldPosition.xz;
    vec2 pixelsPerUnit = 1.0 / max(fwidth(ground), vec2(1e-6 * uCellSize));
    vec2 cells = ground * (1.0 / uCellSize);
    // Distances in pixels to the nearest minor line, major line and axis, per direction.
    vec2 toMinor = abs(fract(cells - 0.5) - 0.5) * (uCellSize * pixelsPerUnit);
    vec2 toMajor = abs(fract(cells * 0.1 - 0.5) - 0.5) * (10.0 * uCellSize * pixelsPerUnit);
    vec2 toAxis = abs(ground) * pixelsPerUnit;
    float minor = 1.0 - min(min(toMinor.x, toMinor.y), 1.0);
    float major = 1.0 - min(min(toMajor.x, toMajor.y) * (1.0 / 1.5), 1.0);
    vec2 onAxis = 1.0 - min(toAxis * (1.0 / 1.5), vec2(1.0));

    vec4 color = uFloorColor;
    color = mix(color, uLineColor, minor * uLineColor.a);
    color = mix(color, uMajorLineColor, major * uMajorLineColor.a);
    color = mix(color, vec4(0.80, 0.30, 0.30, 1.0), onAxis.y); // the X axis (z = 0)
    color = mix(color, vec4(0.30, 0.45, 0.85, 1.0), onAxis.x); // the Z axis (x = 0)

    vec2 fromCenter = (vWorldPosition.xz - uCenter.xz) * (1.0 / uHalfExtent);
    color.a *= 1.0 - smoothstep(0.36, 1.0, dot(fromCenter, fromCenter));
    fragColor = vec4(mix(uBackground, color.rgb, color.a), 1.0);
}
