"""Explosions (spec 04 §15) as 1.16.5's `ServerWorld.createExplosion` runs a BREAK explosion (TNT):
`Explosion.collectBlocksAndDamageEntities` (block rays, engine/influences/blockrays.py; then the entities), then
`Explosion.affectWorld` (blocks removed after every impulse of the explosion; caught TNT primed with a short fuse).

Random numbers: the block rays draw 1352 `nextFloat`s from the world Random and the shuffle of the affected
blocks one `nextInt` per position but the first; both are drawn at once by jumping the generator ahead, which
gives the same values as drawing them one by one.

Destruction types (`Explosion.DestructionType`): BREAK (TNT, TNT minecarts) and DESTROY (beds, respawn anchors,
end crystals, creepers and the wither with mobGriefing) remove the same blocks, as their difference is only the
loot's survival chance; NONE draws the rays' floats but neither shuffles nor breaks. Fire (beds, anchors) sets
fire in a third of the affected air cells above a full cube, drawn from the explosion's own Random: vanilla's is
an unseeded `new Random()`, here it is seeded from the scene seed and the tick, so fire cells are reproducible
but cannot match a given vanilla run.

Not modelled: block loot (vanilla rolls most blocks' drops with the world Random and spawns their items,
`Block.dropStack`) and the neighbour updates of the removed blocks. An explosion therefore advances the world
Random exactly only where no dropping block is destroyed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import numpy as np

from engine.constants import (
    BLAST_PROTECTION_STEP,
    BLAST_PROTECTION_STEP_OLD,
    EXPLOSION_DAMAGE_FACTOR,
    EXPLOSION_FIRE_SEED,
    EXPLOSION_QUERY_MARGIN,
    EXPLOSION_RADIUS_FACTOR,
    FIRE_CHANCE,
    TNT_EXPLOSION_FUSE_BASE,
    TNT_EXPLOSION_FUSE_SPREAD,
    TNT_FUSE,
)
from engine.core.limits import MAX_EXPOSURE_SAMPLES, SimulationLimit
from engine.core.trace import label, point, segment, sphere
from engine.core.versions import refusal
from engine.entities import damage_source
from engine.entities.entity import Entity
from engine.entities.tnt import Tnt, prime_from_block
from engine.geometry.box import Box, Vec3
from engine.influences.blockrays import DEFAULT_BEHAVIOR, AffectedBlocks, air_table, collect_blocks
from engine.java.javanum import f32
from engine.java.javautil import shuffle, shuffle_draws
from engine.java.jrandom import JavaRandom
from engine.java.mathhelper import floor
from engine.motion.raycast import COLLIDER, FLUID_NONE, OUTLINE, raycast_blocks
from engine.world import block_physics as phys
from engine.world.world import blocks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.world.world import World

BREAK, DESTROY, NONE = "break", "destroy", "none"   # Explosion.DestructionType
DESTRUCTION_TYPES = (BREAK, DESTROY, NONE)
_new = tuple.__new__
EXPOSURE_MEMO_SIZE = 4096   # exposures remembered per world and block version (a cache bound, not physics)


# --- the explosion step --------------------------------------------------------------------------------------

def explode(sim: TickContext, source: Entity | None, center: Vec3, power: float,
            rec: Recorder | None, mode: str = BREAK, fire: bool = False) -> dict[str, Any]:
    """`ServerWorld.createExplosion`: the default `Simulation.explosion_step`; `mode` one of `DESTRUCTION_TYPES`.

    The block rays follow the source's `ExplosionBehavior` (`Explosion.chooseBehavior`: the entity's overrides).
    Returns the event fields: `affected` (the ledger rows, interfaces.md) and `blocks_destroyed`."""
    behavior = source.explosion_behavior() if source is not None else DEFAULT_BEHAVIOR
    affected_blocks = collect_blocks(sim.world, sim.random, center, power, behavior)
    rows = damage_entities(sim, source, center, power, rec)
    if mode != NONE:
        removed = affect_world(sim, affected_blocks, fire)
    else:
        removed = 0
        if fire:
            create_fire(sim, [tuple(c) for c in affected_blocks.ordered()[0].tolist()])
    return {"affected": rows, "blocks_destroyed": removed}


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
def _grid(dx: float, dy: float, dz: float, double_steps: bool) -> tuple[tuple[float, ...], ...] | None:
    """The lerp fractions of `Explosion.getExposure`'s float loops (double loops from 1.18.2: `double_steps`)
    for box edges (dx, dy, dz), and the X and Z offsets g, h (spec 04 §15.2; not scaled by the box: the shift of
    AMBIGUITY-E7); None when an edge is negative (exposure 0). Doubles divide as in Java (x / 0.0 is infinite,
    not an error); a box so large that the loops would not end in time (or never: a step that no longer moves
    the float) stops the run."""
    d, e, f = _java_div(1.0, dx * 2.0 + 1.0), _java_div(1.0, dy * 2.0 + 1.0), _java_div(1.0, dz * 2.0 + 1.0)
    g = (1.0 - float(np.floor(_java_div(1.0, d))) * d) / 2.0
    h = (1.0 - float(np.floor(_java_div(1.0, f))) * f) / 2.0
    if d < 0.0 or e < 0.0 or f < 0.0:
        return None
    count = math.prod(1.0 / s + 1.0 if s > 0.0 else (math.inf if s == 0.0 else 1.0) for s in (d, e, f))
    if count > MAX_EXPOSURE_SAMPLES:
        raise SimulationLimit(f"an explosion's exposure samples an entity box of {dx:g} × {dy:g} × {dz:g} at "
                              f"{count:.3g} points (more than {MAX_EXPOSURE_SAMPLES:,}; vanilla loops that long or "
                              "forever)")

    def fractions(step: float) -> tuple[float, ...]:
        out, t = [], 0.0
        while t <= 1.0:
            out.append(t)
            t = t + step if double_steps else f32(t + step)   # for (float t = 0; t <= 1; t = (float)(t + step))
        return tuple(out)
    return fractions(d), fractions(e), fractions(f), (g, h)


def _java_div(a: float, b: float) -> float:
    """Java's double division: by zero gives an infinity (or NaN for 0 / 0) instead of an error."""
    if b == 0.0:
        return math.nan if a == 0.0 or a != a else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def sample_points(box: Box, double_steps: bool = False) -> list[Vec3]:
    """`Explosion.getExposure`'s sample points of an entity box, X outermost, then Y, then Z."""
    grid = _grid(box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z, double_steps)
    if grid is None:
        return []
    ks, ls, ms, (g, h) = grid
    return [Vec3(box.min_x + k * (box.max_x - box.min_x) + g, box.min_y + m_y * (box.max_y - box.min_y),
                 box.min_z + m * (box.max_z - box.min_z) + h) for k in ks for m_y in ls for m in ms]


