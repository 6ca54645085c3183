"""Explosions (spec 04 §15) as 1.16.5's `ServerWorld.createExplosion` runs a BREAK explosion (TNT):
`Explosion.collectBlocksAndDamageEntities` (block rays, engine/influences/blockrays.py; then the entities), then
`Explosion.affectWorld` (blocks removed after every impulse of the explosion; caught TNT primed with a short fuse).

Random numbers: the block rays draw 1352 `nextFloat`s from the world Random and the shuffle of the affected
blocks one `nextInt` per position but the first; both step the generator in compiled loops
(`jrandom.float_draws`, `int_draws`), which give the same values as drawing them one by one.

Destruction types (`Explosion.DestructionType`): BREAK (TNT, TNT minecarts) and DESTROY (beds, respawn anchors,
end crystals, creepers and the wither with mobGriefing) remove the same blocks, as their difference is only the
loot's survival chance; NONE draws the rays' floats but neither shuffles nor breaks. Fire (beds, anchors) sets
fire in a third of the affected air cells above a full cube, drawn from the explosion's own Random: vanilla's is
an unseeded `new Random()`, here it is seeded from the scene seed and the tick, so fire cells are reproducible
but cannot match a given vanilla run.

Each affected block, read at its turn, becomes air as `World.setBlockState(pos, AIR, 3)` makes it (1.12.2
`doExplosionB`, 1.16.5 `affectWorld`, 1.20.3 and 1.21 `AbstractBlock.onExploded`: the same in every release):
the old block's removal hook, then the neighbour and shape updates (`engine.redstone.neighbor_updates`), so a
gravity block above falls two ticks later and redstone reacts; then `onDestroyedByExplosion` (a TNT block is
primed). The fire is set with flags 3 too.

Up to 1.14.4 (`explosion_hash_set_blocks`; 1.12.2 `doExplosionB`, 1.14.4 `affectWorld` run on the server) the
explosion's sound is played by the server, its pitch two `nextFloat`s from the world Random after the entities,
and the affected positions are taken in the HashSet's order, unshuffled. Before 1.14 only a TNT's explosion (BREAK,
no fire) is compared; any other stops the run in one line.

Block loot (engine/influences/explosion_loot.py), 1.16–1.16.5: each destroyed block's drops are rolled with the
world Random at its turn, before it becomes air (TNT drops nothing: it is primed), merged as
`Explosion.tryMergeStack` merges them, and dropped as items after the last block (`Block.dropStack`, three
world-Random floats each). A block broken by the updates of a removal drops its own at once, and a container
scatters its inventory (engine/influences/block_drops.py). A table step that is not modelled (a drawing count, a
weighted choice, a block entity's data) stops the run in one line naming the block. In the other releases the
loot is not modelled (no items, no draws: docs/versions.md, the `explosion` row).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import numpy as np

from engine.constants import (
    BLAST_PROTECTION_STEP,
    BLAST_PROTECTION_STEP_OLD,
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
from engine.entities.rows import F_BOX, F_MOTION, F_POS
from engine.entities.tnt import TNT_ROWS, Tnt, prime_from_block
from engine.geometry.box import Box, Vec3
from engine.influences.blockrays import DEFAULT_BEHAVIOR, AffectedBlocks, ExplosionBehavior, air_table, collect_blocks
from engine.influences.explosion_kernel import (
    R_DAMAGE,
    R_EXPOSURE,
    R_IMPULSE,
    R_INFLUENCE,
    T_DIR,
    T_DIST,
    entity_pass_direction,
    explosion_impulses,
    explosion_targets,
    exposure_steps,
    fractions,
    samples_bound,
)
from engine.influences.explosion_ledger import Ledger
from engine.influences.explosion_loot import ExplosionDrops
from engine.java.javanum import f32
from engine.java.javautil import shuffle, shuffle_draws
from engine.java.jrandom import JavaRandom
from engine.java.mathhelper import floor
from engine.living.attributes import EXPLOSION_KNOCKBACK_RESISTANCE
from engine.motion.raycast import COLLIDER, FLUID_NONE, OUTLINE, raycast_blocks
from engine.motion.raytrace_1_12 import BoxNotCompared, ray_trace_blocks
from engine.redstone import neighbor_updates as nu
from engine.redstone.registry import behaviour as redstone_behaviour
from engine.world import block_physics as phys
from engine.world.shape_context import ShapeContext
from engine.world.world import EFFECT, blocks

if TYPE_CHECKING:
    from engine.core.context import TickContext
    from engine.core.trace import Recorder
    from engine.world.world import World

BREAK, DESTROY, NONE = "break", "destroy", "none"   # Explosion.DestructionType
TRIGGER_BLOCK = "trigger_block"   # ExplosionSourceType.TRIGGER (1.21, wind charges): blocks triggered, none removed
DESTRUCTION_TYPES = (BREAK, DESTROY, NONE, TRIGGER_BLOCK)
# the entities `preservesDecorativeEntities` false makes immune (1.21.2: ArmorStandEntity, ItemEntity,
# BlockAttachedEntity's isImmuneToExplosion)
DECORATIVE_TYPES = frozenset({"minecraft:armor_stand", "minecraft:item", "minecraft:leash_knot"})
_new = tuple.__new__
RAY_TRACE_1_12 = "ray_trace_1_12"   # exposure rays of World.rayTraceBlocks (1.12.2, exposure_ray_trace_blocks)
RAY_TRACE_1_13 = "ray_trace_1_13"   # ... of 1.13.2's, on outline VoxelShapes (ray_trace_voxel_shapes)
# the redirectable_projectile tag (1.21.3, 1.21.11); from 1.21.9 an explosion gives them its attacker as owner
REDIRECTABLE_TYPES = frozenset({"minecraft:fireball", "minecraft:wind_charge", "minecraft:breeze_wind_charge"})
PROJECTILE_OWNER_SET = ("a fireball or wind charge in reach: ServerExplosion.hurtEntities of 1.21.11 sets its owner to "
                        "the explosion's attacker (1.21.9 and 1.21.10 too; 1.21.8: kept), not simulated")
EXPOSURE_MEMO_SIZE = 4096   # exposures remembered per world and block version (a cache bound, not physics)


# --- the explosion step --------------------------------------------------------------------------------------

def explode(sim: TickContext, source: Entity | None, center: Vec3, power: float,
            rec: Recorder | None, mode: str = BREAK, fire: bool = False) -> dict[str, Any]:
    """`ServerWorld.createExplosion`: the default `Simulation.explosion_step`; `mode` one of `DESTRUCTION_TYPES`.

    The block rays follow the source's `ExplosionBehavior` (`Explosion.chooseBehavior`: the entity's overrides).
    Returns the event fields: `affected` (the ledger rows, interfaces.md) and `blocks_destroyed`."""
    behavior = source.explosion_behavior() if source is not None else DEFAULT_BEHAVIOR
    features = sim.features
    if features.tnt_angle_math_random_1_13 and (mode != BREAK or fire):
        raise refusal(features, "explosion", f"the explosion at {tuple(center)}, tick {sim.tick_count}",
                      "an explosion other than a TNT's is not compared before 1.14")
    affected_blocks = collect_blocks(sim.world, sim.random, center, power, behavior)
    rows = damage_entities(sim, source, center, power, rec, behavior)
    if features.explosion_hash_set_blocks:
        # 1.12.2 doExplosionB, 1.14.4 affectWorld on the server: playSound's pitch,
        # (1.0F + (nextFloat() - nextFloat()) * 0.2F) * 0.7F, whatever the destruction type
        sim.random.discard_floats(2)
    if mode == TRIGGER_BLOCK:
        trigger_blocks(sim, affected_blocks)
        removed = 0
    elif mode != NONE:
        drops = ExplosionDrops(sim, tuple(center), power if mode == DESTROY else None, source is not None)
        removed = affect_world(sim, affected_blocks, fire, drops)
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
    """The lerp fractions of `Explosion.getExposure`'s loops (`explosion_kernel.fractions`) for box edges
    (dx, dy, dz), and the X and Z offsets g, h (`explosion_kernel.exposure_steps`); None when an edge is negative
    (exposure 0). A box so large that the loops would not end in time (or never: a step that no longer moves the
    float) stops the run."""
    d, e, f, g, h = exposure_steps(dx, dy, dz)
    if d < 0.0 or e < 0.0 or f < 0.0:
        return None
    count = samples_bound(d, e, f)
    if count > MAX_EXPOSURE_SAMPLES:
        raise SimulationLimit(f"an explosion's exposure samples an entity box of {dx:g} × {dy:g} × {dz:g} at "
                              f"{count:.3g} points (more than {MAX_EXPOSURE_SAMPLES:,}; vanilla loops that long or "
                              "forever)")
    return _fractions(d, double_steps), _fractions(e, double_steps), _fractions(f, double_steps), (float(g), float(h))


def _fractions(step: float, double_steps: bool) -> tuple[float, ...]:
    out = np.empty(fractions(step, double_steps, np.empty(0)))
    fractions(step, double_steps, out)
    return tuple(out.tolist())


def sample_points(box: Box, double_steps: bool = False) -> list[Vec3]:
    """`Explosion.getExposure`'s sample points of an entity box, X outermost, then Y, then Z."""
    grid = _grid(box.max_x - box.min_x, box.max_y - box.min_y, box.max_z - box.min_z, double_steps)
    if grid is None:
        return []
    ks, ls, ms, (g, h) = grid
    return [Vec3(box.min_x + k * (box.max_x - box.min_x) + g, box.min_y + m_y * (box.max_y - box.min_y),
                 box.min_z + m * (box.max_z - box.min_z) + h) for k in ks for m_y in ls for m in ms]


