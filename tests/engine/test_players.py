"""Players driven by `[[inputs]]` (spec 05 §4.6, interfaces.md): sprint and sneak rules, poses, the sneaking
edge, item use, fall damage, trace fields, and the one-line errors of bad input."""

from __future__ import annotations

import json

import pytest

from engine.java.javanum import f32
from engine.tick.scene import SceneError, load_scene_text
from tests.conftest import SCENES_DIR, build_scene, scene_toml
from tests.scene_parts import cuboid, east_road, floor, walker
from tests.scene_parts import held as held_keys
from viewer.cli import main

STONE = east_road()
PLAYER = scene_toml(entities=[walker()])


def run(inputs: list[dict], ticks: int, blocks: list[dict] = (STONE,), player: dict | None = None):
    sim = build_scene(blocks=blocks, entities=[player or walker()], inputs=inputs)
    p = sim.entity_by_id(1)
    states = []
    for _ in range(ticks):
        sim.tick()
        states.append((p.pos, p.motion, p.sprinting, p.sneaking, p.on_ground))
    return sim, p, states


def held(first: int, last: int, **keys: object) -> list[dict]:
    """Player 1's `[[inputs]]` range, in a list that others are added to."""
    return [held_keys(1, first, last, **keys)]


def text(*inputs: list[dict]) -> str:
    """The TOML text of `inputs` ranges, to follow an `[[entities]]` table in a scene's text."""
    return scene_toml(inputs=[r for ranges in inputs for r in ranges])


def test_sprint_needs_forward_and_stops_at_a_wall() -> None:
    """ClientPlayerEntity.tickMovement: the sprint key alone does nothing; with forward it sprints at once; a
    horizontal collision ends the sprint in the next tick."""
    _, _, states = run(held(1, 5, sprint=True), 5)
    assert not any(s[2] for s in states)
    wall = [STONE, cuboid((4, 1, -5), (4, 2, 5))]
    _, p, states = run(held(1, 40, forward=True, sprint=True), 40, wall)
    assert states[0][2]
    hit = next(i for i in range(40) if states[i][0].x == states[i - 1][0].x)
    assert not p.sprinting and not states[hit + 1][2]


def test_releasing_only_the_sprint_key_keeps_sprinting() -> None:
    """Vanilla keeps sprinting while forward is held; letting go of forward ends it."""
    _, _, states = run(held(1, 5, forward=True, sprint=True) + held(6, 10, forward=True), 12)
    assert all(s[2] for s in states[:10]) and not states[10][2]


def test_double_tapping_forward_sprints() -> None:
    """Forward pressed again within 7 ticks of the first press (on the ground) starts a sprint."""
    _, _, states = run(held(1, 2, forward=True) + held(5, 10, forward=True), 10)
    assert not states[0][2] and states[4][2]


def test_sneaking_slows_from_the_next_tick_and_lowers_the_box() -> None:
    """The 0.3 slowdown uses last tick's sneaking pose (`isInSneakingPose` before `input.tick`); the crouching
    pose (1.5 high, eye 1.27F) is taken at the end of the first sneaking tick."""
    sim, p, states = run(held(1, 3, forward=True, sneak=True), 3)
    walk_sim, _, walk_states = run(held(1, 3, forward=True), 1)
    assert states[0][0] == walk_states[0][0]          # tick 1: not yet slowed
    assert p.pose == "crouching" and p.box.max_y - p.box.min_y == f32(1.5) and p.eye_height == f32(1.27)
    assert p.input_forward == f32(1.0 * 0.3)


def test_sneaking_stops_at_the_edge() -> None:
    """adjustMovementForSneaking: a sneaking player walking off the floor's edge at x = 41 stays on it."""
    near = walker((35.5, 1.0, 0.5))
    _, p, _ = run(held(1, 200, forward=True, sneak=True), 200, player=near)
    assert p.on_ground and 40.7 < p.pos.x < 41.3
    _, q, _ = run(held(1, 100, forward=True), 100, player=near)
    assert q.pos.x > 45.0


def test_a_player_falls_and_takes_fall_damage() -> None:
    """Block.onLandedUpon → handleFallDamage: ceil(fall − 3) hearts; hay × 0.2F; a slime block none."""
    def fall(block: str) -> float:
        _, p, _ = run([], 40, [floor(2, block)], walker((0.5, 11.0, 0.5), on_ground=False))
        return p.health
    assert fall("minecraft:stone") == 20.0 - 7.0
    assert fall("minecraft:hay_block") == 20.0 - 2.0
    assert fall("minecraft:slime_block") == 20.0


