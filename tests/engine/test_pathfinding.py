"""Path finding data and search (spec 07 §2-§6, seed 001; 1.16.5 behaviour): block path types and the
neighbourhood rules, mob-specific types, the binary heap's order and tie-breaking, and searches run through
scenes (the `path` event). Expected values come from the rules, not from runs."""

from __future__ import annotations

from itertools import pairwise

import pytest

from engine.pathfinding.node_types import PathNodeType as T
from engine.pathfinding.path import PathNode
from engine.pathfinding.path_finder import PathMinHeap
from engine.pathfinding.region import ChunkCache
from engine.pathfinding.walk_evaluator import get_land_node_type
from tests.conftest import build_scene

FLOOR = {"from": [-12, 0, -12], "to": [24, 0, 12], "block": "minecraft:stone"}
STILL = [0.0, -0.0784000015258789, 0.0]


def land_type(block: str | None, below: str = "minecraft:stone", beside: str | None = None) -> T:
    """The land type at (0, 1, 0) with `block` there, `below` under it and `beside` at (1, 1, 0)."""
    tables = [{"at": [0, 0, 0], "block": below}]
    if block:
        tables.append({"at": [0, 1, 0], "block": block})
    if beside:
        tables.append({"at": [1, 1, 0], "block": beside})
    sim = build_scene(blocks=tables)
    return get_land_node_type(ChunkCache.of_world(sim.world), 0, 1, 0)


@pytest.mark.parametrize("block, below, beside, expected", [
    (None, "minecraft:stone", None, T.WALKABLE),
    (None, "minecraft:air", None, T.OPEN),
    (None, "minecraft:water", None, T.OPEN),
    (None, "minecraft:lava", None, T.OPEN),
    (None, "minecraft:magma_block", None, T.DAMAGE_FIRE),
    (None, "minecraft:honey_block", None, T.STICKY_HONEY),
    (None, "minecraft:cactus", None, T.DAMAGE_CACTUS),
    (None, "minecraft:stone", "minecraft:lava", T.DANGER_FIRE),
    (None, "minecraft:stone", "minecraft:fire", T.DANGER_FIRE),
    (None, "minecraft:stone", "minecraft:cactus", T.DANGER_CACTUS),
    (None, "minecraft:stone", "minecraft:sweet_berry_bush", T.DANGER_OTHER),
    (None, "minecraft:stone", "minecraft:water", T.WATER_BORDER),
    (None, "minecraft:stone", "minecraft:campfire[lit=false]", T.WALKABLE),
    ("minecraft:water", "minecraft:stone", None, T.WATER),
    ("minecraft:lava", "minecraft:stone", None, T.LAVA),
    ("minecraft:fire", "minecraft:stone", None, T.DAMAGE_FIRE),
    ("minecraft:cactus", "minecraft:sand", None, T.DAMAGE_CACTUS),
    ("minecraft:sweet_berry_bush", "minecraft:grass_block", None, T.DAMAGE_OTHER),
    ("minecraft:oak_fence", "minecraft:stone", None, T.FENCE),
    ("minecraft:cobblestone_wall", "minecraft:stone", None, T.FENCE),
    ("minecraft:oak_fence_gate", "minecraft:stone", None, T.FENCE),
    ("minecraft:oak_fence_gate[open=true]", "minecraft:stone", None, T.WALKABLE),
    ("minecraft:oak_door", "minecraft:stone", None, T.DOOR_WOOD_CLOSED),
    ("minecraft:iron_door", "minecraft:stone", None, T.DOOR_IRON_CLOSED),
    ("minecraft:oak_door[open=true]", "minecraft:stone", None, T.DOOR_OPEN),
    ("minecraft:oak_trapdoor", "minecraft:stone", None, T.TRAPDOOR),
    ("minecraft:lily_pad", "minecraft:water", None, T.TRAPDOOR),
    ("minecraft:rail", "minecraft:stone", None, T.RAIL),
    ("minecraft:oak_leaves", "minecraft:stone", None, T.LEAVES),
    ("minecraft:cocoa", "minecraft:jungle_log", None, T.COCOA),
    ("minecraft:stone", "minecraft:stone", None, T.BLOCKED),
    ("minecraft:oak_stairs", "minecraft:stone", None, T.BLOCKED),
    ("minecraft:stone_pressure_plate", "minecraft:stone", None, T.WALKABLE),
    ("minecraft:snow[layers=4]", "minecraft:stone", None, T.WALKABLE),
    ("minecraft:snow[layers=5]", "minecraft:stone", None, T.BLOCKED),
])
def test_land_node_types(block, below, beside, expected) -> None:
    """Spec 07 §3.1 for 1.16.5: the block itself, else OPEN refined by the block below (fluids and air keep it
    OPEN, damaging floors pass their type up), else WALKABLE refined by the first danger in the 3×3×3 cube."""
    assert land_type(block, below, beside) is expected


