"""The path-finding search as pictures: node tiles in their path node type's colour at the projected cells
(closed solid, open fainter), the f, g, h of the node under the pointer, and the search replayed node by node
in the stage inspector. Scenes are the repository's path-finding scenes, run through the loader."""

from __future__ import annotations

import moderngl
import numpy as np
import pytest

from engine.tick.scene import load_scene
from tests.conftest import SCENES_DIR as SCENES
from tests.viewer.ui_driver import on_screen, send
from viewer.drawing.camera import Bounds, camera_from_spec, parse_camera
from viewer.drawing.labels import project
from viewer.drawing.overlays import CLOSED_TILE_ALPHA, NODE_TILE_HEIGHT, OPEN_TILE_SHARE
from viewer.drawing.palette import load_palette
from viewer.drawing.path_search import at_search_step, node_text
from viewer.panels.help import legend_entries
from viewer.panels.stages import search_step_counts, stage_rows
from viewer.render import parse_overlays, render_frame

LAVA = SCENES / "zombie_path_avoid_lava.toml"
WALL = SCENES / "zombie_path_around_wall.toml"
SIZE = (400, 400)
TOLERANCE = 3  # a colour channel may differ from the blend by rounding


def search_geometry(sim) -> list[dict]:
    return [g for s in sim.last_record.stages_of(1) for st in s.walk() if st.name == "path_search"
            for g in st.geometry]


def blend(color, alpha: float, under) -> np.ndarray:
    return np.array(color[:3]) * alpha + np.array(under[:3]) * (1.0 - alpha)


def test_node_tiles_have_their_type_colour_at_the_projected_cells(gl_ctx: moderngl.Context) -> None:
    """Round the lava pool: a closed WALKABLE node, an open WALKABLE node and an open DANGER_FIRE node (beside the
    lava) are drawn over the stone floor in their type's colour, closed at CLOSED_TILE_ALPHA and open at
    OPEN_TILE_SHARE of it; a cell the search never reached keeps the stone colour."""
    sim = load_scene(LAVA)
    sim.trace_enabled = True
    sim.tick()
    spec = parse_camera("top:4.5,1,0.5,9")
    pixels = render_frame(gl_ctx, sim, SIZE, spec, parse_overlays("path_closed,path_open"))
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), 1.0)

    def at(pos: list[int]) -> np.ndarray:
        point = (pos[0] + 0.3, pos[1] + NODE_TILE_HEIGHT, pos[2] + 0.3)  # off the tile's outline
        (x, y), = project(np.array([point]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
        return pixels[int(y), int(x), :3].astype(float)

    palette = load_palette()
    stone = palette.block_color("stone")
    assert np.abs(at([-5, 0, 6]) - np.array(stone[:3])).max() <= TOLERANCE
    nodes = search_geometry(sim)
    for role, node_type, alpha in [("path_closed", "WALKABLE", CLOSED_TILE_ALPHA / 255),
                                   ("path_open", "WALKABLE", OPEN_TILE_SHARE),
                                   ("path_open", "DANGER_FIRE", OPEN_TILE_SHARE)]:
        node = next(n for n in nodes if n["role"] == role and n["type"] == node_type)
        expected = blend(palette.path_type_color(node_type), alpha, stone)
        assert np.abs(at(node["pos"]) - expected).max() <= TOLERANCE, (role, node_type, node["pos"])


def test_legend_lists_the_path_node_types_drawn() -> None:
    palette = load_palette()
    rows = legend_entries(palette, [], ["path_closed"], None, ["DANGER_FIRE", "WALKABLE"])
    assert rows[-2:] == [("path node: DANGER_FIRE", palette.path_type_color("DANGER_FIRE")),
                         ("path node: WALKABLE", palette.path_type_color("WALKABLE"))]


def test_search_steps_replay_the_closed_and_open_sets() -> None:
    """Step 0: only the start is open; step 1: the start closed and its 8 neighbours on the open floor open
    (1.16.5 walks diagonals too); step k: k closed; the last step: the whole search and the chosen path."""
    sim = load_scene(WALL)
    sim.trace_enabled = True
    sim.tick()
    prims = search_geometry(sim)
    closed = [p for p in prims if p["role"] == "path_closed"]

    def roles(step: int) -> dict[str, int]:
        shown = at_search_step(prims, step)
        return {r: sum(1 for p in shown if p["role"] == r) for r in ("path_closed", "path_open", "path_node")}

    assert roles(0) == {"path_closed": 0, "path_open": 1, "path_node": 0}
    assert [p["pos"] for p in at_search_step(prims, 0) if p["role"] == "path_open"] == [closed[0]["pos"]]
    assert roles(1) == {"path_closed": 1, "path_open": 8, "path_node": 0}
    assert all(roles(k)["path_closed"] == k for k in range(len(closed)))
    last = roles(len(closed))
    assert last["path_closed"] == len(closed)
    assert last["path_open"] == sum(1 for p in prims if p["role"] == "path_open")
    assert last["path_node"] == sum(1 for p in prims if p["role"] == "path_node") > 0


def select_search(app) -> object:
    """Run one tick, select the zombie and its path_search stage; returns the stage."""
    app.state.pending_steps = 1
    app.draw_frame()
    app.state.selected_entity = 1
    row = next(r for r in stage_rows(app.sim.last_record, 1) if r.stage.name == "path_search")
    app.state.selected_stage = row.key
    app.draw_frame()
    return row.stage


def test_stage_inspector_steps_the_search(open_app) -> None:
    """With the path_search stage selected, a search step draws the closed set so far and the open set then."""
    app = open_app(WALL)
    stage = select_search(app)
    total = len([g for g in stage.geometry if g["role"] == "path_closed"])
    for step in (0, 1, 5, total):
        app.state.search_step = step
        app.draw_frame()
        closed = sum(1 for n in app.search_nodes if n["role"] == "path_closed")
        assert (closed, len(app.search_nodes) - closed) == search_step_counts(stage, step)
        assert closed == step
    assert search_step_counts(stage, 1) == (1, 8)


@pytest.mark.parametrize("order", [0, 7])
def test_hover_over_a_node_shows_its_f_g_h(open_app, order: int) -> None:
    app = open_app(WALL, size=(1280, 720))
    select_search(app)
    node = next(n for n in app.search_nodes if n["role"] == "path_closed" and n["order"] == order)
    x, y, z = node["pos"]
    app.controls.focus((x + 0.5, y, z + 0.5))
    app.draw_frame()
    px, py = on_screen(app, (x + 0.5, y + NODE_TILE_HEIGHT, z + 0.5))
    send(app, "on_mouse_motion", px, app.window.height - py, 0, 0)
    assert app.hovered_node is node
    text = node_text(node)
    assert text.splitlines() == [f"WALKABLE node ({x}, {y}, {z})", f"closed #{order}, opened at step {node['opened']}",
                                 f"f = {node['f']:.4f}", f"g = {node['g']:.4f}", f"h = {node['h']:.4f}"]
    send(app, "on_mouse_motion", 1, app.window.height - 1, 0, 0)  # over the menu bar: no node
    assert app.hovered_node is None
