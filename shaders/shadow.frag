// The skeleton's shadow on the ground: dark where the body is near the floor (the contact that
// tells a foot is planted), fading out for parts higher up.

in vec3 vWorldPosition;
in vec3 vNormal;
in vec4 vColor;
in float vHeightAboveGround;

uniform float uShadowStrength;
uniform float uFadeHeight;

out vec4 fragColor;

void main() {
    float fade = 1.0 - smoothstep(0.0, uFadeHeight, max(vHeightAboveGround, 0.0));
    fragColor = vec4(0.0, 0.0, 0.0, uShadowStrength * (0.35 + 0.65 * fade));
}
