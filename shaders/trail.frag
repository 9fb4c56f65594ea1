// Trails are unlit: their colour and fade are the information.

in vec4 vColor;

out vec4 fragColor;

void main() {
    fragColor = vColor;
}