def test_farmland_draws_the_world_random_and_turns_to_dirt() -> None:
    """FarmlandBlock.onLandedUpon: nextFloat() < fall − 0.5F for a big enough living entity → dirt."""
    sim, p, _ = run([], 30, [floor(2, "minecraft:farmland")], walker((0.5, 3.0, 0.5), on_ground=False))
    assert sim.world.get_block_state(0, 0, 0).block == "dirt"
    assert p.pos.y == 1.0 and p.on_ground


def test_throwing_a_pearl_from_inputs() -> None:
    """`use` at the range's first tick: a pearl owned by the player appears at its eye − 0.1F."""
    sim, p, _ = run(held(2, 4, use="minecraft:ender_pearl", pitch=-30.0), 4)
    pearls = [e for e in sim.entities if e.type == "minecraft:ender_pearl"]
    assert len(pearls) == 1 and pearls[0].owner == 1 and p.pitch == -30.0


def test_trace_line_carries_the_living_fields(tmp_path, capsys) -> None:
    scene = tmp_path / "p.toml"
    scene.write_text(scene_toml(blocks=[STONE], entities=[walker(effects=[{"id": "speed"}])],
                                inputs=held(1, 2, forward=True, sprint=True)))
    assert main(["trace", str(scene), "--ticks", "2"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[2])["entities"][0]
    assert line["sprinting"] and not line["sneaking"] and not line["fall_flying"]
    assert line["yaw"] == -90.0 and line["health"] == 20.0
    assert line["effects"] == [{"id": "minecraft:speed", "amplifier": 0, "duration": None}]
    assert line["attributes"]["minecraft:generic.movement_speed"] == f32(0.1) * (1.0 + f32(0.3)) * (1.0 + f32(0.2))


def test_tracing_changes_nothing() -> None:
    tables = {"blocks": [STONE], "entities": [walker()], "inputs": held(1, 30, forward=True, sprint=True, jump=True)}
    plain, traced = build_scene(**tables), build_scene(**tables)
    traced.trace_enabled = True
    for _ in range(30):
        plain.tick()
        traced.tick()
    a, b = plain.entity_by_id(1), traced.entity_by_id(1)
    assert a.pos == b.pos and a.motion == b.motion
    stages = [s for s in traced.last_record.stages_of(1) for s in s.walk()]
    assert any(g["role"] == "slipperiness_block" for s in stages for g in s.geometry)


def test_sprint_jump_records_its_kick() -> None:
    sim = build_scene(blocks=[STONE], entities=[walker()], inputs=held(1, 1, forward=True, sprint=True, jump=True))
    sim.trace_enabled = True
    sim.tick()
    kicks = [g for s in sim.last_record.stages_of(1) for s in s.walk() for g in s.geometry if g["role"] == "jump_kick"]
    assert len(kicks) == 1 and kicks[0]["b"][0] - kicks[0]["a"][0] == f32(0.2)


@pytest.mark.parametrize(("text", "message"), [
    (PLAYER + scene_toml(inputs=[held_keys(7, 1, 5, forward=True)]), "no entity with id 7"),
    (PLAYER + text(held(1, 5, forward=True), held(3, 8, back=True)), "overlap ticks 1..5"),
    (PLAYER + 'effects = [{ id = "minecraft:haste" }]\n', "unknown or unsupported effect"),
    (PLAYER + 'attributes = { "minecraft:generic.luck" = 1.0 }\n', "unknown attribute"),
    (PLAYER + "fall_flying = true\n", "needs an elytra"),
    (PLAYER + text(held(5, 2, forward=True)), "at or after from = 5"),
    (PLAYER + text(held(1, 2, use="minecraft:tnt")), "cannot use minecraft:tnt"),
    (PLAYER + '[[actions]]\ntick = 1\ndo = "summon_tnt_at"\nat_entity = 9\n', "no entity with id 9"),
    ('[[entities]]\ntype = "minecraft:tnt"\npos = [0, 1, 0]\nid = 1\n' + text(held(1, 2, forward=True)),
     "drive minecraft:player"),
])
def test_bad_player_input_is_one_error(text: str, message: str) -> None:
    with pytest.raises(SceneError, match=message):
        load_scene_text(text)


def test_bad_input_through_the_cli_is_one_line_and_status_2(tmp_path, capsys) -> None:
    scene = tmp_path / "bad.toml"
    scene.write_text(PLAYER + text(held(1, 5, forward=True), held(3, 8, back=True)))
    assert main(["trace", str(scene), "--ticks", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "inputs[1]" in err[0]


def test_a_thrown_pearl_teleports_its_player() -> None:
    """The pearl's owner is the simulated player: where the pearl lands, the player goes (then falls onto the
    floor in its own tick)."""
    sim, p, _ = run(held(1, 1, use="minecraft:ender_pearl", pitch=-20.0), 60, [east_road(100)])
    assert 40.0 < p.pos.x < 50.0 and p.pos.y == 1.0 and p.on_ground


def test_a_low_ceiling_forces_the_crouching_pose() -> None:
    """updateSize: standing does not fit under a ceiling 1.5 m up, crouching does; the next tick's keys are slowed
    by the sneaking pose (`inSneakingPose`: crouching fits, standing does not) without shift."""
    ceiling = [STONE, cuboid((-5, 2, -5), (40, 2, 5), "minecraft:stone_slab[type=top]")]
    sim, p, _ = run(held(1, 3, forward=True), 3, ceiling)
    assert p.pose == "crouching" and p.input_forward == f32(0.3) and not p.sneaking


def test_a_rider_passes_its_keys_and_dismounts_by_sneaking() -> None:
    """Riding: the unscaled keys become the server's movement input (a minecart reads it); shift dismounts."""
    text = ('[[entities]]\ntype = "minecraft:armor_stand"\nid = 1\npos = [0.5, 50.0, 0.5]\nno_gravity = true\n'
            '[[entities]]\ntype = "minecraft:player"\nid = 2\npos = [0.5, 50.0, 0.5]\nvehicle = 1\n'
            "[[inputs]]\nentity = 2\nfrom = 1\nto = 2\nforward = true\n"
            "[[inputs]]\nentity = 2\nfrom = 3\nto = 3\nsneak = true\n")
    sim = load_scene_text(text)
    p = sim.entity_by_id(2)
    sim.tick()
    assert p.vehicle is not None and p.forward_speed == 1.0
    sim.tick()
    sim.tick()
    assert p.vehicle is None


@pytest.mark.parametrize(("floor", "health"), [("minecraft:stone", 2.0), ("minecraft:red_bed[part=foot]", 12.0)])
def test_a_bed_halves_the_fall_distance_not_the_damage(floor: str, health: float) -> None:
    """1.16.5 `BedBlock.onLandedUpon` passes fallDistance × 0.5F on with multiplier 1: a 20.3 m fall onto stone
    deals ceil(17.3) = 18; onto a bed (top 9/16) ceil(20.7375 / 2 − 3) = 8, where halving the damage would
    give ceil(17.7375 × 0.5) = 9 (docs/fidelity.md, living section)."""
    scene = (f'[[blocks]]\nat = [0, 0, 0]\nblock = "{floor}"\n'
             '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [0.5, 21.3, 0.5]\n')
    sim = load_scene_text(scene)
    p = sim.entity_by_id(1)
    for _ in range(200):
        sim.tick()
        if p.on_ground:
            break
    assert p.on_ground and p.health == health


@pytest.mark.parametrize(("version", "sprints"), [("1.16.5", False), ("1.15.2", True)])
def test_a_sneak_clears_the_double_tap(version: str, sprints: bool) -> None:
    """scenes/player_double_tap_sneak_1_16.toml: forward in tick 1 opens the double tap's 7 ticks; the sneak key
    held in tick 2 clears them at tick 3's start from 1.16 (`ClientPlayerEntity.tickMovement`'s `if (bl2)`), so
    forward again in tick 4 only walks; 1.15.2 has no such clearing and sprints."""
    text = (SCENES_DIR / "player_double_tap_sneak_1_16.toml").read_text()
    sim = load_scene_text(text.replace('version = "1.16"', f'version = "{version}"'))
    states = []
    for _ in range(6):
        sim.tick()
        states.append(sim.world.entities[1].sprinting)
    assert states == [False, False, False, sprints, sprints, sprints]
