"""The thesis' closed forms for free motion (spec 02): the six order sets of Appendix B, Table 2.1, the universal
equation (3.1.47/48, B.5.8), the off-by-one rules of §4.2 and the sprint-jump period of §4.4.

Time is counted in gt, so t0 = 1 (3.1.1) and drops out of every product. These formulas predict and check; the
engine never advances an entity with them (spec 02 preamble). Each order set is the general reduction of §4.3 with
one drag k and one acceleration a: per tick v_n = K v_{n-1} + A and Δd_n = P v_{n-1} + Q, which reproduces every
Appendix-B formula (e.g. AMD: K = k, A = a k, P = 1, Q = a gives B.5.2)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass

from engine.constants import (
    FALLING_BLOCK_DRAG,
    FALLING_BLOCK_GRAVITY,
    ITEM_DRAG,
    ITEM_DRAG_Y,
    ITEM_GRAVITY,
    POTION_GRAVITY,
    THROWN_DRAG,
    THROWN_GRAVITY,
    TNT_DRAG,
    TNT_GRAVITY,
    XP_BOTTLE_GRAVITY,
    XP_ORB_DRAG,
    XP_ORB_DRAG_Y,
    XP_ORB_GRAVITY,
)

ORDER_SETS = ("MDA", "DMA", "DAM", "MAD", "AMD", "ADM")


@dataclass(frozen=True)
class Reduced:
    """One tick reduced to v_n = K v_{n-1} + A and Δd_n = P v_{n-1} + Q (spec 02 §4.3)."""

    K: float
    A: float
    P: float
    Q: float


@functools.lru_cache(maxsize=256)
def reduce_order(kind: str, a: float, k: float) -> Reduced:
    """The §4.3 reduction of one of the six order sets (M move, D drag k, A acceleration a), or of M/N (3.1.50)."""
    if kind == "M":
        return Reduced(1.0, 0.0, 1.0, 0.0)
    if kind == "N":
        return Reduced(1.0, 0.0, 0.0, 0.0)
    if sorted(kind) != ["A", "D", "M"]:
        raise ValueError(f"order {kind!r} is not one of {', '.join(ORDER_SETS)}, M, N")
    K, A, P, Q = 1.0, 0.0, 1.0, 0.0
    moved = False
    for op in kind:
        if op == "D":
            K *= k
            A *= k
            if moved:
                continue
            P *= k
            Q *= k
        elif op == "A":
            A += a
            if not moved:
                Q += a
        else:
            moved = True
    return Reduced(K, A, P, Q)


def motion_at(kind: str, v0: float, a: float, k: float, n: int) -> float:
    """v_n, the Motion at the end of gt n: (3.1.13) for MDA/DMA/DAM, (3.1.49) for MAD/AMD/ADM, (3.1.50) for M/N."""
    r = reduce_order(kind, a, k)
    if r.K == 1.0:
        return v0 + n * r.A
    return r.K ** n * v0 + r.A * (1.0 - r.K ** n) / (1.0 - r.K)


def displacement_in(kind: str, v0: float, a: float, k: float, n: int) -> float:
    """Δd_n, the displacement within gt n (B.x.1; Table 2.1: Δd_n = P v_{n-1} + Q)."""
    r = reduce_order(kind, a, k)
    return r.P * motion_at(kind, v0, a, k, n - 1) + r.Q


def position_at(kind: str, v0: float, a: float, k: float, n: int) -> float:
    """d_n, the displacement from d_0 at the end of gt n (3.1.18 and B.x.2 via the §4.3 reduction)."""
    r = reduce_order(kind, a, k)
    if r.K == 1.0:
        return r.P * (v0 * n + r.A * n * (n - 1) / 2.0) + n * r.Q
    kn = r.K ** n
    return r.P * (v0 * (1.0 - kn) / (1.0 - r.K) + r.A * (kn + n * (1.0 - r.K) - 1.0) / (1.0 - r.K) ** 2) + n * r.Q


def initial_motion(kind: str, d_n: float, a: float, k: float, n: int) -> float:
    """v_0 for a displacement d_n after n gt (3.1.19, B.x.3): position_at solved for v0."""
    r = reduce_order(kind, a, k)
    kn = r.K ** n
    rest = r.P * r.A * (kn + n * (1.0 - r.K) - 1.0) / (1.0 - r.K) ** 2 + n * r.Q
    return (d_n - rest) * (1.0 - r.K) / (r.P * (1.0 - kn))


def turning_tick(kind: str, v0: float, a: float, k: float) -> float:
    """The real n where Δd_n = 0 (3.1.20, B.x.4); floor it and take position_at for the turning point (apex).
    NaN when the motion never turns."""
    r = reduce_order(kind, a, k)
    limit = r.A / (1.0 - r.K)                         # v_n → A/(1-K)
    ratio = (-r.Q / r.P - limit) / (v0 - limit)
    return 1.0 + math.log(ratio) / math.log(r.K) if ratio > 0.0 else math.nan


def max_displacement_per_tick(kind: str, a: float, k: float) -> float:
    """Δd_max = lim Δd_n (3.1.21, B.x.5)."""
    r = reduce_order(kind, a, k)
    return r.P * r.A / (1.0 - r.K) + r.Q


def max_displacement(kind: str, v0: float, k: float) -> float:
    """d_max for a = 0 (3.1.22, B.x.6)."""
    r = reduce_order(kind, 0.0, k)
    return r.P * v0 / (1.0 - r.K)


# Table 2.1: Δd_n from the Motion at the end of a tick, as a factor of v_{n-1} ("prev") or v_n ("end").
TABLE_2_1 = {"MDA": ("prev", 1.0), "DMA": ("prev", "k"), "DAM": ("end", 1.0), "MAD": ("prev", 1.0),
             "AMD": ("end", "1/k"), "ADM": ("end", 1.0), "M": ("v0", 1.0), "N": ("v0", 0.0)}


def table_2_1(kind: str, k: float, v_prev: float, v_end: float, v0: float) -> float:
    """Δd_n read off Table 2.1 from v_{n-1}, v_n or v_0, whichever the kind's row uses."""
    which, factor = TABLE_2_1[kind]
    f = {1.0: 1.0, 0.0: 0.0, "k": k, "1/k": 1.0 / k}[factor]
    return f * {"prev": v_prev, "end": v_end, "v0": v0}[which]


