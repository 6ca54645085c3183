"""Arrows of 1.21.5-1.21.11 (docs/versions.md row `arrow`): what AbstractArrow of 1.21.5, 1.21.7, 1.21.8, 1.21.10
and 1.21.11 does differently from 1.21.4's PersistentProjectileEntity, each difference a bundled scene run in the
release and its read neighbour, and once more with the flag flipped (the mutant: the flag alone makes the
difference). 1.21.5's AbstractArrow (read) already zeroes the Motion in the ground and leaves a stuck arrow unpushed;
1.21.6 lies between it and 1.21.7 (the same code) and runs as both; their ProjectileUtil (the entity search's margin)
is not read, so a hit the two margins disagree on stops in one line, as does every arrow of the unread 1.21.9."""

from __future__ import annotations

import dataclasses

import pytest

from engine.constants import PROJECTILE_TARGET_MARGIN
from engine.entities.projectile import compute_margin
from engine.java.javanum import f32
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR

IN_GROUND = "arrow_in_ground_motion_1_21_8.toml"
MARGIN = "arrow_hit_margin_1_21_8.toml"
LEFT_OWNER = "arrow_left_owner_1_21_10.toml"
WATER = "arrow_stuck_in_flowing_water_1_21_8.toml"
TWO_TARGETS = "arrow_two_targets_1_21_11.toml"
TNT_HALF_WIDTH = 0.49   # the targets: TNTs (0.98 wide)


