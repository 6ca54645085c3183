#version 330
// imgui.glsl: Dear ImGui's draw lists (viewer/gl/imgui_renderer.py), in pixels with the origin top left.
// Inputs per vertex: in_position (pixels), in_uv (into the bound texture: the font atlas or an image),
// in_color (rgba8, normalised). Every panel, label and plot of the viewer goes through it.
// Trace roles: the text of label primitives (e.g. exposure) is drawn by ImGui, so through this program.

uniform mat4 m_proj;
uniform sampler2D texture0;

#if defined VERTEX_SHADER

in vec2 in_position;
in vec2 in_uv;
in vec4 in_color;

out vec2 v_uv;
out vec4 v_color;

void main() {
    v_uv = in_uv;
    v_color = in_color;
    gl_Position = m_proj * vec4(in_position, 0.0, 1.0);
}

#elif defined FRAGMENT_SHADER

in vec2 v_uv;
in vec4 v_color;

out vec4 f_color;

void main() {
    f_color = v_color * texture(texture0, v_uv);
}

#endif
