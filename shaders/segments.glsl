#version 330
// segments.glsl: wide lines for trace geometry and the axis gizmo: the trace roles drawn as segments or
// box edges (axis_sweep_x/y/z and the clipped_by shape, step_up_candidate, step_up_chosen, checked_cell,
// raycast, raycast_cell, entity_hit_box, impulse, explosion_sphere, b36_box, b36_sweep, piston_push,
// fluid_flow). Entity boxes, which can number thousands, go through box_lines.glsl, and exposure rays
// through lines.glsl.
// Inputs per vertex: in_start and in_end (world), in_color (rgba), in_dash (0 = solid, 1 = dashed: the
// blocked remainder of a clipped sweep). Each segment is stored as 4 identical vertices (two triangles);
// the vertex stage tells the corners apart by gl_VertexID & 3 and widens the segment to line_width
// pixels across the screen: core-profile glLineWidth cannot do wide lines portably, and a geometry
// stage or instancing is several times slower on llvmpipe.

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;   // 1 for the depth-tested pass, lower for the pass that shows hidden parts
uniform vec2 viewport_size;  // pixels
uniform float line_width;    // pixels

#if defined VERTEX_SHADER

in vec3 in_start;
in vec3 in_end;
in vec4 in_color;
in float in_dash;

out vec4 v_color;
out float v_dash;
noperspective out float v_along;  // pixels from the segment's start, for dashing

const float NEAR_W = 1e-5;

void main() {
    mat4 m = m_proj * m_view;
    vec4 a = m * vec4(in_start, 1.0);
    vec4 b = m * vec4(in_end, 1.0);
    v_color = in_color;
    v_dash = in_dash;
    if (a.w < NEAR_W && b.w < NEAR_W) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // wholly behind the eye: outside the clip volume
        v_along = 0.0;
        return;
    }
    // Clip the part behind the eye before the perspective divide.
    if (a.w < NEAR_W) {
        a = mix(a, b, (NEAR_W - a.w) / (b.w - a.w));
    } else if (b.w < NEAR_W) {
        b = mix(b, a, (NEAR_W - b.w) / (a.w - b.w));
    }
    vec2 half_size = 0.5 * viewport_size;
    vec2 d = (b.xy / b.w - a.xy / a.w) * half_size;
    float len = length(d);
    vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
    vec2 offset = vec2(-dir.y, dir.x) * (0.5 * line_width) / half_size;
    int corner = gl_VertexID & 3;
    bool at_end = corner >= 2;
    float side = (corner & 1) == 0 ? -1.0 : 1.0;
    vec4 p = at_end ? b : a;
    gl_Position = vec4(p.xy + side * offset * p.w, p.zw);
    v_along = at_end ? len : 0.0;
}

#elif defined FRAGMENT_SHADER

in vec4 v_color;
in float v_dash;
noperspective in float v_along;

out vec4 f_color;

const float DASH_PERIOD = 10.0;  // pixels

void main() {
    if (v_dash > 0.5 && fract(v_along / DASH_PERIOD) > 0.5) {
        discard;
    }
    f_color = vec4(v_color.rgb, v_color.a * alpha_scale);
}

#endif
