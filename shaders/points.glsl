#version 330
// points.glsl: round markers of a fixed size in pixels: entity positions (Entity.pos, the feet centre)
// and the trace roles drawn as points (sample_point_hit, sample_point_blocked, raycast_hit, and the
// anchor of every label such as exposure).
// Inputs per vertex: in_position (world), in_color (rgba). The disc is cut from the square point
// sprite in the fragment stage.

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;  // 1 for the depth-tested pass, lower for the pass that shows hidden parts
uniform float point_size;  // pixels

#if defined VERTEX_SHADER

in vec3 in_position;
in vec4 in_color;

out vec4 v_color;

void main() {
    v_color = in_color;
    gl_PointSize = point_size;
    gl_Position = m_proj * m_view * vec4(in_position, 1.0);
}

#elif defined FRAGMENT_SHADER

in vec4 v_color;

out vec4 f_color;

void main() {
    vec2 c = gl_PointCoord * 2.0 - 1.0;
    if (dot(c, c) > 1.0) {
        discard;
    }
    f_color = vec4(v_color.rgb, v_color.a * alpha_scale);
}

#endif
