"""Explosions (spec 04 §15) as 1.16.5's `ServerWorld.createExplosion` runs a BREAK explosion (TNT):
`Explosion.collectBlocksAndDamageEntities` (block rays, then the entities), then `Explosion.affectWorld`
(blocks removed after every impulse of the explosion; caught TNT primed with a short fuse).

Random numbers: the block rays draw 1352 `nextFloat`s from the world Random and the shuffle of the affected
blocks one `nextInt` per position but the first; both are drawn at once by jumping the generator ahead
(`_seeds`), which gives the same values as drawing them one by one.

Not modelled: block loot (vanilla rolls most blocks' drops with the world Random and spawns their items,
`Block.dropStack`), the neighbour updates of the removed blocks, fire, and the other destruction types (every
explosion breaks blocks as TNT's BREAK does; NONE would draw the rays' floats but neither shuffle nor break).
An explosion therefore advances the world Random exactly only where no dropping block is destroyed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple
from weakref import WeakKeyDictionary

import numpy as np

from engine import blocks
from engine.box import Box, Vec3
from engine.constants import (
    BLAST_PROTECTION_STEP,
    BLAST_PROTECTION_STEP_OLD,
    EXPLOSION_DAMAGE_FACTOR,
    EXPLOSION_INTENSITY_BASE,
    EXPLOSION_INTENSITY_SPREAD,
    EXPLOSION_QUERY_MARGIN,
    EXPLOSION_RADIUS_FACTOR,
    EXPLOSION_RAY_GRID,
    EXPLOSION_RAY_SPAN,
    EXPLOSION_RAY_STEP,
    EXPLOSION_RESISTANCE_FACTOR,
    EXPLOSION_RESISTANCE_OFFSET,
    EXPLOSION_STEP_DECAY,
    FLUID_BLAST_RESISTANCE,
    SECTION_SIZE,
    TNT_EXPLOSION_FUSE_BASE,
    TNT_EXPLOSION_FUSE_SPREAD,
    TNT_FUSE,
)
from engine.entities.tnt import Tnt, prime_from_block
from engine.fluids import fluid_state
from engine.javanum import f32
from engine.javautil import hash_set_order, shuffle, shuffle_draws
from engine.jrandom import NEXT_FLOAT_MAX, JavaRandom, next_floats
from engine.mathhelper import floor
from engine.raycast import COLLIDER, FLUID_NONE, raycast_blocks
from engine.trace import label, point, segment, sphere

if TYPE_CHECKING:
    from engine.entity import Entity
    from engine.simulation import Simulation
    from engine.trace import Recorder
    from engine.world import World

OUTLINE = "outline"   # RaycastContext.ShapeType.OUTLINE: exposure rays before 1.16 (not modelled by raycast)
_new = tuple.__new__
EXPOSURE_MEMO_SIZE = 4096   # exposures remembered per world and block version (a cache bound, not physics)


# --- the explosion step --------------------------------------------------------------------------------------

def explode(sim: Simulation, source: Entity | None, center: Vec3, power: float,
            rec: Recorder | None) -> dict[str, Any]:
    """`ServerWorld.createExplosion` for a BREAK explosion: the default `Simulation.explosion_step`.

    Returns the event fields: `affected` (the ledger rows, interfaces.md) and `blocks_destroyed`."""
    affected_blocks = collect_blocks(sim.world, sim.random, center, power)
    rows = damage_entities(sim, source, center, power, rec)
    return {"affected": rows, "blocks_destroyed": affect_world(sim, affected_blocks)}


# --- block rays (collectBlocksAndDamageEntities, first half) --------------------------------------------------

@lru_cache(maxsize=1)
def _ray_steps() -> np.ndarray:
    """Per ray, `(d, e, f) * (double)0.3F`: the unit direction towards a surface cell of the 16³ grid, x index
    outermost; the components are float expressions widened to double, the normalisation is in double."""
    last = EXPLOSION_RAY_GRID - 1
    comp = [f32(f32(f32(i / float(last)) * EXPLOSION_RAY_SPAN) - 1.0) for i in range(EXPLOSION_RAY_GRID)]
    rays = [(comp[i], comp[j], comp[k]) for i in range(EXPLOSION_RAY_GRID) for j in range(EXPLOSION_RAY_GRID)
            for k in range(EXPLOSION_RAY_GRID) if {i, j, k} & {0, last}]
    d = np.array(rays)
    g = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1] + d[:, 2] * d[:, 2])
    return d / g[:, None] * EXPLOSION_RAY_STEP


@lru_cache(maxsize=1)
def _air_table() -> np.ndarray:
    """Per block state id: `BlockState.isAir()`."""
    return np.array([s.is_air for s in blocks.all_states()], dtype=bool)


@lru_cache(maxsize=1)
def _resistance_table() -> tuple[np.ndarray, np.ndarray]:
    """Per block state id: whether `ExplosionBehavior.getBlastResistance` is present (not air, or a fluid), and
    the resistance max(block, fluid) as a float."""
    states = blocks.all_states()
    present = np.array([not s.is_air or fluid_state(s).fluid is not None for s in states], dtype=bool)
    value = np.array([max(s.resistance, FLUID_BLAST_RESISTANCE if fluid_state(s).fluid is not None else 0.0)
                      for s in states], dtype=np.float32)
    return present, value


class AffectedBlocks(NamedTuple):
    """The positions an explosion's block rays reached (air included, as in vanilla's set), as linear keys of
    the cube of `span`³ cells from `lo` (x outermost): `keys` ray by ray (repeats on one ray dropped, repeats
    across rays kept); `count` distinct positions; `ids`, the block state id of each cube cell, or None when
    every reached position is air (then affectWorld removes nothing)."""

    keys: np.ndarray
    lo: tuple[int, int, int]
    span: int
    count: int
    ids: np.ndarray | None

    def ordered(self) -> tuple[np.ndarray, np.ndarray]:
        """The distinct positions, in the iteration order of vanilla's `HashSet<BlockPos>`: (x, y, z) rows and
        their keys."""
        _, first = np.unique(self.keys, return_index=True)
        k = self.keys[np.sort(first)]                          # the order of HashSet.add
        s = self.span
        unique = np.stack([k // (s * s), k // s % s, k % s], axis=1) + np.array(self.lo, dtype=np.int64)
        order = hash_set_order(unique)
        return unique[order], k[order]


def collect_blocks(world: World, random: JavaRandom, center: Vec3, power: float) -> AffectedBlocks:
    """The block rays of `collectBlocksAndDamageEntities` (spec 04 §15, the 16³ ray grid).

    Each ray starts with intensity h = power·(0.7F + nextFloat·0.6F) and walks 0.3 m steps; a cell with a
    resistance r (not air) costs (r + 0.3F)·0.3F, a step 0.22500001F; the cell is taken while h > 0 (float
    arithmetic)."""
    n = len(_ray_steps())
    u = next_floats(random, n)
    h = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE) + u * np.float32(EXPLOSION_INTENSITY_SPREAD))
    keys, fresh, lo, span = _ray_cells(center, power)
    k_max = len(keys)
    ids = None
    if not world.region_is_empty(*lo, *(c + span - 1 for c in lo)):
        ids = _state_ids(world, lo, span)
    decay = np.float32(EXPLOSION_STEP_DECAY)
    if ids is not None:
        present_by_id, value_by_id = _resistance_table()
        present = present_by_id[ids][keys]
        cost = ((value_by_id + np.float32(EXPLOSION_RESISTANCE_OFFSET))
                * np.float32(EXPLOSION_RESISTANCE_FACTOR))[ids][keys]
        taken = np.empty((k_max, n), dtype=bool)
        for k in range(k_max):
            walking = h > 0
            h = np.where(walking & present[k], h - cost[k], h)
            taken[k] = walking & (h > 0)
            h = np.where(walking, h - decay, h)
    else:   # all air: no cost, so h after k steps is h − k·0.22500001F and every visited cell is taken
        acc = np.empty((k_max, n), dtype=np.float32)
        acc[0] = h
        acc[1:] = decay
        taken = np.subtract.accumulate(acc, axis=0) > 0
    sel = keys.T[(taken & fresh).T]                      # ray by ray, step by step: the order of HashSet.add
    seen = np.zeros(span ** 3, dtype=bool)
    seen[sel] = True
    if ids is not None and _air_table()[ids[sel]].all():
        ids = None
    return AffectedBlocks(sel, lo, span, int(seen.sum()), ids)


@lru_cache(maxsize=16)
def _ray_cells(center: Vec3, power: float) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int], int]:
    """The cells along every ray, for as many steps as the strongest possible ray takes: (keys[step, ray] in the
    cube of `span`³ cells from `lo`, x outermost; whether the step enters a new cell; lo; span). A function of
    the centre alone, so a stack exploding at one spot computes it once. The arrays are read-only."""
    steps = _ray_steps()
    strongest = np.float32(power) * (np.float32(EXPLOSION_INTENSITY_BASE)
                                     + np.float32(NEXT_FLOAT_MAX) * np.float32(EXPLOSION_INTENSITY_SPREAD))
    k_max = int(float(strongest) / EXPLOSION_STEP_DECAY) + 2
    walk = np.empty((k_max, len(steps), 3))              # step-major: each step adds whole rows
    walk[0] = center
    for k in range(1, k_max):
        np.add(walk[k - 1], steps, out=walk[k])          # m += d * 0.3F
    reach = int(k_max * EXPLOSION_RAY_STEP) + 2
    lo = (floor(center.x) - reach, floor(center.y) - reach, floor(center.z) - reach)
    span = 2 * reach + 1
    cell = np.floor(walk)                                # exact small integers, so the key arithmetic is exact
    keys = (((cell[..., 0] - lo[0]) * span + (cell[..., 1] - lo[1])) * span + (cell[..., 2] - lo[2])).astype(np.int64)
    fresh = np.ones(keys.shape, dtype=bool)
    fresh[1:] = keys[1:] != keys[:-1]                    # a ray visits a cell in consecutive steps only
    keys.flags.writeable = False
    fresh.flags.writeable = False
    return keys, fresh, lo, span


def _state_ids(world: World, lo: tuple[int, int, int], span: int) -> np.ndarray:
    """The block state ids of the cube of `span`³ cells from `lo`, flat with x outermost; 0 (air) where no block
    section lies (void_air outside the build range acts as air here)."""
    cube = np.zeros((span, span, span), dtype=np.int64)
    hi = tuple(c + span for c in lo)
    for key, sec in world.sections():   # sec[y, z, x]
        base = [k * SECTION_SIZE for k in key]
        a = [max(o, c) for o, c in zip(base, lo, strict=True)]
        b = [min(o + SECTION_SIZE, c) for o, c in zip(base, hi, strict=True)]
        if a[0] >= b[0] or a[1] >= b[1] or a[2] >= b[2]:
            continue
        part = sec[a[1] - base[1]:b[1] - base[1], a[2] - base[2]:b[2] - base[2], a[0] - base[0]:b[0] - base[0]]
        cube[a[0] - lo[0]:b[0] - lo[0], a[1] - lo[1]:b[1] - lo[1], a[2] - lo[2]:b[2] - lo[2]] = \
            part.transpose(2, 0, 1)
    return cube.reshape(-1)


# --- entities (collectBlocksAndDamageEntities, second half) ---------------------------------------------------

def transform_explosion_knockback(influence: float, level: int, linear: bool) -> float:
    """`ProtectionEnchantment.transformExplosionKnockback` (spec 04 (5.15.3)), `level` the highest Blast
    Protection worn: ≤ 1.19.4 I − ⌊I·(float)(L·0.15F)⌋ (MC-198809); 1.20+ I·clamp(1 − 0.15·L, 0, 1)."""
    if level <= 0:
        return influence
    if linear:
        return influence * min(max(1.0 - level * BLAST_PROTECTION_STEP, 0.0), 1.0)
    return influence - float(math.floor(influence * f32(level * BLAST_PROTECTION_STEP_OLD)))


@lru_cache(maxsize=256)
def _grid(dx: float, dy: float, dz: float) -> tuple[tuple[float, ...], ...] | None:
    """The lerp fractions of `Explosion.getExposure`'s float loops for box edges (dx, dy, dz), and the X and Z
    offsets g, h (spec 04 §15.2; not scaled by the box: the shift of AMBIGUITY-E7); None when an edge is
    negative (exposure 0)."""
    d, e, f = 1.0 / (dx * 2.0 + 1.0), 1.0 / (dy * 2.0 + 1.0), 1.0 / (dz * 2.0 + 1.0)
    g = (1.0 - math.floor(1.0 / d) * d) / 2.0
    h = (1.0 - math.floor(1.0 / f) * f) / 2.0
    if d < 0.0 or e < 0.0 or f < 0.0:
        return None

    def fractions(step: float) -> tuple[float, ...]:
        out, t = [], 0.0
        while t <= 1.0:
            out.append(t)
            t = f32(t + step)   # for (float t = 0; t <= 1; t = (float)(t + step))
        return tuple(out)
    return fractions(d), fractions(e), fractions(f), (g, h)


def sample_points(box: Box) -> list[Vec3]:
    """`Explosion.getExposure`'s sample points of an entity box, X outermost, then Y, then Z."""
    grid = _grid(box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z)
    if grid is None:
        return []
    ks, ls, ms, (g, h) = grid
    return [Vec3(box.min_x + k * (box.max_x - box.min_x) + g, box.min_y + m_y * (box.max_y - box.min_y),
                 box.min_z + m * (box.max_z - box.min_z) + h) for k in ks for m_y in ls for m in ms]


