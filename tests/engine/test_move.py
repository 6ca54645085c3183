"""`Entity.move` (spec 03 §2) and the blocks acting inside it (spec 04 §1-§6, §20), driven through scenes."""

from __future__ import annotations

from engine.geometry.box import Vec3
from engine.tick.simulation import Simulation
from tests.conftest import build_scene
from tests.scene_parts import STONE, cell, cuboid, entity


def tnt_scene(blocks: list[dict], pos: tuple[float, float, float], motion: tuple[float, float, float],
              scene: dict | None = None, **keys: object) -> Simulation:
    """A TNT (id 1; fuse 1000 and gravity unless `keys` say otherwise) at `pos` with `motion`, among `blocks`."""
    tnt = entity("tnt", pos, motion=list(motion), **{"fuse": 1000, "no_gravity": False, **keys})
    return build_scene(scene=scene, blocks=blocks, entities=[tnt])


STEP = [cuboid((-2, 0, -2), (4, 0, 2)), cell((1, 1, 0), "minecraft:stone_slab[type=bottom]")]   # a slab on a floor


def test_cobweb_scales_the_next_move_and_zeroes_motion() -> None:
    """Spec 04 §1: a cobweb cell sets the multiplier in checkBlockCollision; the next move is scaled by
    (0.25, 0.05F, 0.25), Motion is zeroed before the collision step, and the multiplier is spent."""
    sim = tnt_scene([cell((0, 5, 0), "minecraft:cobweb")], (0.5, 5.0, 0.5), (0.0, 0.0, 0.0), no_gravity=True)
    tnt = sim.entity_by_id(1)
    sim.tick()                                       # no move yet; the web is now registered
    assert tnt.movement_multiplier == Vec3(0.25, 0.05000000074505806, 0.25)    # spec 04: (0.25, 0.05F, 0.25)
    tnt.motion = Vec3(0.4, 0.4, 0.4)
    start = tnt.box
    sim.trace_enabled = True
    record = sim.tick()
    assert tnt.box == start.offset(0.4 * 0.25, 0.4 * 0.05000000074505806, 0.4 * 0.25)
    assert tnt.motion == Vec3(0.0, 0.0, 0.0)         # zeroed in step 3, then drag keeps it zero
    names = [c.name for s in record.stages_of(1) if s.name == "move" for c in s.children]
    assert names[0] == "movement_multiplier"
    assert tnt.movement_multiplier == Vec3(0.25, 0.05000000074505806, 0.25)   # still inside the web: set again


def test_bubble_column_surface_pushes_up_to_the_1_8_cap() -> None:
    """Spec 04 §5: an upward column with air above adds 0.1 (max 1.8); with a block above 0.06 (max 0.7)."""
    col = cell((0, 5, 0), "minecraft:bubble_column[drag=false]")
    sim = tnt_scene([col], (0.5, 5.0, 0.5), (0.0, 0.0, 0.0), no_gravity=True)
    sim.tick()
    assert sim.entity_by_id(1).motion.y == (0.0 + 0.1) * 0.98     # spec 06 §1: TNT drag 0.98 (double)
    inner = tnt_scene([col, cell((0, 6, 0), "minecraft:bubble_column[drag=false]"), cell((0, 7, 0), STONE)],
                      (0.5, 5.0, 0.5), (0.0, 0.0, 0.0), no_gravity=True)
    inner.tick()
    # the deflated box stays in the lower cell, which has a column above it: the inner rule
    assert inner.entity_by_id(1).motion.y == (0.0 + 0.06) * 0.98


def test_downward_bubble_column_drags_down() -> None:
    """A magma column (drag=true) with air above subtracts 0.03 per visited cell, floored at -0.9."""
    sim = tnt_scene([cell((0, 5, 0), "minecraft:bubble_column[drag=true]")], (0.5, 5.0, 0.5), (0.0, -0.895, 0.0),
                    no_gravity=True)
    sim.tick()
    assert sim.entity_by_id(1).motion.y < 0.0


def test_bed_bounces_non_living_entities_by_0_66f_times_0_8() -> None:
    """Spec 04 §2: a bed reverses Y × 0.66F × 0.8 for non-living entities; then TNT's ground factor −0.5 applies."""
    sim = tnt_scene([cell((0, 0, 0), "minecraft:red_bed[part=foot]")], (0.5, 0.6, 0.5), (0.0, -0.3, 0.0))
    tnt = sim.entity_by_id(1)
    sim.tick()
    vy = 0.0 - 0.04 - 0.3                                  # spec 06 §1: TNT gravity 0.04
    assert tnt.on_ground and tnt.pos.y == 0.5625       # bed top: 9/16
    assert tnt.motion.y == -vy * 0.6600000262260437 * 0.8 * 0.98 * -0.5   # spec 04: bed bounce 0.66F


