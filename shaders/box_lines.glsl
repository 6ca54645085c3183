#version 330
// box_lines.glsl: one-pixel lines (GL_LINES) for the many entity overlays: AABB wireframes coloured by
// entity type, eye-height marks and motion vectors. Inputs per vertex: in_position (world) and in_color
// (rgba). Thousands of entity boxes stay cheap this way on llvmpipe, where the wide-line quads of
// segments.glsl cost about twice as much per segment.
// Trace roles: none (trace geometry uses segments.glsl).

uniform mat4 m_proj;
uniform mat4 m_view;

#if defined VERTEX_SHADER

in vec3 in_position;
in vec4 in_color;

out vec4 v_color;

void main() {
    v_color = in_color;
    gl_Position = m_proj * m_view * vec4(in_position, 1.0);
}

#elif defined FRAGMENT_SHADER

in vec4 v_color;

out vec4 f_color;

void main() {
    f_color = v_color;
}

#endif