def test_default_penalties() -> None:
    """Spec 07 §3 (1.16.5 enum): the costs that shape every search."""
    assert [t.default_penalty for t in (T.BLOCKED, T.OPEN, T.WALKABLE, T.WATER, T.WATER_BORDER, T.DANGER_FIRE,
                                        T.DAMAGE_FIRE, T.DANGER_CACTUS, T.DAMAGE_CACTUS, T.BREACH,
                                        T.STICKY_HONEY, T.FENCE, T.LAVA, T.LEAVES)] == \
        [-1.0, 0.0, 0.0, 8.0, 8.0, 8.0, 16.0, 8.0, -1.0, 4.0, 8.0, -1.0, -1.0, -1.0]


def node(x: int, f: float) -> PathNode:
    n = PathNode(x, 0, 0)
    n.heap_weight = f
    return n


def test_heap_pops_by_weight_and_keeps_equal_weights_in_vanilla_order() -> None:
    """`PathMinHeap`: strict comparisons, so of equal weights the first pushed stays at the root; on a tie
    between two children the right one moves up. Order derived by hand from the array rules."""
    heap = PathMinHeap()
    nodes = [node(0, 2.0), node(1, 1.0), node(2, 1.0), node(3, 3.0), node(4, 1.0)]
    for n in nodes:
        heap.push(n)
    # array after pushes: [1(x1), 2(x0), 1(x2), 3(x3), 1(x4)] → sift of x4: parent index 1 (2.0) > 1 → swap
    assert [n.x for n in heap.nodes[:heap.count]] == [1, 4, 2, 3, 0]
    popped = [heap.pop().x for _ in range(5)]
    # pop x1: last (x0, 2.0) to root; children x4 (1.0) and x2 (1.0) tie → right child x2 moves up
    assert popped == [1, 2, 4, 0, 3]
    assert all(n.heap_index == -1 for n in nodes)


def test_heap_reweighting_moves_a_node_up() -> None:
    heap = PathMinHeap()
    a, b, c = node(0, 1.0), node(1, 2.0), node(2, 3.0)
    for n in (a, b, c):
        heap.push(n)
    heap.set_node_weight(c, 0.5)
    assert heap.pop() is c and c.heap_weight == 0.5


def search(entities: dict, blocks: list, ticks: int = 1):
    sim = build_scene(blocks=[FLOOR, *blocks], entities=[{"id": 1, "motion": STILL, "on_ground": True,
                                                          **entities}])
    events = []
    for _ in range(ticks):
        events += [e for e in sim.tick().events if e["kind"] == "path"]
    return sim, events


def test_path_around_a_wall_reaches_and_stays_off_the_wall() -> None:
    """A 2-high wall at x = 4, z ∈ [−3, 3]: the path goes round its end; reached within distance 1 (Manhattan)."""
    wall = {"from": [4, 1, -3], "to": [4, 2, 3], "block": "minecraft:stone_bricks"}
    _, events = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5],
                        "path_to": {"pos": [8.5, 1.0, 0.5]}}, [wall])
    (ev,) = events
    assert ev["reached"] and ev["target"] == [8, 1, 0] and ev["dist_to_target"] <= 1.0
    assert ev["nodes"][0] == [0, 1, 0]
    assert not any(n[0] == 4 and -3 <= n[2] <= 3 for n in ev["nodes"])
    assert any(abs(n[2]) >= 4 for n in ev["nodes"])
    # each step moves by at most one block on each horizontal axis
    assert all(abs(a[0] - b[0]) <= 1 and abs(a[2] - b[2]) <= 1 for a, b in pairwise(ev["nodes"]))


def test_lava_is_avoided_and_its_border_costs() -> None:
    """LAVA is impassable; the cells beside it are DANGER_FIRE (penalty 8), so a detour of a few blocks is
    cheaper than walking along the pool: no node over or next to the lava."""
    pool = {"from": [3, 0, -1], "to": [5, 0, 1], "block": "minecraft:lava"}
    _, events = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5],
                        "path_to": {"pos": [8.5, 1.0, 0.5]}}, [pool])
    (ev,) = events
    assert ev["reached"]
    assert not any(2 <= n[0] <= 6 and -2 <= n[2] <= 2 for n in ev["nodes"])