def test_honey_block_side_slides_a_falling_entity() -> None:
    """Spec 04 §20: falling fast inside a honey block's cell beside its inset shape, Y is set to −0.05."""
    honey = [cell((1, 5, 0), "minecraft:honey_block")]
    sim = tnt_scene(honey, (0.55, 5.2, 0.5), (0.0, -0.3, 0.0))   # box to x 1.04: in the cell, off the shape
    tnt = sim.entity_by_id(1)
    sim.tick()
    assert tnt.motion.y == -0.05 * 0.98


def test_end_portal_removes_the_entity_and_reports_where_it_went() -> None:
    """A box overlapping the portal's outline leaves the dimension (a dimension_change event)."""
    sim = tnt_scene([cell((0, 5, 0), "minecraft:end_portal")], (0.5, 5.1, 0.5), (0.0, 0.0, 0.0), no_gravity=True)
    record = sim.tick()
    assert sim.entities == []
    assert record.events[0]["kind"] == "dimension_change" and record.events[0]["to"] == "minecraft:the_end"


def test_world_border_stops_an_entity_inside_it() -> None:
    """Spec 03 §3: the border is a collision shape for entities inside it."""
    sim = tnt_scene([], (4.0, 50.0, 0.0), (1.0, 0.0, 0.3), {"border": {"center": [0.0, 0.0], "size": 10.0}},
                    no_gravity=True, fuse=100)
    tnt = sim.entity_by_id(1)
    sim.tick()
    assert tnt.box.max_x == 5.0 and tnt.horizontal_collision
    assert tnt.motion.x == 0.0


def test_step_up_climbs_a_slab_with_step_height() -> None:
    """Spec 03 §4: with stepHeight 0.6 (most mobs) a moving entity on the ground steps onto a bottom slab."""
    sim = tnt_scene(STEP, (0.5, 1.0, 0.5), (0.3, 0.0, 0.0), on_ground=True)
    tnt = sim.entity_by_id(1)
    tnt.step_height = 0.6
    for _ in range(5):
        tnt.motion = Vec3(0.3, tnt.motion.y, 0.0)
        sim.tick()
    assert tnt.pos.y == 1.5 and tnt.pos.x > 1.5


def test_without_step_height_the_slab_stops_it() -> None:
    """The same move with stepHeight 0 (TNT) is stopped by the slab's side."""
    sim = tnt_scene(STEP, (0.5, 1.0, 0.5), (0.3, 0.0, 0.0), on_ground=True)
    tnt = sim.entity_by_id(1)
    for _ in range(5):
        tnt.motion = Vec3(0.3, tnt.motion.y, 0.0)
        sim.tick()
    assert tnt.pos.y == 1.0 and tnt.box.max_x == 1.0


def test_collision_on_both_x_and_z_keeps_x_motion_in_1_16() -> None:
    """Spec 03 §2 step 9 as vanilla 1.16 codes it: one Motion copy serves both writes, so hitting a corner zeroes
    only Z; from 1.18 both are zeroed."""
    corner = [cuboid((2, 5, -3), (2, 7, 3)), cuboid((-3, 5, 2), (3, 7, 2))]
    for version, kept in (("1.16.5", True), ("1.18", False)):
        sim = tnt_scene(corner, (1.0, 5.0, 1.0), (0.8, 0.0, 0.7), {"version": version}, no_gravity=True, fuse=100)
        tnt = sim.entity_by_id(1)
        sim.tick()
        assert tnt.horizontal_collision and tnt.box.max_x == 2.0 and tnt.box.max_z == 2.0
        assert tnt.motion.z == 0.0
        assert (tnt.motion.x == 0.8 * 0.98) is kept and (tnt.motion.x == 0.0) is not kept


def test_solid_entities_stop_a_moving_entity() -> None:
    """Spec 03 §5: a collidable entity (boats and shulkers in vanilla; a stand-in type here) is a collision box."""
    from engine.entities.tnt import Tnt

    class SolidStandIn(Tnt):
        TYPE = "test:solid"
        collidable = True

    sim = tnt_scene([], (0.5, 50.0, 0.5), (1.5, 0.0, 0.0), no_gravity=True)
    wall = sim.create(SolidStandIn, Vec3(2.5, 50.0, 0.5))
    wall.no_gravity = True
    sim.add_entity(wall)
    mover = sim.entity_by_id(1)
    sim.tick()
    assert mover.box.max_x == wall.box.min_x and mover.horizontal_collision and mover.motion.x == 0.0
