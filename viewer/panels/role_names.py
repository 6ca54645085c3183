"""Readable names of the trace roles (interfaces.md "Stage records"), one row per role of `assets/palette.json`:
the Legend and the caption card show the name, the Legend's tooltip the role id and what is drawn for it."""

from __future__ import annotations

ROLE_NAMES: dict[str, tuple[str, str]] = {  # role id: (name shown, what it means)
    "axis_sweep_x": ("X sweep (Entity.move, per axis)",
                     "The box swept along X inside adjustMovementForCollisions, numbered in the order performed; "
                     "dashed beyond where a shape stopped it, the box where the sweep left it"),
    "axis_sweep_y": ("Y sweep (Entity.move, per axis)",
                     "The box swept along Y inside adjustMovementForCollisions, numbered in the order performed; "
                     "dashed beyond where a shape stopped it, the box where the sweep left it"),
    "axis_sweep_z": ("Z sweep (Entity.move, per axis)",
                     "The box swept along Z inside adjustMovementForCollisions, numbered in the order performed; "
                     "dashed beyond where a shape stopped it, the box where the sweep left it"),
    "step_up_candidate": ("Step-up candidate box", "A box tried by the step-up attempt (dashed: not taken)"),
    "step_up_chosen": ("Step-up result box", "The box the step-up attempt kept"),
    "checked_cell": ("Cell checked for block effects",
                     "checkBlockCollision: a cell the entity's box touches, visited for block effects, numbered in "
                     "visiting order"),
    "supporting_block": ("Supporting block (1.20+)",
                         "The block the entity stands on (Entity.updateSupportingBlockPos): the colliding block "
                         "under its feet nearest its position; landing, slipperiness and the velocity multiplier "
                         "read its column"),
    "raycast": ("Raycast", "A block or entity raycast, cut where it hit"),
    "raycast_cell": ("Raycast cell", "A block cell the raycast traversed, numbered in order"),
    "raycast_hit": ("Raycast hit", "Where the raycast hit a block or an entity"),
    "entity_hit_box": ("Entity box tested by a projectile",
                       "An entity's box grown by 0.3, tested by a projectile's raycast (solid: the one hit)"),
    "explosion_sphere": ("Explosion reach", "The sphere the explosion affects entities in"),
    "sample_point_hit": ("Explosion sample, unblocked",
                         "A sample point of the entity's box the explosion sees (counts towards exposure)"),
    "sample_point_blocked": ("Explosion sample, blocked", "A sample point of the entity's box a block hides"),
    "exposure_ray": ("Exposure ray", "The ray from a sample point to the explosion centre (fainter past a block)"),
    "exposure": ("Exposure label", "Unblocked / total sample points, exposure and impulse of one entity"),
    "impulse": ("Explosion impulse", "The motion an explosion added to the entity"),
    "b36_box": ("Moving block box (B36)", "A moving block's collision box when its block entity ticked"),
    "b36_sweep": ("Moving block sweep (B36)", "The volume a moving block sweeps this tick"),
    "piston_push": ("Piston push", "An entity moved by a moving block (pink where the 0.51 clamp cut it short)"),
    "fluid_flow": ("Fluid flow", "A fluid cell's flow vector, summed into the fluid push"),
    "movement_input": ("Movement input (updateVelocity)", "The acceleration the entity's input adds this tick"),
    "slipperiness_block": ("Block under the feet", "The block whose slipperiness sets friction this tick"),
    "slipperiness": ("Slipperiness", "The slipperiness value read from the block under the feet"),
    "jump_kick": ("Sprint-jump kick", "The 0.2 added along the yaw when a sprinting entity jumps"),
    "cramming_push": ("Entity push (pushAway)", "The push between two overlapping entities"),
    "firework_boost": ("Firework boost", "A rocket's pull on a gliding player"),
    "path_closed": ("Path search: closed node", "A node the path search has expanded"),
    "path_open": ("Path search: open node", "A node waiting in the path search's open set"),
    "path_node": ("Path node", "A node of the chosen path, numbered"),
    "path_segment": ("Path segment", "A segment of the chosen path"),
    "path_target": ("Path target", "Where the path search was asked to go"),
    "path_current": ("Path being followed", "The segment of the path the mob's navigation walks now"),
    "rail_path": ("Rail track", "The track of a rail a minecart follows"),
}


def role_name(role: str) -> str:
    """The readable name of a trace role (an unknown role shows its id)."""
    return ROLE_NAMES[role][0] if role in ROLE_NAMES else role


def role_tooltip(name: str) -> str | None:
    """For a Legend row named `name`: the role id and its meaning, or None when no role has that name."""
    for role, (shown, meaning) in ROLE_NAMES.items():
        if shown == name:
            return f"trace role {role}: {meaning}"
    return None
