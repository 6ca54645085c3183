#version 330
// box_lines.glsl: axis-aligned box wireframes (entity AABBs coloured by type, the selected one highlighted,
// moving-block outlines), each with an optional dot (an entity's position point). The renderer sorts an
// overlay's boxes by their size on screen each frame (viewer/drawing/scene_renderer.py, sprite_mask) into:
// - large boxes, drawn by this file as is ("box_lines"): GL_LINES, one instance per box, in_corner per vertex a
//   corner of the unit cube (0 or 1 on each axis; 24 vertices, the 12 edges), stretched onto the box here; and
//   with DOTS defined ("box_dots"): their dots, one round point each, point_size across;
// - small boxes, with SPRITES defined ("box_sprites"): one point per box, as large as the box's eight projected
//   corners and its dot; its fragment stage keeps the pixels a one-pixel line through the 12 projected edges
//   would light (the nearest edge within half a pixel across its minor axis, GL's line rule) and those of the
//   dot where no edge is in front of it, and writes their depth.
// llvmpipe pays per primitive (2,000 boxes = 24,000 lines = 6 ms, and a point costs about two lines), so a small
// box is cheaper as one sprite that also draws its dot, and looks the same.
// Inputs per box: in_min and in_max (world corners), in_color (rgba), in_dot (world) and in_dot_color (rgba,
// alpha 0 = no dot). A box is 48 bytes, uploaded when the overlay or the split changes.
// Trace roles: none (trace boxes can be dashed and go through segments.glsl).

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float alpha_scale;   // 1 for the depth-tested pass, lower for the pass that shows hidden parts
uniform vec4 viewport;       // x, y, width, height in pixels, the frame of gl_FragCoord (sprites)
uniform float point_size;    // pixels across a dot

#if defined VERTEX_SHADER

in vec3 in_min;
in vec3 in_max;
in vec4 in_color;
in vec3 in_dot;
in vec4 in_dot_color;

out vec4 v_color;

const vec4 OUTSIDE = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: the primitive is dropped

// A world point in pixels (gl_FragCoord's frame) with its window depth.
vec3 window_point(mat4 m, vec3 p) {
    vec4 clip = m * vec4(p, 1.0);
    vec3 ndc = clip.xyz / clip.w;
    return vec3(viewport.xy + (0.5 * ndc.xy + 0.5) * viewport.zw, 0.5 * ndc.z + 0.5);
}

#if defined SPRITES

flat out vec3 v_corner[8];  // the box's corners: pixels (gl_FragCoord frame) and window depth
flat out vec3 v_dot;        // the dot's centre, the same way
flat out vec4 v_dot_color;

void main() {
    mat4 m = m_proj * m_view;
    v_color = in_color;
    v_dot_color = in_dot_color;
    v_dot = vec3(0.0);
    vec2 lo = vec2(1e30);
    vec2 hi = vec2(-1e30);
    for (int i = 0; i < 8; i++) {
        v_corner[i] = window_point(m, mix(in_min, in_max, vec3(i & 1, (i >> 1) & 1, (i >> 2) & 1)));
        lo = min(lo, v_corner[i].xy);
        hi = max(hi, v_corner[i].xy);
    }
    if (in_dot_color.a > 0.0) {
        v_dot = window_point(m, in_dot);
        lo = min(lo, v_dot.xy - 0.5 * point_size);
        hi = max(hi, v_dot.xy + 0.5 * point_size);
    }
    vec2 centre = 0.5 * (lo + hi);
    gl_PointSize = ceil(max(hi.x - lo.x, hi.y - lo.y) + 1.0);  // pixel centres up to half a pixel outside
    gl_Position = vec4((centre - viewport.xy) / viewport.zw * 2.0 - 1.0, 0.0, 1.0);
}

#elif defined DOTS

flat out vec4 v_dot_color;

void main() {
    mat4 m = m_proj * m_view;
    v_dot_color = in_dot_color;
    gl_PointSize = point_size;
    gl_Position = in_dot_color.a > 0.0 ? m * vec4(in_dot, 1.0) : OUTSIDE;
}

#else

in vec3 in_corner;

void main() {
    mat4 m = m_proj * m_view;
    v_color = in_color;
    gl_Position = m * vec4(mix(in_min, in_max, in_corner), 1.0);
}

#endif

#elif defined FRAGMENT_SHADER

in vec4 v_color;

out vec4 f_color;

#if defined SPRITES

flat in vec3 v_corner[8];
flat in vec3 v_dot;
flat in vec4 v_dot_color;

// The 12 edges as corner pairs; corner i has x = bit 0, y = bit 1, z = bit 2 (as the vertex stage makes them).
const ivec2 EDGES[12] = ivec2[12](ivec2(0, 1), ivec2(2, 3), ivec2(4, 5), ivec2(6, 7), ivec2(0, 2), ivec2(1, 3),
                                  ivec2(4, 6), ivec2(5, 7), ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));

void main() {
    vec2 p = gl_FragCoord.xy;
    float best = 1e30;
    float depth = 1.0;
    for (int i = 0; i < 12; i++) {
        vec3 a = v_corner[EDGES[i].x];
        vec3 b = v_corner[EDGES[i].y];
        vec2 d = b.xy - a.xy;
        bool x_major = abs(d.x) >= abs(d.y);
        float major = x_major ? d.x : d.y;
        float t = abs(major) > 1e-6 ? clamp((x_major ? p.x - a.x : p.y - a.y) / major, 0.0, 1.0) : 0.0;
        vec3 q = mix(a, b, t);  // the edge's point in this pixel's column (x-major) or row
        vec2 off = abs(p - q.xy);
        float dist = max(off.x, off.y);
        if (dist < best) {
            best = dist;
            depth = q.z;
        }
    }
    vec4 color = v_color;
    // The dot where it is not behind an edge: as when the dots were drawn after the edges with a depth test.
    if (v_dot_color.a > 0.0 && length(p - v_dot.xy) <= 0.5 * point_size && (best > 0.5 || v_dot.z <= depth)) {
        color = v_dot_color;
        depth = v_dot.z;
    } else if (best > 0.5) {
        discard;
    }
    gl_FragDepth = depth;
    f_color = vec4(color.rgb, color.a * alpha_scale);
}

#elif defined DOTS

flat in vec4 v_dot_color;

void main() {
    if (length(gl_PointCoord - 0.5) > 0.5) {
        discard;
    }
    f_color = vec4(v_dot_color.rgb, v_dot_color.a * alpha_scale);
}

#else

void main() {
    f_color = vec4(v_color.rgb, v_color.a * alpha_scale);
}

#endif

#endif
