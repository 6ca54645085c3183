"""Water and lava for the float-exact peer: 1.16.5's fluid rules patched into a copy of prismarine-physics.

The float-exact peer (../shared/oracles/patch_prismarine.py `full`) leaves prismarine's fluid branch as published:
doubles (0.8, 0.02, +0.04) where 1.16.5 has 0.8F, 0.02F, 0.04F, water tested on the box shrunk by 0.401 in Y (the
1.12 rule), lava on a box shrunk by 0.1 / 0.4 / 0.1, one drag for both fluids and no fall-velocity rule. This
script rewrites, on top of that patch, what 1.16.5 does instead (facts from the decompiled 1.16.5 sources, spec 04
§7 and spec 05 §2.1-2.2, §5):

- `Entity.updateMovementInFluid`: the box shrunk by 0.001 on every side; a water (lava) cell counts when its top,
  `(float)y + height` with height 1 under the same fluid and level/9F otherwise, reaches the box's bottom; the
  fluid height is the deepest such top above the bottom. Touching water is any such cell; in lava is a lava height
  above 0.
- `LivingEntity.tickMovement` (jumping): swim up by 0.04F in water when not on the ground or deeper than the swim
  height 0.4, the same in lava, else the ground jump (also from shallow water).
- `LivingEntity.travel`, water: 0.02F acceleration, horizontal drag 0.8F (0.9F sprinting, 0.96F with Dolphin's
  Grace, depth strider in floats), vertical 0.8F, then `method_26317` (y − d/16, or −0.003 near rest while
  falling; nothing while sprinting); lava: 0.02F, then 0.5 / 0.8F / 0.5 and `method_26317` while the lava height is
  at most 0.4, else 0.5 on every axis, then −d/4; both: a climbable block hit sideways in water sets y 0.2, and a
  sideways hit with a clear box 0.6F up (no block, no fluid: `doesNotCollide`) sets y 0.3F.

Not patched: the water current (prismarine's flow push, zero in still water) and the lava current (absent in the
peer; zero in still lava) — the scenarios use still fluids only.

    python3 tools/prismarine_fluid_patch.py    # builds $ORACLE_DIR-fluid from $ORACLE_DIR-vanilla

The copy holds links to the vanilla peer's packages and its own patched prismarine-physics.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

# the peer's leap out of a fluid, one line too long to quote here
PEER_LEAP = ("if (entity.isCollidedHorizontally && doesNotCollide(world, "
             "pos.offset(vel.x, vel.y + 0.6 - pos.y + lastY, vel.z))) {")

# (what the float-exact peer has, what 1.16.5 does), applied in order to prismarine-physics/index.js
REPLACEMENTS: list[tuple[str, str]] = [
    # helpers: fluid cells and heights (Entity.updateMovementInFluid), doesNotCollide with every fluid
    ("""  function doesNotCollide (world, pos) {
    const pBB = getPlayerBB(pos)
    return !getSurroundingBBs(world, pBB).some(x => pBB.intersects(x)) && getWaterInBB(world, pBB).length === 0
  }
