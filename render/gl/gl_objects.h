// OpenGL objects as move-only owners (Magnum's GL::Buffer model): copying is deleted, moving
// hands the id over and zeroes the source, and the destructor deletes a non-zero id. Objects
// must die while their context is current: declare them after the window that owns it.
#pragma once

#include <cstddef>
#include <glad/gl.h>
#include <utility>

namespace bvhscope::render {

// Owns one GL name; `Delete` releases it (a function, so tests can count deletions without GL).
template <void (*Delete)(GLuint)>
class GlObject {
public:
    GlObject() = default;
    explicit GlObject(GLuint id) noexcept : id_(id) {}
    GlObject(const GlObject&) = delete;
    GlObject& operator=(const GlObject&) = delete;
    GlObject(GlObject&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
    GlObject& operator=(GlObject&& other) noexcept {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }
    ~GlObject() { reset(); }

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_ != 0) {
            Delete(id_);
            id_ = 0;
        }
    }

private:
    GLuint id_ = 0;
};

namespace detail {
void deleteBuffer(GLuint id);
void deleteVertexArray(GLuint id);
void deleteShader(GLuint id);
void deleteProgram(GLuint id);
void deleteFramebuffer(GLuint id);
void deleteRenderbuffer(GLuint id);
} // namespace detail

using Buffer = GlObject<detail::deleteBuffer>;
using VertexArray = GlObject<detail::deleteVertexArray>;
using Shader = GlObject<detail::deleteShader>;
using Program = GlObject<detail::deleteProgram>;
using Framebuffer = GlObject<detail::deleteFramebuffer>;
using Renderbuffer = GlObject<detail::deleteRenderbuffer>;

// A byte offset into the bound buffer where glVertexAttribPointer and glDrawElements take a
// pointer (GL's convention for buffer objects).
inline void* byteOffset(std::size_t offset) {
    return reinterpret_cast<void*>(offset);
}

// Each generates one new object; the context must be current.
Buffer createBuffer();
VertexArray createVertexArray();
Framebuffer createFramebuffer();
Renderbuffer createRenderbuffer();

} // namespace bvhscope::render
