"""Section culling and order: sections outside the view are skipped, the rest sorted nearest first; opaque faces
drawn per region of sections, translucent ones in one draw, farthest section first."""

from __future__ import annotations

import moderngl
import numpy as np

from engine.world.world import World, blocks
from viewer.drawing.camera import OrbitCamera
from viewer.drawing.meshing import StyleTable, mesh_section
from viewer.drawing.palette import load_palette
from viewer.drawing.world_view import WorldView, visible_sections
from viewer.gl.programs import load_program


def test_sections_behind_the_camera_are_culled_and_the_rest_sorted_by_distance() -> None:
    """Looking south (+Z) from z = -40: sections ahead come nearest first, the one behind is dropped."""
    cam = OrbitCamera((8.0, 8.0, 0.0), 40.0, 0.0, 0.0)
    keys = [(0, 0, 2), (0, 0, 0), (0, 0, -5), (0, 0, 1), (40, 0, 0)]
    assert visible_sections(keys, cam.view_matrix(), cam.proj_matrix(16 / 9)) == [(0, 0, 0), (0, 0, 1), (0, 0, 2)]


def test_opaque_faces_are_drawn_per_region_and_follow_block_changes(gl_ctx: moderngl.Context) -> None:
    """Sections (0,0,0) and (1,0,0) share region (0,0,0), section (5,0,0) is in region (1,0,0): two opaque draws
    holding every section's faces; removing a block remeshes its region."""
    world = World()
    stone = blocks.parse_block_state("minecraft:stone")
    for x in (0, 3, 20, 85):
        world.set_block_state(x, 0, 0, stone)
    styles = StyleTable(load_palette())

    def expected() -> int:
        sections = dict(world.sections())
        return sum(len(mesh_section(k, ids, styles, sections.get).opaque.indices) for k, ids in sections.items()) // 3

    view = WorldView(gl_ctx, load_program(gl_ctx, "blocks"), load_palette())
    try:
        view.update(world)
        assert sorted(view._opaque) == [(0, 0, 0), (1, 0, 0)]
        assert view.triangle_count() == expected() == 4 * 12
        world.set_block_state(20, 0, 0, blocks.parse_block_state("minecraft:air"))
        view.update(world)
        assert view.triangle_count() == expected() == 3 * 12
    finally:
        view.clear()


def test_translucent_faces_are_one_draw_farthest_section_first(gl_ctx: moderngl.Context) -> None:
    """Glass in three sections along +Z, seen from the south end and then from the north end: the index buffer
    lists the sections' triangles farthest first each time; a glass block removed leaves its section out."""
    world = World()
    glass = blocks.parse_block_state("minecraft:glass")
    for z in (2, 18, 34):
        world.set_block_state(0, 0, z, glass)
    view = WorldView(gl_ctx, load_program(gl_ctx, "blocks"), load_palette())
    try:
        view.update(world)

        def drawn(camera: OrbitCamera) -> list[tuple[int, int, int]]:
            view.draw_translucent(camera.view_matrix(), camera.proj_matrix(1.0))
            mesh = view._translucent
            indices = np.frombuffer(mesh.ibo.read(), dtype=np.uint32)[:mesh.count]
            expected = np.concatenate([view._indices[k] for k in view._order])
            assert np.array_equal(indices, expected)
            return view._order

        assert drawn(OrbitCamera((0.5, 0.5, 18.0), 60.0, 0.0, 10.0)) == [(0, 0, 2), (0, 0, 1), (0, 0, 0)]
        assert drawn(OrbitCamera((0.5, 0.5, 18.0), 60.0, 180.0, 10.0)) == [(0, 0, 0), (0, 0, 1), (0, 0, 2)]
        assert view.triangle_count() == 3 * 12
        world.set_block_state(0, 0, 18, blocks.parse_block_state("minecraft:air"))
        view.update(world)
        assert drawn(OrbitCamera((0.5, 0.5, 18.0), 60.0, 0.0, 10.0)) == [(0, 0, 2), (0, 0, 0)]
        assert view.triangle_count() == 2 * 12
    finally:
        view.clear()


def test_sections_in_view_are_meshed_first_and_those_out_of_view_wait(gl_ctx: moderngl.Context) -> None:
    """Stone in section (0,0,-3) 30 blocks behind a camera looking south (+Z) from z = -10, and in sections 3, 4, 5
    sections ahead: with a budget that meshes one section a call, the three ahead come first, farther though they
    are, nearest first; the one behind is meshed last."""
    world = World()
    stone = blocks.parse_block_state("minecraft:stone")
    for z in (-40, 56, 72, 88):
        world.set_block_state(8, 8, z, stone)
    camera = OrbitCamera((8.0, 8.0, 0.0), 10.0, 0.0, 0.0)
    seen = camera.view_matrix(), camera.proj_matrix(16 / 9)
    assert visible_sections([(0, 0, -3), (0, 0, 3)], *seen) == [(0, 0, 3)]
    view = WorldView(gl_ctx, load_program(gl_ctx, "blocks"), load_palette())
    try:
        order = []
        waiting = True
        while waiting:   # as the window's frames: each with its camera
            waiting = view.update(world, budget_s=0.0, seen=seen)
            order.extend(k for k in view._section_opaque if k not in order)
        assert order == [(0, 0, 3), (0, 0, 4), (0, 0, 5), (0, 0, -3)]
    finally:
        view.clear()
