#version 330
// box_lines.glsl: axis-aligned box wireframes, one instance per box, all boxes of an overlay in one
// instanced draw (viewer/scene_renderer.py): entity AABBs coloured by type, the selected one highlighted.
// Inputs: in_corner per vertex, a corner of the unit cube (0 or 1 on each axis; 24 vertices, the 12 edges
// as GL_LINES), and per instance in_min and in_max (world corners of the box) and in_color (rgba). The
// corner is stretched onto the box here, so a frame of thousands of boxes uploads 28 bytes per box
// instead of 24 line vertices, and nothing is rebuilt when only the camera moves.
// Trace roles: none (trace boxes can be dashed and go through segments.glsl).

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;  // 1 for the depth-tested pass, lower for the pass that shows hidden parts

#if defined VERTEX_SHADER

in vec3 in_corner;
in vec3 in_min;
in vec3 in_max;
in vec4 in_color;

out vec4 v_color;

void main() {
    v_color = in_color;
    gl_Position = m_proj * m_view * vec4(mix(in_min, in_max, in_corner), 1.0);
}

#elif defined FRAGMENT_SHADER

in vec4 v_color;

out vec4 f_color;

void main() {
    f_color = vec4(v_color.rgb, v_color.a * alpha_scale);
}

#endif