@dataclass(frozen=True)
class FreeFlight:
    """An entity type's free motion in air (spec 02 §B.7): the order set and constants per axis."""

    kind: str
    gravity: float        # a on Y (negative)
    drag_y: float
    drag_xz: float


_THROWN = FreeFlight("MDA", -THROWN_GRAVITY, THROWN_DRAG, THROWN_DRAG)     # MDG ≡ MDA (spec 02 §B.7)
FREE_FLIGHT: dict[str, FreeFlight] = {
    "minecraft:tnt": FreeFlight("AMD", TNT_GRAVITY, TNT_DRAG, TNT_DRAG),          # GMD ≡ AMD
    "minecraft:falling_block": FreeFlight("AMD", FALLING_BLOCK_GRAVITY, FALLING_BLOCK_DRAG, FALLING_BLOCK_DRAG),
    "minecraft:item": FreeFlight("AMD", ITEM_GRAVITY, ITEM_DRAG_Y, ITEM_DRAG),
    "minecraft:experience_orb": FreeFlight("AMD", XP_ORB_GRAVITY, XP_ORB_DRAG_Y, XP_ORB_DRAG),
    "minecraft:ender_pearl": _THROWN, "minecraft:snowball": _THROWN, "minecraft:egg": _THROWN,
    "minecraft:potion": FreeFlight("MDA", -POTION_GRAVITY, THROWN_DRAG, THROWN_DRAG),
    "minecraft:experience_bottle": FreeFlight("MDA", -XP_BOTTLE_GRAVITY, THROWN_DRAG, THROWN_DRAG),
}


def free_flight(entity_type: str) -> FreeFlight:
    """The free-flight model of a vanilla entity id; ValueError naming the modelled ones."""
    full = entity_type if ":" in entity_type else "minecraft:" + entity_type
    if full not in FREE_FLIGHT:
        raise ValueError(f"no closed form for {entity_type!r} (modelled: {', '.join(sorted(FREE_FLIGHT))})")
    return FREE_FLIGHT[full]


Vec = tuple[float, float, float]


def state_at(entity_type: str, pos0: Vec, motion0: Vec, n: int) -> tuple[Vec, Vec]:
    """(position, Motion) at the end of gt n of an entity in free flight from (pos0, motion0)."""
    f = free_flight(entity_type)
    axes = ((f.drag_xz, 0.0), (f.drag_y, f.gravity), (f.drag_xz, 0.0))
    pos = tuple(p + position_at(f.kind, v, a, k, n) for p, v, (k, a) in zip(pos0, motion0, axes, strict=True))
    mot = tuple(motion_at(f.kind, v, a, k, n) for v, (k, a) in zip(motion0, axes, strict=True))
    return pos, mot


def iter_states(entity_type: str, pos0: Vec, motion0: Vec, ticks: int) -> Iterator[tuple[Vec, Vec]]:
    """state_at for n = 0..ticks, computed as consumed."""
    return (state_at(entity_type, pos0, motion0, n) for n in range(ticks + 1))


def trajectory(entity_type: str, pos0: Vec, motion0: Vec, ticks: int) -> list[tuple[Vec, Vec]]:
    """state_at for n = 0..ticks: the closed-form path the viewer draws beside the simulated one."""
    return list(iter_states(entity_type, pos0, motion0, ticks))


def first_divergence(simulated: list[tuple[Vec, Vec]], predicted: list[tuple[Vec, Vec]],
                     tolerance: float = 1e-6) -> int | None:
    """The first index where a simulated (pos, Motion) differs from the prediction by more than `tolerance` in
    any component (a collision, a fluid, an explosion), or None. The closed forms differ from the float steps by
    rounding only (well under 1e-9 m for a few hundred gt, see the tests), so 1e-6 separates the two."""
    for i, (s, p) in enumerate(zip(simulated, predicted, strict=False)):
        if any(abs(x - y) > tolerance or x != x for sv, pv in zip(s, p, strict=True)
               for x, y in zip(sv, pv, strict=True)):
            return i
    return None


