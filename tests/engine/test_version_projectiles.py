"""Projectiles and dispensers across releases (docs/versions.md): what each FEATURES row of 1.17-1.21.2 does to a
dispensed or launched projectile, asserted as the game's rules state it (bounds, positions, which vector moves),
beside the flag cases of test_versions.py that only show a difference."""

from __future__ import annotations

import math

import pytest

from engine.constants import ARROW_WATER_DRAG
from engine.geometry.box import ZERO
from engine.influences import dispenser
from engine.influences.piston_block_entity import BY_NAME
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, scene_toml

DISPENSER_AT = (0, 64, 0)


def _sim(version: str, seed: int = 0) -> Simulation:
    return load_scene_text(scene_toml(scene={"version": version, "seed": seed},
                                      blocks=[{"at": list(DISPENSER_AT), "block": "minecraft:dispenser[facing=east]"}]))


def _spread_of_dispensed_arrows(version: str, count: int) -> list[float]:
    """The spread term of each axis of `count` dispensed arrows (different entity Randoms): Motion / 1.1F minus the
    unit direction, for the direction of the release (east, 0.1F up before 1.20.5)."""
    sim = _sim(version)
    out = []
    for _ in range(count):
        arrow = dispenser.dispense(sim, DISPENSER_AT, "minecraft:arrow")
        speed = dispenser.DISPENSER_FORCE
        aim = (1.0, 0.0, 0.0) if sim.features.dispenser_projectile_items else None
        if aim is None:   # (1, 0.1F, 0) normalised in double (1.17+)
            n = math.sqrt(1.0 + dispenser.DISPENSER_LIFT ** 2)
            aim = (1.0 / n, dispenser.DISPENSER_LIFT / n, 0.0)
        out += [m / speed - a for m, a in zip(arrow.motion, aim, strict=True)]
    return out


def test_a_triangular_spread_stays_within_its_deviation_and_a_gaussian_one_does_not() -> None:
    """1.19 `nextTriangular(0, 0.0172275 × 6)` never leaves ±0.103365; 1.18.2's gaussian × 0.0075F × 6 (sd 0.045)
    leaves it for about 2 % of the draws."""
    bound = 0.0172275 * 6.0
    triangular = _spread_of_dispensed_arrows("1.19", 200)
    gaussian = _spread_of_dispensed_arrows("1.18.2", 200)
    assert max(abs(t) for t in triangular) <= bound * (1 + 1e-12)
    assert max(abs(g) for g in gaussian) > bound


def test_dispensed_projectiles_start_higher_and_aim_flat_from_1_20_5() -> None:
    """ProjectileItem settings: the output location 0.7 along the facing plus (0, 0.1, 0), aimed along the facing
    (the spread alone moves it up or down); before, at the output location, aimed 0.1F up."""
    old = dispenser.dispense(_sim("1.20.4"), DISPENSER_AT, "minecraft:arrow")
    new = dispenser.dispense(_sim("1.20.5"), DISPENSER_AT, "minecraft:arrow")
    assert tuple(old.pos) == (1.2, 64.5, 0.5)
    assert tuple(new.pos) == (1.2, 64.6, 0.5)
    assert old.motion.y > 0.05
    assert abs(new.motion.y) <= 0.0172275 * 6.0 * dispenser.DISPENSER_FORCE


@pytest.mark.parametrize(("version", "x"), [("1.20.4", 0.5 + 0.7 + 0.30000001192092896), ("1.20.5", 1.5)])
def test_a_fire_charge_leaves_the_dispenser_where_its_release_puts_it(version: str, x: float) -> None:
    """Before 1.20.5 the output location plus (double)(0.3F × offset); from 1.20.5 1.0 from the cell centre."""
    fireball = dispenser.dispense(_sim(version), DISPENSER_AT, "minecraft:fire_charge")
    assert fireball.pos.x == x and fireball.pos.y == 64.5


def test_a_fire_charge_gets_a_power_up_to_1_20_6_and_a_motion_from_1_21() -> None:
    """1.21 `setVelocityWithAcceleration`: the Motion is the direction normalised × 0.1 and there is no power;
    before, no Motion and a power of length 0.1."""
    old = dispenser.dispense(_sim("1.20.6"), DISPENSER_AT, "minecraft:fire_charge")
    new = dispenser.dispense(_sim("1.21"), DISPENSER_AT, "minecraft:fire_charge")
    assert old.motion == ZERO and math.isclose(math.dist(old.power, ZERO), 0.1, rel_tol=1e-12)
    assert new.power == ZERO and math.isclose(math.dist(new.motion, ZERO), 0.1, rel_tol=1e-12)
    assert new.motion.x > 0.09   # along the facing (east), the triangular terms are at most 0.11485


