"""Vehicles and explosion sources in the viewer: rails drawn as track along their shape (pixels at projected
rails), a vehicle's state and its riders in the inspector, riders linked to their vehicle in the 3D view, and
the ledger naming each explosion's source."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import moderngl
import numpy as np
from imgui_bundle import imgui

from engine.tick.scene import load_scene, load_scene_text
from tests.conftest import SCENES_DIR as SCENES
from tests.conftest import scene_toml
from tests.scene_parts import CART_ON_RAIL_Y, cell, cuboid, entity, floor, held, with_riders
from viewer.drawing.camera import Bounds, camera_from_spec, parse_camera
from viewer.drawing.labels import project
from viewer.drawing.overlays import OverlayBuilder, add_entities, entity_frame
from viewer.drawing.palette import load_palette
from viewer.history import TickStates, entity_states
from viewer.panels.entities import vehicle_rows
from viewer.panels.ledger import ledger_table, source_label, sources_line
from viewer.render import parse_overlays, render_frame

SIZE = (320, 320)
RAILS = scene_toml(blocks=[cuboid((-2, 0, -2), (3, 0, 3)),
                           cell((0, 1, 0), "minecraft:powered_rail[shape=north_south,powered=true]"),
                           cell((2, 1, 0), "minecraft:rail[shape=ascending_east]")],
                   entities=with_riders(entity("minecart", (0.5, CART_ON_RAIL_Y, 0.5)), "zombie"))
BOAT = scene_toml(blocks=[floor(4, "minecraft:ice")],
                  entities=with_riders(entity("boat", (0.5, 1.0, 0.5)), "player", "zombie"),
                  inputs=[held(2, 1, 5, forward=True, left=True)])


def shot(ctx: moderngl.Context, path: Path, camera: str) -> Callable[[tuple[float, float, float]], np.ndarray]:
    """A function giving the rendered pixel (RGB) a world point projects to, at tick 0, blocks only."""
    sim = load_scene(path)
    spec = parse_camera(camera)
    pixels = render_frame(ctx, sim, SIZE, spec, parse_overlays("none"))
    cam = camera_from_spec(spec, Bounds((0, 0, 0), (1, 1, 1)), SIZE[0] / SIZE[1])

    def at(point: tuple[float, float, float]) -> np.ndarray:
        (x, y), = project(np.array([point]), cam.view_matrix(), cam.proj_matrix(1.0), SIZE)
        return pixels[int(y), int(x), :3].astype(int)

    return at


def test_a_powered_rail_is_lit_rails_on_sleepers_with_the_floor_between(gl_ctx: moderngl.Context,
                                                                         write_scene: Callable[..., Path]) -> None:
    """Seen from above, a north_south powered rail (powered=true): its east rail (x 0.5 + 5.5/16) in rail_lit,
    a sleeper at z 0.375 between the rails in rail_sleeper, the stone showing between two sleepers (z 0.5)."""
    at = shot(gl_ctx, write_scene(RAILS), "top:0.5,1,0.5,3")
    palette = load_palette()
    assert tuple(at((0.84375, 1.09, 0.25))) == palette.ui["rail_lit"][:3]
    assert tuple(at((0.5, 1.06, 0.375))) == palette.ui["rail_sleeper"][:3]
    assert tuple(at((0.5, 1.0, 0.5))) == palette.block_color("stone")[:3]


def test_an_ascending_rail_rises_towards_its_named_side(gl_ctx: moderngl.Context,
                                                        write_scene: Callable[..., Path]) -> None:
    """Seen from the west, 20° down, an ascending_east rail: its south rail near the east edge lies at y 1.9 +
    1.5/16 (the track risen by 0.9 over 0.9 m) in the rail colour; the floor is far below that point."""
    at = shot(gl_ctx, write_scene(RAILS), "orbit:2.5,1.5,0.5,3,-90,20")
    rail = load_palette().block_color("rail")[:3]
    assert tuple(at((2.9, 1.9 + 1.5 / 16, 0.5 + 5.5 / 16))) == rail
    assert tuple(at((2.1, 1.1 + 1.5 / 16, 0.5 + 5.5 / 16))) == rail


def test_the_inspector_shows_boat_status_held_keys_and_linked_riders() -> None:
    """A boat on ice paddled by a player holding forward and left, a zombie behind: status on_land, the keys,
    both passengers linked by id; each rider links back to the boat."""
    sim = load_scene_text(BOAT)
    sim.tick()
    sim.tick()
    boat, player, zombie = (sim.entity_by_id(i) for i in (1, 2, 3))
    rows = {name: (text, link) for name, text, link in vehicle_rows(boat)}
    assert rows["boat status"] == ("on_land", None)
    assert rows["boat inputs"] == ("left forward", None)
    assert rows["passenger 1"] == ("#2 player", 2)
    assert rows["passenger 2"] == ("#3 zombie", 3)
    assert vehicle_rows(player) == [("vehicle", "#1 boat", 1)]
    assert vehicle_rows(zombie) == [("vehicle", "#1 boat", 1)]


def test_the_inspector_shows_the_rail_shape_under_a_cart_and_off_rail() -> None:
    sim = load_scene_text(RAILS)
    sim.tick()
    cart = sim.entity_by_id(1)
    assert ("rail shape", "north_south", None) in vehicle_rows(cart)
    assert ("passenger 1", "#2 zombie", 2) in vehicle_rows(cart)
    off = load_scene_text('[[entities]]\ntype = "minecart"\npos = [0.5, 5.0, 0.5]\n')
    off.tick()
    assert vehicle_rows(off.entities[0]) == [("rail shape", "off rail", None)]


def test_the_frame_of_packed_states_equals_the_frame_of_their_dicts() -> None:
    """The viewer builds its entity frame from the history's packed columns (`TickStates.column`): the same ids,
    types, positions, motions, boxes, eye heights and riders as from one dict per entity, for a scene mixing
    vehicles with riders, mobs, a player and TNT (several groups, array and tuple columns, fields some lack)."""
    riders = with_riders(entity("boat", (0.5, 1.0, 0.5)), "player", "zombie")
    cart = {**entity("minecart", (3.5, 1.0, 0.5)), "id": 4}
    sim = load_scene_text(scene_toml(blocks=[floor(4, "minecraft:ice")],
                                     entities=[*riders, cart, {**entity("zombie", (3.5, 1.0, 0.5)), "vehicle": 4},
                                               entity("tnt", (2.5, 1.0, 2.5)), entity("item", (-2.5, 1.0, 2.5))]))
    for _ in range(3):
        sim.tick()
    states = entity_states(sim)
    packed, plain = entity_frame(TickStates.pack(states, None)), entity_frame(states)
    assert len({e.type for e in sim.entities}) >= 5 and packed.vehicle.max() >= 0
    for field in ("ids", "pos", "motion", "lo", "hi", "eye_height", "vehicle"):
        assert np.array_equal(getattr(packed, field), getattr(plain, field)), field
    assert packed.types == plain.types


def test_each_rider_is_linked_to_its_vehicle_in_the_3d_view() -> None:
    """The frame knows who rides what from the vehicles' traced passengers; the view draws a seat_link segment
    from the boat's position to each rider's (its seat)."""
    sim = load_scene_text(BOAT)
    sim.tick()
    frame = entity_frame(entity_states(sim))
    boat = frame.row(1)
    assert frame.vehicle[frame.row(2)] == boat and frame.vehicle[frame.row(3)] == boat and frame.vehicle[boat] == -1
    palette = load_palette()
    builder = OverlayBuilder()
    add_entities(builder, frame, palette)
    segments = builder.build().segments
    seat = np.all(segments["in_color"] == palette.ui["seat_link"], axis=1)
    starts = segments["in_start"][seat].astype(np.float64)
    ends = segments["in_end"][seat].astype(np.float64)
    riders = frame.pos[[frame.row(2), frame.row(3)]]
    assert np.allclose(starts, frame.pos[boat], atol=1e-5)
    assert np.allclose(np.sort(ends, axis=0), np.sort(riders, axis=0), atol=1e-5)


def test_the_ledger_names_a_creeper_and_an_end_crystal() -> None:
    """The bundled scene: the creeper's explosion (tick 30 of its fuse) and the attacked crystal's (tick 33)."""
    sim = load_scene(SCENES / "creeper_crystal_beside_tnt.toml")
    sim.trace_enabled = True
    names = []
    for _ in range(40):
        table = ledger_table(sim.tick())
        names += [source_label(e) for e in table.events]
    assert names[0] == "creeper #1"
    assert "end crystal" in names


def test_source_names_of_blocks_and_entities() -> None:
    assert source_label({"source_type": "minecraft:red_bed", "source": None}) == "bed"
    assert source_label({"source_type": "minecraft:respawn_anchor", "source": None}) == "respawn anchor"
    assert source_label({"source_type": "minecraft:wither", "source": None}) == "wither"
    assert source_label({"source_type": "minecraft:tnt_minecart", "source": 4}) == "TNT minecart #4"
    assert source_label({"source_type": "minecraft:tnt", "source": 2}) == "TNT #2"
    assert source_label({"source_type": "minecraft:fireball", "source": 7}) == "fireball #7"


def test_clicking_a_passenger_link_in_the_window_selects_it(open_app, write_scene: Callable[..., Path],
                                                            monkeypatch) -> None:
    """In the window, with the boat selected, a click on its passenger's row (ImGui's selectable reporting the
    click) selects the player; its inspector then links back to the boat, whose click selects the boat."""
    app = open_app(write_scene(BOAT))
    app.state.selected_entity = 1
    app.draw_frame()
    real = imgui.selectable

    def clicked(label: str, *args: object):
        return (True, True) if label.startswith(target) else real(label, *args)

    monkeypatch.setattr(imgui, "selectable", clicked)
    target = "#2 player##passenger 1"
    app.draw_frame()
    assert app.state.selected_entity == 2
    target = "#1 boat##vehicle"
    app.draw_frame()
    assert app.state.selected_entity == 1


def test_the_ledger_lists_the_sources_of_a_tick_even_without_rows() -> None:
    """The creeper's explosion in tick 30 touches no entity (no row) and is still named; a long tick is cut."""
    sim = load_scene(SCENES / "creeper_crystal_beside_tnt.toml")
    sim.trace_enabled = True
    for _ in range(29):
        sim.tick()
    table = ledger_table(sim.tick())
    assert len(table) == 0 and sources_line(table.events) == "sources 1: creeper #1"
    many = [{"source_type": "minecraft:tnt", "source": i} for i in range(10)]
    assert sources_line(many) == "sources " + ", ".join(f"{i + 1}: TNT #{i}" for i in range(6)) + " and 4 more"
