"""Players against a peer: prismarine-physics (PrismarineJS, an independent JavaScript player tick).

Thirteen scenarios of our own (walking, sprinting, sprint-jumping, strafing diagonally, walking into walls, stepping
onto slabs, falling, jumping on ice, climbing a ladder, swimming up, swimming onto a ledge, walking and jumping in
lava) are written as the peer's scenario files under
tests/engine/fixtures/prismarine/NAME.json; when the peer is installed this script runs it on each and stores its
trace as NAME.jsonl next to it (tests/engine/test_prismarine.py compares Tickscope with those committed traces).
`scene_toml` turns a scenario into the Tickscope scene that plays the same keys.

    python3 tools/prismarine_crosscheck.py                      # regenerate with the float-exact fluid peer
    python3 tools/prismarine_crosscheck.py --peer plain --out DIR   # the unpatched peer, traces into DIR
    python3 tools/prismarine_crosscheck.py --compare            # print agreement with the committed traces

Three peers: `plain` is prismarine-physics as published, installed under $ORACLE_DIR (default
~/.cache/tickscope-oracle); `vanilla` is a copy of it under $ORACLE_DIR-vanilla patched to vanilla's float rules
by ../shared/oracles/patch_prismarine.py `full` (the sine table, 0.98F inputs, float ground and air acceleration,
(double)0.1F base speed); `fluid` (the default, the one the committed traces come from) is that peer with 1.16.5's
water and lava, under $ORACLE_DIR-fluid, built by tools/prismarine_fluid_patch.py. The driver script is looked up
at $PRISMARINE_TRACE_JS or ../shared/oracles/prismarine_trace.js.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "engine" / "fixtures" / "prismarine"
KEYS = ("forward", "back", "left", "right", "jump", "sprint", "sneak")
STAND_VY = -0.0784000015258789      # what a player standing still carries into each tick
START = {"pos": [0.5, 1, 0.5], "vel": [0, STAND_VY, 0], "onGround": True, "yaw": -90, "pitch": 0}
FLOOR = {"block": "stone", "top": 0, "bottom": -4}
AT_REST = {"vel": [0, 0, 0], "onGround": False, "yaw": 0, "pitch": 0}   # a player let go in the air, facing south


def pool(block: str, top: int, east: int = 3) -> dict[str, Any]:
    """Still water or lava from the floor up to `top`, x -3..`east`, z -3..3."""
    return {"from": [-3, 1, -3], "to": [east, top, 3], "block": block}


SCENARIOS: dict[str, dict[str, Any]] = {
    "walking": {"description": "Walk east for 40 ticks, then let go for 20.", "ticks": 60, "floor": FLOOR,
                "blocks": [], "player": START, "schedule": [{"from": 1, "to": 40, "forward": True}]},
    "sprinting": {"description": "Sprint south (yaw 0) for 50 ticks, then let go (releasing only the sprint key "
                                 "keeps a vanilla player sprinting, but not the peer's).",
                  "ticks": 70, "floor": FLOOR, "blocks": [], "player": {**START, "yaw": 0},
                  "schedule": [{"from": 1, "to": 50, "forward": True, "sprint": True}]},
    "sprint_jumping": {"description": "Sprint-jump at yaw 30 from a standstill for 60 ticks.", "ticks": 60,
                       "floor": FLOOR, "blocks": [], "player": {**START, "yaw": 30},
                       "schedule": [{"from": 1, "to": 60, "forward": True, "sprint": True, "jump": True}]},
    "strafing_diagonally": {"description": "Forward and left together at yaw -45 (input normalised), then only "
                                           "right.", "ticks": 60, "floor": FLOOR, "blocks": [],
                            "player": {**START, "yaw": -45},
                            "schedule": [{"from": 1, "to": 40, "forward": True, "left": True},
                                         {"from": 41, "to": 60, "right": True}]},
    "walking_into_walls": {"description": "Walk east into a 2-high wall at x = 4, then turn to yaw -60 and slide "
                                          "along it.", "ticks": 50, "floor": FLOOR,
                           "blocks": [{"from": [4, 1, -6], "to": [4, 2, 12], "block": "stone"}],
                           "player": START,
                           "schedule": [{"from": 1, "to": 30, "forward": True},
                                        {"from": 31, "to": 50, "forward": True, "yaw": -60}]},
    "stepping_onto_slabs": {"description": "Walk east onto a row of bottom slabs at x = 2..3, then onto stone at "
                                           "x = 4..8 (two 0.5 m steps).", "ticks": 50, "floor": FLOOR,
                            "blocks": [{"from": [2, 1, -3], "to": [3, 1, 3], "block": "stone_slab[type=bottom]"},
                                       {"from": [4, 1, -3], "to": [8, 1, 3], "block": "stone"}],
                            "player": START, "schedule": [{"from": 1, "to": 50, "forward": True}]},
    "falling": {"description": "Fall from rest 30 m above the floor and land; no keys.", "ticks": 60,
                "floor": FLOOR, "blocks": [],
                "player": {"pos": [0.5, 31, 0.5], **AT_REST},
                "schedule": []},
    "jumping_on_ice": {"description": "Walk and jump east on packed ice for 50 ticks, then let go on the ice.",
                       "ticks": 80, "floor": {"block": "packed_ice", "top": 0, "bottom": -4}, "blocks": [],
                       "player": START, "schedule": [{"from": 1, "to": 50, "forward": True, "jump": True}]},
    "climbing_a_ladder": {"description": "Walk into a ladder column and hold forward to climb it.", "ticks": 40,
                          "floor": FLOOR,
                          "blocks": [{"from": [2, 1, 0], "to": [2, 12, 0], "block": "ladder[facing=west]"},
                                     {"from": [3, 1, 0], "to": [3, 12, 0], "block": "stone"}],
                          "player": START, "schedule": [{"from": 1, "to": 40, "forward": True}]},
    "swimming_up": {"description": "Hold jump at the bottom of 4 m of still water, swim up to the surface and "
                                   "bob there.",
                    "ticks": 80, "floor": FLOOR,
                    "blocks": [pool("water", 4)],
                    "player": START, "schedule": [{"from": 1, "to": 80, "jump": True}]},
    "swimming_onto_a_ledge": {"description": "From the bottom of 2 m of still water, swim east (forward and jump) "
                                             "into a stone ledge at x = 4 whose top is 0.11 above the surface, climb "
                                             "along it until the leap out (y 0.3F), then hop on along the ledge.",
                              "ticks": 60, "floor": FLOOR,
                              "blocks": [pool("water", 2),
                                         {"from": [4, 1, -3], "to": [12, 2, 3], "block": "stone"}],
                              "player": {**START, "pos": [3.5, 1, 0.5]},
                              "schedule": [{"from": 1, "to": 60, "forward": True, "jump": True}]},
    "walking_in_lava": {"description": "Walk east along the bottom of 2 m of still lava for 30 ticks, then let go "
                                       "(40 ticks: the fifth burn, at tick 41, kills a vanilla player).",
                        "ticks": 40, "floor": FLOOR,
                        "blocks": [pool("lava", 2, east=12)],
                        "player": START, "schedule": [{"from": 1, "to": 30, "forward": True}]},
    "jumping_in_lava": {"description": "Let go at rest 0.5 m above the bottom of 2 m of still lava and hold jump: "
                                       "swim up to the surface and bob there (the drag changes where the lava is "
                                       "no deeper than 0.4). 40 ticks: the fifth burn, at tick 41, kills a "
                                       "vanilla player, and the peer has no health.",
                        "ticks": 40, "floor": FLOOR,
                        "blocks": [pool("lava", 2)],
                        "player": {"pos": [0.5, 1.5, 0.5], **AT_REST},
                        "schedule": [{"from": 1, "to": 40, "jump": True}]},
}


def held_per_tick(scenario: dict[str, Any]) -> list[tuple[tuple[bool, ...], float, float]]:
    """The peer's reading of the schedule (later entries win; the look stays), tick by tick from 1."""
    p = scenario["player"]
    out = []
    for t in range(1, scenario["ticks"] + 1):
        keys = dict.fromkeys(KEYS, False)
        yaw, pitch = p.get("yaw", 0), p.get("pitch", 0)
        for s in scenario["schedule"]:
            if s["from"] <= t <= s.get("to", s["from"]):
                keys.update({k: bool(s[k]) for k in KEYS if k in s})
                yaw, pitch = s.get("yaw", yaw), s.get("pitch", pitch)
        out.append((tuple(keys[k] for k in KEYS), float(yaw), float(pitch)))
    return out


