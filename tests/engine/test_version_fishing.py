"""The fishing bobber by release (engine/entities/fishing_bobber.py, engine/influences/fishing.py; docs/versions.md
`fishing_bobber`): the cast's length in double from 1.17 and its triangular spread from 1.19, seen at load (a
player's tick is refused from 1.17: `living`, so the bobber's tick is checked with the release's flags on a 1.16.5
world), the block hit normalised in double, the 1.20.5 redirect of a ghast fireball it hooks, the 1.17 owner
check of the reel, and the tick of 1.14-1.15.2 (`bobber_tick_1_15`)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.versions import features_for
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

PULL = (SCENES_DIR / "fishing_bobber_pull.toml").read_text()
GROUND = (SCENES_DIR / "fishing_bobber_ground_1_15_2.toml").read_text()


def _bobber(sim: Simulation):
    return next(e for e in sim.entities if e.TYPE == "minecraft:fishing_bobber")


def _cast(version: str) -> tuple[float, float, float]:
    """The bobber's Motion as cast at load by the player of fishing_bobber_pull.toml (yaw −90, pitch 10)."""
    return tuple(_bobber(load_scene_text(PULL.replace("[scene]", f'[scene]\nversion = "{version}"', 1))).motion)


@pytest.mark.parametrize(("version", "motion"), [
    # (1, tan(−10°) as floats, 0) × (0.6 / length + 0.5 + gaussian × 0.0045): the length rounded to float
    ("1.16.5", (1.091574058829548, -0.192084158103793, -0.0)),
    # the same draws over the double length (Vec3d.length, 1.17)
    ("1.17", (1.0915740483920222, -0.19208415626380307, -0.0)),
    ("1.18.2", (1.0915740483920222, -0.19208415626380307, -0.0)),
    # 0.6 / length + nextTriangular(0.5, 0.0103365): two nextDouble draws per axis (1.19)
    ("1.19", (1.0977115549744925, -0.19103103452938794, -0.0)),
    ("1.21.3", (1.0977115549744925, -0.19103103452938794, -0.0)),
])
def test_the_cast_motion_by_release(version: str, motion: tuple[float, float, float]) -> None:
    assert _cast(version) == motion


def test_the_double_length_moves_the_cast_by_its_last_bits_only() -> None:
    old, new = _cast("1.16.5"), _cast("1.17")
    assert old != new and all(abs(a - b) < 1e-7 * abs(a) for a, b in zip(old, new, strict=True) if a)


def _with(sim: Simulation, **flags: bool) -> Simulation:
    sim.features = dataclasses.replace(sim.features, **flags)
    return sim


def _into_wall(**flags: bool) -> Simulation:
    """A bobber cast east at a stone wall 2 m away, run until its raycast meets the wall, 0.7 m ahead."""
    sim = _with(load_scene_text(scene_toml(
        blocks=[{"from": [-4, 0, -4], "to": [10, 0, 4], "block": "minecraft:stone"},
                {"from": [3, 1, -2], "to": [3, 4, 2], "block": "minecraft:stone"}],
        entities=[{"type": "minecraft:player", "id": 1, "pos": [0.9, 1.0, 0.5], "yaw": -90.0, "pitch": 0.0,
                   "invulnerable": True}],
        spawns=[{"kind": "fishing_bobber", "player": 1}])), **flags)
    sim.tick()
    sim.tick()
    return sim


def test_the_block_hit_normalises_the_motion_with_the_release_s_root() -> None:
    """`onBlockHit`: Motion := normalize(Motion) × the squared distance to the hit; the float root (1.16.5) and
    the double root (`vec_double`) give different last bits; the move by that Motion stops short of the wall."""
    old, new = _bobber(_into_wall()), _bobber(_into_wall(vec_double=True))
    assert not old.horizontal_collision and not new.horizontal_collision
    assert old.motion != new.motion and old.pos != new.pos
    assert 0.44 < old.motion.x < 0.45 and abs(old.motion.x - new.motion.x) < 1e-7


def _fireball_hooked(**flags: bool) -> Simulation:
    """A bobber cast east at a ghast fireball drifting west 2 m ahead."""
    sim = _with(load_scene_text(scene_toml(
        entities=[{"type": "minecraft:player", "id": 1, "pos": [0.5, 30.0, 0.5], "yaw": -90.0, "pitch": 0.0,
                   "invulnerable": True},
                  {"type": "minecraft:fireball", "id": 2, "pos": [2.5, 31.3, 0.5], "motion": [-0.05, 0.0, 0.0],
                   "power": [-0.01, 0.0, 0.0]}],
        spawns=[{"kind": "fishing_bobber", "player": 1}])), **flags)
    for _ in range(3):
        sim.tick()
    return sim


def test_a_hooked_ghast_fireball_is_redirected_along_the_owner_s_look_from_1_20_5() -> None:
    """`ProjectileEntity.onCollision` (1.20.5): the hit fireball is deflected along the bobber's owner's look
    (yaw −90: east) before the bobber hooks it; up to 1.20.4 it is hooked and keeps flying west."""
    old = _fireball_hooked()
    new = _fireball_hooked(projectile_deflection=True, vec_double=True)
    assert _bobber(old).hooked == _bobber(new).hooked == 2
    assert old.entity_by_id(2).motion.x < 0.0 < new.entity_by_id(2).motion.x


