"""Scene fuzzing (issue 14 item 6, issue 22 item 6): generated scenes and mutated bundled scenes go through the
public loader and a few ticks. Every outcome must be one of: a one-line `SceneError`, a one-line `SimulationLimit`
(vanilla would stall), a `NotImplementedError` naming a mechanic the engine does not model, or ticks that finish
without a numpy warning. The features of the scene format each have a generator in `FEATURES` (redstone
components, `do = "use"`, `version`), whose scenes go through `tickscope trace` itself: status 0 with nothing on
stderr, or status 2 with one line. The hostile files of ../shared/data/reliability2 are mutated the same way.
Deterministic (derandomized, no example database), each case bounded in time; tests/fuzz_campaign.py runs the same
strategies for longer by hand. Each crash these found is a named test in test_reliability.py."""

from __future__ import annotations

import contextlib
import gzip
import io
import tempfile
import warnings
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine.redstone.components  # noqa: F401  (registers every component's behaviour)
from engine.core.limits import SimulationLimit
from engine.core.versions import RELEASES, version_text
from engine.geometry.box import Vec3
from engine.redstone.registry import BEHAVIOURS, is_usable
from engine.tick.registry import ENTITY_TYPES
from engine.tick.scene import SceneError, load_scene_text
from engine.tick.simulation import PHASES
from engine.world.blocks import all_states
from tests.conftest import SCENES_DIR as BUNDLED
from tests.conftest import _shared_data, deadline, scene_toml
from viewer.cli import main

SCENES = sorted((Path(__file__).resolve().parents[2] / "scenes").glob("*.toml"))
TICKS = 3
OUTCOMES = {"refused", "limit", "not simulated", "ran"}
EXAMPLES = 150
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                suppress_health_check=list(HealthCheck))

EDGE_FLOATS = [0.0, -0.0, 0.5, 1e-7, 1e9, -1e308, 1e308, 2.0**31, -(2.0**31), 3e7, -3e7, 2.0**53]
EDGE_INTS = [0, 1, -1, 127, 128, -128, 32767, -32768, 2**31 - 1, -(2**31), 2**31, 2**63 - 1, 10**30, -(10**30)]
TEXTS = ["minecraft:stone", "minecraft:tnt", "stone", "minecraft:oak_slab[type=top]", "minecraft:water[level=3]",
         "minecraft:piston[facing=up]", "minecraft:dispenser[facing=up]", "minecraft:shulker_box[facing=up]",
         "minecraft:arrow", "minecraft:ender_pearl", "minecraft:not_an_item", "", "\x1b[31m", "a\nb", "\u202e"]

floats = st.one_of(st.floats(-20.0, 20.0), st.sampled_from(EDGE_FLOATS), st.floats(allow_nan=True,
                                                                                    allow_infinity=True))
ints = st.one_of(st.integers(-5, 100), st.sampled_from(EDGE_INTS))
coords = st.one_of(st.integers(-6, 6), st.sampled_from(EDGE_INTS))
vec3 = st.lists(floats, min_size=3, max_size=3)
block_pos = st.lists(coords, min_size=3, max_size=3)
wild = st.one_of(floats, ints, st.booleans(), st.sampled_from(TEXTS), vec3, st.text(max_size=6))
FIELD_VALUES = {int: ints, bool: st.booleans(), str: st.sampled_from(TEXTS), Vec3: vec3, float: floats,
                dict: st.fixed_dictionaries({"pos": vec3}, optional={"speed": floats})}   # a mob's move_to / path_to


@st.composite
def entity(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(ENTITY_TYPES)))
    cls = ENTITY_TYPES[kind]
    table: dict[str, Any] = {"type": kind, "pos": draw(vec3)}
    for key, value in (("motion", vec3), ("on_ground", st.booleans()), ("no_gravity", st.booleans()),
                       ("fall_distance", floats), ("yaw", floats), ("id", ints)):
        if draw(st.booleans()):
            table[key] = draw(value)
    for name, kind_ in cls.FIELDS.items():
        if draw(st.integers(0, 3)) == 0:
            table[name] = draw(st.integers(0, 8)) if name == "explosion_power" else draw(FIELD_VALUES[kind_])
    if draw(st.integers(0, 9)) == 0:
        table[draw(st.sampled_from(["pos", "motion", "fuse", "bogus"]))] = draw(wild)
    return table


