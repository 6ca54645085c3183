"""World meshing: hidden faces dropped, real collision shapes drawn, fluids lowered, translucency split."""

from __future__ import annotations

import numpy as np
import pytest

from engine.tick.scene import load_scene
from engine.world.world import World, blocks
from tests.conftest import SCENES_DIR
from viewer.drawing.meshing import SectionMesh, StyleTable, mesh_section
from viewer.drawing.palette import load_palette


def mesh_world(placed: dict[tuple[int, int, int], str]) -> dict[tuple[int, int, int], SectionMesh]:
    world = World()
    for (x, y, z), text in placed.items():
        world.set_block_state(x, y, z, blocks.parse_block_state(text))
    sections = dict(world.sections())
    styles = StyleTable(load_palette())
    return {key: mesh_section(key, ids, styles, sections.get) for key, ids in sections.items()}


def quads(meshes: dict, part: str = "opaque") -> int:
    return sum(getattr(m, part).quads for m in meshes.values())


def area(meshes: dict, part: str = "opaque") -> float:
    """Total face area in square blocks (merged faces count by their size)."""
    corners = positions(meshes, part).reshape(-1, 4, 3).astype(np.float64)
    cross = np.cross(corners[:, 1] - corners[:, 0], corners[:, 3] - corners[:, 0])
    return float(np.linalg.norm(cross, axis=1).sum())


def positions(meshes: dict, part: str = "opaque") -> np.ndarray:
    return np.concatenate([getattr(m, part).vertices["in_position"] for m in meshes.values()])


def test_face_between_two_stones_is_dropped_also_across_sections() -> None:
    """Two touching cubes show 10 unit faces, whether they share a section or sit either side of a border."""
    assert area(mesh_world({(3, 5, 3): "stone", (4, 5, 3): "stone"})) == 10
    assert area(mesh_world({(15, 5, 3): "stone", (16, 5, 3): "stone"})) == 10


def test_a_solid_region_keeps_only_its_surface_merged_into_rectangles() -> None:
    """A 20x3x20 slab of stone across four sections: its surface only, in a few large quads."""
    placed = {(x, y, z): "stone" for x in range(20) for y in range(3) for z in range(20)}
    meshes = mesh_world(placed)
    assert area(meshes) == 2 * 20 * 20 + 4 * 20 * 3
    assert quads(meshes) <= 4 * (2 + 2)


def test_faces_of_different_blocks_are_not_merged() -> None:
    """A row of alternating stone and dirt keeps one top face per block, each in its own colour."""
    meshes = mesh_world({(x, 0, 0): "stone" if x % 2 else "dirt" for x in range(6)})
    faces = positions(meshes).reshape(-1, 4, 3)
    tops = faces[np.all(faces[:, :, 1] == 1.0, axis=1)]
    assert len(tops) == 6


def test_a_top_slab_is_drawn_by_its_collision_box() -> None:
    """oak_slab[type=top] occupies y 0.5..1 of its cell."""
    pos = positions(mesh_world({(0, 3, 0): "oak_slab[type=top]"}))
    assert pos[:, 1].min() == 3.5 and pos[:, 1].max() == 4.0
    assert len(pos) == 6 * 4


def test_face_shading_and_palette_colour() -> None:
    """The top face carries the palette colour unshaded; the bottom face is darker."""
    faces = mesh_world({(0, 3, 0): "stone"})[(0, 0, 0)].opaque.vertices.reshape(-1, 4)
    top = faces[np.all(faces["in_position"][:, :, 1] == 4.0, axis=1)]
    bottom = faces[np.all(faces["in_position"][:, :, 1] == 3.0, axis=1)]
    assert len(top) == len(bottom) == 1
    assert tuple(top["in_color"][0, 0]) == load_palette().block_color("stone")
    assert bottom["in_color"][0, 0, 0] < top["in_color"][0, 0, 0]


def test_water_is_translucent_lowered_and_shares_no_inner_faces() -> None:
    """A source block is drawn 8/9 tall; two water cells side by side hide their shared face."""
    meshes = mesh_world({(0, 1, 0): "water", (1, 1, 0): "water"})
    assert quads(meshes) == 0
    assert np.isclose(area(meshes, "translucent"), 2 + 2 + 6 * 8 / 9)  # top, bottom, six lowered sides
    assert np.isclose(positions(meshes, "translucent")[:, 1].max(), 1.0 + 8.0 / 9.0)


def test_glass_next_to_stone_keeps_the_stone_face() -> None:
    """Glass does not hide the stone face behind it; the stone hides the glass face against it."""
    meshes = mesh_world({(0, 1, 0): "glass", (1, 1, 0): "stone"})
    assert quads(meshes) == 6
    assert quads(meshes, "translucent") == 5


def test_a_later_release_s_non_colliding_block_is_meshed() -> None:
    """The upper half of a 1.21.5 pitcher crop has no collision box: it is drawn as a non-colliding block in its
    own cull group, although 1.16.5 has no block of that name (`scenes/version_pitcher_crop_shape.toml` once
    stopped the viewer here)."""
    world = World()
    world.set_block_state(0, 1, 0, blocks.parse_block_state("pitcher_crop[age=0,half=upper]", "1.21.5"))
    world.set_block_state(1, 1, 0, blocks.parse_block_state("pitcher_crop[age=0,half=upper]", "1.21.5"))
    world.set_block_state(2, 1, 0, blocks.parse_block_state("water"))
    styles = StyleTable(load_palette())
    sections = dict(world.sections())
    meshes = [mesh_section(key, ids, styles, sections.get) for key, ids in sections.items()]
    crop, water = (blocks.parse_block_state(t, "1.21.5").id for t in ("pitcher_crop[age=0,half=upper]", "water"))
    assert styles.group[crop] < 0 and styles.group[water] < 0 and styles.group[crop] != styles.group[water]
    assert sum(m.translucent.quads for m in meshes) > 0


@pytest.mark.parametrize("scene", sorted(SCENES_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_every_bundled_scene_meshes_at_tick_0(scene) -> None:
    """What the viewer's first frames do to every bundled scene's world, in its release's blocks: each section
    meshed (a 1.21.5 block looked up in 1.16.5's table stopped the viewer on version_pitcher_crop_shape)."""
    sections = dict(load_scene(scene).world.sections())
    styles = StyleTable(load_palette())
    meshes = {key: mesh_section(key, ids, styles, sections.get) for key, ids in sections.items()}
    assert (quads(meshes) + quads(meshes, "translucent") > 0) == bool(sections)   # blocks drawn, or no blocks
