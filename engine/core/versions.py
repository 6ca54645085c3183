"""The version table: every accepted release × every mechanic, simulated as that release does it or refused.

Two tables, resolved once per Simulation into a frozen `Features`:

* `FEATURES`: the version differences the engine simulates, each a flag the mechanic reads (spec 00 §3.1 and the
  game's code, docs/versions.md). Every row changes a result; tests/engine/test_versions.py proves each.
* `MECHANICS`: per mechanic, the releases whose game code differs from what the engine simulates. Such a cell is
  refused: the mechanic's one entry point (an entity kind's tick, the explosion, the piston push, ...) stops the
  run with one line naming the mechanic, the version and what changed (`refusal`), when a scene uses it.

`tickscope versions` prints the table; docs/versions.md records where each fact comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Version = tuple[int, int, int]
DEFAULT_VERSION = "1.16.5"

# Every Java Edition release from 1.11 to the last 1.21.x (1.21.11; the releases after it are numbered 26.x).
RELEASES: tuple[Version, ...] = tuple(
    (1, minor, patch) for minor, last in ((11, 2), (12, 2), (13, 2), (14, 4), (15, 2), (16, 5), (17, 1), (18, 2),
                                          (19, 4), (20, 6), (21, 11))
    for patch in range(last + 1))
OLDEST, NEWEST = RELEASES[0], RELEASES[-1]

# name: (description, first version with the behaviour, first version without it or None). Every row is read by
# the mechanic it names and either changes its result or stops the run with one line where that version's
# behaviour is not simulated. Not a row: the 1.18 raycast in Entity.move (spec 03 §3) only loads chunks along the
# path and has no velocity effect, and this engine keeps every chunk loaded, so no run can differ.
FEATURES: dict[str, tuple[str, Version, Version | None]] = {
    "axis_order_yxz": ("Entity.move sweeps always Y, X, Z (spec 03 §3)", OLDEST, (1, 14, 0)),
    "move_sets_position": ("Entity.move sets the position to position + movement and rebuilds the box from it "
                           "(Entity.setPosition), instead of offsetting the box and moving to its centre "
                           "(moveToBoundingBoxCenter)", (1, 17, 0), None),
    "move_zeroes_both_axes": ("Entity.move step 9 zeroes X and Z together (1.18 rewrite)", (1, 18, 0), None),
    "move_small_uncollided": ("Entity.move also applies a movement of length² ≤ 1.0E-7 when collisions shortened "
                              "it by less than 1.0E-7 (1.21.2)", (1, 21, 2), None),
    "piston_clamp": ("pistonMovementDelta clamps piston moves to 0.51 per axis and tick; 1.11 passes piston "
                     "moves through unchanged (spec 04 §8.6)", (1, 12, 0), None),
    "explosion_collision_shapes": ("explosion exposure rays test collision shapes, not outlines (spec 04 §15); "
                                   "outline rays are refused where a cell's outline may differ",
                                   (1, 16, 0), None),
    "explosion_double_sqrt": ("the explosion's distance and direction length use Math.sqrt in double, not "
                              "MathHelper.sqrt's float (Explosion.collectBlocksAndDamageEntities, 1.17)",
                              (1, 17, 0), None),
    "exposure_double_steps": ("Explosion.getExposure steps its sample fractions in double, not float (1.18.2)",
                              (1, 18, 2), None),
    "projectile_outline_shapes": ("thrown projectiles raycast block outline shapes (spec 03 §7.5); refused where "
                                  "a tested cell's outline may differ from its collision shape",
                                  OLDEST, (1, 16, 2)),
    "thrown_check_block_collision": ("ThrownEntity.tick runs checkBlockCollision (spec 00 §3.1, AMBIGUITY-V1: "
                                     "absent in 1.16.1 and earlier)", (1, 16, 2), None),
    "thrown_gravity_double": ("ThrownEntity.getGravity is the double 0.03 (potions 0.05, experience bottles 0.07), "
                              "not the float 0.03F, applied by Entity.applyGravity (1.20.5)", (1, 20, 5), None),
    "thrown_tick_1_21_2": ("ThrownEntity.tick: gravity and drag, then the raycast along the new Motion and the move "
                           "to the hit or by the Motion, tickBlockCollision, the base tick, then the hit (1.21.2)",
                           (1, 21, 2), None),
    "llama_spit_gravity_double": ("LlamaSpitEntity.getGravity is the double 0.06, not 0.06F (1.20.5)", (1, 20, 5),
                                  None),
    "arrow_gravity_double": ("PersistentProjectileEntity.getGravity is the double 0.05, not 0.05F (1.20.5)",
                             (1, 20, 5), None),
    "arrow_tick_1_21_2": ("PersistentProjectileEntity.tick: the in-ground test first; in the ground, fall or age "
                          "and tickBlockCollision without the base tick; in flight the raycast "
                          "(getCollisionsIncludingWorldBorder) and applyCollision (move to each entity hit, then to "
                          "the block hit), drag, gravity unless in the ground, then the base tick; onBlockHit backs "
                          "off signum(Motion) x 0.05F and zeroes the Motion; a world-border hit deflects; a trident's "
                          "entity hit deflects SIMPLE, then x (0.02, 0.2, 0.02) (1.21.2)", (1, 21, 2), None),
    "vec_double": ("Vec3d.length and normalize take Math.sqrt in double, not MathHelper.sqrt's float (1.17): "
                   "projectiles shot or dispensed, arrows hitting", (1, 17, 0), None),
    "blast_protection_linear": ("blast protection I·(1 − 0.15·L) instead of I − ⌊0.15·I·L⌋ (spec 04 §15)",
                                (1, 20, 0), None),
    "raycast_world_border": ("ProjectileUtil.getCollision raycasts with getCollisionsIncludingWorldBorder: a path "
                             "that starts inside the world border and ends outside it hits the border, at the end "
                             "point clamped into it (1.21.2)", (1, 21, 2), None),
    "item_entity_world_random": ("new ItemEntity(world, x, y, z, stack) draws its Motion from the world's Random; "
                                 "the item's own Random draws its uniqueOffset and yaw in the entity type's "
                                 "constructor, every item's, summoned ones too (1.17)", (1, 17, 0), None),
    "xp_orb_merging": ("ExperienceOrbEntity: every 20 ticks of its age (age % 20 == 1) an orb takes in the orbs of "
                       "its value within its box expanded by 0.5 whose id differs from its own by a multiple of 40 "
                       "(Count, the lower age); ExperienceOrbEntity.spawn first adds to such an orb within a 1-block "
                       "box (a world Random draw below 40); no pickup delay, no burn-sound draw in lava (1.17)",
                       (1, 17, 0), None),
    "world_height_1_18": ("the 1.18 overworld spans y -64..319 (DimensionType min_y -64, height 384; the nether "
                          "and the end keep 0..255): the void removes entities below its bottom - 64 and falling "
                          "blocks drop outside it (1.18)", (1, 18, 0), None),
    "falling_block_spawn_from_block": ("FallingBlockEntity.spawnFromBlock: the entity at the cell's floor, not "
                                       "lifted by (1 - 0.98F) / 2F, the block replaced by its fluid at once (no "
                                       "longer waterlogged in the entity); its first tick no longer checks the "
                                       "source block (1.18.2)", (1, 18, 2), None),
    "falling_block_top_inclusive": ("FallingBlockEntity.tick drops a block above getTopYInclusive (the top row), "
                                    "not above getTopY (one higher) (1.21.2)", (1, 21, 2), None),
    "item_push_out_contracted": ("ItemEntity.tick tests the box contracted by 1.0E-7 for free space before pushing "
                                 "the item out of blocks (1.17)", (1, 17, 0), None),
    "random_triangular": ("a projectile's spread (ProjectileEntity.setVelocity), a dispensed item's Motion and a "
                          "dispensed fire charge's direction draw Random.nextTriangular(mode, 0.0172275 × "
                          "divergence) instead of mode + nextGaussian × 0.0075F × divergence (1.19)",
                          (1, 19, 0), None),
    "dispenser_projectile_items": ("ProjectileDispenserBehavior with the ProjectileItem settings: a projectile "
                                   "0.1 above the output location, aimed along the facing without the 0.1F lift; "
                                   "a fire charge 1.0 from the cell centre (1.20.5)", (1, 20, 5), None),
    "projectile_deflection": ("a projectile that hits a ghast fireball redirects it along its own owner's look, "
                              "normalised (ProjectileDeflection.REDIRECTED, onDeflected); Entity.damage no longer "
                              "deflects it; an arrow that deals no damage turns by a random angle "
                              "(ProjectileDeflection.SIMPLE: one nextFloat, Motion × -0.5) and slows × 0.2 "
                              "(1.20.5)", (1, 20, 5), None),
    "fireball_acceleration_power": ("ExplosiveProjectileEntity accelerates along its Motion, normalised × "
                                    "accelerationPower (0.1, NBT acceleration_power), not by the fixed power "
                                    "vector; a launch sets the Motion, not the power (1.21)", (1, 21, 0), None),
    "fireball_tick_1_21_2": ("ExplosiveProjectileEntity.tick: the acceleration and drag first, then the raycast "
                             "along the new Motion and the move to the hit or by the Motion, tickBlockCollision, "
                             "the base tick, then the hit (1.21.2)", (1, 21, 2), None),
}


@dataclass(frozen=True)
class Change:
    """A release range whose game code for a mechanic differs from what the engine simulates (a refused cell)."""
    first: Version
    stop: Version | None
    what: str

    def covers(self, v: Version) -> bool:
        return _spans(self.first, self.stop, v)


def _spans(first: Version, stop: Version | None, v: Version) -> bool:
    """Whether `v` is in [first, stop) (stop None: no end)."""
    return first <= v and (stop is None or v < stop)


@dataclass(frozen=True)
class Mechanic:
    title: str           # what the one-line refusal names
    used: str            # when a scene uses it: where the check sits
    changes: tuple[Change, ...]


_PRE_1_14 = "not compared with the game's code before 1.14 (no decompiled sources of 1.11-1.13 used here)"
_FLOATS = ("before 19w08b (1.14) {} ran on float motion fields with float literals ({}; 1.12.2 and 18w49a)")
_OLD = Change(OLDEST, (1, 14, 0), _PRE_1_14)
_REDSTONE_1_16_5 = "the redstone code was read from 1.16.5 only; not compared"
_REDSTONE_LATER = ("the redstone code was read from 1.16.5 only; the components' classes (wire, gates, torch, "
                   "observer, piston, TNT, dispenser, buttons, plates, doors, ...) change in 1.17, 1.18, 1.19, 1.20, "
                   "by 1.20.4, 1.20.5, 1.21 and 1.21.2 (and 1.21.2 adds the experimental redstone behind a flag); "
                   "not compared")
_BLOCK_TABLE = ("block states and shapes of another release; the table holds 1.16.5's (a full cube or shapeless "
                "block the release lacks is not caught)")
_NO_TABLE_1_21_7 = ("1.21.7 has no block table: minecraft-data lacks it and its block code was not read (1.21.6's "
                    "and 1.21.8's tables are equal; not assumed)")

# mechanic: what it is, when a scene uses it, and the releases it refuses. Releases not refused are simulated,
# with the FEATURES rows of that version. Facts: docs/versions.md (file, method, release).
MECHANICS: dict[str, Mechanic] = {
    "entity_move": Mechanic(
        "Entity.move and block collisions (spec 03)", "an entity moves", (
            Change(OLDEST, (1, 14, 0), "before 19w08b (1.14) Entity.move ran on the float-era motionX/Y/Z fields "
                   "(1.12: AxisAlignedBB lists); " + _PRE_1_14),)),
    "void": Mechanic(
        "the void below the world (Entity.attemptTickInVoid)", "an entity's base tick runs below y = -64", (
            _OLD,)),
    "block_effects": Mechanic(
        "checkBlockCollision in the tick (spec 03 §6.2)", "a block with onEntityCollision is in an entity's reach", (
            _OLD,
            Change((1, 21, 2), None, "Entity.tickBlockCollision: checkBlockCollision moved out of Entity.move "
                   "into the entity's tick, swept along the path with the box deflated by 1.0E-5F, "
                   "onSteppedOn with it"),)),
    "supporting_block": Mechanic(
        "the supporting block (spec 01 §8.3)", "an entity is on the ground", (
            _OLD,
            Change((1, 20, 0), None, "Entity.updateSupportingBlockPos: the supporting block replaces the landing "
                   "block in getLandingPos and getVelocityAffectingPos"),)),
    "fluids": Mechanic(
        "fluid pushing (Entity.updateMovementInFluid, spec 04 §7)", "an entity touches water or lava", (
            Change(OLDEST, (1, 16, 0), "before 1.16 no lava push and no 0.0045 minimum push; " + _PRE_1_14),
            Change((1, 16, 0), (1, 16, 2), "Entity.updateWaterState of 1.16 and 1.16.1 skips the lava push while "
                   "touching water"),
            Change((1, 17, 0), None, "Vec3d.normalize and length take the double Math.sqrt (1.17; zero below "
                   "1.0E-5F from 1.21.2) in FlowableFluid.getVelocity and the push"))),
    "tnt": Mechanic(
        "the TNT tick (TntEntity.tick, spec 06 §1)", "a TNT ticks", (
            Change(OLDEST, (1, 14, 0), _FLOATS.format("TntEntity.tick", "0.04F, 0.98F, 0.7F")),)),
    "falling_block": Mechanic(
        "the falling-block tick (FallingBlockEntity.tick, spec 06 §2)", "a falling block ticks", (
            Change(OLDEST, (1, 14, 0), _FLOATS.format("FallingBlockEntity.tick", "0.04F, 0.98F, 0.7F")),)),
    "item": Mechanic(
        "the item tick (ItemEntity.tick, spec 06 §3)", "an item ticks", (
            Change(OLDEST, (1, 14, 0), _FLOATS.format("ItemEntity.tick", "0.04F, 0.98F")),)),
    "item_push_out": Mechanic(
        "an item pushed out of blocks (ItemEntity.tick, spec 06 §3)", "an item's box is not in free space", (
            _OLD,)),
    "xp_orb": Mechanic(
        "the XP-orb tick (ExperienceOrbEntity.tick, spec 06 §4)", "an XP orb ticks", (
            Change(OLDEST, (1, 14, 0), _FLOATS.format("ExperienceOrbEntity.tick", "0.03F, 0.98F, -0.9F")),)),
    "thrown": Mechanic(
        "the thrown-projectile tick (ThrownEntity.tick, spec 06 §8)", "a snowball, egg, pearl, potion or "
        "experience bottle ticks", (
            Change(OLDEST, (1, 14, 0), "ThrownEntity.tick " + _PRE_1_14),)),
    "projectile_world_border": Mechanic(
        "a projectile's raycast at the world border (World.getCollisionsIncludingWorldBorder)",
        "a thrown projectile's or llama spit's path reaches the world border", (
            _OLD,)),
    "arrow": Mechanic(
        "the arrow and trident tick (PersistentProjectileEntity.tick, spec 06 §7)", "an arrow or trident ticks", (
            Change(OLDEST, (1, 16, 0), "ProjectileEntity.tick before 1.16 not compared"),
            Change((1, 21, 4), None, "PersistentProjectileEntity.tick of 1.21.11 differs from 1.21.2's (the "
                   "in-ground test zeroes the Motion, the water drag before the move, the left-owner test before "
                   "the raycast, every entity along the path hit in one pass: collectPiercingCollisions); "
                   "1.21.4-1.21.10 not compared"))),
    "fireball": Mechanic(
        "the fireball tick (ExplosiveProjectileEntity.tick, spec 06 §9)", "a fireball or wither skull ticks", (
            Change(OLDEST, (1, 14, 0), "ExplosiveProjectileEntity.tick " + _PRE_1_14),)),
    "llama_spit": Mechanic(
        "the llama-spit tick (LlamaSpitEntity.tick)", "a llama spit ticks", (
            Change(OLDEST, (1, 14, 0), "LlamaSpitEntity.tick " + _PRE_1_14),)),
    "fishing_bobber": Mechanic(
        "the fishing-bobber tick (FishingBobberEntity.tick)", "a fishing bobber ticks", (
            Change(OLDEST, (1, 16, 0), "FishingBobberEntity.tick before 1.16 not compared"),
            Change((1, 17, 0), None, "FishingBobberEntity.tick normalises the reel-in Motion with the double "
                   "Vec3d.normalize (1.17); 1.20 changes not compared"))),
    "firework": Mechanic(
        "the firework-rocket boost (FireworkRocketEntity.tick)", "a firework rocket ticks", (
            Change(OLDEST, (1, 16, 0), "FireworkRocketEntity.tick before 1.16 not compared"),
            Change((1, 18, 0), None, "FireworkRocketEntity.tick changed in 1.18 and 1.18.2; not compared"))),
    "boat": Mechanic(
        "the boat tick (BoatEntity.tick, spec 06 §5)", "a boat ticks", (
            Change(OLDEST, (1, 16, 0), "BoatEntity.tick before 1.16 not compared"),
            Change((1, 17, 0), None, "BoatEntity.checkBoatInWater starts its water level at -Double.MAX_VALUE "
                   "(was Double.MIN_VALUE); later releases (1.19 rewrite, 1.20.5 gravity 0.04 in double, 1.21.2 "
                   "AbstractBoatEntity) not compared"))),
    "minecart": Mechanic(
        "the minecart tick (AbstractMinecartEntity.tick, spec 06 §6)", "a minecart ticks", (
            Change(OLDEST, (1, 16, 0), "AbstractMinecartEntity.tick before 1.16 not compared"),
            Change((1, 17, 0), None, "AbstractMinecartEntity.moveOnRail changed in 1.17 (and 1.20.2, 1.20.5; "
                   "1.21.2 moved it into DefaultMinecartController beside the experimental one); not compared"))),
    "living": Mechanic(
        "living travel and jumping (LivingEntity.travel, tickMovement, jump, spec 05)", "a living entity ticks", (
            Change(OLDEST, (1, 16, 0), "LivingEntity.travel before 1.16 not compared"),
            Change((1, 17, 0), None, "LivingEntity.travel and tickMovement changed in 1.17 (powder snow "
                   "climbing, hasNoDrag; takeKnockback and pushAwayFrom in double) and later (1.17.1 Jump Boost in "
                   "double; 1.20.2 passenger attachment points; 1.20.5 attributes gravity, step_height, "
                   "jump_strength; 1.21 movement_efficiency; 1.21.2 split of travel); not compared"))),
    "elytra": Mechanic(
        "elytra flight (LivingEntity.travel, spec 05 §6)", "a living entity glides", (
            Change(OLDEST, (1, 16, 0), "elytra flight before 1.16 not compared"),
            Change((1, 18, 2), None, "LivingEntity.travel's lift uses Math.cos in double, not MathHelper.cos's "
                   "float sine table (1.21.2: calcGlidingVelocity)"))),
    "explosion": Mechanic(
        "the explosion's exposure and entity impulse (spec 04 §15)", "an explosion reaches entities", (
            Change(OLDEST, (1, 14, 0), "Explosion.collectBlocksAndDamageEntities " + _PRE_1_14),)),
    "explosion_living": Mechanic(
        "Blast Protection in an explosion's impulse (spec 04 §15)", "an explosion pushes a living entity wearing "
        "Blast Protection", (
            _OLD,
            Change((1, 21, 0), None, "Explosion: Blast Protection reaches the impulse as the "
                   "explosion_knockback_resistance attribute, I·(1 − attribute)"),)),
    "pistons": Mechanic(
        "piston pushes, slime launches and honey drag (PistonBlockEntity, spec 04 §8)", "a moving piston block "
        "pushes an entity", (
            Change(OLDEST, (1, 16, 0), "PistonBlockEntity.pushEntities before 1.16 not compared (spec 00 §3.1: "
                   "the 4 px retracting arm up to 1.15)"),)),
    "shulker_box": Mechanic(
        "shulker-box lid pushes (ShulkerBoxBlockEntity.pushEntities, spec 04 §9)", "an opening shulker box pushes "
        "an entity", (
            Change(OLDEST, (1, 16, 0), "ShulkerBoxBlockEntity.pushEntities before 1.16 not compared"),)),
    "path_finding": Mechanic(
        "path finding (spec 07)", "a mob searches a path", (
            Change(OLDEST, (1, 16, 0), "path finding before 1.16 not compared"),
            Change((1, 17, 0), None, "LandPathNodeMaker changed in 1.17 (and 22w16a: door and fence tests from "
                   "the mob's minimum point, spec 07 §6); not compared"))),
    "redstone": Mechanic(
        "redstone components and a player's use of a block (engine/redstone)", "a redstone component (wire, "
        "torch, repeater, comparator, observer, button, lever, pressure plate, target, redstone block, detector "
        "rail) changes, is updated or ticks, a block tick runs, or a block is used", (
            Change(OLDEST, (1, 16, 5), _REDSTONE_1_16_5),
            Change((1, 17, 0), None, _REDSTONE_LATER))),
    "block_data": Mechanic(
        "the block tables (spec 01 §8)", "a scene places a block whose collision shape is neither empty nor a full "
        "cube (a release without a table), or a block added after 1.16.5 whose behaviour is not modelled", (
            Change(OLDEST, (1, 16, 0), _BLOCK_TABLE),
            Change((1, 21, 7), (1, 21, 8), _NO_TABLE_1_21_7))),
}


@dataclass(frozen=True)
class Features:
    axis_order_yxz: bool
    move_sets_position: bool
    move_zeroes_both_axes: bool
    move_small_uncollided: bool
    piston_clamp: bool
    explosion_collision_shapes: bool
    explosion_double_sqrt: bool
    exposure_double_steps: bool
    projectile_outline_shapes: bool
    thrown_check_block_collision: bool
    thrown_gravity_double: bool
    thrown_tick_1_21_2: bool
    llama_spit_gravity_double: bool
    arrow_gravity_double: bool
    arrow_tick_1_21_2: bool
    vec_double: bool
    blast_protection_linear: bool
    raycast_world_border: bool
    item_entity_world_random: bool
    xp_orb_merging: bool
    world_height_1_18: bool
    falling_block_spawn_from_block: bool
    falling_block_top_inclusive: bool
    item_push_out_contracted: bool
    random_triangular: bool
    dispenser_projectile_items: bool
    projectile_deflection: bool
    fireball_acceleration_power: bool
    fireball_tick_1_21_2: bool
    version: str = DEFAULT_VERSION
    refused: frozenset[str] = frozenset()   # the MECHANICS this version does not simulate


def version_text(v: Version) -> str:
    return f"{v[0]}.{v[1]}" if v[2] == 0 else ".".join(map(str, v))


def parse_version(text: str) -> Version:
    """"1.16.5" → (1, 16, 5); "1.16" → (1, 16, 0). Raises ValueError naming what is expected."""
    m = re.fullmatch(r"(\d+)\.(\d+)(?:\.(\d+))?", text.strip())
    if not m:
        raise ValueError(f"version {text!r} is not of the form 1.16.5")
    v = (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
    if not OLDEST <= v <= NEWEST:
        raise ValueError(f"version {text!r} is outside the supported range "
                         f"{version_text(OLDEST)}..{version_text(NEWEST)}")
    if v not in RELEASES:
        raise ValueError(f"version {text!r} is not a Java Edition release (1.11 to {version_text(NEWEST)})")
    return v


def refusing(v: Version, mechanic: str) -> Change | None:
    """The first change of `mechanic` that `v` is refused for, or None when `v` simulates it."""
    return next((c for c in MECHANICS[mechanic].changes if c.covers(v)), None)


def features_for(version: str) -> Features:
    v = parse_version(version)
    return Features(**{name: _spans(first, stop, v) for name, (_, first, stop) in FEATURES.items()},
                    version=".".join(map(str, v)),
                    refused=frozenset(m for m in MECHANICS if refusing(v, m) is not None))


def refusal(features: Features, mechanic: str, where: str, what: str | None = None) -> NotImplementedError:
    """The one-line error of a refused cell of `MECHANICS`: the mechanic, the version, where, what changed.
    Callers test `mechanic in features.refused` first (a set lookup), so the text is built only to stop. `what`
    names a case a simulated cell does not cover instead."""
    if what is None:
        change = refusing(parse_version(features.version), mechanic)
        what = change.what if change else "refused"
    return NotImplementedError(f"{MECHANICS[mechanic].title} of version {features.version} at {where}: {what}")


def table() -> list[dict[str, object]]:
    """Every release × every mechanic: {"version", "mechanic", "simulated", "why"} (why: what changed, refused
    cells only), in release order, then the MECHANICS order."""
    return [{"version": version_text(v), "mechanic": m, "simulated": (c := refusing(v, m)) is None,
             "why": None if c is None else c.what} for v in RELEASES for m in MECHANICS]


def table_text(release: str | None = None) -> str:
    """`tickscope versions`: the grid of releases × mechanics (S simulated, R refused) with its legend and counts;
    for one `release`, each mechanic with what that release changed where it is refused."""
    if release is not None:
        v = parse_version(release)
        rows = [f"{version_text(v)}: {sum(refusing(v, m) is None for m in MECHANICS)} of {len(MECHANICS)} "
                "mechanics simulated"]
        for m, mech in MECHANICS.items():
            c = refusing(v, m)
            rows.append(f"  {m:<24} " + ("simulated" if c is None else f"refused where {mech.used}: {c.what}"))
        return "\n".join(rows) + "\n"
    names = list(MECHANICS)
    rows = ["columns: " + "  ".join(f"{i + 1}={m}" for i, m in enumerate(names)),
            "version  " + " ".join(f"{i + 1:>2}" for i in range(len(names)))]
    simulated = 0
    for v in RELEASES:
        marks = ["S" if refusing(v, m) is None else "R" for m in names]
        simulated += marks.count("S")
        rows.append(f"{version_text(v):<8} " + " ".join(f"{c:>2}" for c in marks))
    total = len(RELEASES) * len(names)
    rows.append(f"{simulated} simulated, {total - simulated} refused ({len(RELEASES)} releases x {len(names)} "
                "mechanics); 'tickscope versions RELEASE' says what each refused cell's release changed; "
                "docs/versions.md")
    return "\n".join(rows) + "\n"
