"""Issue 14 (reliability): every input found to crash, hang or be silently accepted, through the public loader and
`tickscope trace`. A scene the loader refuses gives one printable line and status 2; where vanilla itself would
stall (a raycast across a billion blocks) the run stops with one line naming the entity, the tick and why; where
the flaw was ours (an inverted section range, an int32 cell index) the tick now finishes."""

from __future__ import annotations

import warnings

import pytest

from engine.core.limits import MAX_EXPLOSION_POWER, SimulationLimit
from engine.geometry.box import Vec3
from engine.tick.scene import SceneError, load_scene, load_scene_text
from tests.conftest import ROOT, assert_regenerated, build_scene, deadline, scene_toml
from viewer.cli import main

STONE_FLOOR = [{"from": [-4, 0, -4], "to": [4, 0, 4], "block": "minecraft:stone"}]
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def run_cli(argv: list[str], capsys) -> tuple[int, str]:
    """`tickscope ARGV`: its status and its stderr, which must be empty or one line."""
    try:
        status = main(argv)
    except SystemExit as exc:
        status = exc.code
    err = capsys.readouterr().err
    assert err.count("\n") <= 1 and (not err or err.endswith("\n")), err
    assert err == "" or err[:-1].isprintable(), err
    return status, err


def trace_file(tmp_path, capsys, text: str | bytes, ticks: int = 3) -> tuple[int, str]:
    path = tmp_path / "scene.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with deadline(60):
        return run_cli(["trace", str(path), "--ticks", str(ticks)], capsys)


def refused(key: str, **tables) -> str:
    """The loader's one-line refusal of these tables, which names `key`."""
    with pytest.raises(SceneError) as err:
        build_scene(**tables)
    message = str(err.value)
    assert "\n" not in message and f": {key}: " in message, message
    return message


def run_ticks(sim, ticks: int) -> list:
    with deadline(60), warnings.catch_warnings():
        warnings.simplefilter("error")          # item 3: no numpy RuntimeWarning on stderr
        return [sim.tick() for _ in range(ticks)]


# --- item 1: no tracebacks ---

@pytest.mark.parametrize("data", [bytes(range(256)), b"\xff\xfe[scene]\n", "name = 'caf\u00e9'".encode("latin-1")])
def test_a_scene_that_is_not_utf8_is_one_line(tmp_path, capsys, data) -> None:
    status, err = trace_file(tmp_path, capsys, data)
    assert status == 2 and "not UTF-8 text" in err
    with pytest.raises(SceneError, match="not UTF-8"):
        load_scene(tmp_path / "scene.toml")


def test_render_refuses_a_scene_that_is_not_utf8_in_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "scene.toml"
    path.write_bytes(bytes(range(256)))
    status, err = run_cli(["render", str(path), "--tick", "0", "--out", str(tmp_path / "x.png")], capsys)
    assert status == 2 and "not UTF-8 text" in err


@pytest.mark.parametrize("pos, motion", [([-1e300, 5.0, 0.5], [0.0, 0.0, 0.0]),
                                         ([2147483648.5, 5.0, 0.5], [0.0, 0.0, 0.0]),
                                         ([-2147483649.0, 5.0, 3e9], [0.0, 0.0, 0.0]),
                                         ([0.5, 5.0, 0.5], [0.0, -1e308, 0.0])])
def test_explosions_far_outside_the_int_range_finish(pos, motion) -> None:
    """Block rays at |x| ≥ 2³¹ took int32 cell indices out of range (IndexError); the cells are now vanilla's
    `MathHelper.floor` (saturating int cast) of each step, and the explosion happens in tick 2."""
    sim = build_scene(blocks=STONE_FLOOR, entities=[{"type": "tnt", "pos": pos, "motion": motion, "fuse": 2}])
    records = run_ticks(sim, 2)
    assert [e["kind"] for e in records[1].events] == ["explosion"]


@pytest.mark.parametrize("table, key", [
    ({"blocks": [{"at": [10**30, 5, 0], "block": "minecraft:stone"}]}, "blocks[0].at"),
    ({"blocks": [{"at": [0, 5, -30_000_001], "block": "minecraft:stone"}]}, "blocks[0].at"),
    ({"blocks": [{"from": [29_999_999, 5, 0], "to": [30_000_000, 5, 0], "block": "minecraft:stone"}]},
     "blocks[0].to"),
    ({"actions": [{"tick": 1, "do": "set_block", "at": [0, 5, 2**40], "block": "minecraft:stone"}]},
     "actions[0].at"),
])
def test_blocks_and_actions_outside_the_world_are_refused(table, key) -> None:
    assert "outside the world" in refused(key, **table)


