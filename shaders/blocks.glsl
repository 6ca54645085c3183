#version 330
// blocks.glsl: the world mesh, one draw per chunk section (viewer/world_view.py).
// Inputs per vertex: in_position (world coordinates of a face corner) and in_color (the block's palette
// colour with the face shade and alpha baked in when the section is meshed).
// The fragment stage darkens a thin line at every integer world coordinate across the face, so single
// blocks stay countable without textures; it sits on the GPU because drawing those lines as geometry
// would multiply the vertex count of every section. The face normal, needed to pick the face's two
// in-plane coordinates, comes from screen-space derivatives, which saves a vertex attribute.
// Trace roles: none (blocks are world state, not trace geometry).

uniform mat4 m_proj;
uniform mat4 m_view;
uniform float grid_strength;  // 0 = no block grid on faces, 1 = black lines

#if defined VERTEX_SHADER

in vec3 in_position;
in vec4 in_color;

out vec3 v_position;
out vec4 v_color;

void main() {
    v_position = in_position;
    v_color = in_color;
    gl_Position = m_proj * m_view * vec4(in_position, 1.0);
}

#elif defined FRAGMENT_SHADER

in vec3 v_position;
in vec4 v_color;

out vec4 f_color;

// Distance in pixels from p to the nearest integer grid line, over both tangent coordinates.
float grid_distance(vec2 p) {
    vec2 d = abs(fract(p - 0.5) - 0.5) / max(fwidth(p), vec2(1e-6));
    return min(d.x, d.y);
}

void main() {
    vec3 n = abs(normalize(cross(dFdx(v_position), dFdy(v_position))));
    vec2 p = n.x > 0.5 ? v_position.yz : (n.y > 0.5 ? v_position.xz : v_position.xy);
    float on_line = 1.0 - clamp(grid_distance(p), 0.0, 1.0);
    f_color = vec4(v_color.rgb * (1.0 - grid_strength * on_line), v_color.a);
}

#endif
