"""Shader programs: one `shaders/<name>.glsl` file per program, stages selected by a define.

Each file starts with `#version`; the loader inserts `#define VERTEX_SHADER 1` (or GEOMETRY_SHADER,
FRAGMENT_SHADER) and `#line 2` after it, so compiler messages carry the file's own line numbers, and a
failure raises `ShaderError` naming the file and line. A variant (PROGRAM_VARIANTS) is a file compiled with
one more define.
"""

from __future__ import annotations

import re
from pathlib import Path

import moderngl

SHADER_DIR = Path(__file__).resolve().parents[2] / "shaders"

# The names Python writes and GLSL declares (one name per thing, style S3).
IN_POSITION = "in_position"
IN_COLOR = "in_color"
IN_UV = "in_uv"
IN_DASH = "in_dash"
IN_START = "in_start"
IN_END = "in_end"
IN_CORNER = "in_corner"
IN_MIN = "in_min"
IN_MAX = "in_max"
IN_DOT = "in_dot"
IN_DOT_COLOR = "in_dot_color"
M_PROJ = "m_proj"
M_VIEW = "m_view"

# What the renderer writes into each program: (attributes, uniforms); a test checks each program has them.
PROGRAM_INTERFACE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "blocks": ((IN_POSITION, IN_COLOR), (M_PROJ, M_VIEW, "grid_strength")),
    "box_lines": ((IN_CORNER, IN_MIN, IN_MAX, IN_COLOR), (M_PROJ, M_VIEW, "alpha_scale")),
    "box_sprites": ((IN_MIN, IN_MAX, IN_COLOR, IN_DOT, IN_DOT_COLOR),
                    (M_PROJ, M_VIEW, "alpha_scale", "viewport", "point_size")),
    "box_dots": ((IN_DOT, IN_DOT_COLOR), (M_PROJ, M_VIEW, "alpha_scale", "point_size")),
    "lines": ((IN_POSITION, IN_COLOR), (M_PROJ, M_VIEW, "alpha_scale")),
    "segments": ((IN_START, IN_END, IN_COLOR, IN_DASH), (M_PROJ, M_VIEW, "viewport_size", "line_width", "alpha_scale")),
    "points": ((IN_POSITION, IN_COLOR), (M_PROJ, M_VIEW, "point_size", "alpha_scale")),
    "imgui": ((IN_POSITION, IN_UV, IN_COLOR), (M_PROJ, "texture0")),
}

# Programs compiled from another program's file with one more define: name -> (file stem, define).
PROGRAM_VARIANTS: dict[str, tuple[str, str]] = {
    "box_sprites": ("box_lines", "SPRITES"),
    "box_dots": ("box_lines", "DOTS"),
}

STAGES = (
    ("VERTEX_SHADER", "vertex_shader"),
    ("GEOMETRY_SHADER", "geometry_shader"),
    ("FRAGMENT_SHADER", "fragment_shader"),
)

_MESA_LINE = re.compile(r"^\d+:(\d+)\((\d+)\): (.*)$")


class ShaderError(Exception):
    """A shader file that is missing, malformed or does not compile; the message names file and line."""


def shader_names(directory: Path = SHADER_DIR) -> list[str]:
    """The program names available in a shader directory (file stems and their variants), sorted."""
    stems = {p.stem for p in directory.glob("*.glsl")}
    return sorted(stems | {name for name, (stem, _) in PROGRAM_VARIANTS.items() if stem in stems})


def stage_sources(path: Path, variant: str | None = None) -> dict[str, str]:
    """The GLSL source of each stage the file defines, keyed by moderngl's keyword argument name; `variant` is
    one more define."""
    text = path.read_text(encoding="utf-8")
    first, sep, rest = text.partition("\n")
    if not first.startswith("#version"):
        raise ShaderError(f"{path}:1: the first line must be a #version directive, got {first!r}")
    extra = f"#define {variant} 1\n" if variant else ""
    return {kwarg: f"{first}\n{extra}#define {define} 1\n#line 2\n{rest}"
            for define, kwarg in STAGES if re.search(rf"\bdefined\s+{define}\b", rest)}


def load_program(ctx: moderngl.Context, name: str, directory: Path = SHADER_DIR) -> moderngl.Program:
    """Compile and link `<directory>/<name>.glsl` (or the variant `name`); raise `ShaderError` as
    `file:line:col: stage: message`."""
    stem, variant = PROGRAM_VARIANTS.get(name, (name, None))
    path = directory / f"{stem}.glsl"
    if not path.is_file():
        raise ShaderError(f"{path}: no such shader file (available: {', '.join(shader_names(directory))})")
    sources = stage_sources(path, variant)
    if "vertex_shader" not in sources:
        raise ShaderError(f"{path}: no `#if defined VERTEX_SHADER` section")
    try:
        return ctx.program(**sources)
    except moderngl.Error as exc:
        raise ShaderError(_describe(path, str(exc))) from None


def _describe(path: Path, log: str) -> str:
    """Turn moderngl's compiler log into `file:line:col: stage: message` lines."""
    stage = "link"
    lines = []
    for raw in log.splitlines():
        raw = raw.strip()
        if raw.endswith("_shader"):
            stage = raw.replace("_", " ")
        elif m := _MESA_LINE.match(raw):
            lines.append(f"{path}:{m[1]}:{m[2]}: {stage}: {m[3]}")
        elif raw and not set(raw) <= {"="} and raw not in ("GLSL Compiler failed", "GLSL Linker failed"):
            lines.append(f"{path}: {stage}: {raw}")
    return "\n".join(lines) or f"{path}: {log.strip()}"