def test_a_launched_fireball_s_power_is_normalised_in_double_from_1_17() -> None:
    """`new ExplosiveProjectileEntity(.., dx, dy, dz)`: the direction over `MathHelper.sqrt` (a float) up to 1.16.5,
    over `Math.sqrt` from 1.17: the 1.17 power's length is the nearer to 0.1."""
    spawn = {"kind": "fireball", "entity": "fireball", "at": [0.5, 60.0, 0.5], "direction": [1.0, 1.0, 1.0]}
    lengths = {}
    for version in ("1.16.5", "1.17"):
        sim = load_scene_text(scene_toml(scene={"version": version}, spawns=[spawn]))
        lengths[version] = math.dist(sim.entity_by_id(1).power, ZERO)
    assert lengths["1.16.5"] != lengths["1.17"]
    assert abs(lengths["1.17"] - 0.1) < abs(lengths["1.16.5"] - 0.1)


def test_an_ownerless_hit_redirects_a_1_21_fireball_without_turning_it() -> None:
    """1.20.5 REDIRECTED with no owner: the Motion stays, the owner is cleared, onDeflected from an attack sets
    accelerationPower to 0.1 (1.21); the fireball flies on and takes no damage from the snowball."""
    text = scene_toml(scene={"version": "1.21"}, entities=[
        {"type": "minecraft:fireball", "pos": [3.5, 60.0, 0.5], "motion": [-0.05, 0.0, 0.0],
         "acceleration_power": 0.03, "owner": 0, "id": 1},
        {"type": "minecraft:snowball", "pos": [0.5, 60.5, 0.5], "motion": [1.5, 0.0, 0.0], "id": 2}])
    sim = load_scene_text(text)
    fireball = sim.entity_by_id(1)
    while sim.entity_by_id(2) is not None and not sim.entity_by_id(2).removed:
        before = fireball.motion
        sim.tick()
        assert sim.tick_count < 10
    assert fireball.acceleration_power == 0.1 and fireball.owner == 0 and not fireball.removed
    assert fireball.motion.x < before.x < 0.0   # still westward, accelerated along its own Motion


def test_the_dispenser_facing_table_is_the_one_the_dispenser_uses() -> None:
    """The east facing the tests above rely on moves +X."""
    assert BY_NAME["east"].offset == (1, 0, 0)