def _sample_count(box: Box, double_steps: bool) -> int:
    grid = _grid(box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z, double_steps)
    return 0 if grid is None else len(grid[0]) * len(grid[1]) * len(grid[2])


def _near_blocks(world: World, center: Vec3, box: Box) -> bool:
    """Whether a block may lie in a cell that a ray between `box`'s sample points (within 0.5 m of it) and
    `center` tests (the cells of the segment's bounding box, one more for the 1e-7 extension)."""
    return not world.region_is_empty(floor(min(box.min_x, center.x)) - 1, floor(min(box.min_y, center.y)) - 1,
                                     floor(min(box.min_z, center.z)) - 1, floor(max(box.max_x, center.x)) + 1,
                                     floor(max(box.max_y, center.y)) + 1, floor(max(box.max_z, center.z)) + 1)


def exposure_rays(world: World, center: Vec3, box: Box, shape_type: str = COLLIDER,
                  double_steps: bool = False) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`Explosion.getExposure`'s rays: each sample point with where the block raycast from it to the centre
    (collision shapes, fluids ignored) stops, or None when it misses (the point is unblocked). Rays that can
    meet no block are not cast."""
    points = sample_points(box, double_steps)
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


def damage_entities(sim: TickContext, source: Entity | None, center: Vec3, power: float,
                    rec: Recorder | None) -> list[dict[str, Any]]:
    """The entity half of `collectBlocksAndDamageEntities` (spec 04 §15.1, §15.3), vectorised over the entities.

    Candidates: `getOtherEntities(source, floor(centre ± (q + 1)))` with q = 2·power (the section bug). For each,
    in that order: w = (float)sqrt(distance²) / q must be ≤ 1; the direction runs from the centre to the eye
    (TNT: the position) and is skipped when its (float) length is 0; influence (1 − w)·exposure; damage
    (int)((I² + I)/2·7·q + 1); a living entity's impulse passes Blast Protection; Motion += direction·impulse.
    Returns the ledger rows: id, samples [unblocked, total], exposure, impulse, distance, influence, damage.

    Entities whose position, box, Motion and eye are equal bit for bit (a stack) have equal numbers, so each such
    group is computed once (`_groups`); every entity still receives its one Motion addition, as the same value,
    and its own ledger row. The entities' fields are read as rows (`_Pool`). tests/engine/test_explosion.py
    compares the whole with the entity-by-entity algorithm."""
    world = sim.world
    q = f32(power * EXPLOSION_RADIUS_FACTOR)
    cx, cy, cz = center
    margin = q + EXPLOSION_QUERY_MARGIN
    query = Box.of(float(floor(cx - margin)), float(floor(cy - margin)), float(floor(cz - margin)),
                   float(floor(cx + margin)), float(floor(cy + margin)), float(floor(cz + margin)))
    if rec is not None:
        rec.geometry(sphere("explosion_sphere", center, q))
    pool = _Pool.of(world, source, _section_entities(world, source, query))
    if not pool.entities:
        return []
    if "explosion" in sim.features.refused:
        raise refusal(sim.features, "explosion", f"the explosion at {tuple(center)}, tick {sim.tick_count}")
    inside = ((pool.rows[:, 3:6] < query[3:]).all(axis=1)            # Box.intersects(query)
              & (pool.rows[:, 6:9] > query[:3]).all(axis=1))
    at = np.flatnonzero(inside)                                   # the candidates' places in the pool
    found, rows = pool.entities, pool.rows
    if len(at) < len(found):
        found, rows = [found[i] for i in at.tolist()], rows[at]
        if not found:
            return []
    if any(cls.is_immune_to_explosion is not Entity.is_immune_to_explosion for cls in {type(e) for e in found}):
        keep = [i for i, e in enumerate(found) if not e.is_immune_to_explosion()]   # Entity.isImmuneToExplosion
        if not keep:
            return []
        found, rows = [found[i] for i in keep], rows[keep]
    first, group = _groups(rows)
    state = rows[first]                                           # per group: position, box, Motion (, eye)
    eye_y = state[:, 1] if pool.tnt_only else state[:, 12]
    off = state[:, :3] - center
    dist = np.sqrt(off[:, 0] * off[:, 0] + off[:, 1] * off[:, 1] + off[:, 2] * off[:, 2])
    off[:, 1] = eye_y - cy   # the y offset from here on runs to the eye
    length = np.sqrt(off[:, 0] * off[:, 0] + off[:, 1] * off[:, 1] + off[:, 2] * off[:, 2])
    if sim.features.explosion_double_sqrt:                       # 1.17: Math.sqrt(...) / (double)q
        w = dist / q
    else:                                                         # MathHelper.sqrt(...) / q: float / float
        dist = dist.astype(np.float32)
        w = dist / np.float32(q)
        length = length.astype(np.float32).astype(np.float64)
    valid = (w <= 1.0) & (length != 0.0)
    if valid.all():
        hit, members = found, group
    else:
        idx = np.flatnonzero(valid[group])
        if not len(idx):
            return []
        hit, members, at = [found[i] for i in idx.tolist()], (np.cumsum(valid) - 1)[group[idx]], at[idx]
        state, off, dist, w, length = state[valid], off[valid], dist[valid], w[valid], length[valid]
    direction = off / length[:, None]
    shape_type = COLLIDER if sim.features.explosion_collision_shapes else OUTLINE
    unblocked, total = _samples(world, center, state[:, 3:9], shape_type, sim.features.exposure_double_steps, rec,
                                members, hit)
    exposure = np.where(total > 0, unblocked.astype(np.float32) / np.maximum(total, 1).astype(np.float32),
                        np.float32(0.0)).astype(np.float64)   # (float)i / (float)j
    influence = (1.0 - w.astype(np.float64)) * exposure
    damage = (influence * influence + influence) / 2.0 * EXPLOSION_DAMAGE_FACTOR * q + 1.0
    impulse = direction * influence[:, None]
    motion = state[:, 9:12] + impulse
    amounts = np.trunc(damage).tolist()   # (float)(int)(...): 1 ≤ damage ≤ 7q + 1, so (int) truncates
    group_of = members.tolist()
    types = {Tnt} if pool.tnt_only else set(map(type, hit))
    if any(t.damage is not Entity.damage for t in types):       # Entity.damage does nothing: skip it (TNT)
        for e, g in zip(hit, group_of, strict=True):
            e.damage(sim, damage_source.EXPLOSION, amounts[g])
    rows = _apply(pool, at, hit, members, motion, impulse,
                  [{"id": 0, "samples": smp, "exposure": ex, "impulse": None, "distance": d, "influence": inf,
                    "damage": amount}
                   for smp, ex, d, inf, amount in zip(zip(unblocked.tolist(), total.tolist(), strict=True),
                                                      exposure.tolist(), dist.tolist(), influence.tolist(), amounts,
                                                      strict=True)])
    if any(t.living for t in types):
        for e, g, row in zip(hit, group_of, rows, strict=True):
            if e.living:
                level = _blast_protection(e)
                if level > 0 and "explosion_living" in sim.features.refused:
                    raise refusal(sim.features, "explosion_living", f"entity {e.id}, tick {sim.tick_count}")
                strength = transform_explosion_knockback(float(influence[g]), level,
                                                         sim.features.blast_protection_linear)
                imp = direction[g] * strength
                e.motion = _new(Vec3, (state[g, 9:12] + imp).tolist())
                row["impulse"] = imp.tolist()
    if rec is not None:
        for e, row in zip(hit, rows, strict=True):
            p, imp = e.pos, row["impulse"]
            rec.geometry(segment("impulse", p, (p.x + imp[0], p.y + imp[1], p.z + imp[2]), entity=e.id))
            rec.geometry(label("exposure", (p.x, p.y + e.height, p.z), "{}/{} exposure {:.4g} impulse {:.4g}".format(
                *row["samples"], row["exposure"], math.hypot(*imp)), entity=e.id))
    return rows


def _section_entities(world: World, source: Entity | None, box: Box) -> list[Entity]:
    """The entities `World.get_entities(source, box)` looks at, in its order (spec 01 §5.2: the sections of the
    box grown by 2, chunks x then z, sections by y), not yet filtered by their boxes: `damage_entities` tests
    Box.intersects on all their rows at once."""
    found = list(chain.from_iterable(world.entity_sections_in(box)))
    if source is not None and source in found:
        found.remove(source)
    return found


class _Pool:
    """The entities an explosion looks at (`_section_entities`), their rows (position, box, Motion, and unless
    all are TNT, whose eye is their position's y, the y the impulse's direction runs to) and, for TNT, the
    objects the rows were read from.

    Kept per world for its next explosion, which reuses a row wherever its entity still holds the very same
    position, box and Motion objects (immutable, so the same values; the Motion being the one this module set
    and wrote into the row): in a stack, explosion after explosion, only the Motions change, and only here."""

    __slots__ = ("box", "entities", "motion", "pos", "rows", "tnt_only")

    def __init__(self, entities: list[Entity], rows: np.ndarray, tnt_only: bool, pos: list[Vec3],
                 box: list[Box], motion: list[Vec3]) -> None:
        self.entities, self.rows, self.tnt_only = entities, rows, tnt_only
        self.pos, self.box, self.motion = pos, box, motion

    @staticmethod
    def of(world: World, source: Entity | None, found: list[Entity]) -> _Pool:
        """The pool of `found` (the section entities but `source`), kept for the world's next explosion when all
        are TNT: the last explosion's rows where they still hold, else read now."""
        last = _POOLS.pop(world, None)
        pool = (last.reused(source, found) if last is not None else None) or _Pool.read(found)
        if pool.tnt_only:
            _POOLS[world] = pool
        return pool

    def reused(self, source: Entity | None, found: list[Entity]) -> _Pool | None:
        """This pool for `found`, the source of the new explosion (one of these entities) left out, if `found`
        are these entities in this order and each still holds the same objects; None otherwise."""
        keep, rows, pos, box, motion = self.entities, self.rows, self.pos, self.box, self.motion
        if len(keep) == len(found) + 1 and source is not None:
            try:
                i = keep.index(source)
            except ValueError:
                return None
            keep, pos, box, motion = (v[:i] + v[i + 1:] for v in (keep, pos, box, motion))
            rows = np.delete(rows, i, axis=0)
        if (keep == found and all(map(is_, map(_POS, found), pos)) and all(map(is_, map(_BOX, found), box))
                and all(map(is_, map(_MOTION, found), motion))):
            return _Pool(found, rows, True, pos, box, motion)
        return None

    @staticmethod
    def read(found: list[Entity]) -> _Pool:
        """The pool of `found`, every row read from the entities."""
        n = len(found)
        if not all(type(e) is Tnt for e in found):
            rows = np.fromiter(chain.from_iterable(e.pos + e.box + e.motion + (_eye_y(e),) for e in found),
                               np.float64, 13 * n).reshape(n, 13)
            return _Pool(found, rows, False, [], [], [])
        pos, box, motion = list(map(_POS, found)), list(map(_BOX, found)), list(map(_MOTION, found))
        rows = np.fromiter(chain.from_iterable(p + b + m for p, b, m in zip(pos, box, motion, strict=True)),
                           np.float64, 12 * n).reshape(n, 12)
        return _Pool(found, rows, True, pos, box, motion)


