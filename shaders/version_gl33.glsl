#version 330 core
// Prepended to every shader under shaders/ when it is embedded (render/CMakeLists.txt): the
// desktop build's OpenGL 3.3 core profile. One source per shader; the version is chosen here.
#line 1