@pytest.mark.parametrize("version", ["1.20.4", "1.20.5"])
def test_an_arrow_that_deals_no_damage_bounces_back_as_its_release_does(version: str) -> None:
    """A formula test of `onEntityHit` on a TNT (it takes no damage): up to 1.20.4 Motion × −0.1; from 1.20.5
    `deflect(SIMPLE)` (one nextFloat for the turn, × −0.5) then × 0.2. The two agree to rounding, the Random
    does not."""
    sim = load_scene_text(scene_toml(scene={"version": version}, entities=[
        {"type": "tnt", "pos": [3.5, 60.0, 0.5], "fuse": 100, "no_gravity": True, "id": 1},
        {"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "motion": [0.3, 0.01, 0.07], "id": 2}]))
    tnt, arrow = sim.entity_by_id(1), sim.entity_by_id(2)
    before, seed = arrow.motion, arrow.random.get_state()
    arrow.on_entity_hit(sim, tnt)
    if version == "1.20.4":
        assert tuple(arrow.motion) == tuple(c * -0.1 for c in before)
        assert arrow.random.get_state() == seed
    else:
        assert tuple(arrow.motion) == tuple(c * -0.5 * 0.2 for c in before)
        after = arrow.random.get_state()
        arrow.random.set_state(seed)
        arrow.random.next_float()
        assert arrow.random.get_state() == after != seed


@pytest.mark.parametrize("version", ["1.21.1", "1.21.3"])
def test_a_snowball_leaving_the_world_border_hits_it_from_1_21_2(version: str) -> None:
    """`getCollisionsIncludingWorldBorder`: the path from x 8.5 ends past a border of size 20 (x < 10): up to
    1.21.1 the snowball flies on through it; from 1.21.2 it hits the border, moves to the end clamped to
    10 − 1.0E-5F and breaks."""

    sim = load_scene_text(scene_toml(scene={"version": version, "border": {"size": 20.0}}, entities=[
        {"type": "minecraft:snowball", "pos": [8.5, 30.0, 0.5], "motion": [1.6, 0.0, 0.0], "no_gravity": True,
         "id": 1}]))
    snowball = sim.entity_by_id(1)
    sim.tick()
    if version == "1.21.1":
        assert not snowball.removed and snowball.pos.x == 8.5 + 1.6
    else:
        assert snowball.removed and snowball.pos.x == 10.0 - f32(1.0e-5)


# --- the 1.21.2 arrow and trident tick (arrow_tick_1_21_2) ---------------------------------------------------------

def _arrow_sim(version: str, entities: list[dict], blocks: list[dict] | None = None, **scene) -> Simulation:
    return load_scene_text(scene_toml(scene={"version": version, **scene}, blocks=blocks or [], entities=entities))


def _ticked(sim: Simulation, ticks: int) -> Simulation:
    for _ in range(ticks):
        sim.tick()
    return sim


ARROW_EAST = {"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "motion": [1.5, 0.2, 0.0], "id": 1}


@pytest.mark.parametrize("version", ["1.21.1", "1.21.3"])
def test_an_arrow_in_open_air_flies_the_same_before_and_after_the_1_21_2_rewrite(version: str) -> None:
    """From 1.21.2 the arrow moves by its Motion first, then drag (× 0.99F) and gravity (− 0.05), then the base
    tick; in open air that is the position and Motion of 1.21.1's order (base tick, drag, gravity, move by the Motion
    read before them). Values from running the scene."""
    arrow = _ticked(_arrow_sim(version, [ARROW_EAST]), 2).entity_by_id(1)
    assert tuple(arrow.pos) == (3.4850000143051147, 60.84800000190735, 0.5)
    assert tuple(arrow.motion) == (1.4701500283241273, 0.09652000329971315, 0.0)
    assert not arrow.in_ground and arrow.left_owner


@pytest.mark.parametrize(("version", "pos", "motion"), [
    ("1.21.1", (2.9502464838980633, 60.794704700386944, 0.5), (0.9900000095367432, 0.0486666679382336, 0.0)),
    ("1.21.3", (2.949999999254942, 60.74966329924259, 0.5), (0.0, 0.0, 0.0))])
def test_an_arrow_hitting_a_block_backs_off_by_the_signs_of_its_motion_from_1_21_2(
        version: str, pos: tuple[float, ...], motion: tuple[float, ...]) -> None:
    """The arrow of tick 1 at (2.0, 60.7) with Motion (1.485, 0.148) hits stone's west face at x 3: 1.21.1 backs the
    position off 0.05F along the hit vector (normalised) and keeps Motion = that vector, × 0.99F − 0.05F; 1.21.2
    moves to the hit point, backs off 0.05F on each axis by signum(Motion) (x and y here) and zeroes the
    Motion; stuck and shaking 7 ticks in both. Values from running the scene."""
    arrow = _ticked(_arrow_sim(version, [ARROW_EAST], [{"at": [3, 60, 0], "block": "minecraft:stone"}]), 2)\
        .entity_by_id(1)
    assert tuple(arrow.pos) == pos and tuple(arrow.motion) == motion
    assert arrow.in_ground and arrow.shake == 7


TNT_AHEAD = {"type": "tnt", "pos": [3.5, 60.0, 0.5], "fuse": 100, "no_gravity": True, "id": 1}


@pytest.mark.parametrize(("version", "kind", "x"), [
    ("1.21.1", "minecraft:arrow", 2.3019999980926515), ("1.21.3", "minecraft:arrow", 2.709999978542328),
    ("1.21.1", "minecraft:trident", 2.480199999809265), ("1.21.3", "minecraft:trident", 2.709999978542328)])
def test_an_arrow_or_trident_bouncing_off_a_tnt_stays_at_the_hit_point_from_1_21_2(
        version: str, kind: str, x: float) -> None:
    """A TNT takes no damage: the arrow is deflected SIMPLE (a nextFloat, × −0.5) and slowed × 0.2; a trident
    bounces × (−0.01, −0.1, −0.01) up to 1.21.1, and from 1.21.2 is deflected SIMPLE too, then × (0.02, 0.2, 0.02).
    Up to 1.21.1 the projectile then moves by the bounced Motion from where it was; from 1.21.2 it stays where
    its path entered the TNT's box expanded by 0.3 (x 3.5 − 0.49 − 0.3F). Values from running the scene."""
    sim = _arrow_sim(version, [TNT_AHEAD, {"type": kind, "pos": [0.5, 60.5, 0.5], "motion": [2.0, 0.0, 0.0],
                                           "id": 2}])
    projectile = _ticked(sim, 1).entity_by_id(2)
    seed = projectile.random.get_state()
    sim.tick()
    assert projectile.pos.x == x and not projectile.removed
    assert projectile.motion.x == (-0.19602000377655032 if kind == "minecraft:arrow" else -0.01960200037765503)
    draws = seed != projectile.random.get_state()
    assert draws == (kind == "minecraft:arrow" or version == "1.21.3")   # the SIMPLE deflection's nextFloat


def _fireball(entity_id: int, x: float) -> dict:
    return {"type": "minecraft:fireball", "pos": [x, 60.0, 0.5], "motion": [0.0, 0.0, 0.0], "id": entity_id}


@pytest.mark.parametrize("pierce_level", [0, 1])
def test_a_piercing_arrow_hits_every_entity_on_its_path_and_goes_on_from_1_21_2(pierce_level: int) -> None:
    """`applyCollision`: the arrow moves to the first entity hit (the fireball at x 2.5, its box expanded by 0.3F
    entered at 1.7) and handles it (a ghast fireball takes the hit and is redirected: acceleration power 0.1);
    without piercing the hit removes it there; with Piercing I it searches again from there, hits the second
    fireball, and moves on to its path's end (x 5.5). Values from running the scene."""
    sim = _arrow_sim("1.21.3", [{"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "motion": [5.0, 0.0, 0.0],
                                 "pierce_level": pierce_level, "id": 1}, _fireball(2, 2.5), _fireball(3, 4.0)])
    arrow = sim.entity_by_id(1)
    sim.tick()
    hit = [sim.entity_by_id(i).acceleration_power == 0.1 for i in (2, 3)]
    if pierce_level == 0:
        assert arrow.removed and arrow.pos.x == 1.699999988079071 and hit == [True, False]
    else:
        assert not arrow.removed and arrow.pos.x == 5.5 and hit == [True, True] and arrow.pierced == (2, 3)


@pytest.mark.parametrize("version", ["1.21.1", "1.21.3"])
def test_a_stuck_arrow_falls_when_its_block_goes(version: str) -> None:
    """An arrow shot down into stone, the stone removed on tick 3: `shouldFall` (nothing within 0.06) releases it,
    its Motion × nextFloat() × 0.2F per axis. 1.21.1 kept the Motion of the hit, so it falls at once; 1.21.2 zeroed
    it, so it starts from rest (gravity only) and shakes on. Values from running the scene."""
    sim = load_scene_text(scene_toml(
        scene={"version": version}, blocks=[{"at": [0, 59, 0], "block": "minecraft:stone"}],
        entities=[{"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "motion": [0.0, -1.0, 0.0], "id": 1}],
        actions=[{"tick": 3, "do": "remove_block", "at": [0, 59, 0]}]))
    arrow = sim.entity_by_id(1)
    ys = [_ticked(sim, 1) and arrow.pos.y for _ in range(6)]
    assert arrow.shake == 2 and not arrow.in_ground
    if version == "1.21.1":
        assert ys == [60.05000000074506] * 3 + [60.00530119175099, 59.91104937042058, 59.76774006640461]
    else:
        assert ys == [60.05000000074506] * 4 + [60.00000000074506, 59.900500000268224]


def test_an_arrow_that_reaches_the_world_border_is_deflected_from_1_21_2() -> None:
    """`deflectsAgainstWorldBorder`: the raycast's border hit (x 10 − 1.0E-5F for a border of size 20) moves the
    arrow there and deflects it SIMPLE, × 0.2, without sticking; then the drag. Up to 1.21.1 it flies through.
    Values from running the scene."""
    entities = [{"type": "minecraft:arrow", "pos": [8.5, 30.0, 0.5], "motion": [1.6, 0.0, 0.0], "no_gravity": True,
                 "id": 1}]
    old = _ticked(_arrow_sim("1.21.1", entities, border={"size": 20.0}), 1).entity_by_id(1)
    new = _ticked(_arrow_sim("1.21.3", entities, border={"size": 20.0}), 1).entity_by_id(1)
    assert old.pos.x == 10.1 and old.motion.x == 1.5840000152587892
    assert new.pos.x == 9.999990000000253 and new.motion.x == -0.15840000152587894 and not new.in_ground


def test_an_arrow_becoming_stuck_after_its_first_tick_starts_shaking_from_1_21_2() -> None:
    """1.21.2 tracks inGround: set true by the in-ground test when it was false, after the first tick and not
    shaking, it sets the shake to 7 (`onTrackedDataSet`), counted down in the same tick; 1.21.1 has no shake there.
    The stone placed into the arrow's cell on tick 2. Values from running the scene."""
    shakes = {}
    for version in ("1.21.1", "1.21.3"):
        sim = load_scene_text(scene_toml(
            scene={"version": version},
            entities=[{"type": "minecraft:arrow", "pos": [0.5, 60.5, 0.5], "motion": [0.0, 0.0, 0.0],
                       "no_gravity": True, "id": 1}],
            actions=[{"tick": 2, "do": "set_block", "at": [0, 60, 0], "block": "minecraft:stone"}]))
        arrow = _ticked(sim, 2).entity_by_id(1)
        assert arrow.in_ground
        shakes[version] = arrow.shake
    assert shakes == {"1.21.1": 0, "1.21.3": 6}


# --- 1.21.4: the drag split and the stuck arrow held in place (arrow_drag_split, arrow_in_ground_still) -----------

def _scene_run(name: str, version: str, ticks: int) -> list[tuple]:
    """The arrow's (position, Motion, in ground) after each tick of the bundled scene run as `version`."""
    text = (SCENES_DIR / name).read_text().replace('version = "1.21.4"', f'version = "{version}"')
    sim = load_scene_text(text)
    arrow = sim.entity_by_id(1)
    runs = []
    for _ in range(ticks):
        sim.tick()
        runs.append((tuple(arrow.pos), tuple(arrow.motion), arrow.in_ground))
    return runs


@pytest.fixture(scope="module")
def water_runs() -> dict[str, list[tuple]]:
    return {v: _scene_run("arrow_water_drag_1_21_4.toml", v, 2) for v in ("1.21.3", "1.21.4")}


def test_an_arrow_in_water_searches_entities_after_the_water_drag_from_1_21_4(water_runs) -> None:
    """Tick 1 is the same (not yet touching water at its start). In tick 2, 1.21.3 stops short of the TNT at
    x 10.5 (its path meets the TNT's box grown by 0.3) with a bounced Motion; 1.21.4 drags first (× 0.6F), its
    entity search box (stretched by the dragged Motion, grown by 1) ends short of the TNT, and it moves by the
    Motion read before the drag, keeping the dragged one."""
    old, new = water_runs["1.21.3"], water_runs["1.21.4"]
    assert old[0] == new[0]
    (x1, _, _), (mx1, _, _), _ = new[0]
    (x_old, _, _), (mx_old, _, _), _ = old[1]
    (x_new, _, _), (mx_new, _, _), _ = new[1]
    assert x_old < 10.5 - 0.49 - 0.3 + 1e-6 and mx_old < 0.0
    assert x_new == x1 + mx1 and mx_new == mx1 * f32(ARROW_WATER_DRAG)


@pytest.fixture(scope="module")
def explosion_runs() -> dict[str, list[tuple]]:
    return {v: _scene_run("arrow_stuck_explosion_1_21_4.toml", v, 6) for v in ("1.21.3", "1.21.4")}


def test_a_stuck_arrow_takes_no_explosion_push_from_1_21_4(explosion_runs) -> None:
    """Stuck in tick 2 (Motion zero) in both; the TNT explodes in tick 4: 1.21.3 adds the push to the stuck
    arrow's Motion, 1.21.4 keeps it zero; released in tick 5 (its stone broken), 1.21.3's drifts south, 1.21.4's
    only gains gravity."""
    old, new = explosion_runs["1.21.3"], explosion_runs["1.21.4"]
    assert old[:3] == new[:3] and new[1][2] and new[1][1] == (0.0, 0.0, 0.0)
    assert old[3][2] and new[3][2]
    assert old[3][1][2] < 0.0 and new[3][1] == (0.0, 0.0, 0.0)
    stuck = new[1][0]
    assert not new[5][2] and new[5][0] == stuck and new[5][1][0] == new[5][1][2] == 0.0 and new[5][1][1] < 0.0
    assert not old[5][2] and old[5][0][2] < stuck[2]
