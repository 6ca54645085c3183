"""An explosion's entities at its centre (`ServerExplosion.hurtEntities` of 1.21.8, 1.21.9, 1.21.10 and 1.21.11; the
versions table's `explosion_normalized_direction`, docs/versions.md `explosion`).

The expected outcomes come from the game's code: 1.21.8 passes over an entity whose direction from the centre has
length 0 and divides any other direction by its length; 1.21.11 takes `Vec3.normalize` (the zero vector below a
length of 1.0E-5F) and passes over nothing, so an entity at the centre takes exposure, damage and a zero push;
1.21.9 and 1.21.10 (read) are 1.21.11 here.
Each case runs compiled (TNT alone: the TNT row loop), on the object path and traced, bit for bit alike, and with
the JIT off in a child; the entity pass run as 1.21.8's in 1.21.11 is caught."""

from __future__ import annotations

from typing import Any

import pytest

from engine import jit
from engine.influences import explosion, explosion_batch
from engine.influences.explosion_kernel import DIRECTION_DOUBLE
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR, jit_off_run
from tests.engine.test_versions import _with_version

jit.bind_kernels()   # every run takes the kernels, however short

CENTRE = (SCENES_DIR / "explosion_at_centre_1_21_11.toml").read_text()
TNT_ONLY = CENTRE.rsplit("[[entities]]", 1)[0]   # without the armor stand: the TNT row loop's case
CENTRE_Y = "61.7775000333786"   # TNT 1's explosion centre (y + 0.98F x 0.0625): TNT 2's y in the scene
NEAR = TNT_ONLY.replace(CENTRE_Y, repr(float(CENTRE_Y) + 1.0e-6))   # TNT 2 1.0E-6 above the centre
APART = TNT_ONLY.replace(CENTRE_Y, "62.5")                          # TNT 2 0.72 above it
CASES = {"centre": CENTRE, "tnt": TNT_ONLY, "near": NEAR, "apart": APART}
MODES = ("compiled", "object", "traced")


def play(text: str, version: str, mode: str, ticks: int = 2) -> tuple[Any, ...]:
    """The explosion's ledger rows (id, impulse, exposure) and every entity left (position and Motion as hex), or
    the refusal's line; `mode` as tests/engine/test_compiled_equality.py's `run_lines`."""
    sim = load_scene_text(_with_version(text, version), "<explosion centre>")
    sim.vectorize = mode != "object"
    sim.trace_enabled = mode == "traced"
    affected = []
    try:
        for _ in range(ticks):
            for event in sim.tick().events:
                if event["kind"] == "explosion":
                    affected += [[a["id"], [float(c).hex() for c in a["impulse"]], float(a["exposure"]).hex()]
                                 for a in event["affected"]]
    except NotImplementedError as err:
        return ("refused", str(err))
    return ("state", affected, {str(e.id): [[c.hex() for c in e.pos], [c.hex() for c in e.motion]]
                                for e in sim.entities if not e.removed})


def all_runs() -> dict[str, dict[str, Any]]:
    """Every case in 1.21.8, 1.21.9, 1.21.10 and 1.21.11, compiled; the object path and the traced run equal to it."""
    out: dict[str, dict[str, Any]] = {}
    for version in ("1.21.8", "1.21.9", "1.21.10", "1.21.11"):
        for name, text in CASES.items():
            runs = [play(text, version, mode) for mode in MODES]
            assert runs[0] == runs[1] == runs[2], (version, name)
            out.setdefault(version, {})[name] = runs[0]
    return out


@pytest.fixture(scope="module")
def runs() -> dict[str, dict[str, Any]]:
    return all_runs()


def _zero(v: list[str]) -> bool:
    return [float.fromhex(c) for c in v] == [0.0, 0.0, 0.0]


def check_1_21_11(runs: dict[str, dict[str, Any]]) -> None:
    """1.21.11: TNT 2 and the armor stand at the centre are in the ledger (exposure 1, a zero push, the stand
    broken by the damage); TNT 2's -0.0 Motion becomes +0.0 (Motion + the zero vector); 1.0E-6 off the centre
    the direction normalises to zero: no push."""
    kind, affected, states = runs["1.21.11"]["centre"]
    assert kind == "state" and [a[0] for a in affected] == [2, 3] and "3" not in states
    assert all(_zero(a[1]) and float.fromhex(a[2]) == 1.0 for a in affected)
    _, affected, states = runs["1.21.11"]["tnt"]
    assert [a[0] for a in affected] == [2] and states["2"][1] == [0.0.hex()] * 3
    _, affected, states = runs["1.21.11"]["near"]
    assert [a[0] for a in affected] == [2] and _zero(affected[0][1]) and _zero(states["2"][1])


def test_1_21_8_passes_over_an_entity_at_the_centre(runs) -> None:
    """1.21.8: nothing in the ledger, TNT 2 keeps its -0.0 Motion, the stand stays; 1.0E-6 above the centre the
    direction (0, 1.0E-6, 0) divided by its length is (0, 1, 0): TNT 2 is thrown up by nearly a block a tick."""
    kind, affected, states = runs["1.21.8"]["centre"]
    assert kind == "state" and affected == [] and "3" in states and states["2"][1] == [(-0.0).hex(), 0.0.hex(),
                                                                                         (-0.0).hex()]
    _, affected, states = runs["1.21.8"]["near"]
    assert [a[0] for a in affected] == [2] and float.fromhex(states["2"][1][1]) > 0.9


def test_1_21_11_normalises_the_direction_and_passes_over_nothing(runs) -> None:
    check_1_21_11(runs)
    assert runs["1.21.11"]["apart"] == runs["1.21.8"]["apart"]   # away from the centre nothing differs


@pytest.mark.parametrize("version", ["1.21.9", "1.21.10"])
def test_1_21_9_and_1_21_10_pass_their_centre_as_1_21_11(runs, version: str) -> None:
    """The hurtEntities of 1.21.9 and 1.21.10 (read) normalise the direction as 1.21.11's: every case bit for bit
    alike."""
    assert runs[version] == runs["1.21.11"]
    check_1_21_11({"1.21.11": runs[version]})


def test_the_entity_pass_run_as_1_21_8_s_in_1_21_11_is_caught(monkeypatch) -> None:
    """The mutant: 1.21.11 given 1.21.8's direction (divide, skip a zero length) on both paths."""
    for module in (explosion, explosion_batch):
        monkeypatch.setattr(module, "entity_pass_direction", lambda features: DIRECTION_DOUBLE)
    with pytest.raises(AssertionError):
        check_1_21_11({"1.21.11": {name: play(text, "1.21.11", "compiled") for name, text in CASES.items()}})


def test_jit_off_equals_jit_on(runs) -> None:
    """With `NUMBA_DISABLE_JIT=1` (`explosion_targets` as plain Python) every case gives the same, bit for bit."""
    compiled, value = jit_off_run("tests.engine.test_version_explosion_centre", "all_runs()")
    assert compiled is False and value == _as_json(runs)


def _as_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_as_json(v) for v in value]
    return value
