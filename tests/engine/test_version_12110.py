"""1.21.9 and 1.21.10 against their neighbours (docs/versions.md, "1.21.4 to 1.21.11: what was compared").

The clean 1.21.10 decompilation (Mojang names) indexes `Mth.sin`/`cos` in float, as 1.21.8, and its living, player,
glide, firework, riding and look-vector code is 1.21.8's after folding decompiler differences: those rows simulate
1.21.9-1.21.10 (1.21.9 bracketed by 1.21.8 and its hotfix 1.21.10) as 1.21.8. Each scene below runs bit for bit as
1.21.8 in 1.21.9 and 1.21.10 and differs in 1.21.11, where the double-indexed sine (`sine_index_double`) turns it:
the neighbour test that shows each cell simulated. The fall-reset ray of 1.21.10 is 1.21.11's (cut at 8 blocks,
`fall_reset_ray_capped`), and 1.21.9's (its 25w37a snapshot read: the same `Entity.move`)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.versions import features_for
from tests.conftest import SCENES_DIR, scene_toml
from tests.engine.test_version_fall_distance import RAY, _run, _stage_after
from tests.engine.test_version_living_12111 import _walk
from tests.engine.test_version_player_1218 import STOP, _ticked
from tests.engine.test_versions import CASES as CASES_VERSIONS
from tests.engine.test_versions import _deflection, outcome

VERSIONS = ("1.21.8", "1.21.9", "1.21.10", "1.21.11")
# the glider of scenes/elytra_dive.toml rising (Motion Y 0.3, looking 30 degrees up: its fall distance stays 0, so
# 1.21.9 runs it) boosted by a rocket, looking yaw -168.75, where the boost's look vector reads another sine-table
# entry in double (the glide's own look too)
ROCKET = (SCENES_DIR / "elytra_dive.toml").read_text().replace("yaw = -90.0", "yaw = -168.75").replace(
    "pitch = 53.366", "pitch = -30.0\nmotion = [0.0, 0.3, 0.0]") + \
    '\n[[inputs]]\nentity = 1\nfrom = 1\nto = 1\nuse = "minecraft:firework_rocket"\n'
PUSH = (SCENES_DIR / "minecart_push_facing_1_21_11.toml").read_text()
# a boat of two turned by yaw 337.5 (tests/engine/test_version_vehicles.py): its seats read the sine table
SEATS = scene_toml(entities=[{"type": "minecraft:boat", "pos": [0.5, 30.0, 0.5], "id": 1, "yaw": 337.5,
                              "no_gravity": True}] + [
    {"type": "tnt", "pos": [0.5, 30.0, 0.5], "id": i, "fuse": 80, "vehicle": 1, "no_gravity": True} for i in (2, 3)])


def _seats(version: str) -> tuple[Any, ...]:
    return tuple(outcome(SEATS, 2, i, version=version) for i in (2, 3))


def _fall_ray(version: str) -> tuple[Any, ...]:
    """The item of RAY (fall distance 5, 10 blocks down past water 8.61 below): after the ray, after the fall."""
    sim, records = _run(RAY, version, 1)
    return sim.entity_by_id(1).pos, _stage_after(records[0], "fall_reset_raycast"), _stage_after(records[0], "fall")


# row → the run of its scene at a release
CASES = {
    "living": _walk,                                                       # a zombie walking at yaw 315
    "player": lambda v: _ticked(STOP, v, 18),                              # a player letting go at yaw 315
    "elytra_firework": lambda v: outcome(ROCKET, 6, 1, version=v, fall=True),   # the boosted glide
    "look_vector": lambda v: (outcome(_deflection(22.5, v), 4, 1), outcome(PUSH, 3, 1, version=v),
                              outcome(PUSH, 3, 2, version=v)),             # the redirect, the carts' push
    "vehicle_passengers": _seats,
}


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, str], Any]:
    return {(row, v): run(v) for row, run in CASES.items() for v in VERSIONS}


@pytest.mark.parametrize("row", sorted(CASES))
def test_1_21_9_and_1_21_10_run_as_1_21_8_and_not_as_1_21_11(runs, row: str) -> None:
    """Simulated in both (no refusal), equal to 1.21.8 bit for bit, different from 1.21.11: the float sine index."""
    assert not {"living", "player", "elytra", "firework", "look_vector", "vehicle_passengers"} & (
        features_for("1.21.9").refused | features_for("1.21.10").refused)
    old, new = runs[row, "1.21.8"], runs[row, "1.21.11"]
    assert "'refused'" not in repr(old) + repr(new) and old != new
    assert runs[row, "1.21.9"] == runs[row, "1.21.10"] == old


def test_the_rocket_boost_and_the_redirect_read_the_float_index_in_1_21_10(runs) -> None:
    """The scenes do what they claim: the glider and its rocket stay alive and apart from 1.21.11's; the deflected
    fireball and both carts of 1.21.10 end where 1.21.8's do (the carts pushed apart, 1.21.11's left still)."""
    kind, (pos, motion, fall) = runs["elytra_firework", "1.21.10"]
    assert kind == "state" and fall == 0.0 and motion[1] > 0.5 and motion != runs["elytra_firework", "1.21.11"][1][1]
    redirect, cart1, cart2 = runs["look_vector", "1.21.10"]
    assert all(kind == "state" for kind, _ in (redirect, cart1, cart2))
    assert cart1[1][1] != (0.0, 0.0, 0.0) and runs["look_vector", "1.21.11"][1][1][1] == (0.0, 0.0, 0.0)


def test_the_fall_reset_ray_of_1_21_10_stops_at_8_blocks_as_1_21_11_s() -> None:
    """1.21.10's Entity.move cuts the ray at min(length, 8.0): the item keeps its fall distance 5 past the water and
    the 10-block drop adds (15), as 1.21.11; 1.21.8's ray runs the whole move and resets it."""
    capped = _fall_ray("1.21.10")
    assert capped == _fall_ray("1.21.11") and capped[1:] == (5.0, 15.0) and capped[0].y == 20.5
    assert _fall_ray("1.21.8")[1:] == (0.0, 10.0)