def test_a_reel_more_than_32_m_away_pulls_nothing_from_1_17() -> None:
    """`FishingBobberEntity.use` runs `removeIfInvalid` first from 1.17: the bobber 40 m from its owner is removed
    without pulling; 1.16.5 pulls the hooked item by (owner − bobber) × 0.1, then the item's drag 0.98."""
    text = scene_toml(entities=[
        {"type": "minecraft:player", "id": 1, "pos": [0.5, 30.0, 0.5], "invulnerable": True},
        {"type": "minecraft:item", "id": 2, "pos": [40.5, 30.0, 0.5], "no_gravity": True},
        {"type": "minecraft:fishing_bobber", "id": 3, "pos": [40.5, 30.2, 0.5], "owner": 1, "hooked": 2}],
        actions=[{"tick": 1, "do": "reel", "player": 1, "phase": "scheduled_ticks"}])
    pulled, kept = load_scene_text(text), _with(load_scene_text(text), bobber_use_checks_owner=True)
    pulled.tick()
    kept.tick()
    assert pulled.entity_by_id(2).motion.x == -3.9200000762939453   # −4.0 × 0.98F
    assert tuple(kept.entity_by_id(2).motion) == (0.0, 0.0, 0.0)
    assert pulled.entity_by_id(3) is None and kept.entity_by_id(3) is None


def _slide(version: str = "1.16.5") -> str:
    """A flying bobber sliding east on stone, its owner 2 m away."""
    return scene_toml(scene={"version": version},
                      blocks=[{"from": [-3, 0, -3], "to": [3, 0, 3], "block": "minecraft:stone"}], entities=[
                          {"type": "minecraft:fishing_bobber", "id": 1, "pos": [0.5, 1.0, 0.5],
                           "motion": [0.2, 0.0, 0.0], "on_ground": True, "owner": 2},
                          {"type": "minecraft:player", "id": 2, "pos": [0.5, 1.0, 2.5], "invulnerable": True}])


@pytest.mark.parametrize(("off_ground", "x", "motion_x"), [
    # up to 1.21.4: gravity, the move down blocked (on the ground), FLYING on the ground: Motion zeroed
    (False, 0.7, 0.0),
    # 1.21.8 (FishingHook.tick, read): no gravity on the ground, so the move has no Y, leaves the bobber off the
    # ground and its Motion is only dragged: 0.2 x 0.92
    (True, 0.7, 0.18400000000000002),
])
def test_a_bobber_on_the_ground_falls_no_further_from_1_21_8(off_ground: bool, x: float, motion_x: float) -> None:
    sim = load_scene_text(_slide())
    sim.features = dataclasses.replace(sim.features, bobber_gravity_off_ground=off_ground)
    sim.tick()
    bobber = _bobber(sim)
    assert bobber.pos.x == x and bobber.on_ground is not off_ground and bobber.motion.x == motion_x


