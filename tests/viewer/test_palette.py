"""The palette: every trace role of interfaces.md has a colour, and every block of the table resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.world import blocks
from viewer.drawing.overlays import ROLE_STYLES
from viewer.drawing.palette import hashed_color, load_palette, parse_color

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# A geometry primitive made in engine code: a helper of engine.core.trace (or a local one) called with a role literal.
ROLE_CALL = re.compile(r"\b(?:segment|box|gbox|cell|point|_sphere|_label)\(\s*f?\"([a-z_0-9{}'\[\]]+)\"")

# The roles table of notes/interfaces.md ("Stage records"), plus the label role its example uses.
INTERFACE_ROLES = (
    "axis_sweep_x", "axis_sweep_y", "axis_sweep_z", "step_up_candidate", "step_up_chosen", "checked_cell",
    "raycast", "raycast_cell", "raycast_hit", "explosion_sphere", "sample_point_hit", "sample_point_blocked",
    "exposure_ray", "impulse", "b36_box", "b36_sweep", "piston_push", "fluid_flow", "exposure", "entity_hit_box",
    "path_closed", "path_open", "path_node", "path_segment",
)
LIVING_ROLES = ("movement_input", "jump_kick", "cramming_push", "firework_boost")  # spec 05 stages (issue 8)


def engine_roles() -> set[str]:
    """Every role the engine's sources emit (the axis sweeps' f-string gives three)."""
    roles = set()
    for path in ENGINE.rglob("*.py"):
        for role in ROLE_CALL.findall(path.read_text(encoding="utf-8")):
            roles.update(f"axis_sweep_{a}" for a in "xyz") if role.startswith("axis_sweep_") else roles.add(role)
    return roles


def test_every_role_the_engine_emits_has_a_colour_and_a_style() -> None:
    """Scanned from engine/: a new role without a palette entry fails here. Styles default to solid lines;
    the roles with a style of their own must exist."""
    roles = engine_roles()
    assert {"entity_hit_box", "exposure_ray", "sample_point_hit", "axis_sweep_y", "checked_cell"} <= roles
    palette = load_palette()
    assert sorted(roles - set(palette.roles)) == []
    assert set(ROLE_STYLES) <= set(INTERFACE_ROLES) | set(LIVING_ROLES)
    assert set(LIVING_ROLES) <= roles


def test_every_interface_role_has_its_own_palette_colour() -> None:
    """No role falls back to a hashed colour."""
    palette = load_palette()
    for role in INTERFACE_ROLES:
        assert role in palette.roles, f"role {role} has no colour in assets/palette.json"


def test_axis_colours_follow_f3() -> None:
    """+X red, +Y green, +Z blue, as Minecraft's F3 axes."""
    ui = load_palette().ui
    for name, channel in (("axis_x", 0), ("axis_y", 1), ("axis_z", 2)):
        color = ui[name]
        assert color[channel] == max(color[:3]) and color[channel] >= 200


def test_every_block_resolves_to_a_colour_and_materials_inherit() -> None:
    """All 1.16.5 blocks get a colour; a slab takes its material's colour; stained glass is translucent."""
    palette = load_palette()
    for name in blocks.block_names():
        r, g, b, a = palette.block_color(name)
        assert all(0 <= c <= 255 for c in (r, g, b, a))
    assert palette.block_color("oak_slab") == palette.block_color("oak_planks")
    assert palette.block_color("stone_brick_stairs") == palette.block_color("stone_bricks")
    assert palette.block_color("red_stained_glass")[3] < 255
    assert palette.block_color("water")[3] < 255


def test_unlisted_names_get_a_stable_hashed_colour() -> None:
    assert hashed_color("minecraft:unknown") == hashed_color("minecraft:unknown")
    assert hashed_color("a") != hashed_color("b")


def test_bad_colour_strings_are_refused() -> None:
    assert parse_color("#ff000080") == (255, 0, 0, 128)
    with pytest.raises(ValueError, match="expected #rrggbb"):
        parse_color("#fff")
