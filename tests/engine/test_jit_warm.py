"""The kernels' warm-up child (`python -m engine.jit`, started by the viewer) runs one at a time per source tree:
two viewers launched on a cold cache must not compile every kernel twice (docs/performance.md, "Start-up and
the compile cache")."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import jit
from tests.conftest import ROOT

fcntl = pytest.importorskip("fcntl", reason="advisory file locks are POSIX; elsewhere warm-ups may overlap")
pytestmark = pytest.mark.skipif(not Path("/proc/self/wchan").exists(), reason="reads Linux's /proc/PID/wchan")


def _within_a_minute(condition: Callable[[], bool]) -> bool:
    for _ in range(600):
        if condition():
            return True
        time.sleep(0.1)
    return False


def _waits_on_a_lock(pid: int) -> bool:
    return "lock" in Path(f"/proc/{pid}/wchan").read_text()   # the kernel function it sleeps in (Linux)


def _lock_taken(lock) -> bool:
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(lock, fcntl.LOCK_UN)
    return False


def test_a_warm_up_waits_while_another_holds_the_tree_s_lock_then_goes_on() -> None:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")   # the plain kernels: the wait is what is tested, not numba
    with open(jit.warm_lock_path(), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        child = subprocess.Popen([sys.executable, "-m", "engine.jit"], cwd=ROOT, env=env)
        try:
            assert _within_a_minute(lambda: _waits_on_a_lock(child.pid)), "the second warm-up ran beside the first"
            fcntl.flock(lock, fcntl.LOCK_UN)
            assert _within_a_minute(lambda: child.poll() == 0 or _lock_taken(lock)), "it did not go on"
        finally:
            child.kill()
            child.wait()


def test_the_warm_up_groups_hold_every_part_once() -> None:
    parts = [part for group in jit.WARM_GROUPS for part in group]
    assert sorted(parts) == sorted(jit.WARM_SCENES)


@pytest.mark.filterwarnings("ignore:'engine.jit' found in sys.modules")   # runpy's note: what `-m` does too
def test_python_m_engine_jit_warms_through_the_module_the_kernels_are_marked_in(monkeypatch) -> None:
    # `-m` runs the file as a second module, `__main__`, with its own empty list of marked kernels: a warm-up
    # bound through it compiled nothing, and every part of fewer than `MIN_RUN` rows ran plain
    import runpy
    asked: list[tuple[str, ...]] = []
    monkeypatch.setattr(jit, "warm_alone", asked.append)
    monkeypatch.setattr(sys, "argv", ["engine.jit", "player", "mob"])
    runpy.run_module("engine.jit", run_name="__main__")
    assert asked == [("player", "mob")]


def test_the_compile_cache_has_a_folder_per_state_of_the_sources(tmp_path, monkeypatch) -> None:
    """A kernel's cached machine code holds what it inlined from other files, which numba's index does not check:
    an edit anywhere in the sources gives a new folder (the same sources, the same folder), and only the
    CACHE_FOLDERS_KEPT most recent stay."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    src = tmp_path / "engine"
    (src / "entities").mkdir(parents=True)
    (src / "entities" / "kernel.py").write_text("x = 1\n")
    first = jit.cache_dir(str(src))
    assert first == jit.cache_dir(str(src)) and first.startswith(str(tmp_path / "cache"))
    seen = [first]
    for k in range(jit.CACHE_FOLDERS_KEPT + 1):
        (src / "entities" / "kernel.py").write_text("x = 1\n" + "#" * (k + 1))
        seen.append(jit.cache_dir(str(src)))
    assert len(set(seen)) == len(seen)
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == sorted(
        os.path.basename(p) for p in seen[-jit.CACHE_FOLDERS_KEPT:])
