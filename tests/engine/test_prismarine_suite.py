"""prismarine-physics' own tests (its test/ folder at the version the cross-check peer installs) as scenes, run in
every release of the versions table: basic.test.js's gravity test (scenes/prismarine_gravity.toml; prismarine runs
it at 1.13.2) and scaffolding.test.js's climb (scenes/prismarine_scaffolding.toml; prismarine: 1.14.4, 1.16.5
and 1.21 climb, and 1.13.2 has no scaffolding). Its elytra.test.js (1.13.2: rocket boosts, gliding out of water
and lava, a wall, cobwebs) is ported in test_prismarine_elytra.py (1.13.2, 1.16.5 and 1.21.11);
test_prismarine.py compares the player tick itself with the peer's traces. A release whose cell refuses what a
scene uses stops in one line."""

from __future__ import annotations

import dataclasses

from engine.analysis.diff import load_in_version
from engine.analysis.sweep import read_scene_doc
from engine.core import versions
from engine.tick.scene import SceneError
from engine.tick.simulation import Simulation

RELEASES = [versions.version_text(v) for v in versions.RELEASES]
GRAVITY, SCAFFOLDING = "scenes/prismarine_gravity.toml", "scenes/prismarine_scaffolding.toml"


def _runs(scene: str, ticks: int, **flags: bool) -> tuple[dict[str, Simulation], dict[str, str]]:
    """The scene in each release, run `ticks` ticks or until its player is on the ground; the one-line reason of
    each release that refuses it."""
    ran, refused = {}, {}
    doc = read_scene_doc(scene)
    for version in RELEASES:
        try:
            sim = load_in_version(doc, scene, version)
            sim.features = sim.world.features = dataclasses.replace(sim.features, **flags)
            for _ in range(ticks):
                sim.tick()
                if sim.entity_by_id(1).on_ground:
                    break
        except (NotImplementedError, SceneError) as err:
            assert "\n" not in str(err), version
            refused[version] = str(err)
            continue
        ran[version] = sim
    return ran, refused


def test_gravity_a_player_let_go_comes_to_rest_on_the_floor() -> None:
    """Every release that simulates players lands the player at exactly (0, 60, 0), in tick 25; the others name
    what they refuse: the living tick of 1.11-1.12.1, 1.13 and 1.13.1, the player's client movement of 1.21.5 (1.21.9,
    its fall distance now read from a snapshot, lands it too)."""
    ran, refused = _runs(GRAVITY, 80)
    for version, sim in ran.items():
        player = sim.entity_by_id(1)
        assert player.on_ground and tuple(player.pos) == (0.0, 60.0, 0.0) and sim.tick_count == 25, version
    assert {"1.12.2", "1.13.2", "1.14.4", "1.16.5", "1.21", "1.21.9", "1.21.11"} <= ran.keys()
    assert sorted(refused, key=RELEASES.index) == ["1.11", "1.11.1", "1.11.2", "1.12", "1.12.1", "1.13", "1.13.1",
                                                   "1.21.5"]
    assert "living travel" in refused["1.12.1"] and "client movement" in refused["1.21.5"]


def test_scaffolding_the_jump_key_climbs_from_1_14() -> None:
    """Holding jump inside a scaffolding block: after one tick the player moves up (Motion y > 0) in every
    release from 1.14 that simulates players (all alike); before 1.14 the block is refused (1.13.2: unknown to its
    block states; 1.11-1.13.1, 1.12.2: not in their block tables). With 1.12.2's climbing rule forced on (only a
    horizontal collision climbs) 1.14.4's player falls instead."""
    ran, refused = _runs(SCAFFOLDING, 1)
    rising = {version: sim.entity_by_id(1).motion.y for version, sim in ran.items()}
    assert {"1.14.4", "1.16.5", "1.21", "1.21.11"} <= rising.keys() and len(set(rising.values())) == 1
    assert next(iter(rising.values())) > 0
    assert sorted(refused, key=RELEASES.index) == [*RELEASES[:RELEASES.index("1.14")], "1.21.5"]
    assert "unknown block 'minecraft:scaffolding'" in refused["1.13.2"] and "scaffolding" in refused["1.12.2"]
    falling, _ = _runs(SCAFFOLDING, 1, climbing_1_12=True)
    assert falling["1.14.4"].entity_by_id(1).motion.y < 0
