"""One scene builder for every test: tables in, TOML text out, loaded through the public scene loader."""

from __future__ import annotations

import atexit
import importlib.util
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine.tick.scene import load_scene, load_scene_text
from engine.tick.simulation import Simulation
from viewer.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCENES_DIR = ROOT / "scenes"
Table = Mapping[str, Any]

# Each test process keeps the viewer's layout, recent files and autosaves in its own folder: parallel workers
# must not read each other's, nor the user's own (viewer/files.py).
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="tickscope-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)


def pytest_sessionstart(session: pytest.Session) -> None:
    """With test workers (`-n`, pytest-xdist), compile the kernels before the workers start, one group of
    `engine.jit.WARM_GROUPS` per process in parallel, so that the workers load them from the disk cache rather than each
    compiling the same ones (CI starts with an empty cache; docs/performance.md, "Start-up and the compile
    cache"). Runs in the controlling process only, before xdist starts its workers."""
    from engine import jit
    if hasattr(session.config, "workerinput") or not session.config.getoption("numprocesses", default=None) \
            or not jit.jit_possible():
        return
    warmers = [subprocess.Popen([sys.executable, "-m", "engine.jit", *group], cwd=ROOT) for group in jit.WARM_GROUPS]
    for warmer in warmers:
        warmer.wait()   # a failure is not fatal: the tests then compile what they need themselves


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def scene_toml(scene: Table | None = None, blocks: Iterable[Table] = (), entities: Iterable[Table] = (),
               spawns: Iterable[Table] = (), actions: Iterable[Table] = (), inputs: Iterable[Table] = ()) -> str:
    """The TOML text a user would write for these tables (interfaces.md scene format)."""
    out: list[str] = []
    if scene:
        out.append("[scene]")
        out.extend(f"{k} = {_toml_value(v)}" for k, v in scene.items())
    for name, tables in (("blocks", blocks), ("entities", entities), ("spawns", spawns), ("actions", actions),
                         ("inputs", inputs)):
        for table in tables:
            out.append(f"\n[[{name}]]")
            out.extend(f"{k} = {_toml_value(v)}" for k, v in table.items())
    return "\n".join(out) + "\n"


def build_scene(**tables: Any) -> Simulation:
    """`load_scene_text(scene_toml(**tables))`: a scene at tick 0, exactly as the loader builds it."""
    return load_scene_text(scene_toml(**tables), "<test scene>")


def state_line(sim: Simulation) -> str:
    """The `tickscope trace` line of the current tick without stages: entities as reported, then events."""
    record = sim.last_record
    entities = sim.reported_entities() if record is not None else sim.entities
    return json.dumps({"tick": sim.tick_count, "entities": [e.trace_line() for e in entities],
                       "events": record.events if record is not None else []})


def run_lines(sim: Simulation, ticks: int) -> list[str]:
    """Tick `ticks` times and return the trace line after each tick."""
    lines = []
    for _ in range(ticks):
        sim.tick()
        lines.append(state_line(sim))
    return lines


def traced(name: str, ticks: int) -> Simulation:
    """The bundled scene `scenes/NAME.toml` run `ticks` ticks with the stage trace on (its last record kept)."""
    sim = load_scene(SCENES_DIR / f"{name}.toml")
    sim.trace_enabled = True
    for _ in range(ticks):
        sim.tick()
    return sim


