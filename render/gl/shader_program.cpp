#include "render/gl/shader_program.h"

#include <glm/gtc/type_ptr.hpp>
#include <vector>

namespace bvhscope::render {

namespace {

std::string infoLog(GLuint object, bool isProgram) {
    GLint length = 0;
    if (isProgram) {
        glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    } else {
        glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    }
    std::vector<char> text(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
    if (isProgram) {
        glGetProgramInfoLog(object, length, nullptr, text.data());
    } else {
        glGetShaderInfoLog(object, length, nullptr, text.data());
    }
    std::string log(text.data());
    while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) {
        log.pop_back();
    }
    return log;
}

Shader compile(GLenum stage, std::string_view fileName, std::string& error) {
    const std::string_view source = embeddedShaderSource(fileName);
    if (source.empty()) {
        error = std::string(fileName) + ": no such embedded shader";
        return {};
    }
    Shader shader(glCreateShader(stage));
    const GLchar* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader.id(), 1, &text, &length);
    glCompileShader(shader.id());
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        error = std::string(fileName) + ": " + infoLog(shader.id(), false);
        return {};
    }
    return shader;
}

} // namespace

ProgramResult buildProgram(std::string_view vertexFile, std::string_view fragmentFile) {
    ProgramResult result;
    Shader vertex = compile(GL_VERTEX_SHADER, vertexFile, result.error);
    if (!vertex) {
        return result;
    }
    Shader fragment = compile(GL_FRAGMENT_SHADER, fragmentFile, result.error);
    if (!fragment) {
        return result;
    }
    Program program(glCreateProgram());
    glAttachShader(program.id(), vertex.id());
    glAttachShader(program.id(), fragment.id());
    glLinkProgram(program.id());
    GLint ok = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        result.error = std::string(vertexFile) + " + " + std::string(fragmentFile) +
                       " (link): " + infoLog(program.id(), true);
        return result;
    }
    glDetachShader(program.id(), vertex.id());
    glDetachShader(program.id(), fragment.id());
    result.program = std::move(program);
    return result;
}

void setUniform(const Program& program, const char* name, const glm::mat4& value) {
    glUniformMatrix4fv(glGetUniformLocation(program.id(), name), 1, GL_FALSE,
                       glm::value_ptr(value));
}
void setUniform(const Program& program, const char* name, const glm::vec2& value) {
    glUniform2fv(glGetUniformLocation(program.id(), name), 1, glm::value_ptr(value));
}
void setUniform(const Program& program, const char* name, const glm::vec3& value) {
    glUniform3fv(glGetUniformLocation(program.id(), name), 1, glm::value_ptr(value));
}
void setUniform(const Program& program, const char* name, const glm::vec4& value) {
    glUniform4fv(glGetUniformLocation(program.id(), name), 1, glm::value_ptr(value));
}
void setUniform(const Program& program, const char* name, float value) {
    glUniform1f(glGetUniformLocation(program.id(), name), value);
}
void setUniform(const Program& program, const char* name, int value) {
    glUniform1i(glGetUniformLocation(program.id(), name), value);
}

} // namespace bvhscope::render