def test_the_last_block_inside_the_world_is_accepted() -> None:
    sim = build_scene(blocks=[{"at": [29_999_999, 5, -30_000_000], "block": "minecraft:stone"}])
    assert sim.world.get_block_state(29_999_999, 5, -30_000_000).block == "stone"


@pytest.mark.parametrize("power", [-5, 150, 10000, 2**31 - 1])
def test_explosion_powers_beyond_the_bound_are_refused(power) -> None:
    message = refused("entities[0].explosion_power",
                      entities=[{"type": "fireball", "pos": [0.5, 5.0, 0.5], "explosion_power": power}])
    assert f"0..{MAX_EXPLOSION_POWER}" in message


def test_the_strongest_accepted_power_explodes_in_bounded_work() -> None:
    """Power 128 against an 11×4×11 stone block: every block goes (resistance 6 is nothing to it); the work is
    steps × rays, no cube of the power (power 150 took 711 MB before)."""
    sim = build_scene(blocks=[{"from": [-5, 0, -5], "to": [5, 3, 5], "block": "minecraft:stone"}],
                      entities=[{"type": "fireball", "pos": [0.5, 5.0, 0.5], "motion": [0.0, -1.0, 0.0],
                                 "explosion_power": MAX_EXPLOSION_POWER}])
    events = [e for r in run_ticks(sim, 2) for e in r.events if e["kind"] == "explosion"]
    assert events[0]["power"] == MAX_EXPLOSION_POWER and events[0]["blocks_destroyed"] == 11 * 4 * 11


# --- item 2: no hangs ---

@pytest.mark.parametrize("entity, needle", [
    ({"type": "arrow", "pos": [0.5, 5.0, 0.5], "motion": [float("inf"), 0.0, 0.0]}, "a raycast of inf blocks"),
    ({"type": "arrow", "pos": [0.5, 5.0, 0.5], "motion": [float("inf"), float("-inf"), 0.0]}, "a raycast of inf"),
    ({"type": "arrow", "pos": [0.5, 5.0, 0.5], "motion": [1e9, 0.0, 0.0]}, "a raycast of 1e+09 blocks"),
    ({"type": "snowball", "pos": [0.5, 5.0, 0.5], "motion": [0.0, 0.0, -1e308]}, "a raycast of 1e+308 blocks"),
])
def test_raycasts_vanilla_would_stall_on_stop_the_run_naming_entity_and_tick(tmp_path, capsys, entity,
                                                                               needle) -> None:
    status, err = trace_file(tmp_path, capsys, scene_toml(entities=[entity]))
    assert status == 2
    assert f"tick 1: entity #1 minecraft:{entity['type']}: {needle}" in err and "beyond what can be simulated" in err


def test_an_explosion_query_over_the_whole_int_range_stops_the_run() -> None:
    """A TNT exploding at x = z = −2³¹: the explosion's query box, `floor`ed to ints, wraps to the whole int range
    in x and z, 2⁵⁶ chunk columns that vanilla's `getOtherEntities` visits one by one."""
    sim = build_scene(entities=[{"type": "tnt", "pos": [-2147483648.0, 5.0, -2147483648.0], "fuse": 1,
                                 "no_gravity": True}])
    needle = r"tick 1: entity #1 minecraft:tnt: an entity query over 7.21e\+16 chunk columns"
    with pytest.raises(SimulationLimit, match=needle):
        run_ticks(sim, 1)


def test_a_raycast_that_never_ends_stops_the_run() -> None:
    """From x = −∞ moving +∞ the end is NaN: the walk's boundary parameters never pass 1 (vanilla loops forever).
    A scene refuses an infinite position (Entity.fromTag), so the arrow is put there after loading."""
    sim = build_scene(entities=[{"type": "arrow", "pos": [0.5, 5.0, 0.5],
                                 "motion": [float("inf"), 0.0, float("inf")]}])
    sim.entity_by_id(1).set_position(Vec3(float("-inf"), 5.0, float("-inf")))
    with pytest.raises(SimulationLimit, match=r"tick 1: entity #1 minecraft:arrow: a raycast from .* never ends"):
        run_ticks(sim, 1)