def explosions(sim: Simulation, ticks: int) -> list[tuple[int, dict]]:
    """Tick `ticks` times; the explosion events of those ticks, each with the tick it happened in."""
    out = []
    for _ in range(ticks):
        record = sim.tick()
        out += [(sim.tick_count, ev) for ev in record.events if ev["kind"] == "explosion"]
    return out


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`tickscope ARGV` in this process: its exit status (argparse's refusal included), stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as err:
        code = err.code
    out = capsys.readouterr()
    return code, out.out, out.err


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail with TimeoutError instead of hanging when the block runs longer than `seconds`."""
    def expire(signum, frame):
        raise TimeoutError(f"still running after {seconds} s (a hang)")
    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="session")
def scene() -> Callable[..., Simulation]:
    """The scene builder: `scene(blocks=[...], entities=[...], spawns=[...], actions=[...], inputs=[...],
    scene={...})`."""
    return build_scene


@pytest.fixture(scope="session")
def scene_text() -> Callable[..., str]:
    """The TOML text of a scene, for tests that need a file (the CLI)."""
    return scene_toml


@pytest.fixture(scope="session")
def lines_of() -> Callable[[Simulation, int], list[str]]:
    """Run ticks and collect trace lines (floats as repr, so comparisons are bit for bit)."""
    return run_lines


def three_ways_counted(text: str, ticks: int, lines: Callable[[Simulation, int, str], list[str]], cls: type,
                       method: str) -> tuple[list[str], list[int], Simulation]:
    """Scene `text` run `ticks` ticks compiled, on the object path and traced (`lines(sim, ticks, mode)`), asserted
    equal: the compiled run's lines, the ids of the entities whose `cls.method` ran in it (the ticks a compiled loop
    handed to the object path, one each time), and its simulation."""
    def run(mode: str) -> tuple[list[str], list[int], Simulation]:
        sim = load_scene_text(text)
        handed: list[int] = []
        original = getattr(cls, method)

        def counted(self: Any, *args: Any) -> None:
            handed.append(self.id)
            original(self, *args)

        setattr(cls, method, counted)
        try:
            return lines(sim, ticks, mode), handed, sim
        finally:
            setattr(cls, method, original)

    compiled = run("compiled")
    assert compiled[0] == run("object")[0]
    assert compiled[0] == run("traced")[0]
    return compiled


_JIT_OFF_CHILD = """
import importlib, json, sys
sys.path.insert(0, {root!r})
from engine import jit
print(json.dumps([jit.compiled(), eval({expression!r}, vars(importlib.import_module({module!r})))]))
"""


def jit_off_run(module: str, expression: str) -> tuple[bool, Any]:
    """`expression` evaluated among `module`'s names in a child with `NUMBA_DISABLE_JIT=1` (the kernels as plain
    Python): whether the child ran compiled, and the expression's value through JSON."""
    child = subprocess.run([sys.executable, "-c", _JIT_OFF_CHILD.format(root=str(ROOT), module=module,
                                                                         expression=expression)],
                           env=dict(os.environ, NUMBA_DISABLE_JIT="1"), capture_output=True, text=True, timeout=600,
                           cwd=ROOT)
    assert child.returncode == 0, child.stderr[-2000:]
    compiled, value = json.loads(child.stdout)
    return compiled, value


def assert_regenerated(tool: str, asset: str, tmp_path: Path) -> None:
    """`tools/TOOL`, run on minecraft-data, writes `assets/ASSET` byte for byte (skipped where minecraft-data is
    absent: set TICKSCOPE_MINECRAFT_DATA or install minecraft_data)."""
    source = os.environ.get("TICKSCOPE_MINECRAFT_DATA")
    if not source:
        spec = importlib.util.find_spec("minecraft_data")
        source = str(Path(spec.origin).parent) if spec and spec.origin else None
    if source is None:
        pytest.skip("minecraft-data not present (set TICKSCOPE_MINECRAFT_DATA or install minecraft_data)")
    out = tmp_path / asset
    subprocess.run([sys.executable, str(ROOT / "tools" / tool), source, "-o", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (ROOT / "assets" / asset).read_bytes()


def _shared_data(name: str) -> Path:
    """`../shared/data/NAME` beside the checkout (a worktree of it lives one level deeper)."""
    near = ROOT.parent / "shared" / "data" / name
    return near if near.is_dir() else ROOT.parents[1] / "shared" / "data" / name


def shared_file(folder: str, name: str) -> Path:
    """`../shared/data/FOLDER/NAME`, or a skip naming what is missing (a fresh clone has no ../shared)."""
    path = _shared_data(folder) / name
    if not path.is_file():
        pytest.skip(f"{path} is absent (reference data in ../shared/data/{folder} is not beside this checkout)")
    return path