""", """  function fluidAmount (block, ids) { // FlowableFluid level: 8 for a source or a falling cell, else 8 - level
    if (!block) return 0
    if (ids === waterIds && (waterLike.has(block.type) || block.isWaterlogged)) return 8
    if (!ids.includes(block.type)) return 0
    return (block.metadata === 0 || block.metadata >= 8) ? 8 : 8 - block.metadata
  }

  function fluidInBB (world, bb, ids) { // Entity.updateMovementInFluid: touching, and the fluid height
    let touching = false
    let height = 0
    const cursor = new Vec3(0, 0, 0)
    for (cursor.x = Math.floor(bb.minX); cursor.x < Math.ceil(bb.maxX); cursor.x++) {
      for (cursor.y = Math.floor(bb.minY); cursor.y < Math.ceil(bb.maxY); cursor.y++) {
        for (cursor.z = Math.floor(bb.minZ); cursor.z < Math.ceil(bb.maxZ); cursor.z++) {
          const amount = fluidAmount(world.getBlock(cursor), ids)
          if (amount === 0) continue
          const h = fluidAmount(world.getBlock(cursor.offset(0, 1, 0)), ids) > 0 ? 1 : F(F(amount) / F(9))
          const top = F(cursor.y + h)
          if (top >= bb.minY) {
            touching = true
            height = Math.max(top - bb.minY, height)
          }
        }
      }
    }
    return { touching, height }
  }

  function doesNotCollide (world, pos) { // Entity.doesNotCollide: no block and no fluid (containsFluid)
    const pBB = getPlayerBB(pos)
    return !getSurroundingBBs(world, pBB).some(x => pBB.intersects(x)) &&
      !fluidInBB(world, pBB, waterIds).touching && !fluidInBB(world, pBB, lavaIds).touching
  }

  function fluidGravity (entity, falling) { // LivingEntity.method_26317
    const vel = entity.vel
    if (entity.control.sprint) return
    const d = (falling && entity.slowFalling > 0) ? 0.01 : physics.gravity
    if (falling && Math.abs(vel.y - 0.005) >= 0.003 && Math.abs(vel.y - d / 16) < 0.003) vel.y = -0.003
    else vel.y -= d / 16
  }

  function bankJump (entity, world, lastY) { // out of a fluid over a ledge: 0.6F up clear, y := 0.3F
    const vel = entity.vel
    const pos = entity.pos
    const raised = pos.offset(vel.x, vel.y + F(0.6) - pos.y + lastY, vel.z)
    if (entity.isCollidedHorizontally && doesNotCollide(world, raised)) {
      vel.y = F(0.3)
    }
  }
"""),
    # LivingEntity.travel: the water and the lava cases
    ("""    if (entity.isInWater || entity.isInLava) {
      // Water / Lava movement
      const lastY = pos.y
      let acceleration = physics.liquidAcceleration
      const inertia = entity.isInWater ? physics.waterInertia : physics.lavaInertia
      let horizontalInertia = inertia

      if (entity.isInWater) {
        let strider = Math.min(entity.depthStrider, 3)
        if (!entity.onGround) {
          strider *= 0.5
        }
        if (strider > 0) {
          horizontalInertia += (0.546 - horizontalInertia) * strider / 3
          acceleration += (0.7 - acceleration) * strider / 3
        }

        if (entity.dolphinsGrace > 0) horizontalInertia = 0.96
      }

      applyHeading(entity, strafe, forward, acceleration)
      moveEntity(entity, world, vel.x, vel.y, vel.z)
      vel.y *= inertia
      vel.y -= (entity.isInWater ? physics.waterGravity : physics.lavaGravity) * gravityMultiplier
      vel.x *= horizontalInertia
      vel.z *= horizontalInertia

      """ + PEER_LEAP + """
        vel.y = physics.outOfLiquidImpulse // jump out of liquid
      }
    } else if""", """    if (entity.isInWater) {
      const lastY = pos.y
      const falling = vel.y <= 0
      let acceleration = F(0.02)
      let horizontalInertia = entity.control.sprint ? F(0.9) : F(0.8)
      let strider = F(Math.min(entity.depthStrider, 3))
      if (!entity.onGround) strider = F(strider * F(0.5))
      if (strider > 0) {
        horizontalInertia = F(horizontalInertia + F(F(F(F(0.54600006) - horizontalInertia) * strider) / F(3)))
        acceleration = F(acceleration + F(F(F(physics.playerSpeed - acceleration) * strider) / F(3)))
      }
      if (entity.dolphinsGrace > 0) horizontalInertia = F(0.96)

      applyHeading(entity, strafe, forward, acceleration)
      moveEntity(entity, world, vel.x, vel.y, vel.z)
      if (entity.isCollidedHorizontally && isOnLadder(world, pos)) vel.y = 0.2
      vel.x *= horizontalInertia
      vel.y *= F(0.8)
      vel.z *= horizontalInertia
      fluidGravity(entity, falling)
      bankJump(entity, world, lastY)
    } else if (entity.isInLava) {
      const lastY = pos.y
      const falling = vel.y <= 0
      applyHeading(entity, strafe, forward, F(0.02))
      moveEntity(entity, world, vel.x, vel.y, vel.z)
      if (entity.lavaHeight <= 0.4) {
        vel.x *= 0.5
        vel.y *= F(0.8)
        vel.z *= 0.5
        fluidGravity(entity, falling)
      } else {
        vel.x *= 0.5
        vel.y *= 0.5
        vel.z *= 0.5
      }
      vel.y -= ((falling && entity.slowFalling > 0) ? 0.01 : physics.gravity) / 4
      bankJump(entity, world, lastY)
    } else if"""),
    # Entity.updateWaterState: both fluids on the box shrunk by 0.001 (the current stays prismarine's)
    ("""    const waterBB = getPlayerBB(pos).contract(0.001, 0.401, 0.001)
    const lavaBB = getPlayerBB(pos).contract(0.1, 0.4, 0.1)

    entity.isInWater = isInWaterApplyCurrent(world, waterBB, vel)
    entity.isInLava = isMaterialInBB(world, lavaBB, lavaIds)
