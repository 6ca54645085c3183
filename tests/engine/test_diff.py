"""`tickscope diff` (engine.analysis.diff) through the CLI: first tick, entity and stage where two versions part."""

import json

from tests.conftest import scene_toml
from tests.scene_parts import STONE, cell, cuboid, entity
from viewer.cli import main

INNER_CORNER = scene_toml(scene={"version": "1.16.5"}, blocks=[cuboid((1, 1, 0), (1, 1, 1)), cell((0, 1, 1), STONE)],
                          entities=[entity("minecraft:tnt", (0.5, 1.0, 0.5), motion=[0.3, 0.0, 0.3], no_gravity=True)])


def _diff(capsys, scene, versions, ticks=5):
    assert main(["diff", str(scene), "--versions", versions, "--ticks", str(ticks)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    return json.loads(out[0])


def test_position_update_1_16_5_against_1_17(capsys):
    """1.16.5 moves the box and takes its centre; 1.17 sets the position to position + movement (Entity.setPosition):
    the TNT sliding past the block's corner ends 1 ulp apart in tick 1, in Entity.move's position update."""
    line = _diff(capsys, "scenes/axis_order_corner.toml", "1.16.5,1.17")
    assert (line["tick"], line["entity"], line["stage"]) == (1, 1, "position_update")
    assert line["a"]["pos"] == [0.5099999904632568, 1.0, 0.8999999999999999]
    assert line["b"]["pos"] == [0.5099999904632568, 1.0, 0.9]


def test_a_refused_version_stops_the_diff_in_one_line(capsys):
    """1.13's TNT tick ran on float fields (the versions table refuses it): one line naming it, exit 2."""
    assert main(["diff", "scenes/axis_order_corner.toml", "--versions", "1.13,1.16.5", "--ticks", "5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the TNT tick (TntEntity.tick, spec 06 §1) of version 1.13 at" in err[0]


def test_move_zeroing_1_16_5_against_1_18(capsys, tmp_path):
    """In an inner corner both horizontal axes collide: up to 1.17 only Z is zeroed, 1.18 zeroes both."""
    scene = tmp_path / "corner.toml"
    scene.write_text(INNER_CORNER)
    line = _diff(capsys, scene, "1.16.5,1.18")
    assert (line["tick"], line["entity"], line["fields"]) == (1, 1, ["motion"])
    assert line["stage"] == "zero_collided_motion"
    assert line["a"]["motion"][0] != 0.0 and line["b"]["motion"][0] == 0.0


def test_no_difference_is_tick_null(capsys):
    assert _diff(capsys, "scenes/axis_order_corner.toml", "1.17,1.17.1") == {"tick": None}


def test_bad_versions_exit_2(capsys):
    assert main(["diff", "scenes/axis_order_corner.toml", "--versions", "1.16.5,9.9", "--ticks", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "9.9" in err[0]
    assert main(["diff", "scenes/axis_order_corner.toml", "--versions", "1.16.5", "--ticks", "3"]) == 2


def test_ghost_keeps_the_other_versions_boxes():
    """The viewer's ghost (run_ghost): version B's entity boxes every tick and the diff line, with the index of
    the stage that differs among the entity's stages of that tick (depth first)."""
    from engine.analysis.diff import first_difference, run_ghost

    ghost = run_ghost("scenes/axis_order_corner.toml", "1.16.5", "1.17", 5)
    line = first_difference("scenes/axis_order_corner.toml", "1.16.5", "1.17", 5)
    assert ghost.difference == line and line["stage_index"] is not None
    assert sorted(ghost.boxes) == [0, 1, 2, 3, 4, 5]
    (lo, hi), = ghost.boxes_at(1)
    x, y, z = line["b"]["pos"]   # 1.17 builds the box around the position: its centre may be 1 ulp off
    assert lo[1] == y and abs((lo[0] + hi[0]) / 2 - x) < 1e-12 and abs((lo[2] + hi[2]) / 2 - z) < 1e-12
    assert ghost.boxes_at(6) == []


def test_a_stage_only_one_version_runs_is_the_difference(capsys):
    """1.21.11's arrow hits both TNTs on its path in one tick, 1.21.10's only the first: the second hit
    (ProjectileEntity.onCollision) is a stage of 1.21.11 alone, named whichever side runs it (it has an index
    among version A's stages only when A runs it)."""
    scene = "scenes/arrow_two_targets_1_21_11.toml"
    older, newer = _diff(capsys, scene, "1.21.10,1.21.11"), _diff(capsys, scene, "1.21.11,1.21.10")
    for line in (older, newer):
        assert (line["tick"], line["entity"], line["stage"], line["fields"]) == (1, 1, "on_collision", ["motion"])
    assert older["stage_index"] is None and newer["stage_index"] == 5
    assert older["a"]["motion"] == newer["b"]["motion"] == [-0.3960000038146973, -0.0, -0.0]
    assert older["b"]["motion"] == newer["a"]["motion"] == [0.039600000381469734, 0.0, 0.0]


def test_every_adjacent_pair_of_releases_diffs_or_refuses_in_one_line(capsys):
    """The TNT scene across the whole table, each release against the next: one JSON line, or (a release whose
    TNT tick is refused: 1.11-1.12.1, 1.13, 1.13.1) one line naming the mechanic and the release, exit 2."""
    from engine.core import versions
    releases = [versions.version_text(v) for v in versions.RELEASES]
    refused = []
    for a, b in zip(releases, releases[1:], strict=False):
        status = main(["diff", "scenes/tnt_flat_ground.toml", "--versions", f"{a},{b}", "--ticks", "3"])
        out, err = capsys.readouterr()
        if status == 2:
            assert out == "" and len(err.strip().splitlines()) == 1 and "the TNT tick" in err
            refused.append(next(v for v in (a, b) if f"of version {v} at" in err))
        else:
            assert status == 0 and err == "" and len(out.splitlines()) == 1
            assert "tick" in json.loads(out)
    assert sorted(set(refused), key=releases.index) == ["1.11", "1.11.1", "1.11.2", "1.12", "1.12.1", "1.13",
                                                        "1.13.1"]


def test_a_refused_release_stops_the_diff_even_where_the_loaded_states_differ(capsys):
    """The primed TNT's kick differs at tick 0 between 1.13.1 (Math.random's stand-in) and 1.16.5 (the world
    Random): the diff still runs the first tick, where 1.13.1's refused TNT tick stops it in one line, exit 2; two
    simulated releases whose loaded states differ still report tick 0."""
    assert main(["diff", "scenes/tnt_flat_ground.toml", "--versions", "1.13.1,1.16.5", "--ticks", "5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "the TNT tick" in err and "1.13.1" in err
    line = _diff(capsys, "scenes/tnt_flat_ground.toml", "1.13.2,1.14")
    assert (line["tick"], line["entity"], line["fields"]) == (0, 1, ["motion"])


def test_living_entities_across_1_20_5_are_compared_by_the_attributes_both_have(capsys, tmp_path):
    """1.20.5 reads attributes 1.20.4 lacks (gravity, step_height, ...): player 1 standing on stone differs only
    by that set, told once as a note; the diff goes on to player 2, gliding with NoGravity, which 1.20.4's elytra
    case still pulls down by 0.08 (docs/versions.md, living)."""
    scene = tmp_path / "gliders.toml"
    scene.write_text(scene_toml(
        scene={"version": "1.20.5"}, blocks=[cuboid((-2, 0, -2), (2, 0, 2))],
        entities=[entity("minecraft:player", (0.5, 1.0, 0.5), id=1, on_ground=True),
                  entity("minecraft:player", (0.5, 6.0, -1.5), id=2, yaw=-90.0, pitch=10.0, motion=[0.5, 0.0, 0.0],
                         no_gravity=True, equipment={"chest": "minecraft:elytra"}, fall_flying=True)]))
    line = _diff(capsys, scene, "1.20.4,1.20.5")
    assert (line["tick"], line["entity"]) == (1, 2) and "motion" in line["fields"]
    assert "attributes" not in line["fields"]
    assert line["notes"] == ["attributes only 1.20.5 has (not compared): minecraft:generic.fall_damage_multiplier, "
                             "minecraft:generic.gravity, minecraft:generic.jump_strength, "
                             "minecraft:generic.safe_fall_distance, minecraft:generic.scale, "
                             "minecraft:generic.step_height"]
