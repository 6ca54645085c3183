#version 330
// lines.glsl: one-pixel lines (GL_LINES) where many segments must stay cheap: the block grid, chunk and
// section borders, trails, eye-height marks and motion vectors of entities, and the trace roles drawn
// thin (exposure_ray: 27 or more per entity and explosion). llvmpipe draws these at about half the cost
// per segment of the wide quads of segments.glsl; dashes are not drawn (a clipped remainder is fainter).
// Inputs per vertex: in_position (world) and in_color (rgba).

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;  // 1 for the depth-tested pass, lower for the pass that shows hidden parts

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
    f_color = vec4(v_color.rgb, v_color.a * alpha_scale);
}

#endif
