"""Rail blocks drawn as track (no GL): two rails and the sleepers under them along the rail's `shape` property,
raised towards the named side for the ascending shapes and bent around the inner corner for the curves.

A rail has no collision shape, so the mesher would draw it as a translucent cell; the track shows instead where a
cart runs and which way. Only upward faces are made (the track is seen from above); a powered rail with
`powered=true` draws its rails in the palette's `rail_lit` colour. Nothing here is a mechanic: the shape is the
block's property as the world holds it.
"""

from __future__ import annotations

import numpy as np

RAIL_BLOCKS = frozenset({"rail", "powered_rail", "detector_rail", "activator_rail"})
EDGES = {"north": (0.5, 0.0), "south": (0.5, 1.0), "west": (0.0, 0.5), "east": (1.0, 0.5)}  # (x, z) midpoints
RAIL_GAUGE = 5.5 / 16     # rail centre to track centre, as the block model's rails
RAIL_WIDTH = 1.0 / 16
RAIL_TOP = 1.5 / 16       # the rails' top above the track's base
SLEEPER_TOP = 1.0 / 16
SLEEPER_HALF = 7.0 / 16   # sleepers reach this far either side of the track centre
SLEEPER_LENGTH = 2.0 / 16  # along the track
SLEEPERS = 4              # per block
CURVE_STEPS = 6           # segments of a curve's quarter circle
SLEEPER, RAIL, RAIL_LIT = range(3)  # part kinds, coloured by the caller


def track_path(shape: str) -> np.ndarray:
    """The track's centre line in block-local (x, y, z), from one edge midpoint to the other: straight for
    north_south / east_west, rising from 0 to 1 towards the named side for ascending_*, a quarter circle around
    the corner between the two named sides for the curves."""
    if shape.startswith("ascending_"):
        high = shape.removeprefix("ascending_")
        low = {"north": "south", "south": "north", "east": "west", "west": "east"}[high]
        (x0, z0), (x1, z1) = EDGES[low], EDGES[high]
        return np.array([[x0, 0.0, z0], [x1, 1.0, z1]])
    a, b = shape.split("_")
    (ax, az), (bx, bz) = EDGES[a], EDGES[b]
    if shape in ("north_south", "east_west"):
        return np.array([[ax, 0.0, az], [bx, 0.0, bz]])
    cx, cz = ax + bx - 0.5, az + bz - 0.5  # the block corner both sides meet at
    start = np.arctan2(az - cz, ax - cx)
    turn = np.arctan2(bz - cz, bx - cx) - start
    turn = (turn + np.pi) % (2 * np.pi) - np.pi
    angles = start + turn * np.linspace(0.0, 1.0, CURVE_STEPS + 1)
    return np.stack([cx + 0.5 * np.cos(angles), np.zeros_like(angles), cz + 0.5 * np.sin(angles)], axis=1)


def _ribbon(a: np.ndarray, b: np.ndarray, offset: float, half: float, lift: float) -> np.ndarray:
    """Upward quads (n, 4, 3) for segments a[i]..b[i], `half` either side of a line `offset` off the centre
    line (to its left looking from a to b), raised by `lift`; corners counter-clockwise seen from above."""
    d = b - a
    side = np.stack([d[:, 2], np.zeros(len(d)), -d[:, 0]], axis=1)
    side /= np.linalg.norm(side, axis=1, keepdims=True)
    up = np.array([0.0, lift, 0.0])
    lo, hi = side * (offset - half), side * (offset + half)
    quad = np.stack([a + lo, b + lo, b + hi, a + hi], axis=1) + up
    normal_y = np.cross(quad[:, 1] - quad[:, 0], quad[:, 2] - quad[:, 0])[:, 1]
    quad[normal_y < 0] = quad[normal_y < 0][:, ::-1]  # keep the upward face in front (culling)
    return quad


def rail_quads(shape: str, lit: bool) -> tuple[np.ndarray, np.ndarray]:
    """Block-local upward quads (n, 4, 3) of a rail of `shape` and each quad's part (SLEEPER, RAIL or
    RAIL_LIT when `lit`): sleepers first, then the two rails on top of them."""
    path = track_path(shape)
    a, b = path[:-1], path[1:]
    lengths = np.linalg.norm(b - a, axis=1)
    along = np.concatenate([[0.0], np.cumsum(lengths)])
    marks = (np.arange(SLEEPERS) + 0.5) / SLEEPERS * along[-1]
    seg = np.clip(np.searchsorted(along, marks) - 1, 0, len(a) - 1)
    unit = (b - a)[seg] / lengths[seg, None]
    centre = a[seg] + unit * (marks - along[seg])[:, None]
    half = unit * SLEEPER_LENGTH / 2
    sleepers = _ribbon(centre - half, centre + half, 0.0, SLEEPER_HALF, SLEEPER_TOP)
    rails = np.concatenate([_ribbon(a, b, side * RAIL_GAUGE, RAIL_WIDTH / 2, RAIL_TOP) for side in (-1, 1)])
    parts = np.concatenate([np.full(len(sleepers), SLEEPER), np.full(len(rails), RAIL_LIT if lit else RAIL)])
    return np.concatenate([sleepers, rails]), parts
