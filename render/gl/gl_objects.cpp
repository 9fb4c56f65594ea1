#include "render/gl/gl_objects.h"

namespace bvhscope::render {

namespace detail {
void deleteBuffer(GLuint id) {
    glDeleteBuffers(1, &id);
}
void deleteVertexArray(GLuint id) {
    glDeleteVertexArrays(1, &id);
}
void deleteShader(GLuint id) {
    glDeleteShader(id);
}
void deleteProgram(GLuint id) {
    glDeleteProgram(id);
}
void deleteFramebuffer(GLuint id) {
    glDeleteFramebuffers(1, &id);
}
void deleteRenderbuffer(GLuint id) {
    glDeleteRenderbuffers(1, &id);
}
} // namespace detail

Buffer createBuffer() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return Buffer(id);
}

VertexArray createVertexArray() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return VertexArray(id);
}

Framebuffer createFramebuffer() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    return Framebuffer(id);
}

Renderbuffer createRenderbuffer() {
    GLuint id = 0;
    glGenRenderbuffers(1, &id);
    return Renderbuffer(id);
}

} // namespace bvhscope::render
