// A marker disc: a translucent fill with an opaque rim, anti-aliased from screen-space
// derivatives.

in vec2 vLocal;
in vec4 vColor;

out vec4 fragColor;

void main() {
    float radius = length(vLocal);
    float edge = fwidth(radius);
    float inside = 1.0 - smoothstep(1.0 - edge, 1.0, radius);
    if (inside <= 0.0) {
        discard;
    }
    float rim = smoothstep(0.72 - edge, 0.72, radius);
    float alpha = mix(0.45, 1.0, rim) * inside * vColor.a;
    fragColor = vec4(vColor.rgb, alpha);
}