def _run(name: str, version: str, flip: str | None = None, ticks: int = 5) -> list[tuple] | str:
    """The arrow's (position, Motion, in ground) after each tick of the bundled scene run as `version` (with the
    flag `flip` flipped), or the refusal's line. A name ending in "+trident" runs the scene with a trident."""
    name, trident = name.removesuffix("+trident"), name.endswith("+trident")
    text = (SCENES_DIR / name).read_text()
    if trident:
        text = text.replace('"minecraft:arrow"', '"minecraft:trident"')
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in text.splitlines())
    sim = load_scene_text(text)
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    arrow = sim.entity_by_id(1)
    runs = []
    try:
        for _ in range(ticks):
            sim.tick()
            runs.append((tuple(arrow.pos), tuple(arrow.motion), arrow.in_ground))
    except NotImplementedError as err:
        return str(err)
    return runs


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, str, str | None], list[tuple] | str]:
    cases = [(IN_GROUND, v, None) for v in ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8")]
    cases += [(IN_GROUND, v, "arrow_in_ground_zeroes_motion") for v in ("1.21.5", "1.21.8")]
    cases += [(WATER, v, None) for v in ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8")]
    cases += [(WATER, v, "arrow_in_ground_unpushed") for v in ("1.21.5", "1.21.8")]
    cases += [(MARGIN, v, None) for v in ("1.21.4", "1.21.5", "1.21.6", "1.21.7", "1.21.8", "1.21.10")]
    cases += [(MARGIN, "1.21.8", "projectile_hit_margin_by_age")]
    cases += [(LEFT_OWNER, v, None) for v in ("1.21.4", "1.21.8", "1.21.10")]
    cases += [(LEFT_OWNER, "1.21.10", "arrow_left_owner_before_raycast"), (LEFT_OWNER, "1.21.11", None)]
    cases += [(TWO_TARGETS, v, None) for v in ("1.21.10", "1.21.11")]
    cases += [(TWO_TARGETS, "1.21.11", "arrow_hits_many")]
    cases += [(TWO_TARGETS + "+trident", v, None) for v in ("1.21.10", "1.21.11")]
    cases += [(IN_GROUND, "1.21.9", None)]
    return {c: _run(*c) for c in cases}


def test_the_in_ground_test_zeroes_the_motion_from_1_21_5(runs) -> None:
    """Inside stone from its first tick: 1.21.4 keeps the scene's Motion while stuck, 1.21.5-1.21.8 zero it. Out
    of the stone (removed in tick 3) 1.21.4's arrow drifts east and rises before it falls; 1.21.8's drops straight
    from rest (gravity alone). 1.21.5 and 1.21.8 with the flag off are 1.21.4, tick for tick."""
    old, new = runs[IN_GROUND, "1.21.4", None], runs[IN_GROUND, "1.21.8", None]
    assert old[0][2] and new[0][2] and old[0][0] == new[0][0] == (0.5, 60.5, 0.5)
    assert old[0][1] == (1.5, 0.2, 0.0) and new[0][1] == (0.0, 0.0, 0.0)
    assert not old[2][2] and not new[2][2]
    assert old[2][1][0] > 0.0 and old[4][0][0] > 0.5 and old[3][0][1] > 60.5
    assert new[2][1] == (0.0, 0.0, 0.0) and new[4][0][0] == new[4][0][2] == 0.5 and new[4][0][1] < 60.5
    assert runs[IN_GROUND, "1.21.5", None] == runs[IN_GROUND, "1.21.6", None] == runs[IN_GROUND, "1.21.7", None] == new
    assert runs[IN_GROUND, "1.21.8", "arrow_in_ground_zeroes_motion"] == old
    assert runs[IN_GROUND, "1.21.5", "arrow_in_ground_zeroes_motion"] == old


def test_a_stuck_arrow_is_not_pushed_by_flowing_water_from_1_21_5(runs) -> None:
    """Stuck on the stone under flowing water in tick 1: 1.21.4's base tick pushes it (Motion east, the position
    unchanged while stuck), 1.21.5's to 1.21.8's leaves its Motion zero; out of the ground (its stone removed in
    tick 3) 1.21.4's starts east of 1.21.8's. 1.21.5 and 1.21.8 with the flag off are pushed as 1.21.4."""
    old, new = runs[WATER, "1.21.4", None], runs[WATER, "1.21.8", None]
    assert old[0][2] and new[0][2] and old[0][0] == new[0][0]
    assert old[0][1][0] > 0.0 and old[0][1][1:] == (0.0, 0.0) and new[0][1] == (0.0, 0.0, 0.0)
    assert old[1] == old[0] and new[1] == new[0]
    assert not old[2][2] and not new[2][2] and old[4][0][0] > new[4][0][0] > 0.5
    assert runs[WATER, "1.21.5", None] == runs[WATER, "1.21.6", None] == runs[WATER, "1.21.7", None] == new
    for version in ("1.21.5", "1.21.8"):
        flipped = runs[WATER, version, "arrow_in_ground_unpushed"]
        assert flipped[0] == old[0] and flipped[4][0][0] > new[4][0][0]


def test_computemargin_grows_with_the_arrow_s_age() -> None:
    """`ProjectileUtil.computeMargin`: none up to the second tick, then 1/20 more a tick, capped at 0.3F."""
    assert [compute_margin(age) for age in (0, 1, 2)] == [0.0, 0.0, 0.0]
    assert compute_margin(3) == f32(0.05) and compute_margin(4) == f32(0.1)
    assert compute_margin(8) == compute_margin(100) == PROJECTILE_TARGET_MARGIN


def test_a_young_arrow_passes_beside_a_target_from_1_21_7(runs) -> None:
    """The path 0.16 beside the TNT in tick 3: 1.21.4's margin (0.3F) takes it in, the arrow stops where it enters
    the grown box and is deflected west; 1.21.7, 1.21.8 and 1.21.10 grow the box by 0.05 only: it flies on.
    1.21.8 with the flag off hits as 1.21.4."""
    old, new = runs[MARGIN, "1.21.4", None], runs[MARGIN, "1.21.8", None]
    assert old[:2] == new[:2]
    assert old[2][0][0] == pytest.approx(3.5 - TNT_HALF_WIDTH - PROJECTILE_TARGET_MARGIN, abs=1e-7)
    assert old[2][1][0] < 0.0
    assert new[2][0][0] > 3.5 + TNT_HALF_WIDTH - 1.0 and all(m[1][0] > 0.0 for m in new)
    assert runs[MARGIN, "1.21.7", None] == runs[MARGIN, "1.21.10", None] == new
    assert runs[MARGIN, "1.21.8", "projectile_hit_margin_by_age"] == old


def test_an_arrow_leaves_its_owner_before_its_first_raycast_from_1_21_10(runs) -> None:
    """Flying at the TNT that owns it: 1.21.10 has left it at the start of tick 1, so in tick 3 it is deflected
    where its path enters the TNT's box grown by computeMargin (0.05); 1.21.8 (and 1.21.4) test it after each move,
    never leave it and fly through. 1.21.10 with the flag off flies through as 1.21.8."""
    old, new = runs[LEFT_OWNER, "1.21.8", None], runs[LEFT_OWNER, "1.21.10", None]
    assert old[:2] == new[:2]
    assert new[2][0][0] == pytest.approx(5.5 - TNT_HALF_WIDTH - compute_margin(3), abs=1e-7)
    assert new[2][1][0] < 0.0
    assert old[4][0][0] > 5.5 + TNT_HALF_WIDTH and all(m[1][0] > 0.0 for m in old)
    assert runs[LEFT_OWNER, "1.21.4", None] == old
    assert runs[LEFT_OWNER, "1.21.10", "arrow_left_owner_before_raycast"] == old


def test_an_arrow_hits_every_target_along_its_path_from_1_21_11(runs) -> None:
    """Two TNTs across the first tick's path: 1.21.10 moves to the first one's entry and is deflected back by it
    alone; 1.21.11 moves there too and hits both in one pass, deflected back, then forward (Motion × −0.5 × 0.2
    twice: × 0.01 where 1.21.10's is × −0.1). A trident keeps one hit (1.21.11 as 1.21.10). 1.21.11 with the flag off is
    1.21.10; and head-on at its owner (in its third tick, margin 0.05) 1.21.11 stops on the TNT's own box, where
    1.21.10 stopped on the grown one."""
    old, new = runs[TWO_TARGETS, "1.21.10", None], runs[TWO_TARGETS, "1.21.11", None]
    assert old[0][0] == new[0][0] == pytest.approx((2.5 - TNT_HALF_WIDTH, 60.2, 0.5), abs=1e-7)
    assert old[0][1][0] < 0.0 < new[0][1][0] and new[0][1][0] == pytest.approx(-old[0][1][0] * 0.1, rel=1e-6)
    assert runs[TWO_TARGETS, "1.21.11", "arrow_hits_many"] == old
    assert runs[TWO_TARGETS + "+trident", "1.21.11", None] == runs[TWO_TARGETS + "+trident", "1.21.10", None]
    head_on = runs[LEFT_OWNER, "1.21.11", None][2]
    assert head_on[0][0] == pytest.approx(5.5 - TNT_HALF_WIDTH, abs=1e-7) and head_on[1][0] < 0.0


def test_the_unread_releases_stop_the_arrow_in_one_line(runs) -> None:
    """1.21.9 (not read) stops any arrow; 1.21.5 and 1.21.6 stop the young arrow at the hit 1.21.4's margin (0.3F)
    gives and 1.21.7's (computeMargin) does not: their ProjectileUtil is not read."""
    line = runs[IN_GROUND, "1.21.9", None]
    assert isinstance(line, str) and "\n" not in line
    assert line.startswith("the arrow and trident tick") and "of version 1.21.9 " in line
    for version in ("1.21.5", "1.21.6"):
        line = runs[MARGIN, version, None]
        assert isinstance(line, str) and "\n" not in line and "computeMargin" in line
        assert line.startswith("the arrow and trident tick") and f"of version {version} " in line


SNOWBALL = "snowball_hit_margin_1_21_8.toml"


def _thrown(version: str, flip: str | None = None) -> tuple[bool, tuple] | str:
    """Whether the snowball of scenes/snowball_hit_margin_1_21_8.toml is removed after 5 ticks of `version` (with
    the flag `flip` flipped) and where it is, or the refusal's line."""
    text = "\n".join(f'version = "{version}"' if line.startswith("version = ") else line
                     for line in (SCENES_DIR / SNOWBALL).read_text().splitlines())
    sim = load_scene_text(text)
    if flip is not None:
        sim.features = dataclasses.replace(sim.features, **{flip: not getattr(sim.features, flip)})
    ball = sim.entity_by_id(1)
    try:
        for _ in range(5):
            sim.tick()
    except NotImplementedError as err:
        return str(err)
    return ball.removed, tuple(ball.pos)


def test_thrown_entities_take_the_young_projectile_s_margin_from_1_21_7() -> None:
    """`ProjectileUtil.getHitResultOnMoveVector` (thrown entities, fireballs, llama spit, the bobber) grows its
    targets by computeMargin from 1.21.7 (`projectile_hit_margin_by_age`): the snowball 0.16 beside the TNT in its
    third tick hits it up to 1.21.4 (removed where it enters the 0.3F-grown box) and flies on in 1.21.7, 1.21.8 and
    1.21.11; 1.21.8 with the flag off hits as 1.21.4; 1.21.5 and 1.21.6 (not read) stop at that hit in one line."""
    old, new = _thrown("1.21.4"), _thrown("1.21.8")
    assert old[0] and old[1][0] == pytest.approx(3.5 - TNT_HALF_WIDTH - PROJECTILE_TARGET_MARGIN, abs=1e-7)
    assert not new[0] and new[1][0] > 5.0
    assert _thrown("1.21.7") == _thrown("1.21.11") == new
    assert _thrown("1.21.8", "projectile_hit_margin_by_age") == old
    for version in ("1.21.5", "1.21.6"):
        line = _thrown(version)
        assert isinstance(line, str) and "\n" not in line and line.startswith("the thrown-projectile tick") \
            and f"version {version}" in line and "computeMargin" in line, line