def _sample_count(box: Box) -> int:
    grid = _grid(box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z)
    return 0 if grid is None else len(grid[0]) * len(grid[1]) * len(grid[2])


def _near_blocks(world: World, center: Vec3, box: Box) -> bool:
    """Whether a block may lie in a cell that a ray between `box`'s sample points (within 0.5 m of it) and
    `center` tests (the cells of the segment's bounding box, one more for the 1e-7 extension)."""
    return not world.region_is_empty(floor(min(box.min_x, center.x)) - 1, floor(min(box.min_y, center.y)) - 1,
                                     floor(min(box.min_z, center.z)) - 1, floor(max(box.max_x, center.x)) + 1,
                                     floor(max(box.max_y, center.y)) + 1, floor(max(box.max_z, center.z)) + 1)


def exposure_rays(world: World, center: Vec3, box: Box,
                  shape_type: str = COLLIDER) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`Explosion.getExposure`'s rays: each sample point with where the block raycast from it to the centre
    (collision shapes, fluids ignored) stops, or None when it misses (the point is unblocked). Rays that can
    meet no block are not cast."""
    points = sample_points(box)
    if not points or not _near_blocks(world, center, box):
        return tuple((p, None) for p in points)
    out = []
    for p in points:
        hit = raycast_blocks(world, p, center, FLUID_NONE, shape_type=shape_type)
        out.append((p, None if hit.missed else hit.pos))
    return tuple(out)


def exposure_samples(world: World, center: Vec3, box: Box, shape_type: str = COLLIDER) -> tuple[int, int]:
    """(unblocked, total) sample points of `exposure_rays`."""
    rays = exposure_rays(world, center, box, shape_type)
    return sum(stop is None for _, stop in rays), len(rays)


def get_exposure(world: World, center: Vec3, box: Box, shape_type: str = COLLIDER) -> float:
    """`Explosion.getExposure`: (float)unblocked / (float)total, 0 without sample points."""
    unblocked, total = exposure_samples(world, center, box, shape_type)
    return f32(unblocked / total) if total else 0.0


def damage_entities(sim: Simulation, source: Entity | None, center: Vec3, power: float,
                    rec: Recorder | None) -> list[dict[str, Any]]:
    """The entity half of `collectBlocksAndDamageEntities` (spec 04 §15.1, §15.3), vectorised over the entities.

    Candidates: `getOtherEntities(source, floor(centre ± (q + 1)))` with q = 2·power (the section bug). For each,
    in that order: w = (float)sqrt(distance²) / q must be ≤ 1; the direction runs from the centre to the eye
    (TNT: the position) and is skipped when its (float) length is 0; influence (1 − w)·exposure; damage
    (int)((I² + I)/2·7·q + 1); a living entity's impulse passes Blast Protection; Motion += direction·impulse.
    Returns the ledger rows: id, samples [unblocked, total], exposure, impulse, distance, influence, damage."""
    world = sim.world
    q = f32(power * EXPLOSION_RADIUS_FACTOR)
    cx, cy, cz = center
    margin = q + EXPLOSION_QUERY_MARGIN
    query = Box.of(float(floor(cx - margin)), float(floor(cy - margin)), float(floor(cz - margin)),
                   float(floor(cx + margin)), float(floor(cy + margin)), float(floor(cz + margin)))
    if rec is not None:
        rec.geometry(sphere("explosion_sphere", center, q))
    found = world.get_entities(source, query)
    n = len(found)
    types = set(map(type, found))
    state = np.fromiter(chain.from_iterable(e.pos + e.box + e.motion for e in found), np.float64, 12 * n)
    state = state.reshape(n, 12)
    pos = state[:, :3]
    if types == {Tnt}:
        eye_y = pos[:, 1]
    else:
        eye_y = np.fromiter((e.pos.y if isinstance(e, Tnt) else e.pos.y + e.eye_height for e in found), np.float64, n)
    off = pos - center
    dist = np.sqrt(off[:, 0] * off[:, 0] + off[:, 1] * off[:, 1] + off[:, 2] * off[:, 2]).astype(np.float32)
    w = dist / np.float32(q)                                      # MathHelper.sqrt(...) / q: float / float
    off[:, 1] = eye_y - cy   # the y offset from here on runs to the eye
    length = np.sqrt(off[:, 0] * off[:, 0] + off[:, 1] * off[:, 1]
                     + off[:, 2] * off[:, 2]).astype(np.float32).astype(np.float64)
    idx = np.flatnonzero((w <= np.float32(1.0)) & (length != 0.0))
    if not len(idx):
        return []
    hit = [found[i] for i in idx.tolist()]
    direction = off[idx] / length[idx, None]
    shape_type = COLLIDER if sim.features.explosion_collision_shapes else OUTLINE
    unblocked, total = _samples(world, center, hit, state[idx, 3:9], shape_type, rec)
    exposure = np.where(total > 0, unblocked.astype(np.float32) / np.maximum(total, 1).astype(np.float32),
                        np.float32(0.0)).astype(np.float64)   # (float)i / (float)j
    influence = (1.0 - w[idx].astype(np.float64)) * exposure
    damage = (influence * influence + influence) / 2.0 * EXPLOSION_DAMAGE_FACTOR * q + 1.0
    strength = influence.copy()
    if any(t.living for t in types):
        for i, e in enumerate(hit):
            if e.living:
                strength[i] = transform_explosion_knockback(float(influence[i]), _blast_protection(e),
                                                            sim.features.blast_protection_linear)
    impulse = direction * strength[:, None]
    motion = state[idx, 9:] + impulse
    amounts = np.trunc(damage).tolist()   # (float)(int)(...): 1 ≤ damage ≤ 7q + 1, so (int) truncates
    if any(hasattr(t, "damage") for t in types):
        for e, amount in zip(hit, amounts, strict=True):
            hurt = getattr(e, "damage", None)
            if hurt is not None:
                hurt(amount, explosive=True)
    for e, mot in zip(hit, motion.tolist(), strict=True):
        e.motion = _new(Vec3, mot)
    rows = [{"id": e.id, "samples": smp, "exposure": ex, "impulse": imp, "distance": d, "influence": inf,
             "damage": amount}
            for e, smp, ex, imp, d, inf, amount in zip(hit, zip(unblocked.tolist(), total.tolist(), strict=True),
                                                       exposure.tolist(), impulse.tolist(), dist[idx].tolist(),
                                                       influence.tolist(), amounts, strict=True)]
    if rec is not None:
        for e, row in zip(hit, rows, strict=True):
            p, imp = e.pos, row["impulse"]
            rec.geometry(segment("impulse", p, (p.x + imp[0], p.y + imp[1], p.z + imp[2]), entity=e.id))
            rec.geometry(label("exposure", (p.x, p.y + e.height, p.z), "{}/{} exposure {:.4g} impulse {:.4g}".format(
                *row["samples"], row["exposure"], math.hypot(*imp)), entity=e.id))
    return rows


def _samples(world: World, center: Vec3, hit: list[Entity], boxes: np.ndarray, shape_type: str,
             rec: Recorder | None) -> tuple[np.ndarray, np.ndarray]:
    """(unblocked, total) sample points per entity (`boxes`: their boxes as rows). Entities with equal boxes (a
    stack) share one set of rays, recorded once for all of them; when no block lies near the centre and all
    the boxes, every ray misses (the same counts as casting every ray: tested)."""
    lo = np.floor(np.minimum(boxes[:, :3].min(axis=0), center)).astype(np.int64) - 1
    hi = np.floor(np.maximum(boxes[:, 3:].max(axis=0), center)).astype(np.int64) + 1
    empty = world.region_is_empty(*lo.tolist(), *hi.tolist())
    if (boxes == boxes[0]).all():
        kinds, inverse = boxes[:1], np.zeros(len(boxes), dtype=np.int64)
    else:
        kinds, inverse = np.unique(boxes, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
    counts = []
    for k, row in enumerate(kinds.tolist()):
        box = Box(*row)
        if rec is None and empty:
            total = _sample_count(box)
            counts.append((total, total))
            continue
        rays = tuple((p, None) for p in sample_points(box)) if empty else _memo_rays(world, center, box, shape_type)
        counts.append((sum(stop is None for _, stop in rays), len(rays)))
        if rec is not None:
            _record_rays(rec, center, rays, [hit[i].id for i in np.flatnonzero(inverse == k).tolist()])
    per = np.array(counts, dtype=np.int64)[inverse]
    return per[:, 0], per[:, 1]


def _record_rays(rec: Recorder, center: Vec3, rays: tuple[tuple[Vec3, Vec3 | None], ...], ids: list[int]) -> None:
    """Each sample point (sample_point_hit: unblocked, sample_point_blocked) and its exposure_ray (clipped where a
    block stopped it), once for the entities `ids` that share the box: `entity` the first, `entities` all."""
    for p, stop in rays:
        rec.geometry(point("sample_point_hit" if stop is None else "sample_point_blocked", p, entity=ids[0],
                           entities=ids))
        rec.geometry(segment("exposure_ray", p, center, clipped_to=stop, entity=ids[0], entities=ids,
                             blocked=stop is not None))


_EXPOSURE_MEMO: WeakKeyDictionary[World, tuple[int, dict[tuple[Box, Vec3, str],
                                                         tuple[tuple[Vec3, Vec3 | None], ...]]]] = WeakKeyDictionary()


def _memo_rays(world: World, center: Vec3, box: Box, shape_type: str) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`exposure_rays`, remembered per world while its blocks are unchanged (`block_version`): a stack on the
    ground explodes at one centre again and again. Exposure rays read nothing but block states."""
    version, memo = _EXPOSURE_MEMO.get(world, (-1, {}))
    if version != world.block_version or len(memo) >= EXPOSURE_MEMO_SIZE:
        memo = {}
        _EXPOSURE_MEMO[world] = (world.block_version, memo)
    key = (box, center, shape_type)
    found = memo.get(key)
    if found is None:
        found = memo[key] = exposure_rays(world, center, box, shape_type)
    return found