def _block_entry(b: dict[str, Any], floor_y: int | None = None) -> str:
    block = b["block"] if ":" in b["block"] else "minecraft:" + b["block"]
    if "pos" in b:
        return f'[[blocks]]\nat = {b["pos"]}\nblock = "{block}"\n'
    return f'[[blocks]]\nfrom = {b["from"]}\nto = {b["to"]}\nblock = "{block}"\n'


def scene_toml(scenario: dict[str, Any], extent: int = 40) -> str:
    """The Tickscope scene playing the same keys: the floor as a box around the path, the blocks, the player
    (id 1) and one `[[inputs]]` range per run of ticks holding the same keys and look."""
    f, p = scenario["floor"], scenario["player"]
    parts = [f'[scene]\nname = "{scenario["description"]}"\n']
    parts.append(_block_entry({"from": [-extent, max(0, f["bottom"]), -extent], "to": [extent, f["top"], extent],
                               "block": f["block"]}))
    parts += [_block_entry(b) for b in scenario["blocks"]]
    parts.append(f'[[entities]]\ntype = "minecraft:player"\nid = 1\npos = {[float(c) for c in p["pos"]]}\n'
                 f'motion = {[float(c) for c in p["vel"]]}\non_ground = {str(p["onGround"]).lower()}\n'
                 f'yaw = {float(p.get("yaw", 0))}\npitch = {float(p.get("pitch", 0))}\n')
    ticks = held_per_tick(scenario)
    start = 0
    for i in range(1, len(ticks) + 1):
        if i == len(ticks) or ticks[i] != ticks[start]:
            keys, yaw, pitch = ticks[start]
            held = "".join(f"{k} = true\n" for k, on in zip(KEYS, keys, strict=True) if on)
            parts.append(f"[[inputs]]\nentity = 1\nfrom = {start + 1}\nto = {i}\nyaw = {yaw}\npitch = {pitch}\n{held}")
            start = i
    return "\n".join(parts)