def test_1_21_9_cuts_the_fall_reset_ray_as_1_21_10() -> None:
    """Entity.move of the 25w37a snapshot of 1.21.9 already cuts the ray at 8 blocks: 1.21.9, bracketed by it and
    1.21.10, runs 1.21.10's fall distance (no refusal)."""
    assert _fall_ray("1.21.9") == _fall_ray("1.21.10") and "fall_distance" not in features_for("1.21.9").refused
    assert outcome(RAY, 1, 1, version="1.21.9")[0] == "state"


def test_1_21_10_shares_with_1_21_11_only_the_flags_read_so() -> None:
    """The flags of 1.21.10 are 1.21.8's but for those 1.21.10 was read to share with 1.21.11 (the capped ray, the
    normalised explosion push, the redirectable owner, the boat's boarding tag, the bobber letting go of the dead, the
    arrow's left-owner test before its raycast, the powered lightning rod's placement, the block walk's step budget
    and the piston's unscaled move); the sine index is 1.21.8's."""
    old, new = features_for("1.21.8"), features_for("1.21.10")
    shared = {"fall_reset_ray_capped", "explosion_normalized_direction", "explosion_sets_projectile_owner",
              "boat_boarding_by_type_tag", "bobber_hooked_interactable", "arrow_left_owner_before_raycast",
              "lightning_rod_place_schedules_tick", "block_walk_step_budget", "piston_move_unstuck"}
    assert {f for f in vars(old) if f not in ("version", "refused") and getattr(old, f) != getattr(new, f)} == shared
    assert all(getattr(features_for("1.21.11"), f) for f in shared) and not new.sine_index_double


def test_a_bobber_lets_go_of_a_dead_mob_from_1_21_9() -> None:
    """FishingHook.tick of 1.21.10 (as 1.21.11) lets go of a hooked entity that cannot interact with the level
    (`bobber_hooked_interactable`): the zombie killed by its fall in tick 11 is let go at once and the bobber falls;
    1.21.8 keeps it on the body (y 1.0 + 1.95 × 0.8) until the body is removed. 1.21.9 runs as 1.21.10: its 25w33a
    snapshot's FishingHook (read) is 1.21.10's (docs/versions.md, "1.21.9 snapshots and pre-releases read")."""
    text = CASES_VERSIONS["bobber_hooked_interactable"][0]
    old, new = (outcome(text, 14, 3, version=v) for v in ("1.21.8", "1.21.10"))
    assert old[0] == new[0] == "state" and abs(old[1][0][1] - 2.56) < 1e-6 and new[1][0][1] < 3.1 and new[1][1][1] < 0.0
    assert outcome(text, 14, 3, version="1.21.11") == new == outcome(text, 14, 3, version="1.21.9")