def _blast_protection(entity: Entity) -> int:
    """`EnchantmentHelper.getEquipmentLevel(BLAST_PROTECTION)`: a living entity's `blast_protection` field."""
    return getattr(entity, "blast_protection", 0)


# --- affectWorld --------------------------------------------------------------------------------------------

def affect_world(sim: Simulation, affected: AffectedBlocks) -> int:
    """`Explosion.affectWorld` for a BREAK explosion: `Collections.shuffle(list, world.random)`, then every
    position that is not air becomes air; a TNT block becomes primed TNT (`TntBlock.onDestroyedByExplosion`:
    the spawn angle from the world Random, then fuse nextInt(80 / 4) + 80 / 8, AMBIGUITY-N2: 10..29 gt).
    Returns the number of blocks removed."""
    if affected.ids is None:
        shuffle_draws(sim.random, affected.count)   # all air: only the shuffle's draws matter
        return 0
    world = sim.world
    cells, keys = affected.ordered()
    air = _air_table()[affected.ids[keys]].tolist()
    order = list(range(len(cells)))
    shuffle(sim.random, order)
    removed = 0
    for i in order:
        if air[i]:
            continue
        x, y, z = cells[i].tolist()
        state = world.get_block_state(x, y, z)
        # vanilla rolls the block's loot here (world Random) and drops it afterwards: not modelled
        world.set_block_state(x, y, z, blocks.AIR)
        removed += 1
        if state.block == "tnt":
            tnt = prime_from_block(sim, x, y, z)
            tnt.fuse = sim.random.next_int(TNT_FUSE // TNT_EXPLOSION_FUSE_SPREAD) + TNT_FUSE // TNT_EXPLOSION_FUSE_BASE
            sim.add_entity(tnt)
    return removed