blocks = st.fixed_dictionaries({"block": st.sampled_from(TEXTS)}, optional={"at": block_pos, "from": block_pos})
spawn = st.one_of(
    st.fixed_dictionaries({"kind": st.just("primed_tnt_from_block"), "at": block_pos},
                          optional={"fuse": ints, "angle": floats}),
    st.fixed_dictionaries({"kind": st.just("thrown"), "entity": st.sampled_from(["ender_pearl", "snowball", "egg",
                                                                               "arrow", "potion"]),
                           "from_player_at": vec3, "yaw": floats, "pitch": floats}, optional={"speed": floats}),
    st.fixed_dictionaries({"kind": st.just("fireball"), "entity": st.sampled_from(["fireball", "small_fireball"]),
                           "at": vec3, "direction": vec3}),
    st.fixed_dictionaries({"kind": st.sampled_from(["falling_block_from_block", "nope"]), "at": block_pos}),
)
action = st.fixed_dictionaries(
    {"tick": st.one_of(st.integers(1, 3), st.sampled_from(EDGE_INTS)),
     "do": st.sampled_from(["set_block", "remove_block", "prime_tnt", "dispense", "piston_extend", "shulker_open",
                            "explode"]),
     "at": block_pos},
    optional={"block": st.sampled_from(TEXTS), "item": st.sampled_from(TEXTS), "fuse": ints})
scenes = st.fixed_dictionaries({}, optional={
    "scene": st.fixed_dictionaries({}, optional={"seed": ints, "border": st.fixed_dictionaries(
        {}, optional={"center": st.lists(floats, min_size=2, max_size=2), "size": floats})}),
    "blocks": st.lists(blocks, max_size=3), "entities": st.lists(entity(), max_size=4),
    "spawns": st.lists(spawn, max_size=2), "actions": st.lists(action, max_size=2)})


def one_line(message: str) -> None:
    assert message and "\n" not in message and message.isprintable(), repr(message)


def outcome(text: str, ticks: int = TICKS) -> str:
    """Load and run `text`: 'refused', 'limit', 'not simulated' or 'ran'; anything else propagates."""
    with deadline(30), warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            sim = load_scene_text(text, "<fuzz>")
        except SceneError as err:
            one_line(str(err))
            return "refused"
        try:
            for _ in range(ticks):
                sim.tick()
        except SimulationLimit as err:
            one_line(str(err))
            return "limit"
        except NotImplementedError as err:
            one_line(str(err))
            return "not simulated"
    return "ran"


@FUZZ
@given(scenes)
def test_generated_scenes_load_or_fail_in_one_line(tables: dict[str, Any]) -> None:
    try:
        text = scene_toml(**tables)
    except TypeError:          # a value TOML cannot write (a nested list of mixed kinds): nothing to test
        return
    result = outcome(text)
    event(result)
    assert result in OUTCOMES


def mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """`data` with each (position, length, replacement) applied in turn, positions taken modulo the length."""
    for pos, length, new in edits:
        at = pos % (len(data) + 1)
        data = data[:at] + new + data[at + length:]
    return data


@FUZZ
@given(st.sampled_from(SCENES), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 4),
                                                   st.one_of(st.binary(max_size=4), st.sampled_from(
                                                       [b"9e99", b"-", b"nan", b"inf", b"\xff", b"[", b"]",
                                                        b"\"", b"2147483648", b"0"]))),
                                         min_size=1, max_size=4))
def test_mutated_scenes_load_or_fail_in_one_line(path: Path, edits: list[tuple[int, int, bytes]]) -> None:
    data = mutate(path.read_bytes(), edits)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return                 # the file-level refusal is tested in test_reliability.py
    result = outcome(text, ticks=2)
    event(result)
    assert result in OUTCOMES


