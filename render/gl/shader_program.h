// Building GL programs from the shader files under shaders/, embedded in the binary at build
// time (tools/embed_text.cmake), so the viewer runs from any directory.
#pragma once

#include "render/gl/gl_objects.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <string>
#include <string_view>

namespace bvhscope::render {

// The text of an embedded shader by file name ("skeleton.vert"); empty when there is none.
std::string_view embeddedShaderSource(std::string_view fileName);

struct ProgramResult {
    Program program; // zero on failure
    // On failure: "skeleton.frag: <driver info log>" naming the file that failed.
    std::string error;
};

// Compiles and links the two embedded files. Never throws; a failure is data (a driver may
// reject what another accepts) and the caller decides how to report it.
ProgramResult buildProgram(std::string_view vertexFile, std::string_view fragmentFile);

// Uniform setters on the program in use (glUseProgram first). Unknown names are ignored, as GL
// does for location -1.
void setUniform(const Program& program, const char* name, const glm::mat4& value);
void setUniform(const Program& program, const char* name, const glm::vec2& value);
void setUniform(const Program& program, const char* name, const glm::vec3& value);
void setUniform(const Program& program, const char* name, const glm::vec4& value);
void setUniform(const Program& program, const char* name, float value);
void setUniform(const Program& program, const char* name, int value);

} // namespace bvhscope::render