@pytest.mark.parametrize("entities, flown", [
    ([{"type": "tnt", "pos": [0.5, 5.0, -2147483648.0], "fuse": 1, "no_gravity": True}], None),
    ([{"type": "tnt", "pos": [-2147483648.0, 5.0, 0.5], "motion": [0.0, 1e308, 0.0], "no_gravity": True}],
     (-2147483648.0, float("inf"), 0.5)),
    ([{"type": "tnt", "pos": [-2147483648.0, 5.0, 0.5], "motion": [-1e308, 0.0, 0.0], "no_gravity": True},
      {"type": "tnt", "pos": [0.5, 5.0, 0.5], "fuse": 3}], (float("-inf"), 5.0, 0.5)),
])
def test_ticks_at_the_int_limits_finish(entities, flown) -> None:
    """An explosion at z = −2³¹ (its query box wraps to the whole z range: visited section by section now), a TNT
    at x = −2³¹ flown to y = ∞ (an inverted range in `World.filled_sections_in`) and an explosion while a TNT is at
    x = −∞ never finished a tick. A scene refuses an infinite position, so the TNT flies there: 1e308 and then
    0.98e308 more overflow to ∞ in tick 2 (outside the world border, which would stop it)."""
    sim = build_scene(blocks=STONE_FLOOR, entities=entities)
    assert len(run_ticks(sim, 3)) == 3
    if flown is not None:
        assert tuple(sim.entity_by_id(1).pos) == flown


NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("key, tables", [
    ("entities[0].pos", {"entities": [{"type": "tnt", "pos": [NAN, 1.0, 0.5]}]}),
    ("entities[0].pos", {"entities": [{"type": "arrow", "pos": [0.5, INF, 0.5], "motion": [0.0, 0.0, 1.0]}]}),
    ("entities[1].pos", {"entities": [{"type": "tnt", "pos": [0.5, 1.0, 0.5]},
                                      {"type": "pig", "pos": [0.5, 1.0, -INF]}]}),
    ("spawns[0].from_player_at", {"spawns": [{"kind": "thrown", "entity": "snowball",
                                              "from_player_at": [-INF, 5.0, 0.5], "yaw": 0.0, "pitch": 0.0}]}),
    ("spawns[0].at", {"spawns": [{"kind": "fireball", "entity": "fireball", "at": [0.5, NAN, 0.5],
                                 "direction": [0.0, -1.0, 0.0]}]}),
])
def test_a_nan_or_infinite_position_is_refused_in_one_line(key, tables, tmp_path, capsys) -> None:
    """Entity.fromTag refuses an entity whose position is not finite ("Entity has invalid position"): one line naming
    the key, status 2; NaN and ±inf motions load as before (test_nonfinite.py flies them)."""
    message = refused(key, **tables)
    assert "expected a finite position" in message
    status, err = trace_file(tmp_path, capsys, scene_toml(**tables))
    assert status == 2 and f": {key}: expected a finite position" in err


@pytest.mark.parametrize("key, tables", [
    ("entities[0].yaw", {"entities": [{"type": "tnt", "pos": [0.5, 1.0, 0.5], "yaw": NAN}]}),
    ("entities[0].pitch", {"entities": [{"type": "zombie", "pos": [0.5, 1.0, 0.5], "pitch": -INF}]}),
    ("spawns[0].yaw", {"spawns": [{"kind": "thrown", "entity": "snowball", "from_player_at": [0.5, 5.0, 0.5],
                                   "yaw": INF, "pitch": 0.0}]}),
])
def test_a_nan_or_infinite_rotation_is_refused_in_one_line(key, tables, tmp_path, capsys) -> None:
    """Entity.fromTag refuses an entity whose yaw or pitch is not finite ("Entity has invalid rotation")."""
    assert "expected a finite angle" in refused(key, **tables)
    status, err = trace_file(tmp_path, capsys, scene_toml(**tables))
    assert status == 2 and f": {key}: expected a finite angle" in err


@pytest.mark.parametrize("x", [NAN, -INF])
def test_a_schematic_entity_at_a_nan_or_infinite_position_is_refused(x, tmp_path, capsys) -> None:
    """The same refusal for an entity a structure file carries (its NBT `Pos`), naming the schematic."""
    from nbtlib import Compound, Double, File, Int, List, String

    def doubles(*values):
        return List[Double]([Double(v) for v in values])

    def ints(*values):
        return List[Int]([Int(v) for v in values])
    tnt = Compound({"id": String("minecraft:tnt"), "Pos": doubles(x, 1.0, 0.5), "Motion": doubles(0.0, 0.0, 0.0)})
    root = Compound({"DataVersion": Int(2586), "size": ints(1, 1, 1),
                     "palette": List[Compound]([Compound({"Name": String("minecraft:stone")})]),
                     "blocks": List[Compound]([Compound({"state": Int(0), "pos": ints(0, 0, 0)})]),
                     "entities": List[Compound]([Compound({"pos": doubles(x, 1.0, 0.5), "blockPos": ints(0, 1, 0),
                                                           "nbt": tnt})])})
    path = tmp_path / "nan.nbt"
    File(root, gzipped=True).save(path)
    status, err = run_cli(["trace", str(path), "--ticks", "1"], capsys)
    assert status == 2 and "schematics[0] (nan.nbt) entities[0].pos: expected a finite position" in err