# --- the features of the scene format: one generator each ---
# A feature's generator draws a fragment of a scene document (top-level tables and arrays, as tomllib reads them);
# `feature_scene` merges it into a small world (a stone floor under a 4 × 3 × 4 grid where fragments place their
# blocks and entities) and `traced` runs it through `tickscope trace`. A feature that lands adds one entry to
# FEATURES and is fuzzed by the tests below and by tests/fuzz_campaign.py with nothing else to change.
GRID = st.tuples(st.integers(0, 3), st.integers(1, 3), st.integers(0, 3)).map(list)
FLOOR = {"from": [-1, 0, -1], "to": [4, 0, 4], "block": "minecraft:stone"}
FEATURE_TICKS = 10     # a repeater's longest delay (4 redstone ticks) and a piston's move fit with room
CASE_SECONDS = 30      # the bound of one case: past it the case fails as a hang
STATES: dict[str, list[str]] = {}   # block → the text of each of its states, for blocks with redstone behaviour
for state in all_states():
    if state.block in BEHAVIOURS:
        STATES.setdefault(state.block, []).append(str(state))
SUPPORTS = ["minecraft:stone", "minecraft:glass", "minecraft:slime_block", "minecraft:air", "minecraft:sand",
            "minecraft:redstone_block", "minecraft:water", "minecraft:obsidian"]
USABLE = sorted(b for b in BEHAVIOURS if is_usable(b))
UNUSABLE = sorted(b for b in BEHAVIOURS if not is_usable(b)) + ["stone", "air", "water"]
RELEASE_TEXTS = [version_text(v) for v in RELEASES]
BAD_VERSIONS = ["1.16", "1.10.2", "1.21.12", "1.22", "26.1", "2.0.0", "", "1.16.5.1", "v1.16.5", "1.16.05",
                "\x1b[31m1.16.5", "1.16.5 ", "1.9999999999999999999.5"]
ONSITE = ["minecraft:tnt", "minecraft:item", "minecraft:zombie", "minecraft:player", "minecraft:minecart",
          "minecraft:arrow", "minecraft:falling_block", "minecraft:armor_stand"]

on_grid = st.tuples(st.floats(-0.5, 4.5), st.floats(1.0, 4.0), st.floats(-0.5, 4.5)).map(list)
redstone_block = st.sampled_from(sorted(STATES)).flatmap(lambda b: st.sampled_from(STATES[b]))
component = st.fixed_dictionaries({"at": GRID, "block": st.one_of(redstone_block, st.sampled_from(SUPPORTS))})
onsite_entity = st.fixed_dictionaries({"type": st.sampled_from(ONSITE), "pos": on_grid},
                                      optional={"motion": st.lists(st.floats(-1.0, 1.0), min_size=3, max_size=3)})
action_tick = st.one_of(st.integers(1, FEATURE_TICKS), st.sampled_from(EDGE_INTS))
block_action = st.one_of(
    st.fixed_dictionaries({"tick": action_tick, "do": st.just("set_block"), "at": GRID, "block": redstone_block}),
    st.fixed_dictionaries({"tick": action_tick, "do": st.sampled_from(
        ["remove_block", "piston_extend", "piston_retract", "dispense", "prime_tnt", "use"]), "at": GRID}))


@st.composite
def redstone_fragment(draw: Any) -> dict[str, Any]:
    """Components in any of their states (every block with redstone behaviour: wire, torches, repeaters,
    comparators, observers, buttons, levers, plates, note blocks, lamps, targets, TNT, dispensers, pistons, rails,
    doors) among supports, entities standing on them, and actions that change, power and click them."""
    return {"blocks": [FLOOR, *draw(st.lists(component, min_size=1, max_size=10))],
            "entities": draw(st.lists(onsite_entity, max_size=2)), "actions": draw(st.lists(block_action, max_size=3))}