@dataclass(frozen=True)
class Overlay:
    """The closed-form path from a simulated tick beside the simulated one (the viewer draws both)."""

    ticks: list[int]
    predicted: list[tuple[Vec, Vec]]
    diverges_at: int | None     # the first tick whose simulated state leaves the closed form


def overlay_from(entity_type: str, ticks: list[int], simulated: list[tuple[Vec, Vec]], start: int,
                 until: int | None = None) -> Overlay:
    """Predict from the simulated state at tick `start` (one of `ticks`, consecutive) to the last tick, or on to
    `until`: simulated states ending before it (the entity removed: a pearl's or arrow's hit) part from the
    closed form at the first tick without one."""
    i = ticks.index(start)
    last = ticks[-1] if until is None else max(until, ticks[-1])
    predicted = trajectory(entity_type, simulated[i][0], simulated[i][1], last - start)
    found = first_divergence(simulated[i:], predicted)
    if found is None and last > ticks[-1]:
        found = len(ticks) - i
    return Overlay(list(range(start, last + 1)), predicted, None if found is None else start + found)


# --- launch direction and the universal equation (§2.1, §2.2) ---

def launch_motion(speed: float, pitch_rad: float, yaw_rad: float) -> Vec:
    """(3.1.39–41) with AMBIGUITY-F3 corrected: v_z0 = v0 cos α cos β."""
    return (-speed * math.cos(pitch_rad) * math.sin(yaw_rad), -speed * math.sin(pitch_rad),
            speed * math.cos(pitch_rad) * math.cos(yaw_rad))


def universal_tan_alpha(kind: str, horizontal: float, y_n: float, n: int, g: float, k: float,
                        vy0_before: float = 0.0) -> float:
    """tan α of an instantaneous launch landing `horizontal` m away and y_n m higher after n gt: (3.1.48) for MDA,
    (B.5.8) for AMD. α is the pitch (positive downward), g > 0 the gravity, vy0_before the Y Motion before."""
    kn = k ** n
    if kind == "MDA":
        lift = g * (1.0 - kn) / (1.0 - k) ** 2                                              # (3.1.48)
    elif kind == "AMD":
        lift = g * (k - k * kn) / (1.0 - k) ** 2                                            # (B.5.8)
    else:
        raise ValueError(f"the universal equation is given for MDA and AMD, not {kind!r}")
    return (lift - (g * n - vy0_before * (1.0 - kn)) / (1.0 - k) - y_n) / horizontal


def launch_acceleration(horizontal: float, n: int, k: float, pitch_rad: float) -> float:
    """a0 t0 of (3.1.47): the launch's resultant Motion for a horizontal range after n gt (P = 1 kinds)."""
    return (1.0 - k) * horizontal / (math.cos(pitch_rad) * (1.0 - k ** n))


# --- §4.2: which n ---

TNT_EXPLOSION_N = 80   # a TNT primed with fuse 80 explodes after its 80th movement (spec 02 §4.2)


def explosion_n(fuse: int) -> int:
    """n of a TNT's explosion point: it moves before the fuse check, so n = the fuse it was primed with (§4.2)."""
    return fuse


def collision_check_n(n: int) -> int:
    """n of the position a pearl (or snowball) checks tripwires and hits with in its nth tick: it runs its
    collision check before it moves, so n − 1 (§4.2)."""
    return n - 1


# --- §4.4: sprint-jump period ---

def sprint_jump_next(v0: float, n0: int, a_air: float, a_ground: float, k_air: float, k_ground: float) -> float:
    """Period-end Motion of a sprint-jump period of n0 gt from period-start v0: (3.2.5) as corrected by
    AMBIGUITY-F9 (k_0 read as k_a, without the trailing + a_g t0)."""
    return ((v0 + a_ground) * k_ground * k_air ** (n0 - 1)
            + a_air * (k_air - k_air ** n0) / (1.0 - k_air))


def sprint_jump_steady(n0: int, a_air: float, a_ground: float, k_air: float, k_ground: float) -> float:
    """The steady period-start Motion, f(v0) = v0 solved: (3.2.6) as corrected by AMBIGUITY-F9."""
    den = 1.0 - k_ground * k_air ** (n0 - 1)
    return (a_air * (k_air - k_air ** n0) / ((1.0 - k_air) * den)
            + a_ground * k_ground * k_air ** (n0 - 1) / den)


def sprint_jump_next_printed(v0: float, n0: int, a_air: float, a_ground: float, k_air: float,
                             k_ground: float) -> float:
    """(3.2.5) as printed (k_0 read as k_a), kept to show AMBIGUITY-F9: its fixed point is not (3.2.6)."""
    return sprint_jump_next(v0, n0, a_air, a_ground, k_air, k_ground) + a_ground
