"""Path searches on arrays (`engine.pathfinding.walk_kernel`) equal the object path bit for bit: every field of every
path node, the reached flag, the nodes taken from the heap, and the recorded search (expansions in order with f,
g, h and type, the open set, when each node opened) — on the bundled path scenes, traced and untraced, and on
random terrains of every path type (slabs, fences, walls, water, lava, doors, trapdoors, honey, cobwebs, cactus,
rails, leaves…), compiled and with the JIT off. A deliberate mutant of the heap must be caught."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

from engine import jit
from engine.pathfinding import path_finder
from engine.pathfinding import walk_kernel as wk
from engine.tick.scene import load_scene
from tests.conftest import build_scene

ROOT = Path(__file__).resolve().parents[2]
PATH_SCENES = sorted((ROOT / "scenes").glob("*path*.toml"))
STILL = [0.0, -0.0784000015258789, 0.0]
KINDS = ("minecraft:zombie", "minecraft:villager", "minecraft:pig", "minecraft:iron_golem",
         "minecraft:wither_skeleton")
TERRAIN = ("stone", "stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "stone_brick_stairs[facing=east]",
           "oak_fence[east=true,west=true]", "cobblestone_wall[north=tall]", "oak_fence_gate[open=true]",
           "oak_fence_gate", "water", "lava", "oak_door[half=lower,open=true]", "oak_door[half=lower]",
           "iron_door[half=lower]", "oak_trapdoor", "oak_trapdoor[open=true,half=top]", "honey_block", "cobweb",
           "cactus", "sweet_berry_bush", "rail", "oak_leaves", "magma_block", "campfire", "snow[layers=3]",
           "soul_sand", "white_carpet", "lily_pad", "fire", "anvil", "oak_sign", "glass_pane[east=true]")

jit.bind_kernels()   # compiled searches, however small (engine.jit.want_kernels)


def terrain(seed: int) -> list[dict]:
    """A stone floor with a random field of path-type blocks on it, one and two high, and a few pits."""
    rng = random.Random(seed)
    out: list[dict] = [{"from": [-10, 0, -10], "to": [10, 0, 10], "block": "minecraft:stone"}]
    for _ in range(70):
        x, z = rng.randint(-9, 9), rng.randint(-9, 9)
        block = rng.choice(TERRAIN)
        if rng.random() < 0.15:
            out.append({"from": [x, 0, z], "to": [x, 0, z], "block": "minecraft:air"})
            continue
        out.append({"at": [x, 1 + (rng.random() < 0.2), z], "block": f"minecraft:{block}"})
    return out


def search(blocks: list[dict], kind: str, start: tuple[float, float, float], goal: tuple[int, int, int],
           kernels: bool) -> tuple:
    """One recorded `findPathTo` of a mob standing at `start`: everything the search leaves."""
    path_finder.KERNELS = kernels
    try:
        sim = build_scene(blocks=blocks, entities=[{"type": kind, "id": 1, "pos": list(start), "motion": STILL,
                                                    "on_ground": True}])
        nav = sim.entity_by_id(1).navigation
        nav.in_recorded_tick = True
        path = nav.find_path_to(sim.world, goal, 1)
    finally:
        path_finder.KERNELS = None
    search = nav.searches[-1]
    nodes = None if path is None else [
        (n.pos, n.type.name, n.penalty.hex(), n.penalized_path_length.hex(), n.distance_to_nearest_target.hex(),
         n.heap_weight.hex(), n.path_length.hex(), n.visited, n.heap_index) for n in path.nodes]
    record = search.record
    return (nodes, None if path is None else (path.reaches_target, path.manhattan_distance_from_target.hex()),
            search.visited, [tuple(e) for e in record.expanded], [tuple(e) for e in record.open],
            list(record.opened.items()))


def random_cases(seeds: range) -> list[tuple]:
    out = []
    for seed in seeds:
        rng = random.Random(1000 + seed)
        kind = KINDS[seed % len(KINDS)]
        start = (rng.randint(-6, 6) + 0.5, 1.0, rng.randint(-6, 6) + 0.5)
        goal = (rng.randint(-9, 9), 1, rng.randint(-9, 9))
        out.append((terrain(seed), kind, start, goal))
    return out


def digest(seeds: range) -> str:
    """A hash of the kernel searches of `random_cases(seeds)`."""
    h = hashlib.sha256()
    for case in random_cases(seeds):
        h.update(repr(search(*case, kernels=True)).encode())
    return h.hexdigest()


@pytest.mark.parametrize("seed", range(40))
def test_random_terrain_kernel_search_equals_object_search(seed: int) -> None:
    (case,) = random_cases(range(seed, seed + 1))
    assert search(*case, kernels=True) == search(*case, kernels=False)


def maze() -> tuple:
    """The benchmark's serpentine maze (tests/bench/bench_pathfinding.py) and a villager's search through it."""
    walls = [{"from": [x, 1, -4 if i % 2 else -6], "to": [x, 3, 6 if i % 2 else 4], "block": "minecraft:stone_bricks"}
             for i, x in enumerate((2, 4, 6))]
    sides = [{"from": [-3, 1, z], "to": [13, 3, z], "block": "minecraft:stone_bricks"} for z in (-7, 7)]
    return ([{"from": [-3, 0, -7], "to": [13, 0, 7], "block": "minecraft:stone"}, *sides, *walls],
            "minecraft:villager", (0.5, 1.0, 0.5), (8, 1, 0))


def _kernel_statuses(monkeypatch) -> list[int]:
    """The status of every `walk_kernel.find_path` call from now on, in order."""
    statuses = []
    kernel = wk.find_path

    def spy(*args):
        out = kernel(*args)
        statuses.append(out[0])
        return out
    monkeypatch.setattr(wk, "find_path", spy)
    return statuses


def test_the_maze_search_runs_on_arrays_to_its_end(monkeypatch) -> None:
    """The benchmark's case is decided on arrays (FOUND, no hand-back) and equals the object path: a path of more
    than 20 nodes that reaches the target."""
    statuses = _kernel_statuses(monkeypatch)
    on_arrays = search(*maze(), kernels=True)
    assert statuses == [wk.FOUND]
    assert on_arrays == search(*maze(), kernels=False)
    assert on_arrays[1][0] is True and len(on_arrays[0]) > 20


def test_the_node_budget_stops_both_searches_at_the_same_node(monkeypatch) -> None:
    """A target walled in next to the start on a wide floor is never reached: both searches take nodes from the
    heap until the budget stops them (a villager's follow range 48 × 16 = 768, spec 07 §5 step 3; the nodes
    within the follow range outnumber it), then take the nearest node — the same expansions, open set and path,
    decided on arrays. The kernel's successor arrays, reused from the search before, must not leak into this
    one."""
    statuses = _kernel_statuses(monkeypatch)
    ring = [{"from": [3, 1, -1], "to": [5, 3, 1], "block": "minecraft:stone_bricks"},
            {"at": [4, 1, 0], "block": "minecraft:air"}, {"at": [4, 2, 0], "block": "minecraft:air"}]
    case = ([{"from": [-25, 0, -25], "to": [25, 0, 25], "block": "minecraft:stone"}, *ring],
            "minecraft:villager", (0.5, 1.0, 0.5), (4, 1, 0))
    search(*maze(), kernels=True)
    on_arrays = search(*case, kernels=True)
    assert statuses == [wk.FOUND, wk.FOUND]
    assert on_arrays == search(*case, kernels=False)
    assert on_arrays[2] == 768 and len(on_arrays[3]) == 767 and len(on_arrays[4]) > 0 and on_arrays[1][0] is False


@pytest.mark.parametrize("scene", PATH_SCENES, ids=lambda p: p.stem)
@pytest.mark.parametrize("traced", [False, True])
def test_path_scenes_run_the_same_on_arrays(scene: Path, traced: bool) -> None:
    """The bundled path scenes, 80 ticks: the same trace lines (and stage geometry when traced) either way."""
    def run(kernels: bool) -> list:
        path_finder.KERNELS = kernels
        try:
            sim = load_scene(scene)
            sim.trace_enabled = traced
            lines = []
            for _ in range(80):
                record = sim.tick()
                lines.append(json.dumps([e.trace_line() for e in sim.entities]) + json.dumps(record.events))
                if traced:
                    lines.append(repr([(st.name, st.geometry) for s in record.stages_of(1) for st in s.walk()]))
            return lines
        finally:
            path_finder.KERNELS = None
    assert run(True) == run(False)


def _past_equal_parents(ni, nf, heap, index) -> None:
    """A mutant `shiftUp` that moves a node past parents of equal weight (vanilla stops at them)."""
    node = heap[index]
    f = nf[node, wk.F]
    while index > 0:
        parent_index = (index - 1) >> 1
        parent = heap[parent_index]
        if not f <= nf[parent, wk.F]:
            break
        heap[index] = parent
        ni[parent, wk.HEAP] = index
        index = parent_index
    heap[index] = node
    ni[node, wk.HEAP] = index


def test_a_heap_tie_mutant_is_caught(monkeypatch) -> None:
    """The comparison above fails for a heap that breaks ties the other way: a node pushed with the weight of its
    parent moves above it (the search run as plain Python, with the mutant in place of `shift_up`)."""
    base = jit.plain(wk.find_path)
    scope = dict(base.__globals__, shift_up=_past_equal_parents)
    monkeypatch.setattr(wk, "find_path", types.FunctionType(base.__code__, scope, base.__name__))
    assert search(*maze(), kernels=True) != search(*maze(), kernels=False)


CHILD = """
import sys
sys.path.insert(0, {root!r})
from engine import jit
from tests.engine.test_path_kernel import digest
print(jit.compiled(), digest(range(5)))
"""


def test_jit_off_equals_jit_on() -> None:
    """With `NUMBA_DISABLE_JIT=1` the search kernels run as plain Python, with the same results bit for bit."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    child = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT))], env=env, capture_output=True,
                           text=True, timeout=600, cwd=ROOT)
    assert child.returncode == 0, child.stderr[-2000:]
    compiled, there = child.stdout.split()
    assert compiled == "False" and jit.compiled() == jit.jit_enabled()
    assert there == digest(range(5))