def test_1_21_5_runs_1_21_4_s_bobber_and_1_21_6_runs_1_21_8_s() -> None:
    """FishingHook.tick of 1.21.6 and 1.21.7 (read) is 1.21.8's (`bobber_gravity_off_ground`): the bobber slides as
    in 1.21.8, beside its owner, a player (simulated from 1.21.6: the `player` row). 1.21.5's lies between its 25w02a
    snapshot and the 25w15a snapshot of 1.21.6 (read), both 1.21.4's: its bobber falls onto the ground as 1.21.4's.
    A 1.21.5 bobber's owner, a player, stops the run at the `player` row; the bobber's own tick, that row aside, is
    1.21.4's."""
    assert [features_for(v).bobber_gravity_off_ground
            for v in ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8")] == [False, False, True, True, True]
    slid = []
    for version in ("1.21.6", "1.21.7", "1.21.8"):
        sim = load_scene_text(_slide(version))
        sim.tick()
        slid.append((_bobber(sim).pos, _bobber(sim).motion, _bobber(sim).on_ground))
    assert slid[0] == slid[1] == slid[2] and slid[0][1].x == 0.18400000000000002 and not slid[0][2]
    assert "fishing_bobber" not in features_for("1.21.5").refused
    sim = load_scene_text(_slide("1.21.5"))
    with pytest.raises(NotImplementedError) as err:
        sim.tick()
    assert "\n" not in str(err.value) and str(err.value).startswith("the player's client movement")
    fell = []
    for version in ("1.21.4", "1.21.5"):
        sim = load_scene_text(_slide(version))
        sim.features = dataclasses.replace(sim.features, refused=sim.features.refused - {"player"})
        sim.tick()
        fell.append((_bobber(sim).pos, _bobber(sim).motion, _bobber(sim).on_ground))
    assert fell[0] == fell[1] and fell[1][1].x == 0.0 and fell[1][2]


def _ground(version: str, ticks: int, **flags: bool) -> list[tuple]:
    """The bobber of scenes/fishing_bobber_ground_1_15_2.toml after each tick: (position, Motion, on the ground), or
    None once it is removed."""
    sim = _with(load_scene_text(GROUND.replace('version = "1.15.2"', f'version = "{version}"')), **flags)
    out = []
    for _ in range(ticks):
        sim.tick()
        e = sim.entity_by_id(2)
        out.append(None if e is None else (tuple(e.pos), tuple(e.motion), e.on_ground))
    return out


def test_a_bobber_cast_at_the_ground_hangs_where_its_ray_met_it_up_to_1_15_2() -> None:
    """FishingBobberEntity.tick of 1.14-1.15.2: the raycast of tick 2 meets the floor and only marks the bobber
    stuck; from then its Motion is zeroed before the gravity: it keeps its x and sinks 0.03 a tick, above the floor
    at tick 12. 1.16 moves it onto the floor by normalize(Motion) × the squared distance (tick 3: on the ground).
    1.14, 1.12.2 (`EntityFishHook.onUpdate`: the same tick on the motion fields, its ray through bounding boxes) and
    1.13.2 (1.12.2's tick on 1.13.2's rays and fluid states) run as 1.15.2; 1.15.2 without the flag runs as 1.16,
    1.16 with it as 1.15.2."""
    old, new = _ground("1.15.2", 12), _ground("1.16", 12)
    assert _ground("1.14", 12) == _ground("1.12.2", 12) == old and old[:1] == new[:1]
    assert all(p[0] == old[0][0][0] for p, _m, _g in old) and not any(g for _p, _m, g in old)
    assert [round(old[k][0][1] - old[k + 1][0][1], 9) for k in range(1, 11)] == [0.03] * 10
    assert new[2][2] and new[11][0][1] == 1.0 and new[11][0][0] > old[11][0][0] + 0.5
    assert _ground("1.15.2", 12, bobber_tick_1_15=False) == new
    assert _ground("1.16", 12, bobber_tick_1_15=True) == old


def test_a_stuck_bobber_is_removed_1200_ticks_after_its_block_hit_up_to_1_15_2() -> None:
    """Up to 1.15.2 the removal timer counts the ticks begun stuck (the block hit in tick 2: ticks 3..1202, removed
    in tick 1202), on the ground or not; 1.16 counts the ticks begun on the ground (landed in tick 3: removed in tick
    1203)."""
    old, new = _ground("1.15.2", 1204), _ground("1.16", 1204)
    assert old.index(None) + 1 == 1202 and new.index(None) + 1 == 1203


def test_a_1_12_2_bobber_hooks_a_zombie_and_so_does_a_1_13_2_one() -> None:
    """1.12.2's `checkCollision`: the ray's path crosses a zombie's box grown by 0.30000001192092896
    (`calculateIntercept`), which is hooked; 1.13.2's `EntityFishHook` (read: 1.12.2's tick, its block ray
    `World.rayTraceBlocks` on outline VoxelShapes, the entity test by `AxisAlignedBB.rayTrace`) hooks it too."""
    text = GROUND.replace("pitch = 45.0", "pitch = 0.0") + (
        '\n[[entities]]\ntype = "minecraft:zombie"\nid = 3\npos = [2.5, 1.0, 0.5]\nno_ai = true\n')
    for version in ("1.12.2", "1.13.2"):
        sim = load_scene_text(text.replace('version = "1.15.2"', f'version = "{version}"'))
        for _ in range(3):
            sim.tick()
        assert _bobber(sim).hooked == 3 and _bobber(sim).state == "hooked_in_entity"


def _grazing(version: str) -> int:
    """A bobber flying east 5.0E-8 above the box of a zombie grown by 0.30000001192092896: the entity it hooks in
    its first tick (0 for none)."""
    top = 1.0 + f32(1.95) + 0.30000001192092896      # the zombie's box, 1.95F high, grown by the bobber's margin
    sim = load_scene_text(scene_toml(scene={"version": version}, blocks=[
        {"from": [-4, 0, -4], "to": [10, 0, 4], "block": "minecraft:stone"}], entities=[
        {"type": "minecraft:player", "id": 1, "pos": [0.5, 1.0, 0.5], "invulnerable": True},
        {"type": "minecraft:fishing_bobber", "id": 2, "pos": [2.2, top + 5.0e-8, 0.5], "motion": [1.0, 0.0, 0.0],
         "owner": 1},
        {"type": "minecraft:zombie", "id": 3, "pos": [3.5, 1.0, 0.5], "no_ai": True, "on_ground": True}]))
    sim.tick()
    return sim.entity_by_id(2).hooked


def test_a_1_13_2_bobber_meets_an_entity_by_1_14_s_margins() -> None:
    """1.13.2's entity test is `AxisAlignedBB.rayTrace` with 1.0E-7 margins (`ray_trace_voxel_shapes`), as 1.14's:
    a path 5.0E-8 outside the grown box hooks the zombie, where 1.12.2's `calculateIntercept` passes it by."""
    assert _grazing("1.13.2") == _grazing("1.14") == 3 and _grazing("1.12.2") == 0
