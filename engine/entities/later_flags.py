"""The flags of the releases after 1.21.4 as the boat and minecart loops meet them (`BoatBatch`, `MinecartBatch`).

Both loops were written against 1.21.4's ticks (the release's flags as `tnt_kernel.version_bits`). Each kind lists,
with the reason, how its loop meets every flag whose range starts or ends after 1.21.4 and that its tick reads; the
flags no boat's or cart's tick reads are `OTHER_KINDS`. A release in which a later flag is neither (a flag added
since, or one a version diff flipped) leaves the kind to the object path (`unlisted`).
"""

from __future__ import annotations

from engine.core.versions import FEATURES, Features, features_for

CHECKED = (1, 21, 4)   # the release both loops were written against

# read by other kinds' ticks only: projectiles, explosions, living entities, players, bobbers, XP orbs, redstone
OTHER_KINDS = frozenset({
    "arrow_in_ground_zeroes_motion", "arrow_in_ground_unpushed", "arrow_left_owner_before_raycast", "arrow_hits_many",
    "projectile_hit_margin_by_age", "projectile_hit_margin_unread", "redirect_look_unnormalized",
    "explosion_normalized_direction", "explosion_sets_projectile_owner",
    "path_target_down_to_bottom", "apply_input_before_ai", "move_control_jump_ends_in_liquid", "fall_damage_floor",
    "player_move_vector", "sprint_forward_impulse", "player_motion_cut_squared", "sneak_probe_deflated",
    "glide_ends_on_climbable", "pose_swimming_before_gliding", "bobber_gravity_off_ground",
    "bobber_hooked_interactable", "xp_orb_tick_1_21_8", "xp_orb_spawn_1_21_7", "xp_orb_push_moved_box",
    "affect_neighbors_after_removal", "lightning_rod_place_schedules_tick", "powder_snow_climb_was_in"})


def later(name: str) -> bool:
    """Whether flag `name`'s range starts or ends after CHECKED."""
    _, first, stop = FEATURES[name]
    return first > CHECKED or (stop is not None and stop > CHECKED)


_UNLISTED: dict[tuple[int, frozenset[str]], tuple[Features, frozenset[str]]] = {}


def unlisted(features: Features, listed: frozenset[str]) -> frozenset[str]:
    """The later flags whose value in `features` differs from CHECKED's and that neither `listed` nor OTHER_KINDS
    holds: none where the loop decides the release. Kept per `features` object (a batch asks every run of every
    tick; hashing a release's flags costs more than that run)."""
    key = (id(features), listed)
    hit = _UNLISTED.get(key)
    if hit is None or hit[0] is not features:
        base = features_for(".".join(map(str, CHECKED)))
        hit = _UNLISTED[key] = (features, frozenset(
            name for name in FEATURES if later(name) and getattr(features, name) != getattr(base, name)
            and name not in listed and name not in OTHER_KINDS))
    return hit[1]
