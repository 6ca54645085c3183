"""Benchmark (issues 10, 21): one path search of about 30 blocks through a maze, and 100 mobs each searching in one
tick.

Run: python3 tests/bench/bench_pathfinding.py   (not collected by pytest). Peers, measured in the same run: the
`pathfinding` package's A* (`AStarFinder`, 8 neighbours, no corner cutting) on the maze's free cells, and a
plain `heapq` grid A* — the same walls, no path types. Times are process CPU time (`time.process_time`), best
of the repeats, so that other jobs on a shared machine count less. The searches run on arrays
(`engine.pathfinding.walk_kernel`) where numba compiles them; `--objects` times the object path instead.
Results: docs/performance.md.
"""

from __future__ import annotations

import heapq
import math
import os
import platform
import sys
import time

from pathfinding.core.diagonal_movement import DiagonalMovement
from pathfinding.core.grid import Grid
from pathfinding.finder.a_star import AStarFinder

from engine import jit
from engine.pathfinding import path_finder
from engine.pathfinding import walk_kernel as wk
from engine.tick.scene import load_scene_text
from engine.tick.simulation import Simulation

REPEATS = 5
SEARCH_REPEATS = 30
MOBS = 100
# a serpentine maze: walls 3 high at x = 2, 4, 6, z ∈ [-4, 4], their gaps alternating at z = 5 and z = -5
WALLS = [(x, -4, 4) for x in (2, 4, 6)]
START, GOAL = (0, 0), (8, 0)


def maze_toml(mobs: int) -> str:
    out = ['[[blocks]]\nfrom = [-3, 0, -7]\nto = [13, 0, 7]\nblock = "minecraft:stone"\n',
           '[[blocks]]\nfrom = [-3, 1, -7]\nto = [13, 3, -7]\nblock = "minecraft:stone_bricks"\n',
           '[[blocks]]\nfrom = [-3, 1, 7]\nto = [13, 3, 7]\nblock = "minecraft:stone_bricks"\n']
    for i, (x, z0, z1) in enumerate(WALLS):
        lo, hi = (z0 - 2, z1) if i % 2 == 0 else (z0, z1 + 2)   # close one end, leave the other open
        out.append(f'[[blocks]]\nfrom = [{x}, 1, {lo}]\nto = [{x}, 3, {hi}]\nblock = "minecraft:stone_bricks"\n')
    for i in range(mobs):
        out.append(f'[[entities]]\ntype = "minecraft:villager"\nid = {i + 1}\npos = [0.5, 1.0, 0.5]\n'
                   'on_ground = true\nmotion = [0.0, -0.0784000015258789, 0.0]\n'
                   f'path_to = {{ pos = [{GOAL[0] + 0.5}, 1.0, {GOAL[1] + 0.5}] }}\n')
    return "\n".join(out)


def one_search(cold: bool) -> tuple[float, dict]:
    """One villager's search through the maze (`MobNavigation.findPathTo`, reach 1), best of SEARCH_REPEATS:
    cold in a fresh world, or again in the same world (cell types shared between searches)."""
    best, nav = math.inf, None
    sim = load_scene_text(maze_toml(1), "maze")
    for _ in range(SEARCH_REPEATS):
        if cold:
            sim = load_scene_text(maze_toml(1), "maze")
        nav = sim.entity_by_id(1).navigation
        nav.current_path = None
        t0 = time.process_time()
        nav.find_path_to(sim.world, (GOAL[0], 1, GOAL[1]), 1)
        best = min(best, time.process_time() - t0)
    return best, nav.searches[-1].event(1)


def kernel_alone() -> tuple[float, int, int]:
    """The maze search's compiled kernel alone (`walk_kernel.find_path`, its arrays reset as for each search),
    best of SEARCH_REPEATS: (seconds, nodes expanded, positions touched)."""
    calls = []
    kernel = wk.find_path

    def spy(*args: object) -> tuple:
        calls.append(args)
        return kernel(*args)
    wk.find_path = spy
    try:
        sim = load_scene_text(maze_toml(1), "maze")
        sim.entity_by_id(1).navigation.find_path_to(sim.world, (GOAL[0], 1, GOAL[1]), 1)
    finally:
        wk.find_path = kernel
    args = calls[-1]
    w = args[3]
    best, expanded = math.inf, 0
    for _ in range(SEARCH_REPEATS):
        path_finder.work_arrays(len(w[0]), args[12], len(args[9]))   # reset, as before each search
        t0 = time.process_time()
        expanded = kernel(*args)[2]
        best = min(best, time.process_time() - t0)
    return best, expanded, int(w[9][wk.USED])


def many_searches() -> float:
    """The first tick of a scene of 100 villagers with the same goal: 100 searches and 100 first steps."""
    best = math.inf
    for _ in range(REPEATS):
        sim: Simulation = load_scene_text(maze_toml(MOBS), "maze")
        t0 = time.process_time()
        record = sim.tick()
        best = min(best, time.process_time() - t0)
        assert sum(e["kind"] == "path" for e in record.events) == MOBS
    return best