def test_a_run_flown_to_an_infinite_position_is_not_exported(tmp_path, capsys) -> None:
    """Motion can fly a TNT to y = −∞ (tick 2: −1e308 and then −0.98e308 more); a scene cannot hold it, so
    `export --tick 3` is one line and status 2 and writes nothing, while tick 1 (at −1e308) exports and loads back."""
    scene = tmp_path / "fall.toml"
    scene.write_text(scene_toml(entities=[{"type": "tnt", "pos": [0.5, 5.0, 0.5], "motion": [0.0, -1e308, 0.0],
                                           "no_gravity": True}]))
    out = tmp_path / "out.toml"
    status, err = run_cli(["export", str(scene), "--tick", "3", "--out", str(out)], capsys)
    assert status == 2 and "tick 3: minecraft:tnt 1 is at [0.5, -inf, 0.5]" in err and not out.exists()
    assert run_cli(["export", str(scene), "--tick", "1", "--out", str(out)], capsys) == (0, "")
    assert load_scene(out).entity_by_id(1).pos == Vec3(0.5, -1e308 + 5.0, 0.5)


def test_a_pearl_thrown_at_the_world_edge_finishes() -> None:
    sim = build_scene(blocks=STONE_FLOOR, spawns=[{"kind": "thrown", "entity": "ender_pearl",
                                                   "from_player_at": [3e7, 5.0, 0.5], "yaw": -90.0, "pitch": 0.0}])
    assert len(run_ticks(sim, 40)) == 40


# --- item 3: clean output ---

def test_falling_at_minus_1e308_gives_no_numpy_warning() -> None:
    sim = build_scene(entities=[{"type": "tnt", "pos": [0.5, 5.0, 0.5], "motion": [0.0, -1e308, 0.0]}] * 3)
    run_ticks(sim, 3)
    assert sim.entities[0].pos.y == float("-inf")


@pytest.mark.parametrize("text", ['[[entities]]\ntype = "tn\\u001b[31mt"\npos = [0.0, 0.0, 0.0]\n',
                                  '[scene]\nname = 1\n[[blocks]]\nat = [0, 1, 0]\nblock = "st\\none"\n',
                                  '[[spawns]]\nkind = "thr\\rown\\u0007"\n'])
def test_errors_quoting_user_text_are_one_printable_line(tmp_path, capsys, text) -> None:
    status, err = trace_file(tmp_path, capsys, text)
    assert status == 2 and err.startswith("tickscope: ")


def test_a_file_name_with_control_characters_is_escaped(tmp_path, capsys) -> None:
    status, err = run_cli(["trace", str(tmp_path / "no\nsuch\x1b.toml"), "--ticks", "1"], capsys)
    assert status == 2 and "no\\nsuch\\x1b.toml" in err


# --- item 4: values vanilla cannot hold ---

