// One line segment as a quad of constant pixel width: both ends projected, then pushed apart
// across the segment's screen direction. Segments end exactly at their points (no caps): where a
// strip turns, the tiny wedge left open is invisible at trail widths, whereas overlapping caps
// would blend twice and dash a translucent trail.

layout(location = 0) in vec2 aCorner;      // x: 0 at the start, 1 at the end; y: -1 or +1 across
layout(location = 1) in vec4 iStartWidth;  // per instance: start (xyz), width in pixels (w)
layout(location = 2) in vec4 iEnd;         // per instance: end (xyz)
layout(location = 3) in vec4 iStartColor;
layout(location = 4) in vec4 iEndColor;

uniform mat4 uViewProjection;
uniform vec2 uViewportSize; // pixels

out vec4 vColor;

void main() {
    vec4 start = uViewProjection * vec4(iStartWidth.xyz, 1.0);
    vec4 end = uViewProjection * vec4(iEnd.xyz, 1.0);
    // An end behind the eye is moved along the segment to just in front of it.
    const float nearW = 1e-4;
    if (start.w < nearW && end.w < nearW) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0); // outside the clip volume: nothing drawn
        vColor = vec4(0.0);
        return;
    }
    if (start.w < nearW) {
        start = mix(start, end, (nearW - start.w) / (end.w - start.w));
    } else if (end.w < nearW) {
        end = mix(end, start, (nearW - end.w) / (start.w - end.w));
    }
    vec2 startPixels = start.xy / start.w * 0.5 * uViewportSize;
    vec2 endPixels = end.xy / end.w * 0.5 * uViewportSize;
    vec2 along = endPixels - startPixels;
    along = dot(along, along) > 1e-8 ? normalize(along) : vec2(1.0, 0.0);
    vec2 across = vec2(-along.y, along.x);
    float halfWidth = 0.5 * iStartWidth.w;

    vec4 position = aCorner.x < 0.5 ? start : end;
    vec2 offsetPixels = across * aCorner.y * halfWidth;
    position.xy += offsetPixels / (0.5 * uViewportSize) * position.w;
    gl_Position = position;
    vColor = mix(iStartColor, iEndColor, aCorner.x);
}