@pytest.mark.skipif(not jit.compiled(), reason="numba does not compile here (NUMBA_DISABLE_JIT=1 or not "
                                                "installed): the plain search counts no references")
def test_the_search_kernels_compile_without_reference_counts() -> None:
    """`find_path` and `node_type_sized` only borrow their arrays and compile without reference counting: counted,
    the array arguments of their inlined helpers made a search 12× slower (docs/performance.md, "The search without
    reference counts"). A kernel not marked so keeps numba's counting."""
    assert wk.find_path.targetoptions["_nrt"] is False
    assert wk.node_type_sized.targetoptions["_nrt"] is False
    assert "_nrt" not in wk.get_successors.targetoptions


def test_a_dynamic_shape_hands_the_search_back(monkeypatch) -> None:
    """A cell whose collision shape the cell decides (bamboo is offset per cell) is not decided on arrays: the
    kernel says FALLBACK and the object path finds the same path."""
    statuses = _kernel_statuses(monkeypatch)
    blocks = [{"from": [-6, 0, -6], "to": [8, 0, 6], "block": "minecraft:stone"},
              {"at": [2, 1, 0], "block": "minecraft:bamboo"}]
    case = (blocks, "minecraft:zombie", (0.5, 1.0, 0.5), (6, 1, 0))
    assert search(*case, kernels=True) == search(*case, kernels=False)
    assert statuses == [wk.FALLBACK]


def test_a_full_position_table_grows(monkeypatch) -> None:
    """A search that fills its position table runs again with a larger one, to the same result (a table of 512
    slots: the maze search touches more than 256 positions, at most a few dozen in one expansion)."""
    case = maze()
    sizes = []
    arrays = wk.work_arrays

    def recording(size, budget, targets):
        sizes.append(size)
        return arrays(size, budget, targets)
    monkeypatch.setattr(wk, "first_table_size", lambda footprint, step, fall: 512)
    monkeypatch.setattr(wk, "work_arrays", recording)
    monkeypatch.setattr(path_finder, "_WORK", {})
    assert search(*case, kernels=True) == search(*case, kernels=False)
    assert sizes == [512, 2048]
