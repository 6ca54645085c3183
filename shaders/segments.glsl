#version 330
// lines.glsl: every line the viewer draws in 3D: entity AABB wireframes, motion vectors, the axis
// gizmo, and the trace roles drawn as segments or edges (axis_sweep_x/y/z, step_up_candidate,
// step_up_chosen, checked_cell, raycast, raycast_cell, exposure_ray, impulse, explosion_sphere,
// b36_box, b36_sweep, piston_push, fluid_flow, block-grid and section borders).
// Inputs per vertex: in_position (world), in_color (rgba), in_dash (0 = solid, 1 = dashed, used for the
// blocked remainder of a clipped sweep). A line list in, screen-space quads out: the geometry stage gives
// lines a width in pixels, which core-profile glLineWidth cannot do portably.

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;  // 1 for the depth-tested pass, lower for the pass that shows hidden parts
uniform vec2 viewport_size;  // pixels
uniform float line_width;    // pixels

#if defined VERTEX_SHADER

in vec3 in_position;
in vec4 in_color;
in float in_dash;

out vec4 g_color;
out float g_dash;

void main() {
    g_color = in_color;
    g_dash = in_dash;
    gl_Position = m_proj * m_view * vec4(in_position, 1.0);
}

#elif defined GEOMETRY_SHADER

layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

in vec4 g_color[];
in float g_dash[];

out vec4 v_color;
out float v_dash;
noperspective out float v_along;  // pixels from the segment's first end, for dashing

const float NEAR_W = 1e-5;

void main() {
    vec4 a = gl_in[0].gl_Position;
    vec4 b = gl_in[1].gl_Position;
    if (a.w < NEAR_W && b.w < NEAR_W) {
        return;
    }
    // Clip the part behind the eye before the perspective divide.
    if (a.w < NEAR_W) {
        a = mix(a, b, (NEAR_W - a.w) / (b.w - a.w));
    } else if (b.w < NEAR_W) {
        b = mix(b, a, (NEAR_W - b.w) / (a.w - b.w));
    }
    vec2 sa = a.xy / a.w * 0.5 * viewport_size;
    vec2 sb = b.xy / b.w * 0.5 * viewport_size;
    vec2 d = sb - sa;
    float len = length(d);
    vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
    vec2 side = vec2(-dir.y, dir.x) * (0.5 * line_width) / (0.5 * viewport_size);
    vec4 ends[2] = vec4[2](a, b);
    float along[2] = float[2](0.0, len);
    for (int i = 0; i < 2; ++i) {
        for (int s = -1; s <= 1; s += 2) {
            vec4 p = ends[i];
            gl_Position = vec4(p.xy + float(s) * side * p.w, p.zw);
            v_color = g_color[i];
            v_dash = g_dash[i];
            v_along = along[i];
            EmitVertex();
        }
    }
    EndPrimitive();
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