@st.composite
def use_fragment(draw: Any) -> dict[str, Any]:
    """`do = "use"` on usable blocks (in any state), on blocks that cannot be used, on air beside them; at any
    tick, in any phase (and bogus ones)."""
    target = draw(GRID)
    block = draw(st.one_of(st.sampled_from(USABLE).flatmap(lambda b: st.sampled_from(STATES[b])),
                           st.sampled_from(UNUSABLE).map(lambda b: "minecraft:" + b)))
    use = st.fixed_dictionaries({"tick": action_tick, "do": st.just("use"), "at": st.one_of(st.just(target), GRID)},
                                optional={"phase": st.sampled_from([*PHASES, "nope", ""])})
    return {"blocks": [FLOOR, {"at": target, "block": block}, *draw(st.lists(component, max_size=4))],
            "entities": draw(st.lists(onsite_entity, max_size=1)), "actions": draw(st.lists(use, min_size=1,
                                                                                             max_size=4))}


def version_fragment(versions: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A `version` from `versions` over a scene that meets many mechanics (redstone, generated entities and
    spawns), so a release's refused mechanics stop the run in one line."""
    return st.fixed_dictionaries({"version": st.sampled_from(versions), "body": st.one_of(redstone_fragment(), scenes)})


rotations = st.one_of(st.sampled_from([0, 90, 180, 270, -90, 360, 450, 45, 1]), st.sampled_from(EDGE_INTS))
mirrors = st.sampled_from(["none", "x", "z", "y", "", "X", "xz"])
placing = {"rotate": rotations, "mirror": mirrors}
world_coord = st.one_of(st.integers(-12, 20), st.sampled_from(EDGE_INTS))
world_pos = st.tuples(world_coord, st.one_of(st.integers(55, 75), st.sampled_from(EDGE_INTS)), world_coord).map(list)


@st.composite
def placement_fragment(draw: Any) -> dict[str, Any]:
    """A bundled schematic (the flying machine) placed with any `rotate` and `mirror`, good and bad, among
    redstone components."""
    entry = draw(st.fixed_dictionaries(
        {"file": st.just(str(BUNDLED / "schematics" / "redstone_flying_machine.litematic"))},
        optional={"at": st.one_of(GRID, block_pos), **placing}))
    return {"blocks": [FLOOR, *draw(st.lists(component, max_size=3))], "schematics": [entry]}


@st.composite
def regions_fragment(draw: Any) -> dict[str, Any]:
    """A box of the bundled world save (its cannon lies in x -4..12, y 63..66, z 0..8), any corners, dimension,
    `at`, `rotate` and `mirror`."""
    entry = draw(st.fixed_dictionaries(
        {"world": st.just(str(BUNDLED / "worlds" / "cannon_world")), "from": world_pos, "to": world_pos},
        optional={"at": st.one_of(GRID, block_pos), "dimension": st.sampled_from(
            ["overworld", "the_nether", "the_end", "minecraft:overworld", "nether", ""]), **placing}))
    return {"blocks": [FLOOR], "regions": [entry]}


FEATURES: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "redstone": redstone_fragment(),
    "use": use_fragment(),
    "version": version_fragment(RELEASE_TEXTS + BAD_VERSIONS),
    "placement": placement_fragment(),
    "regions": regions_fragment(),
}


def feature_scene(fragment: dict[str, Any]) -> dict[str, Any]:
    """The scene document of a feature's fragment: its arrays appended, its `scene` keys merged (a `version`
    fragment carries a whole generated body)."""
    if "version" in fragment:
        doc = feature_scene(fragment["body"])
        doc["scene"] = doc.get("scene", {}) | {"version": fragment["version"]}
        return doc
    return dict(fragment)


def scene_text(doc: dict[str, Any]) -> str | None:
    """The TOML text of a scene document; None for one TOML cannot write (a nested list of mixed kinds)."""
    try:
        return tomli_w.dumps(doc)
    except TypeError:
        return None