def test_closed_wooden_door_opens_for_villagers_only() -> None:
    """Spec 07 §3.1: a mob that opens doors sees a closed wooden door as WALKABLE_DOOR; a zombie sees
    DOOR_WOOD_CLOSED (−1) and gets only a partial path."""
    wall = [{"from": [4, 1, -12], "to": [4, 3, 12], "block": "minecraft:stone_bricks"},
            {"at": [4, 1, 0], "block": "minecraft:oak_door[half=lower,facing=east]"},
            {"at": [4, 2, 0], "block": "minecraft:oak_door[half=upper,facing=east]"}]
    goal = {"path_to": {"pos": [8.5, 1.0, 0.5]}, "pos": [0.5, 1.0, 0.5]}
    _, (villager,) = search({"type": "minecraft:villager", **goal}, wall)
    _, (zombie,) = search({"type": "minecraft:zombie", **goal}, wall)
    assert villager["reached"] and [4, 1, 0] in villager["nodes"]
    assert not zombie["reached"] and [4, 1, 0] not in zombie["nodes"]


def test_rails_are_passable_only_from_a_rail() -> None:
    """Spec 07 §3.1: RAIL becomes UNPASSABLE_RAIL unless the mob stands in or on a rail; a line of rails
    across the floor stops a zombie beside it, not one standing on a rail."""
    rails = [{"from": [3, 1, -12], "to": [3, 1, 12], "block": "minecraft:rail[shape=north_south]"}]
    _, (off,) = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5],
                        "path_to": {"pos": [6.5, 1.0, 0.5]}}, rails)
    _, (on,) = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5],
                       "path_to": {"pos": [6.5, 1.0, 0.5]}},
                      [*rails, {"at": [0, 1, 0], "block": "minecraft:rail"}])
    assert not off["reached"] and on["reached"]


def test_a_fence_line_is_not_crossed() -> None:
    fence = [{"from": [3, 1, -12], "to": [3, 1, 12], "block": "minecraft:oak_fence"}]
    _, (ev,) = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "path_to": {"pos": [6.5, 1.0, 0.5]}},
                      fence)
    assert not ev["reached"] and all(n[0] < 3 for n in ev["nodes"])


def test_a_step_up_of_one_block_is_a_node_a_wall_of_two_is_not() -> None:
    """Spec 07 §6 step 5: maxYStep = max(1, stepHeight) floored; a 1-high ledge is climbed in the path."""
    ledge = [{"from": [3, 1, -12], "to": [12, 1, 12], "block": "minecraft:stone"}]
    _, (ev,) = search({"type": "minecraft:zombie", "pos": [0.5, 1.0, 0.5], "path_to": {"pos": [6.5, 2.0, 0.5]}},
                      ledge)
    assert ev["reached"] and ev["nodes"][-1][1] == 2


def test_wide_mob_needs_two_free_columns() -> None:
    """An iron golem (1.4 wide: a 2×2 footprint) cannot pass a 1-wide gap that a zombie passes."""
    wall = [{"from": [4, 1, -12], "to": [4, 3, 12], "block": "minecraft:stone_bricks"},
            {"from": [4, 1, 0], "to": [4, 2, 0], "block": "minecraft:air"}]
    goal = {"pos": [0.5, 1.0, 0.5], "path_to": {"pos": [8.5, 1.0, 0.5]}}
    _, (zombie,) = search({"type": "minecraft:zombie", **goal}, wall)
    _, (golem,) = search({"type": "minecraft:iron_golem", **goal}, wall)
    assert zombie["reached"] and not golem["reached"]


def test_swim_search_goes_round_a_pillar_under_water() -> None:
    """`SwimPathNodeMaker` (spec 07 §3.2): a guardian in a pool finds its way round a stone pillar through WATER
    nodes only (six axis successors, so every step is one block along one axis); a node in the air above the
    water is BREACH, which only a dolphin may use."""
    from engine.pathfinding.path_finder import PathNodeNavigator
    from engine.pathfinding.swim_evaluator import SwimPathNodeMaker

    sim = build_scene(blocks=[{"from": [-1, 0, -6], "to": [11, 0, 6], "block": "minecraft:stone"},
                              {"from": [0, 1, -5], "to": [10, 4, 5], "block": "minecraft:water"},
                              {"from": [5, 1, -2], "to": [5, 5, 2], "block": "minecraft:stone"}],
                      entities=[{"type": "minecraft:guardian", "id": 1, "pos": [1.5, 2.0, 0.5], "no_ai": True}])
    guardian = sim.entity_by_id(1)
    view = ChunkCache.of_world(sim.world)
    path = PathNodeNavigator(SwimPathNodeMaker(), 256).find_path_to_any(view, guardian, [(8, 2, 0)], 16.0, 1,
                                                                          1.0)
    assert path.reaches_target
    assert all(n.type is T.WATER for n in path.nodes[1:])
    assert all(sum(abs(a - b) for a, b in zip(m.pos, n.pos, strict=True)) == 1 for m, n in pairwise(path.nodes))
    assert not any(n.x == 5 and -2 <= n.z <= 2 and n.y <= 5 for n in path.nodes)
    assert SwimPathNodeMaker.get_default_node_type(view, 3, 5, 0) is T.BREACH


