"""Scene fuzzing (issue 14 item 6): generated scenes and mutated bundled scenes go through the public loader and a
few ticks. Every outcome must be one of: a one-line `SceneError`, a one-line `SimulationLimit` (vanilla would
stall), a `NotImplementedError` naming a mechanic the engine does not model, or ticks that finish without a numpy
warning. Deterministic (derandomized, no example database); tests/fuzz_campaign.py runs the same strategies for
longer by hand. Each crash these found is a named test in test_reliability.py."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from engine.core.limits import SimulationLimit
from engine.tick.registry import ENTITY_TYPES
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.geometry.box import Vec3
from engine.tick.scene import SceneError, load_scene_text
from tests.conftest import deadline, scene_toml

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
FIELD_VALUES = {int: ints, bool: st.booleans(), str: st.sampled_from(TEXTS), Vec3: vec3,
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