def test_fuse_decrement_wraps_as_a_java_int() -> None:
    """TntEntity.fuse is an int: −2³¹ − 1 wraps to 2³¹ − 1 > 0, so the TNT does not explode in tick 1."""
    sim = build_scene(blocks=STONE_FLOOR, entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": INT_MIN}])
    record = run_ticks(sim, 1)[0]
    assert record.events == [] and sim.entities[0].fuse == INT_MAX


def test_fuse_beyond_the_int_range_is_refused() -> None:
    refused("entities[0].fuse", entities=[{"type": "tnt", "pos": [0.5, 1.0, 0.5], "fuse": 2**31}])


def test_item_age_wraps_and_minus_32768_never_ages() -> None:
    """`ItemEntity.tick`: `if (age != -32768) ++age` on an int."""
    sim = build_scene(entities=[{"type": "item", "pos": [0.5, 5.0, 0.5], "age": INT_MAX, "no_gravity": True},
                                {"type": "item", "pos": [3.5, 5.0, 0.5], "age": -32768, "no_gravity": True}])
    run_ticks(sim, 2)
    assert [e.item_age for e in sim.entities] == [INT_MIN + 1, -32768]


def test_orb_age_wraps() -> None:
    sim = build_scene(entities=[{"type": "experience_orb", "pos": [0.5, 5.0, 0.5], "age": INT_MAX}])
    run_ticks(sim, 1)
    assert sim.entities[0].orb_age == INT_MIN


@pytest.mark.parametrize("table, key", [
    ({"entities": [{"type": "tnt", "pos": [0.5, 1.0, 0.5], "id": 2**31}]}, "entities[0].id"),
    ({"entities": [{"type": "item", "pos": [0.5, 1.0, 0.5], "item": "minecraft:not_an_item"}]}, "entities[0].item"),
    ({"entities": [{"type": "item", "pos": [0.5, 1.0, 0.5], "item": "minecraft:stone"}]}, None),
    ({"entities": [{"type": "item", "pos": [0.5, 1.0, 0.5], "item": "Stone!"}]}, "entities[0].item"),
    ({"entities": [{"type": "arrow", "pos": [0.5, 1.0, 0.5], "pierce_level": 128}]}, "entities[0].pierce_level"),
    ({"entities": [{"type": "experience_orb", "pos": [0.5, 1.0, 0.5], "value": 32768}]}, "entities[0].value"),
    ({"entities": [{"type": "arrow", "pos": [0.5, 1.0, 0.5], "owner": 5}]}, "entities[0].owner"),
    ({"entities": [{"type": "arrow", "pos": [0.5, 1.0, 0.5], "owner": -1}]}, "entities[0].owner"),
    ({"scene": {"border": {"center": [float("nan"), 0.0]}}}, "scene.border.center[0]"),
    ({"scene": {"border": {"center": [0.0, 3e7]}}}, "scene.border.center[1]"),
    ({"scene": {"border": {"size": float("inf")}}}, "scene.border.size"),
    ({"spawns": [{"kind": "primed_tnt_from_block", "at": [0, 300, 0]}]}, "spawns[0].at"),
    ({"spawns": [{"kind": "primed_tnt_from_block", "at": [0, -1, 0]}]}, "spawns[0].at"),
])
def test_values_vanilla_cannot_hold_are_refused(table, key) -> None:
    if key is None:
        build_scene(**table)
    else:
        refused(key, **table)


def test_dispensed_items_are_checked_against_the_registry() -> None:
    blocks = [{"at": [0, 1, 0], "block": "minecraft:dispenser[facing=up]"}]
    message = refused("actions[0].item", blocks=blocks,
                      actions=[{"tick": 1, "do": "dispense", "at": [0, 1, 0], "item": "minecraft:tnt_minecart_x"}])
    assert "not an item of 1.16.5" in message
    build_scene(blocks=blocks, actions=[{"tick": 1, "do": "dispense", "at": [0, 1, 0], "item": "cobblestone"}])


def test_an_owner_declared_later_is_accepted() -> None:
    sim = load_scene_text(scene_toml(entities=[{"type": "arrow", "pos": [0.5, 1.0, 0.5], "owner": 7},
                                               {"type": "armor_stand", "pos": [3.5, 1.0, 0.5], "id": 7}]))
    assert sim.entities[0].owner == 7


def test_entity_ids_after_the_largest_int_wrap() -> None:
    """Entity ids come from an int counter (`incrementAndGet`): after an entity with id 2³¹ − 1 the next is −2³¹."""
    sim = build_scene(blocks=[{"at": [0, 1, 0], "block": "minecraft:dispenser[facing=up]"}],
                      entities=[{"type": "armor_stand", "pos": [5.5, 1.0, 0.5], "id": INT_MAX}],
                      actions=[{"tick": 1, "do": "dispense", "at": [0, 1, 0], "item": "minecraft:arrow"}])
    run_ticks(sim, 1)
    assert [e.id for e in sim.entities] == [INT_MAX, INT_MIN]


def test_generated_item_list_matches_minecraft_data(tmp_path) -> None:
    """tools/gen_items.py regenerates assets/items-1.16.5.json byte for byte (when minecraft-data is present)."""
    assert_regenerated("gen_items.py", "items-1.16.5.json", tmp_path)
    assert (tmp_path / "item-max-counts-1.16.5.json").read_bytes() == \
        (ROOT / "assets" / "item-max-counts-1.16.5.json").read_bytes()
