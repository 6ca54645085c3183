"""The one place the engine compiles: `njit` marks a kernel, written in the subset numba compiles (scalars,
numpy arrays, tuples; no objects) and bit-exact as plain Python too (docs/performance.md, "Compiled stages").

Nothing is imported or compiled until `bind_kernels()` (which `want_kernels` calls for the first run large enough
to pay for it): until then a kernel call runs the plain function. Binding imports numba and replaces every marked
kernel of the loaded engine modules, in its module and wherever it was imported by name, by
`numba.njit(cache=True)` of itself; calls compile on first use, once per signature, into numba's disk cache
(`cache_dir`: a folder per state of the engine's sources), so later processes load them. Without numba, or with
`NUMBA_DISABLE_JIT=1`, the kernels are bound to their plain functions: slower, the same results.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Callable
from typing import Any

_MARKED: list[Kernel] = []
_BY_FUNCTION: dict[int, Kernel] = {}   # id of a kernel's plain function, and of its bound one once bound → the kernel
_PLAIN: dict[int, Callable[..., Any]] = {}   # id(kernel) → its plain form (see `plain`)
_STATE: dict[str, Any] = {"numba": None, "ready": False}
on_cold_cache: list[Callable[[], None]] = []   # called once, before kernels compile that no cache holds
CACHE_FOLDERS_KEPT = 4   # source states whose compiled kernels stay on disk (~20 MB each)
MIN_RUN = 32   # fewer rows than this take the object path until the kernels are bound (numba costs ~1 s to load)


def jit_possible() -> bool:
    """Whether kernels can run compiled, asked without importing numba (about 0.5 s): `NUMBA_DISABLE_JIT` is unset
    or 0 and numba is installed."""
    return (os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")
            and importlib.util.find_spec("numba") is not None)


def jit_enabled() -> bool:
    """Whether kernels run compiled: numba imports and `NUMBA_DISABLE_JIT` is unset or 0."""
    if not jit_possible():
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


class Kernel:
    """A marked function: before binding, calling it runs the plain function; after, the bound one."""

    def __init__(self, fn: Callable[..., Any], inline: bool = False, borrows: bool = False) -> None:
        self.py_func = fn
        self.inline = inline
        self.borrows = borrows
        self.bound: Callable[..., Any] | None = None
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__

    def __call__(self, *args: Any) -> Any:
        return self.py_func(*args) if self.bound is None else self.bound(*args)


def njit(fn: Callable[..., Any] | None = None, *, inline: bool = False, borrows: bool = False) -> Any:
    """Mark `fn` as a kernel (see the module docstring). `@njit(inline=True)` marks a small one that compiles into
    each kernel calling it (numba's `inline="always"`): a call between separately compiled kernels costs about
    40 ns, more than a section lookup itself (docs/performance.md, "Compiled stages"). `@njit(borrows=True)`
    marks a kernel that only borrows the arrays it is given and makes none (no `np.empty`, no array returned):
    it compiles without reference counting (numba's `_nrt=False`), which in a large kernel of inlined helpers
    otherwise costs a pair of counter updates per array argument of every helper call (docs/performance.md,
    "The search without reference counts")."""
    def mark(f: Callable[..., Any]) -> Kernel:
        k = Kernel(f, inline, borrows)
        _MARKED.append(k)
        _BY_FUNCTION[id(f)] = k
        return k
    return mark if fn is None else mark(fn)


def plain(fn: Any) -> Callable[..., Any]:
    """The plain-Python form of kernel `fn` (marked, or bound by `bind_kernels`), whose calls to other kernels
    run their plain forms too, bound or not: how the object path runs a stage's one source over Python tuples
    and lists (docs/architecture.md, "Each stage written once"). Made on first use, after its module loaded."""
    k = _kernel_of(fn)
    made = _PLAIN.get(id(k))
    if made is None:
        py = k.py_func
        scope: dict[str, Any] = {}
        made = _PLAIN[id(k)] = types.FunctionType(py.__code__, scope, py.__name__, py.__defaults__, py.__closure__)
        made.__doc__ = py.__doc__
        for name, value in py.__globals__.items():
            inner = _kernel_of(value)
            scope[name] = value if inner is None else plain(inner)
    return made


def _kernel_of(value: Any) -> Kernel | None:
    """The marked kernel `value` is, was bound from, or is the plain function of; else None. Looked up by identity
    in a table, not by walking every kernel for each global of a module (launch time: the minecart module's plain
    stages read some 6,000 globals)."""
    if isinstance(value, Kernel):
        return value
    return _BY_FUNCTION.get(id(value))


def _has_nrt_option(numba: Any) -> bool:
    """Whether this numba accepts `_nrt` (compiling without reference counts)."""
    return hasattr(numba.core.options.DefaultOptions, "_nrt")


def cache_dir(sources: str = os.path.dirname(os.path.abspath(__file__))) -> str | None:
    """The folder numba's disk cache uses: one per state of the engine's sources (each file's path, size and
    modification time), below `NUMBA_CACHE_DIR` or the user's cache folder. Numba's own index checks only the file
    that defines a kernel, so a kernel that inlines or calls one from another file would keep stale machine code
    once that file changed (an edit, a `git pull`); a new state compiles afresh. The CACHE_FOLDERS_KEPT most
    recently used folders are kept. None where no such folder can be written (numba's default then)."""
    stamp = hashlib.sha256()
    for folder, dirs, files in os.walk(sources):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(f for f in files if f.endswith(".py")):
            st = os.stat(os.path.join(folder, name))
            stamp.update(f"{os.path.relpath(os.path.join(folder, name), sources)}:{st.st_size}:{st.st_mtime_ns};"
                         .encode())
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("LOCALAPPDATA", os.path.expanduser("~")) if os.name == "nt" else
        os.path.expanduser("~/Library/Caches") if sys.platform == "darwin" else
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tickscope", "numba")
    here = os.path.join(base, stamp.hexdigest()[:16])
    try:
        fresh = not os.path.isdir(here)
        os.makedirs(here, exist_ok=True)
        os.utime(here)
    except OSError:
        return None
    if fresh:
        old = sorted((e for e in os.scandir(base) if e.is_dir() and len(e.name) == 16 and e.path != here),
                     key=lambda e: e.stat().st_mtime, reverse=True)
        for e in old[CACHE_FOLDERS_KEPT - 1:]:
            shutil.rmtree(e.path, ignore_errors=True)
    return here


def bind_kernels() -> None:
    """Replace every marked kernel by its compiled dispatcher (or its plain function without the JIT) in the
    globals of the engine modules loaded now (all kernel modules: the simulation imports them)."""
    if not _STATE["ready"]:
        _STATE["ready"] = True
        if jit_enabled():
            import numba
            _STATE["numba"] = numba
            numba.config.CACHE_DIR = cache_dir() or numba.config.CACHE_DIR
    numba = _STATE["numba"]
    for k in _MARKED:
        if k.bound is None:
            # `_nrt` is a numba-internal option (0.60-0.68 have it): a numba without it compiles the kernel with
            # reference counts, slower but the same results
            options = {"_nrt": False} if k.borrows and numba is not None and _has_nrt_option(numba) else {}
            k.bound = _quiet(k.py_func) if numba is None else numba.njit(
                cache=True, nogil=True, error_model="python", inline="always" if k.inline else "never",
                **options)(k.py_func)
            _BY_FUNCTION[id(k.bound)] = k
    if numba is not None and on_cold_cache and not kernels_cached():
        for notify in on_cold_cache:
            notify()
        on_cold_cache.clear()
    for name, module in list(sys.modules.items()):
        if name.startswith("engine.") and module is not None:
            g = module.__dict__
            for attr, value in list(g.items()):
                if isinstance(value, Kernel):
                    g[attr] = value.bound
    # plain functions look kernels up as globals at call time: bound now, they call each other directly


def _quiet(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A kernel bound without the JIT: its plain function, run without numpy's floating-point warnings (its numbers
    are numpy scalars read from the rows, whose overflow to infinity, Java's and the compiled kernel's too, numpy
    would report); `py_func` is the plain function, as on a compiled kernel."""
    import numpy as np

    def run(*args: Any) -> Any:
        with np.errstate(all="ignore"):
            return fn(*args)
    run.__name__, run.__doc__, run.__module__ = fn.__name__, fn.__doc__, fn.__module__
    run.py_func = fn  # type: ignore[attr-defined]
    return run


def compiled() -> bool:
    """Whether bound kernels run compiled in this process."""
    return _STATE["numba"] is not None


def kernels_cached() -> bool:
    """Whether numba's disk cache holds an entry, for this source, for every bound kernel (read through numba's
    cache index; anything unexpected counts as not cached)."""
    try:
        return all(k.bound._cache._cache_file._load_index() for k in _MARKED if k.bound is not None
                   and not k.inline)   # an inlined kernel compiles only into its callers' entries
    except Exception:   # numba's cache internals changed: say "not cached", which only prints a notice
        return False


def compile_count() -> int:
    """How many kernel signatures this process compiled (rather than loaded from the disk cache)."""
    return sum(len(k.bound.signatures) - sum(k.bound.stats.cache_hits.values())
               for k in _MARKED if k.bound is not None and hasattr(k.bound, "stats"))


def want_kernels(rows: int) -> bool:
    """Whether `rows` consecutive rows should run the kernels: yes once they are bound; before, for MIN_RUN rows or
    more, unless a background warm-up (`warm_in_background`) is still compiling them."""
    if _STATE["ready"]:
        return True
    if rows < MIN_RUN:
        return False
    warming = _STATE.get("warming")
    if warming is not None:
        if warming.poll() is None:
            return False
        _STATE["warming"] = None
    bind_kernels()
    return True


def warm_in_background() -> None:
    """Fill the disk cache in a child process (`python -m engine.jit`), so that no frame waits for a compile: until
    it ends, every run takes the object path (bit-identical, slower). The viewer calls it at launch."""
    # numba is not imported here: the viewer calls this before its first frame (docs/performance.md)
    if _STATE["ready"] or _STATE.get("warming") is not None or not jit_possible():
        return
    try:
        _STATE["warming"] = subprocess.Popen([sys.executable, "-m", "engine.jit"], stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:   # no process to spare: kernels compile in this process when a run first needs them
        _STATE["warming"] = None


_FLOOR = '[[blocks]]\nfrom = [0, 0, 0]\nto = [7, 0, 7]\nblock = "minecraft:stone"\n'
WARM_SCENES = {   # what each part of `warm` runs: the kernels a run of it compiles
    # TNT rows (engine.entities.tnt_kernel) over stone and water, then their explosions (engine.influences)
    "tnt": _FLOOR + '[[blocks]]\nfrom = [0, 1, 0]\nto = [0, 1, 7]\nblock = "minecraft:water"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:tnt"\npos = [{x + 0.5}, 3.0, {z + 0.5}]\nfuse = 4\n'
              for x in range(8) for z in range(8))
    # two at one point on obsidian (the second explosion walks the rays kept from the first) and one in the open air
    + '[[blocks]]\nfrom = [20, 0, 20]\nto = [20, 0, 20]\nblock = "minecraft:obsidian"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:tnt"\npos = [{x}, {y}, {x}]\nfuse = 4\n'
              for x, y in ((20.5, 1.0), (20.5, 1.0), (3.5, 100.0))),
    # a stack exploding in the open air, far from blocks and other entities: its explosions run inside the TNT row
    # loop (engine.influences.explosion_batch.tick_exploding), which the "tnt" part's world never lets them do
    "blast": "".join(f'[[entities]]\ntype = "minecraft:tnt"\npos = [3.5, 100.0, 3.5]\nfuse = {2 + n % 2}\n'
                     for n in range(40))
    # and ender pearls, arrows and small fireballs in free flight far from it (engine.entities.thrown_kernel,
    # arrow_kernel, fireball_kernel)
    + "".join(f'[[entities]]\ntype = "minecraft:{kind}"\npos = [{x}, 100.0, {z + 0.5}]\n'
              'motion = [0.3, 0.5, 0.0]\n'
              for kind, x in (("ender_pearl", 60.5), ("arrow", 90.5), ("small_fireball", 120.5)) for z in range(3)),
    # items resting on stone, falling and floating in water (engine.entities.item_kernel), then XP orbs resting,
    # falling and sinking into the water (engine.entities.xp_orb_kernel)
    "item": _FLOOR + '[[blocks]]\nfrom = [0, 1, 0]\nto = [1, 1, 7]\nblock = "minecraft:water"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:item"\npos = [{x + 0.5}, {1.0 + x % 3}, {z + 0.5}]\n'
              for x in range(4) for z in range(0, 8, 2))
    + "".join(f'[[entities]]\ntype = "minecraft:experience_orb"\npos = [{x + 0.5}, {1.0 + x % 3 / 2}, {z + 0.5}]\n'
              for x in (1, 4, 5) for z in (1, 5)),
    # a walking mob's path search (engine.pathfinding.walk_kernel)
    "path": _FLOOR + '[[entities]]\ntype = "minecraft:zombie"\npos = [4.5, 1.0, 4.5]\non_ground = true\n'
                     'path_to = { pos = [7.5, 1.0, 1.5] }\n',
    # minecarts on rails, one on a powered rail (engine.entities.minecart_kernel)
    "minecart": _FLOOR + '[[blocks]]\nfrom = [0, 1, 0]\nto = [0, 1, 6]\nblock = "minecraft:rail"\n'
    '[[blocks]]\nfrom = [0, 1, 7]\nto = [0, 1, 7]\nblock = "minecraft:powered_rail[powered=true]"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:minecart"\npos = [0.5, 1.0625, {z + 0.5}]\nmotion = [0.0, 0.0, 0.3]\n'
              for z in range(0, 8, 2)),
    # a player sprint-jumping onto a slab (engine.living.player_kernel, the step-up of engine.motion.collision_kernel)
    "player": _FLOOR + '[[blocks]]\nfrom = [4, 1, 0]\nto = [4, 1, 7]\nblock = "minecraft:stone_slab"\n'
    '[[entities]]\ntype = "minecraft:player"\nid = 1\npos = [1.5, 1.0, 1.5]\non_ground = true\nyaw = -90.0\n'
    '[[inputs]]\nentity = 1\nfrom = 1\nto = 20\nforward = true\nsprint = true\njump = true\n',
    # zombies walking with move_to, one onto a slab (its jump), beside a wither skeleton without AI
    # (engine.living.mob_kernel)
    "mob": _FLOOR + '[[blocks]]\nfrom = [3, 1, 0]\nto = [3, 1, 7]\nblock = "minecraft:stone_slab"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:zombie"\npos = [1.5, 1.0, {z + 0.5}]\non_ground = true\n'
              f'move_to = {{ pos = [{x}, 2.0, {z + 0.5}] }}\n' for x, z in ((3.5, 1), (6.5, 5)))
    + '[[entities]]\ntype = "minecraft:wither_skeleton"\npos = [6.5, 1.0, 1.5]\non_ground = true\nno_ai = true\n',
    # boats floating on water and resting on the floor, apart (engine.entities.boat_kernel)
    "boat": _FLOOR + '[[blocks]]\nfrom = [0, 1, 0]\nto = [7, 1, 2]\nblock = "minecraft:water"\n'
    + "".join(f'[[entities]]\ntype = "minecraft:boat"\npos = [{x}, {y}, {z}]\n'
              for x in (1.0, 3.5, 6.0) for y, z in ((1.6, 1.5), (1.0, 5.5))),
    # falling sand in the air above the floor (engine.entities.falling_kernel; `tnt_kernel.move_self`)
    "falling": _FLOOR + "".join(f'[[entities]]\ntype = "minecraft:falling_block"\npos = [{x + 0.5}, 9.0, {z + 0.5}]\n'
                                f'time = 1\n' for x in range(8) for z in range(0, 8, 2)),
}


# `WARM_SCENES` parts compiled in one process: a part's kernels that are not inlined (`tnt_kernel.move_self`, the
# fluid push, `travel_kernel.travel_ordinary`, the collision kernels) compile once for every part of its group,
# where one process per part compiled each of them again (docs/performance.md, "Start-up and the compile cache")
WARM_GROUPS = (("tnt", "blast"), ("player", "mob", "falling"), ("path", "item", "boat", "minecart"))


def warm(parts: tuple[str, ...] = tuple(WARM_SCENES)) -> None:
    """Run every kernel once (or those of the named `WARM_SCENES` parts), with the argument types the engine
    uses, so each is compiled into the disk cache. The groups of `WARM_GROUPS` share no kernel that is not
    inlined, so they can compile in parallel processes (tests/conftest.py does, before the test workers start)."""
    from engine.tick.scene import load_scene_text
    bind_kernels()
    for part in parts:
        sim = load_scene_text(WARM_SCENES[part])
        for _ in range(5):
            sim.tick()


def warm_lock_path(parts: tuple[str, ...] = tuple(WARM_SCENES)) -> str:
    """The lock file `warm_alone` holds while it warms these parts of this source tree's kernels."""
    import hashlib
    import tempfile
    tree = hashlib.sha1(os.path.dirname(os.path.abspath(__file__)).encode()).hexdigest()[:12]
    return os.path.join(tempfile.gettempdir(), f"tickscope-jit-{tree}-{'-'.join(parts)}.lock")


def warm_alone(parts: tuple[str, ...] = tuple(WARM_SCENES)) -> None:
    """`warm()` once at a time for this source tree: a warm-up started while another runs (two viewers launched
    on a cold cache) waits for it, then finds the kernels in the cache instead of compiling them again."""
    try:
        import fcntl
    except ImportError:   # no advisory locks here: warm-ups may overlap, each only slower
        warm(parts)
        return
    with open(warm_lock_path(parts), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # released when this process ends, however it ends
        warm(parts)


if __name__ == "__main__":   # python -m engine.jit [PART ...]: every part, or those named
    if len(sys.argv) == 1:
        os.nice(19)    # the viewer's warm-up: its frames come first
    # through the imported module, whose `_MARKED` the kernel modules fill: this `__main__` copy has its own
    # empty one, and binding it would compile nothing
    importlib.import_module("engine.jit").warm_alone(tuple(sys.argv[1:]) or tuple(WARM_SCENES))
