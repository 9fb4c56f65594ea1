// Bones and joints: a key light with a sky/ground ambient and a soft highlight. Octahedral
// bones use face normals from screen-space derivatives (flat facets, as in Blender); lines are
// unlit.

in vec3 vWorldPosition;
in vec3 vNormal;
in vec4 vColor;
in float vHeightAboveGround;

uniform vec3 uEyePosition;
uniform vec3 uLightDirection;
uniform int uFlatShading;
uniform int uUnlit;

out vec4 fragColor;

void main() {
    if (uUnlit != 0) {
        fragColor = vColor;
        return;
    }
    vec3 normal = normalize(vNormal);
    if (uFlatShading != 0) {
        normal = normalize(cross(dFdx(vWorldPosition), dFdy(vWorldPosition)));
    }
    vec3 toEye = normalize(uEyePosition - vWorldPosition);
    if (dot(normal, toEye) < 0.0) {
        normal = -normal;
    }
    float diffuse = max(dot(normal, uLightDirection), 0.0);
    vec3 ambient = mix(vec3(0.30, 0.28, 0.26), vec3(0.45, 0.50, 0.58), 0.5 + 0.5 * normal.y);
    vec3 halfway = normalize(uLightDirection + toEye);
    float specular = pow(max(dot(normal, halfway), 0.0), 32.0) * 0.25;
    // Where the normal meets the eye head on (the front of a round body, a sphere's middle) the
    // dot of two unit vectors rounds past 1: pow of the negative 1 - dot is undefined in GLSL
    // (NaN on Mesa, written as a black pixel). Clamped, and cubed by products, which are defined.
    float away = 1.0 - clamp(dot(normal, toEye), 0.0, 1.0);
    float rim = away * away * away * 0.15;
    vec3 color = vColor.rgb * (ambient + 0.75 * diffuse) + vec3(specular + rim);
    fragColor = vec4(color, vColor.a);
}
