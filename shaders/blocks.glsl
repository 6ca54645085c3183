#version 330
// blocks.glsl: the world mesh, one draw per chunk section (viewer/world_view.py); also the faces of the
// blocks pistons are moving and the translucent volumes of the trace (viewer/scene_renderer.py fills).
// Inputs per vertex: in_position (world coordinates of a face corner) and in_color (the block's palette
// colour with the face shade and alpha baked in when the section is meshed).
// The fragment stage darkens a thin line at every integer world coordinate across the face, so single
// blocks stay countable without textures; it sits on the GPU because drawing those lines as geometry
// would multiply the vertex count of every section. The face's two in-plane axes are told from the
// screen-space derivatives (the normal axis does not change across a face), which saves a vertex
// attribute and costs one fwidth.
// Trace roles: b36_sweep (its volume, drawn with grid_strength 0).

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

void main() {
    // Pixels from v_position to the nearest integer grid line, per axis. The face's own normal axis does not
    // change across the face (the smallest derivative), so it is left out: the lines run across the face
    // along its two tangent axes.
    vec3 w = fwidth(v_position);
    vec3 d = abs(fract(v_position - 0.5) - 0.5) / max(w, vec3(1e-6));
    float along = w.x <= min(w.y, w.z) ? min(d.y, d.z) : (w.y <= w.z ? min(d.x, d.z) : min(d.x, d.y));
    float on_line = 1.0 - clamp(along, 0.0, 1.0);
    f_color = vec4(v_color.rgb * (1.0 - grid_strength * on_line), v_color.a);
}

#endif
