"""Shader programs: every shaders/*.glsl compiles, declares what the renderer writes, and errors name lines."""

from __future__ import annotations

from pathlib import Path

import moderngl
import pytest

from viewer.gl.programs import PROGRAM_INTERFACE, ShaderError, load_program, shader_names


def test_every_shader_file_compiles_and_declares_the_renderer_interface(gl_ctx: moderngl.Context) -> None:
    """Each program in shaders/ links, and has every attribute and uniform the renderer writes."""
    assert set(shader_names()) == set(PROGRAM_INTERFACE)
    for name in shader_names():
        program = load_program(gl_ctx, name)
        attributes, uniforms = PROGRAM_INTERFACE[name]
        for member in attributes + uniforms:
            assert member in program, f"{name}.glsl does not declare {member}"
        program.release()


def test_compile_error_names_the_file_line_and_stage(gl_ctx: moderngl.Context, tmp_path: Path) -> None:
    """A GLSL error is reported at the file's own line number (the #line trick)."""
    (tmp_path / "broken.glsl").write_text(
        "#version 330\n"
        "#if defined VERTEX_SHADER\n"
        "void main() { gl_Position = vec4(undeclared_name); }\n"
        "#elif defined FRAGMENT_SHADER\n"
        "out vec4 f_color;\n"
        "void main() { f_color = vec4(1.0); }\n"
        "#endif\n")
    with pytest.raises(ShaderError) as info:
        load_program(gl_ctx, "broken", directory=tmp_path)
    first = str(info.value).splitlines()[0]
    assert first.startswith(f"{tmp_path / 'broken.glsl'}:3:")
    assert "vertex shader" in first and "undeclared_name" in first


def test_missing_version_line_is_refused(gl_ctx: moderngl.Context, tmp_path: Path) -> None:
    """A shader file without #version first gets an error naming the file and line 1."""
    (tmp_path / "nover.glsl").write_text("#if defined VERTEX_SHADER\nvoid main() {}\n#endif\n")
    with pytest.raises(ShaderError, match=r"nover\.glsl:1: the first line must be a #version"):
        load_program(gl_ctx, "nover", directory=tmp_path)