def traced(path: Path, ticks: int = FEATURE_TICKS) -> str:
    """`tickscope trace PATH --ticks N` in this process within CASE_SECONDS: 'ran' (status 0, stderr empty),
    'refused', 'limit' or 'not simulated' (status 2, one printable line); anything else fails."""
    out, err = io.StringIO(), io.StringIO()
    with deadline(CASE_SECONDS), warnings.catch_warnings(), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        warnings.simplefilter("error")
        status = main(["trace", str(path), "--ticks", str(ticks)])
    text = err.getvalue()
    if status == 0:
        assert text == "", text
        return "ran"
    assert status == 2 and text.startswith("tickscope: ") and text.endswith("\n"), (status, text)
    one_line(text[:-1])
    return "not simulated" if "not simulated: " in text else "limit" if "beyond" in text else "refused"


def traced_file(data: bytes, suffix: str = ".toml", ticks: int = FEATURE_TICKS) -> str:
    """`traced` of a file holding `data`, named with `suffix` (a schematic is opened by its suffix)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(data)
        return traced(path, ticks)


FEATURE_FUZZ = settings(FUZZ, max_examples=40)


@pytest.mark.parametrize("feature", sorted(FEATURES))
@FEATURE_FUZZ
@given(data=st.data())
def test_feature_scenes_run_or_fail_in_one_line(feature: str, data: st.DataObject) -> None:
    text = scene_text(feature_scene(data.draw(FEATURES[feature], label=feature)))
    if text is None:
        return
    result = traced_file(text.encode())
    event(result)
    assert result in OUTCOMES


@pytest.mark.parametrize("release", RELEASE_TEXTS)
@settings(FUZZ, max_examples=2)
@given(fragment=redstone_fragment(), body=scenes)
def test_every_release_runs_or_refuses_in_one_line(release: str, fragment: dict[str, Any],
                                                    body: dict[str, Any]) -> None:
    """Each release over a redstone contraption and over a generated scene (derandomized: the same ones in every
    release): its simulated mechanics run, its refused ones (redstone outside 1.16.5-1.18.2, entity kinds before 1.14,
    ...) stop the run in one line."""
    for drawn in (fragment, body):
        text = scene_text(feature_scene({"version": release, "body": drawn}))
        if text is not None:
            assert traced_file(text.encode()) in OUTCOMES


# --- the hostile files of ../shared/data/reliability2, mutated ---
HOSTILE = _shared_data("reliability2")
SMALL_HOSTILE = 4096   # bytes: the files small enough to mutate many times in the default run (the larger ones,
                       # megabytes declared or riders 1,000 deep, go to tests/fuzz_campaign.py)


def hostile_files(max_bytes: int | None = None) -> list[Path]:
    """The reproducers that are scenes or schematics (not the shell scripts and generators), smallest first."""
    files = [p for p in HOSTILE.glob("*") if p.suffix in (".toml", ".litematic", ".schem", ".nbt")]
    return sorted((p for p in files if max_bytes is None or p.stat().st_size <= max_bytes),
                  key=lambda p: (p.stat().st_size, p.name))


def mutate_file(path: Path, edits: list[tuple[int, int, bytes]]) -> bytes:
    """The file with `edits` applied; a gzip file (a schematic) mutated inside and compressed again, so the edits
    reach the NBT rather than stopping at the checksum."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        return gzip.compress(mutate(gzip.decompress(data), edits), compresslevel=1)
    return mutate(data, edits)


@pytest.mark.skipif(not hostile_files(SMALL_HOSTILE), reason=f"{HOSTILE} is absent (reference data in "
                                                             "../shared/data/reliability2 is not beside this checkout)")
@FEATURE_FUZZ
@given(st.sampled_from(hostile_files(SMALL_HOSTILE) or [Path("absent")]), st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(0, 4), st.one_of(st.binary(max_size=4), st.sampled_from(
        [b"9e99", b"nan", b"inf", b"\xff\xff\xff\x7f", b"\x7f\xff\xff\xff", b"\x00\x00\x00\x00", b"\x80"]))),
    min_size=1, max_size=4))
def test_mutated_hostile_files_load_or_fail_in_one_line(path: Path, edits: list[tuple[int, int, bytes]]) -> None:
    result = traced_file(mutate_file(path, edits), path.suffix, ticks=2)   # as the reproducers are run
    event(result)
    assert result in OUTCOMES