def test_fly_search_goes_over_a_wall() -> None:
    """`BirdPathNodeMaker` (spec 07 §3.2): 26 successors; a wall 3 high across the whole floor is flown over
    (nodes above its top), where a walker finds no way; the start is the feet cell (floor(y + 0.5))."""
    from engine.pathfinding.fly_evaluator import BirdPathNodeMaker
    from engine.pathfinding.path_finder import PathNodeNavigator

    sim = build_scene(blocks=[FLOOR, {"from": [4, 1, -12], "to": [4, 3, 12], "block": "minecraft:stone_bricks"}],
                      entities=[{"type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "no_ai": True,
                                 "on_ground": True}])
    mob = sim.entity_by_id(1)
    view = ChunkCache.of_world(sim.world)
    path = PathNodeNavigator(BirdPathNodeMaker(), 560).find_path_to_any(view, mob, [(8, 1, 0)], 35.0, 1, 1.0)
    assert path.reaches_target and path.nodes[0].pos == (0, 1, 0)
    assert any(n.x == 4 and n.y >= 4 for n in path.nodes)
    assert all(max(abs(a - b) for a, b in zip(m.pos, n.pos, strict=True)) == 1 for m, n in pairwise(path.nodes))
    assert BirdPathNodeMaker.get_floor_node_type(view, 0, 5, 0) is T.OPEN
    assert BirdPathNodeMaker.get_floor_node_type(view, 0, 1, 0) is T.WALKABLE


def test_amphibious_search_crosses_a_pool() -> None:
    """`AmphibiousPathNodeMaker` (spec 07 §3.2): a pool across the whole floor is crossed at the surface; water
    beside a solid block is WATER_BORDER, water all round WATER, and the air over water (WALKABLE) becomes
    WATER_BORDER from the water around it."""
    from engine.pathfinding.amphibious_evaluator import AmphibiousPathNodeMaker
    from engine.pathfinding.path_finder import PathNodeNavigator

    ground = {"from": [-12, 0, -12], "to": [24, 2, 12], "block": "minecraft:stone"}
    pool = {"from": [2, 1, -12], "to": [8, 2, 12], "block": "minecraft:water"}
    sim = build_scene(blocks=[ground, pool], entities=[{"type": "minecraft:zombie", "id": 1, "pos": [0.5, 3.0, 0.5],
                                                        "no_ai": True, "on_ground": True}])
    mob = sim.entity_by_id(1)
    view = ChunkCache.of_world(sim.world)
    path = PathNodeNavigator(AmphibiousPathNodeMaker(), 560).find_path_to_any(view, mob, [(11, 3, 0)], 35.0, 1,
                                                                              1.0)
    assert path.reaches_target
    assert any(n.x == 5 and n.y in (2, 3) for n in path.nodes)
    assert AmphibiousPathNodeMaker.get_floor_node_type(view, 5, 1, 0) is T.WATER_BORDER   # stone below
    assert AmphibiousPathNodeMaker.get_floor_node_type(view, 5, 2, 5) is T.WATER          # water all round
    assert AmphibiousPathNodeMaker.get_floor_node_type(view, 5, 3, 0) is T.WATER_BORDER   # air over water


def test_no_diagonal_step_between_two_fences() -> None:
    """Spec 07 §6.1: a diagonal successor needs both axis neighbours passable (or lower); two fences on either
    side of the corner block it for a mob 0.5 or wider, and the fences themselves come back as closed FENCE
    nodes (1.16.5 `getPathNode` step 8), never as successors."""
    from engine.pathfinding.walk_evaluator import LandPathNodeMaker

    sim = build_scene(blocks=[FLOOR, {"at": [1, 1, 0], "block": "minecraft:oak_fence"},
                              {"at": [0, 1, 1], "block": "minecraft:oak_fence"}],
                      entities=[{"type": "minecraft:zombie", "id": 1, "pos": [0.5, 1.0, 0.5], "no_ai": True,
                                 "on_ground": True}])
    maker = LandPathNodeMaker()
    maker.init(ChunkCache.of_world(sim.world), sim.entity_by_id(1))
    start = maker.get_start()
    successors = [None] * 32
    found = {successors[i].pos for i in range(maker.get_successors(successors, start))}
    assert (1, 1, 1) not in found and (1, 1, 0) not in found and (0, 1, 1) not in found
    assert {(-1, 1, 0), (0, 1, -1), (-1, 1, -1)} <= found
    assert maker.get_node(1, 1, 0).type is T.FENCE and maker.get_node(1, 1, 0).visited