""", """    const fluidBB = getPlayerBB(pos).contract(0.001, 0.001, 0.001)
    isInWaterApplyCurrent(world, fluidBB, vel)
    const water = fluidInBB(world, fluidBB, waterIds)
    const lava = fluidInBB(world, fluidBB, lavaIds)
    entity.isInWater = water.touching
    entity.waterHeight = water.height
    entity.lavaHeight = lava.height
    entity.isInLava = lava.height > 0
"""),
    # LivingEntity.tickMovement: swim up (0.04F) or jump, by the fluid height against the swim height 0.4
    ("""      if (entity.isInWater || entity.isInLava) {
        vel.y += 0.04
      } else if (entity.onGround && entity.jumpTicks === 0) {""",
     """      const depth = entity.isInLava ? entity.lavaHeight : entity.waterHeight
      const wet = entity.isInWater && depth > 0
      if ((wet || entity.isInLava) && (!entity.onGround || depth > 0.4)) {
        vel.y += F(0.04)
      } else if ((entity.onGround || (wet && depth <= 0.4)) && entity.jumpTicks === 0) {"""),
]


def patch_fluids(index_js: Path) -> None:
    """Rewrite a float-exact peer's prismarine-physics/index.js to 1.16.5's water and lava rules."""
    src = index_js.read_text()
    if "function fluidInBB" in src:
        return
    for old, new in REPLACEMENTS:
        if old not in src:
            sys.exit(f"prismarine_fluid_patch: {index_js}: expected the float-exact peer's code, missing:\n{old}")
        src = src.replace(old, new, 1)
    index_js.write_text(src)


def install(vanilla: Path, fluid: Path) -> None:
    """`fluid`/node_modules: links to `vanilla`'s packages, and a patched copy of its prismarine-physics."""
    source = vanilla / "node_modules"
    if not (source / "prismarine-physics" / "index.js").exists():
        sys.exit(f"prismarine_fluid_patch: no float-exact peer at {source} (see ../shared/oracles/README.md)")
    target = fluid / "node_modules"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for pkg in source.iterdir():
        if pkg.name != "prismarine-physics":
            (target / pkg.name).symlink_to(pkg.resolve())
    shutil.copytree(source / "prismarine-physics", target / "prismarine-physics")
    patch_fluids(target / "prismarine-physics" / "index.js")
    print(f"fluid peer installed at {target}")


if __name__ == "__main__":
    from prismarine_crosscheck import peer_modules  # the peers' folders, named once (tools/ is sys.path[0])
    install(peer_modules("vanilla").parent, peer_modules("fluid").parent)