def tickscope_trace(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    """Tickscope's state after each tick (line 0 = the start), in the peer's field names."""
    from engine.tick.scene import load_scene_text
    sim = load_scene_text(scene_toml(scenario), "prismarine scenario")
    p = sim.entity_by_id(1)
    out = []
    for t in range(scenario["ticks"] + 1):
        if t:
            sim.tick()
        out.append({"tick": t, "pos": list(p.pos), "vel": list(p.motion), "onGround": p.on_ground,
                    "isCollidedHorizontally": p.horizontal_collision})
    return out


def agreement(name: str) -> dict[str, float | int]:
    """Max |Tickscope − peer| per quantity over all ticks, and the ticks whose onGround differs."""
    scenario = json.loads((FIXTURES / f"{name}.json").read_text())
    peer = [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text().splitlines()]
    ours = tickscope_trace(scenario)
    res: dict[str, float | int] = {"pos": 0.0, "vel": 0.0, "on_ground_mismatches": 0}
    for a, b in zip(ours, peer, strict=True):
        res["pos"] = max(res["pos"], *(abs(x - y) for x, y in zip(a["pos"], b["pos"], strict=True)))
        res["vel"] = max(res["vel"], *(abs(x - y) for x, y in zip(a["vel"], b["vel"], strict=True)))
        res["on_ground_mismatches"] += a["onGround"] != b["onGround"]
    return res


PEERS = {"plain": "", "vanilla": "-vanilla", "fluid": "-fluid"}


def peer_modules(peer: str) -> Path:
    """The node_modules folder of the `plain`, the `vanilla` (float-patched) or the `fluid` peer."""
    oracle_dir = os.environ.get("ORACLE_DIR", str(Path.home() / ".cache" / "tickscope-oracle"))
    return Path(oracle_dir + PEERS[peer]) / "node_modules"


def regenerate(peer: str = "fluid", out: Path = FIXTURES) -> None:
    script = Path(os.environ.get("PRISMARINE_TRACE_JS", ROOT.parent.parent / "shared" / "oracles"
                                 / "prismarine_trace.js"))
    if not script.exists():
        script = ROOT.parent / "shared" / "oracles" / "prismarine_trace.js"
    modules = peer_modules(peer)
    if not script.exists() or not modules.exists():
        how = " (python3 tools/prismarine_fluid_patch.py builds it)" if peer == "fluid" else ""
        sys.exit(f"prismarine_crosscheck: the {peer} peer is not installed (need {script} and {modules}){how}")
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ORACLE_NODE_MODULES": str(modules)}
    for name, scenario in SCENARIOS.items():
        path = out / f"{name}.json"
        path.write_text(json.dumps({"version": "1.16.4", **scenario}, indent=1) + "\n")
        done = subprocess.run(["node", str(script), str(path)], capture_output=True, text=True, env=env, check=True)
        (out / f"{name}.jsonl").write_text(done.stdout)
        print(f"{name}: {len(done.stdout.splitlines())} lines")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(description="Regenerate or compare the prismarine-physics peer traces.")
    parser.add_argument("--compare", action="store_true", help="print the agreement with the committed traces")
    parser.add_argument("--peer", choices=tuple(PEERS), default="fluid",
                        help="the float-patched peer with 1.16.5's fluids (default), the float-patched peer "
                             "(vanilla) or prismarine-physics as published (plain)")
    parser.add_argument("--out", type=Path, default=FIXTURES, help="where the traces go (default: the fixtures)")
    args = parser.parse_args()
    if args.compare:
        for n in SCENARIOS:
            print(n, agreement(n))
    else:
        regenerate(args.peer, args.out)
