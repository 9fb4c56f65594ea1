#version 300 es
// Prepended to every shader under shaders/ in the web build (render/CMakeLists.txt): WebGL2's
// GLSL ES 3.00, which also needs default precisions (desktop GLSL has them implicitly).
precision highp float;
precision highp int;
precision highp sampler2D;
#line 1