def block_change_repath() -> tuple[float, int]:
    """100 villagers walking the maze; 25 ticks in (more than 20 after their searches) a block is placed on their
    path: `onBlockChanged` makes those whose path still crosses it (99 of 100: cramming has pushed one off its
    path by then) search again inside that one block change."""
    best, searched = math.inf, 0
    for _ in range(REPEATS):
        sim = load_scene_text(maze_toml(MOBS), "maze")
        for _ in range(25):
            sim.tick()
        t0 = time.process_time()
        sim.world.set_block_state(3, 1, 0, sim.world.get_block_state(2, 1, 0))
        best = min(best, time.process_time() - t0)
        assert len(sim.entities) == MOBS and all(len(e.navigation.searches) <= 1 for e in sim.entities)
        searched = sum(len(e.navigation.searches) for e in sim.entities)
        assert searched >= MOBS - 2
    return best, searched


def free_cells() -> set[tuple[int, int]]:
    sim = load_scene_text(maze_toml(0), "maze")
    return {(x, z) for x in range(-2, 13) for z in range(-6, 7) if sim.world.get_block_state(x, 1, z).is_air}


def package_astar() -> tuple[float, int]:
    """The peer: the `pathfinding` package's A* on the maze's free cells (diagonals only past free sides)."""
    free = free_cells()
    grid = Grid(matrix=[[int((x, z) in free) for x in range(-2, 13)] for z in range(-6, 7)])
    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)
    best, length = math.inf, 0
    for _ in range(SEARCH_REPEATS):
        grid.cleanup()
        t0 = time.process_time()
        path, _ = finder.find_path(grid.node(START[0] + 2, START[1] + 6), grid.node(GOAL[0] + 2, GOAL[1] + 6), grid)
        best = min(best, time.process_time() - t0)
        length = len(path)
    return best, length


def grid_astar() -> tuple[float, int]:
    """The peer: textbook A* on the maze's free cells (8 neighbours, corner cutting forbidden)."""
    free = free_cells()

    def search() -> int:
        open_set = [(0.0, 0.0, START)]
        g = {START: 0.0}
        closed = set()
        while open_set:
            _, cost, node = heapq.heappop(open_set)
            if node == GOAL:
                return len(closed)
            if node in closed:
                continue
            closed.add(node)
            for dx in (-1, 0, 1):
                for dz in (-1, 0, 1):
                    nxt = (node[0] + dx, node[1] + dz)
                    sides_free = (node[0] + dx, node[1]) in free and (node[0], node[1] + dz) in free
                    if (dx or dz) and nxt in free and sides_free:
                        c = cost + math.hypot(dx, dz)
                        if c < g.get(nxt, math.inf):
                            g[nxt] = c
                            heapq.heappush(open_set, (c + math.dist(nxt, GOAL), c, nxt))
        return len(closed)
    best, expanded = math.inf, 0
    for _ in range(REPEATS):
        t0 = time.process_time()
        expanded = search()
        best = min(best, time.process_time() - t0)
    return best, expanded


def main() -> None:
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    if "--objects" in sys.argv:
        path_finder.KERNELS = False
    else:
        t0 = time.perf_counter()
        jit.bind_kernels()
        one_search(cold=True)
        print(f"search kernels {'compiled' if jit.compiled() else 'NOT compiled'}: bound and first search "
              f"{time.perf_counter() - t0:.2f} s (compiles once into numba's disk cache)")
    t1, event = one_search(cold=True)
    print(f"one search through the maze: {t1 * 1000:.3f} ms, {len(event['nodes'])} nodes, "
          f"{event['visited']} visited, reached={event['reached']}")
    t_warm, _ = one_search(cold=False)
    print(f"the same search again in the same world: {t_warm * 1000:.3f} ms")
    if jit.compiled():
        tk, expanded, touched = kernel_alone()
        print(f"of which the compiled search (walk_kernel.find_path): {tk * 1000:.3f} ms, {expanded} expansions "
              f"({tk * 1e6 / expanded:.2f} µs each), {touched} positions touched")
    t100 = many_searches()
    print(f"{MOBS} villagers searching in one tick: {t100 * 1000:.1f} ms ({t100 * 1000 / MOBS:.3f} ms each)")
    t_re, searched = block_change_repath()
    print(f"{searched} villagers re-pathing after one block change: {t_re * 1000:.1f} ms "
          f"({t_re * 1000 / searched:.3f} ms each)")
    tp, length = package_astar()
    print(f"peer, the pathfinding package's A* on the same maze: {tp * 1000:.3f} ms, a {length}-cell path; "
          f"ratio {t1 / tp:.2f}x (fresh world), {t_warm / tp:.2f}x (same world)")
    th, expanded = grid_astar()
    print(f"peer, plain heapq grid A* on the same maze: {th * 1000:.3f} ms, {expanded} expanded; "
          f"ratio {t1 / th:.2f}x")


if __name__ == "__main__":
    main()