_POOLS: WeakKeyDictionary[World, _Pool] = WeakKeyDictionary()
_POS, _BOX, _MOTION, _ID = attrgetter("pos"), attrgetter("box"), attrgetter("motion"), attrgetter("id")


def _eye_y(e: Entity) -> float:
    """The y of the impulse's direction (spec 04 §15.3): `getEyeY()`, the position's y for TNT."""
    return e.pos.y if isinstance(e, Tnt) else e.pos.y + e.eye_height


def _groups(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the first row of each group, each row's group): rows equal bit for bit (−0.0 is not 0.0) form a group.
    Every number of an entity's explosion step is a function of its row, computed by the same IEEE operations
    for any number of rows, so a group's numbers are those of each of its members."""
    bits = rows.view(np.uint64)
    if (bits == bits[0]).all():
        return np.zeros(1, dtype=np.int64), np.zeros(len(rows), dtype=np.int64)
    _, first, inverse = np.unique(bits.view(np.dtype((np.void, bits.shape[1] * bits.itemsize))).reshape(-1),
                                  return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _apply(pool: _Pool, at: np.ndarray, hit: list[Entity], members: np.ndarray, motion: np.ndarray,
           impulse: np.ndarray, templates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Set each entity's Motion to its group's (one immutable Vec3 shared by the group), write it into the pool's
    row (`at`: the entities' places in the pool); make each entity's ledger row: the group's template with its
    id. The rows of a group share the group's impulse list (event fields are only read)."""
    motions = [_new(Vec3, m) for m in motion.tolist()]
    group_of = members.tolist()
    new = list(map(motions.__getitem__, group_of))
    for e, m in zip(hit, new, strict=True):
        e.motion = m
    if pool.tnt_only:
        if len(at) == len(pool.entities):
            pool.motion = new
            pool.rows[:, 9:12] = motion[members]
        else:
            for i, m in zip(at.tolist(), new, strict=True):
                pool.motion[i] = m
            pool.rows[at, 9:12] = motion[members]
    for template, imp in zip(templates, impulse.tolist(), strict=True):
        template["impulse"] = imp
    rows = []
    append = rows.append
    for entity_id, g in zip(map(_ID, hit), group_of, strict=True):
        row = templates[g].copy()
        row["id"] = entity_id
        append(row)
    return rows


def _cell(coords: np.ndarray) -> np.ndarray:
    """The cells of coordinates, those past the int range (a box 1e308 wide, NaN) held at its ends: no block lies
    beyond ±30M, so the region test's answer is the same."""
    return np.floor(np.clip(np.nan_to_num(coords, nan=0.0), -(2.0**31), 2.0**31)).astype(np.int64)


def _samples(world: World, center: Vec3, boxes: np.ndarray, shape_type: str, double_steps: bool,
             rec: Recorder | None, members: np.ndarray, hit: list[Entity]) -> tuple[np.ndarray, np.ndarray]:
    """(unblocked, total) sample points per row of `boxes`. Equal boxes share one set of rays, recorded once for
    all the entities of `hit` whose row (`members`) has that box; when no block lies near the centre and all the
    boxes, every ray misses (the same counts as casting every ray: tested)."""
    lo = _cell(np.minimum(boxes[:, :3].min(axis=0), center)) - 1
    hi = _cell(np.maximum(boxes[:, 3:].max(axis=0), center)) + 1
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
            total = _sample_count(box, double_steps)
            counts.append((total, total))
            continue
        rays = tuple((p, None) for p in sample_points(box, double_steps)) if empty else \
            _memo_rays(world, center, box, shape_type, double_steps)
        counts.append((sum(stop is None for _, stop in rays), len(rays)))
        if rec is not None:
            _record_rays(rec, center, rays, [hit[i].id for i in np.flatnonzero(inverse[members] == k).tolist()])
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


_EXPOSURE_MEMO: WeakKeyDictionary[World, tuple[int, dict[tuple[Box, Vec3, str, bool],
                                                         tuple[tuple[Vec3, Vec3 | None], ...]]]] = WeakKeyDictionary()


def _memo_rays(world: World, center: Vec3, box: Box, shape_type: str,
               double_steps: bool) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`exposure_rays`, remembered per world while its blocks are unchanged (`block_version`): a stack on the
    ground explodes at one centre again and again. Exposure rays read nothing but block states."""
    version, memo = _EXPOSURE_MEMO.get(world, (-1, {}))
    if version != world.block_version or len(memo) >= EXPOSURE_MEMO_SIZE:
        memo = {}
        _EXPOSURE_MEMO[world] = (world.block_version, memo)
    key = (box, center, shape_type, double_steps)
    found = memo.get(key)
    if found is None:
        found = memo[key] = exposure_rays(world, center, box, shape_type, double_steps)
    return found


def _blast_protection(entity: Entity) -> int:
    """`EnchantmentHelper.getEquipmentLevel(BLAST_PROTECTION)`: a living entity's `blast_protection` field."""
    return getattr(entity, "blast_protection", 0)


# --- affectWorld --------------------------------------------------------------------------------------------

def affect_world(sim: TickContext, affected: AffectedBlocks, fire: bool = False) -> int:
    """`Explosion.affectWorld` for a BREAK or DESTROY explosion: `Collections.shuffle(list, world.random)`, then
    every position that is not air becomes air; a TNT block becomes primed TNT (`TntBlock.onDestroyedByExplosion`:
    the spawn angle from the world Random, then fuse nextInt(80 / 4) + 80 / 8, AMBIGUITY-N2: 10..29 gt); then
    the fire, if any, in the shuffled order. Returns the number of blocks removed."""
    if affected.ids is None and not fire:
        shuffle_draws(sim.random, affected.count)   # all air: only the shuffle's draws matter
        return 0
    world = sim.world
    cells, keys = affected.ordered()
    order = list(range(len(cells)))
    shuffle(sim.random, order)
    removed = 0
    air = air_table()[affected.ids[keys]].tolist() if affected.ids is not None else [True] * len(cells)
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
    if fire:
        create_fire(sim, [tuple(cells[i].tolist()) for i in order])
    return removed


def create_fire(sim: TickContext, cells: list[tuple[int, int, int]]) -> None:
    """`Explosion.affectWorld`'s fire: for each affected position in list order (shuffled when blocks were
    destroyed), nextInt(3) == 0 on the explosion's Random, the cell now air and a full cube below → fire. Full
    cubes stand in for `isOpaqueFullCube` (glass counts here). The Random is seeded from the scene seed and the
    world's clock (vanilla's comes from the clock), so a scene saved mid-run draws the same."""
    world = sim.world
    random = JavaRandom(sim.seed * EXPLOSION_FIRE_SEED + world.game_time)
    fire = blocks.default_state("fire")
    for x, y, z in cells:
        if random.next_int(FIRE_CHANCE) == 0 and world.get_block_state(x, y, z).is_air \
                and phys.is_full_cube(world.get_block_state(x, y - 1, z)):
            world.set_block_state(x, y, z, fire)