def _near_blocks(world: World, center: Vec3, box: Box) -> bool:
    """Whether a block may lie in a cell that a ray between `box`'s sample points (within 0.5 m of it) and
    `center` tests (the cells of the segment's bounding box, one more for the 1e-7 extension)."""
    return not world.region_is_empty(floor(min(box.min_x, center.x)) - 1, floor(min(box.min_y, center.y)) - 1,
                                     floor(min(box.min_z, center.z)) - 1, floor(max(box.max_x, center.x)) + 1,
                                     floor(max(box.max_y, center.y)) + 1, floor(max(box.max_z, center.z)) + 1)


def exposure_rays(world: World, center: Vec3, box: Box, shape_type: str = COLLIDER, double_steps: bool = False,
                  context: ShapeContext | None = None) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`Explosion.getExposure`'s rays: each sample point with where the block raycast from it to the centre
    (collision shapes as the target's shape `context` gets them — `RaycastContext(.., entity)` —, fluids ignored)
    stops, or None when it misses (the point is unblocked). Rays that can meet no block are not cast."""
    points = sample_points(box, double_steps)
    if not points or not _near_blocks(world, center, box):
        return tuple((p, None) for p in points)
    out = []
    for p in points:
        if shape_type in (RAY_TRACE_1_12, RAY_TRACE_1_13):
            out.append((p, ray_trace_blocks(world, p, center, shape_type == RAY_TRACE_1_13)))
            continue
        hit = raycast_blocks(world, p, center, FLUID_NONE, shape_type=shape_type, context=context)
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


def damage_entities(sim: TickContext, source: Entity | None, center: Vec3, power: float, rec: Recorder | None,
                    behavior: ExplosionBehavior = DEFAULT_BEHAVIOR) -> Ledger | list[dict[str, Any]]:
    """The entity half of `collectBlocksAndDamageEntities` (spec 04 §15.1, §15.3), one row after another in the
    kernels of `engine.influences.explosion_kernel`.

    Candidates: `getOtherEntities(source, floor(centre ± (q + 1)))` with q = 2·power (the section bug). For each,
    in that order: w = (float)sqrt(distance²) / q must be ≤ 1; the direction runs from the centre to the eye
    (TNT: the position) and is skipped when its (float) length is 0 (1.21.11: normalised, zero below 1.0E-5F,
    nothing skipped, as 1.21.10; 1.21.9 stops where the two differ); influence (1 − w)·exposure; damage
    (int)((I² + I)/2·7·q + 1); a living entity's impulse passes Blast Protection; Motion += direction·impulse.
    Returns the ledger rows: id, samples [unblocked, total], exposure, impulse, distance, influence, damage
    (a `Ledger`: kept as columns until read).

    An `AdvancedExplosionBehavior` (`behavior`, the wind charges'): the impulse is (1 − w)·exposure·knockback
    (`getKnockbackModifier`, the Motion before the explosion plus the direction times it: `_knockback`), no damage
    where `shouldDamage` is false (the ledger's damage 0), and from 1.21.2 (`explosion_preserves_decorations`)
    armor stands, items and leash knots are immune to it (`preservesDecorativeEntities`).

    TNT alone in range are read and written in their rows (`_Targets`); any other mix is read from the objects
    into a scratch table and written back. tests/engine/test_explosion.py compares the whole with the
    entity-by-entity algorithm."""
    world = sim.world
    q = f32(power * EXPLOSION_RADIUS_FACTOR)
    cx, cy, cz = center
    margin = q + EXPLOSION_QUERY_MARGIN
    query = Box.of(float(floor(cx - margin)), float(floor(cy - margin)), float(floor(cz - margin)),
                   float(floor(cx + margin)), float(floor(cy + margin)), float(floor(cz + margin)))
    if rec is not None:
        rec.geometry(sphere("explosion_sphere", center, q))
    found = _section_entities(world, source, query)
    if sim.features.explosion_preserves_decorations and not preserves_decorative_entities(source, behavior):
        found = [e for e in found if e.TYPE not in DECORATIVE_TYPES]
    targets = _Targets.of(world, source, found)
    if not targets.entities:
        return []
    where = f"the explosion at {tuple(center)}, tick {sim.tick_count}"
    if "explosion" in sim.features.refused:
        raise refusal(sim.features, "explosion", where)
    f, rows = targets.table(), targets.rows
    count = len(rows)
    hit, target, bounds = np.empty(count, dtype=np.int64), np.empty((count, 5)), np.empty(6)
    same = np.empty(count, dtype=np.bool_)
    n = explosion_targets(f, rows, targets.pos_col, targets.box_col, targets.eye_col, cx, cy, cz, q, tuple(query),
                          entity_pass_direction(sim.features), hit, target, bounds, same)
    if not n:
        return []
    hit, target = hit[:n], target[:n]
    ids = targets.ids[hit]
    double_steps = sim.features.exposure_double_steps
    empty = _region_is_empty(world, center, bounds)
    unblocked, total = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    if rec is not None or not empty:
        shape_type = RAY_TRACE_1_12 if sim.features.exposure_ray_trace_blocks else \
            RAY_TRACE_1_13 if sim.features.ray_trace_voxel_shapes else \
            COLLIDER if sim.features.explosion_collision_shapes else OUTLINE
        try:
            # TNT's own context where no block reads more of it (powder snow, an EFFECT block, reads its fall)
            contexts = None if targets.scratch is None and not world.region_has(EFFECT, *_ray_region(center, bounds)) \
                else [targets.entities[i].shape_context(world) for i in hit.tolist()]
            _samples(world, center, f[rows[hit], targets.box_col:targets.box_col + 6], shape_type, double_steps,
                     rec, ids, empty, unblocked, total, contexts)
        except BoxNotCompared as err:
            raise refusal(sim.features, "explosion", where,
                          f"an exposure ray of World.rayTraceBlocks meets {err}, whose bounding box (1.12.2) or "
                          "outline shape (1.13.2) is not compared") from None
    before = targets.motions(hit)
    motion = slice(targets.motion_col, targets.motion_col + 3)
    knocked = f[rows[hit], motion] if behavior.knockback != 1.0 else None   # (a copy: fancy indexing)
    result = np.empty((n, 6))
    done = explosion_impulses(f, rows, targets.box_col, targets.motion_col, hit, n, target, same, q, double_steps,
                              rec is not None or not empty, unblocked, total, result)
    if done < 0:     # a box whose sample loops would not end in time: _grid says so
        box = f[rows[hit[-1 - done]], targets.box_col:targets.box_col + 6].tolist()
        _grid(box[3] - box[0], box[4] - box[1], box[5] - box[2], double_steps)
    if knocked is not None:
        _knockback(f, rows[hit], motion, knocked, target, result, behavior.knockback)
    if not behavior.damages:
        result[:, R_DAMAGE] = 0.0
    ledger = Ledger(ids, unblocked, total, target[:, T_DIST], result)
    if targets.tnt_only and rec is None:   # TNT: Entity.damage does nothing, no Blast Protection, rows written
        return ledger
    entities = targets.entities
    hit_entities = entities if n == count else [entities[k] for k in hit.tolist()]   # (hit ascends)
    if sim.features.explosion_sets_projectile_owner and any(e.TYPE in REDIRECTABLE_TYPES for e in hit_entities):
        raise refusal(sim.features, "explosion", where, PROJECTILE_OWNER_SET)
    types = set(map(type, hit_entities))
    if behavior.damages and any(t.damage is not Entity.damage for t in types):   # Entity.damage does nothing: skip
        for e, amount in zip(hit_entities, result[:, R_DAMAGE].tolist(), strict=True):
            e.damage(sim, damage_source.EXPLOSION, amount)
    targets.write_back(hit, hit_entities)
    for k, e in enumerate(hit_entities):   # 1.21.4: addVelocity does nothing to a stuck arrow or a wind charge
        if e.ignores_add_velocity(sim.features):
            e.motion = _new(Vec3, before[k].tolist())
            result[k, R_IMPULSE:R_IMPULSE + 3] = 0.0
    if any(t.living for t in types):
        _living_impulses(sim, hit_entities, target, result, before, behavior.knockback)
    if rec is not None:
        for e, u, t, exposure, imp in zip(hit_entities, unblocked.tolist(), total.tolist(),
                                          result[:, R_EXPOSURE].tolist(), result[:, R_IMPULSE:R_IMPULSE + 3].tolist(),
                                          strict=True):
            p = e.pos
            rec.geometry(segment("impulse", p, (p.x + imp[0], p.y + imp[1], p.z + imp[2]), entity=e.id))
            text = f"{u}/{t} exposure {exposure:.4g} impulse {math.hypot(*imp):.4g}"
            rec.geometry(label("exposure", (p.x, p.y + e.height, p.z), text, entity=e.id))
    return ledger


def _knockback(f: np.ndarray, rows: np.ndarray, motion: slice, before: np.ndarray, target: np.ndarray,
               result: np.ndarray, knockback: float) -> None:
    """`AdvancedExplosionBehavior.getKnockbackModifier` ≠ 1: the impulse is the direction × ((1 − w)·exposure ×
    the modifier) (Java's `(1.0 - d) * q * p`, then `e *= s`), added to the Motion the rows had before the
    explosion (`Vec3d.add`), in place of the kernel's direction × (1 − w)·exposure."""
    strength = result[:, R_INFLUENCE] * knockback
    result[:, R_IMPULSE:R_IMPULSE + 3] = target[:, T_DIR:T_DIR + 3] * strength[:, None]
    f[rows, motion] = before + result[:, R_IMPULSE:R_IMPULSE + 3]


def preserves_decorative_entities(source: Entity | None, behavior: ExplosionBehavior) -> bool:
    """`ExplosionImpl.preservesDecorativeEntities` (1.21.2) with mobGriefing on: the source is neither touching
    water nor a wind charge (`spares_decorations`); false makes armor stands, items and leash knots immune."""
    return source is None or not (source.touching_water or behavior.spares_decorations)


def _living_impulses(sim: TickContext, hit: list[Entity], target: np.ndarray, result: np.ndarray,
                     before: np.ndarray, knockback: float = 1.0) -> None:
    """A living entity's impulse passes its Blast Protection (`transform_explosion_knockback`; from 1.21 × (1 − its
    explosion_knockback_resistance), `explosion_knockback_resistance`): its Motion is the one before this explosion
    plus the direction times the transformed strength (also the ledger's impulse). `knockback`: the behaviour's
    `getKnockbackModifier`, which multiplies the influence first."""
    features = sim.features
    for k, e in enumerate(hit):
        if e.living:
            level = _blast_protection(e)
            if level > 0 and "explosion_living" in features.refused:
                raise refusal(features, "explosion_living", f"entity {e.id}, tick {sim.tick_count}")
            if features.explosion_knockback_resistance:
                strength = float(result[k, R_INFLUENCE]) * knockback * (
                    1.0 - e.attribute_value(EXPLOSION_KNOCKBACK_RESISTANCE))
            else:
                strength = transform_explosion_knockback(float(result[k, R_INFLUENCE]) * knockback, level,
                                                         features.blast_protection_linear)
            imp = target[k, T_DIR:T_DIR + 3] * strength
            e.motion = _new(Vec3, (before[k] + imp).tolist())
            result[k, R_IMPULSE:R_IMPULSE + 3] = imp


def _section_entities(world: World, source: Entity | None, box: Box) -> list[Entity]:
    """The entities `World.get_entities(source, box)` looks at, in its order (spec 01 §5.2: the sections of the
    box grown by 2, chunks x then z, sections by y), not yet filtered by their boxes (`explosion_targets` tests
    Box.intersects)."""
    found = list(chain.from_iterable(world.entity_sections_in(box)))
    if source is not None:
        try:
            found.remove(source)
        except ValueError:   # the source is elsewhere (or gone)
            pass
    return found


class _Targets:
    """The entities an explosion looks at (`_section_entities`, less those immune to explosions) and the rows the
    kernels read them from: TNT rows in place when all are TNT (`tnt_only`), else a scratch table read from the
    objects (position, box, Motion, the y of the impulse's direction: the eye) and written back after; `ids`
    their entity ids.

    The TNT case is kept per world for its next explosion: where the entities are the same in the same order, the
    source of the new explosion left out (a stack, explosion after explosion), their row numbers are reused."""

    __slots__ = ("entities", "eye_col", "pos_col", "box_col", "motion_col", "rows", "ids", "scratch", "tnt_only")

    def __init__(self, entities: list[Entity], rows: np.ndarray, ids: np.ndarray, scratch: np.ndarray | None) -> None:
        self.entities, self.rows, self.ids, self.scratch = entities, rows, ids, scratch
        self.tnt_only = scratch is None
        if self.tnt_only:
            self.pos_col, self.box_col, self.motion_col, self.eye_col = F_POS, F_BOX, F_MOTION, F_POS + 1
        else:
            self.pos_col, self.box_col, self.motion_col, self.eye_col = 0, 3, 9, 12

    @staticmethod
    def of(world: World, source: Entity | None, found: list[Entity]) -> _Targets:
        last = _TARGETS.pop(world, None)
        targets = (last.reused(source, found) if last is not None else None) or _Targets.read(found)
        if targets.tnt_only:
            _TARGETS[world] = targets
        return targets

    def reused(self, source: Entity | None, found: list[Entity]) -> _Targets | None:
        """These targets for `found`, if they are these entities in this order, less the source; else None."""
        keep, rows, ids = self.entities, self.rows, self.ids
        if len(keep) == len(found) + 1 and source is not None:
            try:
                i = keep.index(source)
            except ValueError:
                return None
            keep, rows, ids = keep[:i] + keep[i + 1:], _without(rows, i), _without(ids, i)
        return _Targets(found, rows, ids, None) if keep == found else None

    @staticmethod
    def read(found: list[Entity]) -> _Targets:
        if all(type(e) is Tnt for e in found):
            return _Targets(found, np.fromiter(map(_ROW, found), np.int64, len(found)), _ids(found), None)
        if any(cls.is_immune_to_explosion is not Entity.is_immune_to_explosion for cls in {type(e) for e in found}):
            found = [e for e in found if not e.is_immune_to_explosion()]   # Entity.isImmuneToExplosion
        n = len(found)
        scratch = np.fromiter(chain.from_iterable(e.pos + e.box + e.motion + (_eye_y(e),) for e in found),
                              np.float64, 13 * n).reshape(n, 13)
        return _Targets(found, np.arange(n), _ids(found), scratch)

    def table(self) -> np.ndarray:
        """The rows' table: TNT_ROWS.f (read now: it grows by reallocation) or the scratch table."""
        return TNT_ROWS.f if self.scratch is None else self.scratch

    def motions(self, hit: np.ndarray) -> np.ndarray | None:
        """The Motions of the entities at `hit` before the kernel adds the impulses (for the living ones)."""
        return None if self.scratch is None else self.scratch[hit, 9:12].copy()

    def write_back(self, hit: np.ndarray, entities: list[Entity]) -> None:
        """The Motions the kernel wrote into a scratch table, set on the objects (TNT rows are written already)."""
        if self.scratch is not None:
            for e, m in zip(entities, self.scratch[hit, 9:12].tolist(), strict=True):
                e.motion = _new(Vec3, m)


def _without(a: np.ndarray, i: int) -> np.ndarray:
    """`a` less its element i (a view where it is the first: a stack's source explodes first)."""
    return a[1:] if i == 0 else np.concatenate((a[:i], a[i + 1:]))


_TARGETS: WeakKeyDictionary[World, _Targets] = WeakKeyDictionary()
_ROW = attrgetter("_r")
_ID = attrgetter("id")


def _ids(entities: list[Entity]) -> np.ndarray:
    return np.fromiter(map(_ID, entities), np.int64, len(entities))


def _eye_y(e: Entity) -> float:
    """The y of the impulse's direction (spec 04 §15.3): `getEyeY()`, the position's y for TNT."""
    return e.pos.y if isinstance(e, Tnt) else e.pos.y + e.eye_height


def _region_is_empty(world: World, center: Vec3, bounds: np.ndarray) -> bool:
    """Whether no block lies in the cells a ray between the sample points of boxes within `bounds` (their least and
    greatest corner) and `center` tests (the cells of the segment's bounding box, one more for the 1e-7
    extension): then every ray misses (tests/engine/test_explosion.py casts them all)."""
    return world.region_is_empty(*_ray_region(center, bounds))


def _ray_region(center: Vec3, bounds: np.ndarray) -> tuple[int, ...]:
    """The cells `_region_is_empty` tests: least corner, then greatest."""
    b = bounds.tolist()
    lo = [_cell(v if v != v or v < c else c) - 1 for v, c in zip(b[:3], center, strict=True)]   # NaN wins, as
    hi = [_cell(v if v != v or v > c else c) + 1 for v, c in zip(b[3:], center, strict=True)]   # in np.minimum
    return (*lo, *hi)


def _cell(v: float) -> int:
    """The cell of a coordinate, one past the int range (a box 1e308 wide) held at its end and NaN at 0: no block
    lies beyond ±30M, so the region test's answer is the same."""
    return 0 if v != v else math.floor(min(max(v, -(2.0**31)), 2.0**31))


def _samples(world: World, center: Vec3, boxes: np.ndarray, shape_type: str, double_steps: bool,
             rec: Recorder | None, ids: np.ndarray, empty: bool, unblocked: np.ndarray, total: np.ndarray,
             contexts: list[ShapeContext] | None) -> None:
    """(unblocked, total) sample points of each row of `boxes` (the boxes of the entities `ids`, their shape
    `contexts`; without them TNT's: not descending, the box's min Y), written to the arrays, by casting the rays
    (none where the region is `empty`: every ray misses). Equal boxes of equal contexts share one set of rays,
    recorded once for all their entities."""
    if contexts is not None:
        groups: dict[tuple[tuple[float, ...], ShapeContext], int] = {}
        inverse = np.fromiter((groups.setdefault(key, len(groups)) for key in
                               zip(map(tuple, boxes.tolist()), contexts, strict=True)), np.int64, len(contexts))
        kinds = list(groups)
    elif (boxes == boxes[0]).all():
        kinds, inverse = [(tuple(boxes[0].tolist()), None)], np.zeros(len(boxes), dtype=np.int64)
    else:
        unique, inverse = np.unique(boxes, axis=0, return_inverse=True)
        kinds, inverse = [(tuple(row), None) for row in unique.tolist()], inverse.reshape(-1)
    for k, (row, context) in enumerate(kinds):
        box = Box(*row)
        rays = tuple((p, None) for p in sample_points(box, double_steps)) if empty else \
            _memo_rays(world, center, box, shape_type, double_steps, context or ShapeContext(False, box.min_y))
        at = inverse == k
        unblocked[at] = sum(stop is None for _, stop in rays)
        total[at] = len(rays)
        if rec is not None:
            _record_rays(rec, center, rays, ids[at].tolist())


def _record_rays(rec: Recorder, center: Vec3, rays: tuple[tuple[Vec3, Vec3 | None], ...], ids: list[int]) -> None:
    """Each sample point (sample_point_hit: unblocked, sample_point_blocked) and its exposure_ray (clipped where a
    block stopped it), once for the entities `ids` that share the box: `entity` the first, `entities` all."""
    for p, stop in rays:
        rec.geometry(point("sample_point_hit" if stop is None else "sample_point_blocked", p, entity=ids[0],
                           entities=ids))
        rec.geometry(segment("exposure_ray", p, center, clipped_to=stop, entity=ids[0], entities=ids,
                             blocked=stop is not None))


_EXPOSURE_MEMO: WeakKeyDictionary[World, tuple[int, dict[tuple[Box, Vec3, str, bool, ShapeContext],
                                                         tuple[tuple[Vec3, Vec3 | None], ...]]]] = WeakKeyDictionary()


def _memo_rays(world: World, center: Vec3, box: Box, shape_type: str, double_steps: bool,
               context: ShapeContext) -> tuple[tuple[Vec3, Vec3 | None], ...]:
    """`exposure_rays`, remembered per world while its blocks are unchanged (`block_version`): a stack on the
    ground explodes at one centre again and again. Exposure rays read nothing but block states."""
    version, memo = _EXPOSURE_MEMO.get(world, (-1, {}))
    if version != world.block_version or len(memo) >= EXPOSURE_MEMO_SIZE:
        memo = {}
        _EXPOSURE_MEMO[world] = (world.block_version, memo)
    key = (box, center, shape_type, double_steps, context)
    found = memo.get(key)
    if found is None:
        found = memo[key] = exposure_rays(world, center, box, shape_type, double_steps, context)
    return found


def _blast_protection(entity: Entity) -> int:
    """`EnchantmentHelper.getEquipmentLevel(BLAST_PROTECTION)`: a living entity's `blast_protection` field."""
    return getattr(entity, "blast_protection", 0)


# --- affectWorld --------------------------------------------------------------------------------------------

def affect_world(sim: TickContext, affected: AffectedBlocks, fire: bool = False,
                 drops: ExplosionDrops | None = None) -> int:
    """`Explosion.affectWorld` for a BREAK or DESTROY explosion: `Collections.shuffle(list, world.random)` (from
    1.15; up to 1.14.4 the positions stay in the HashSet's order, `explosion_hash_set_blocks`), then every position
    that is not air (read at its turn) has its loot rolled into `drops` and becomes air with flags 3; a TNT block
    becomes primed TNT (`TntBlock.onDestroyedByExplosion`: the spawn angle from the world Random, then fuse
    nextInt(80 / 4) + 80 / 8, AMBIGUITY-N2: 10..29 gt); after the last block the drops fall (`Block.dropStack`);
    then the fire, if any, in that order. `drops` None: a BREAK explosion's. Returns the number of blocks
    removed."""
    shuffled = not sim.features.explosion_hash_set_blocks
    if affected.ids is None and not fire:
        if shuffled:
            shuffle_draws(sim.random, affected.count, keep=False)   # all air: only the shuffle's draws matter
        return 0
    world = sim.world
    drops = drops or ExplosionDrops(sim, None, None)
    cells, keys = affected.ordered()
    order = list(range(len(cells)))
    if shuffled:
        shuffle(sim.random, order)
    removed = 0
    air = air_table()[affected.ids[keys]].tolist() if affected.ids is not None else [True] * len(cells)
    for i in order:
        if air[i]:
            continue
        x, y, z = cells[i].tolist()
        state = world.get_block_state(x, y, z)
        if state.is_air:   # read at its turn: an earlier removal's updates may have removed it (a door's half)
            continue
        drops.roll(state, (x, y, z))
        nu.set_block_state(sim, (x, y, z), blocks.AIR, nu.NOTIFY_ALL)
        removed += 1
        if state.block == "tnt":
            tnt = prime_from_block(sim, x, y, z, float_centre=sim.features.tnt_exploded_float_centre_1_15)
            tnt.fuse = sim.random.next_int(TNT_FUSE // TNT_EXPLOSION_FUSE_SPREAD) + TNT_FUSE // TNT_EXPLOSION_FUSE_BASE
            sim.add_entity(tnt)
    drops.drop()
    if fire:
        create_fire(sim, [tuple(cells[i].tolist()) for i in order])
    return removed


def trigger_blocks(sim: TickContext, affected: AffectedBlocks) -> None:
    """`affectWorld` / `destroyBlocks` of a TRIGGER_BLOCK explosion (1.21, wind charges): the affected positions
    shuffled with the world Random, then `onExploded` of each block in that order, which removes nothing
    (`AbstractBlock.onExploded` skips TRIGGER_BLOCK) and triggers the blocks whose redstone behaviour reacts to
    `canTriggerBlocks` (`Behaviour.on_exploded`: buttons, levers, doors, trapdoors, fence gates). The game rule
    mobGriefing, which a breeze wind charge's trigger asks, is taken as on (its default)."""
    if affected.ids is None:
        shuffle_draws(sim.random, affected.count, keep=False)   # all air: nothing to trigger
        return
    cells, keys = affected.ordered()
    order = list(range(len(cells)))
    shuffle(sim.random, order)
    air = air_table()[affected.ids[keys]].tolist()
    world = sim.world
    for i in order:
        if not air[i]:
            x, y, z = cells[i].tolist()
            state = world.get_block_state(x, y, z)
            redstone_behaviour(state.block).on_exploded(sim, state, (x, y, z))


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
            nu.set_block_state(sim, (x, y, z), fire, nu.NOTIFY_ALL)
