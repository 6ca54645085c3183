"""The engine's tables agree with each other and with the spec's version list (style T7)."""

from __future__ import annotations

from dataclasses import fields

from engine.core.versions import FEATURES, Features, features_for
from engine.motion import block_effects
from engine.redstone import components  # noqa: F401  (the redstone blocks register their handlers)
from engine.world import block_physics


def test_every_collision_effect_block_has_a_handler() -> None:
    """The blocks counted for checkBlockCollision shortcuts are exactly those with an onEntityCollision handler
    (the redstone components' registered by their modules, which the simulation loads)."""
    assert set(block_effects.collision_handlers()) == block_physics.ENTITY_COLLISION_BLOCKS


def test_every_feature_flag_has_a_table_row() -> None:
    """Features and the FEATURES table name the same flags (plus the resolved version string)."""
    assert {f.name for f in fields(Features)} - {"version", "refused"} == set(FEATURES)


def test_version_flags_resolve_as_the_spec_lists_them() -> None:
    """Spec 00 §3.1: YXZ before 1.14, collision-shape exposure from 1.16, both-axis zeroing from 1.18, etc."""
    assert features_for("1.13.2").axis_order_yxz and not features_for("1.14").axis_order_yxz
    v1165 = features_for("1.16.5")
    assert v1165.explosion_collision_shapes and not v1165.projectile_outline_shapes
    assert features_for("1.16.1").projectile_outline_shapes
    assert not v1165.move_zeroes_both_axes and features_for("1.18").move_zeroes_both_axes
    assert not features_for("1.19.4").blast_protection_linear and features_for("1.20").blast_protection_linear
    assert "block_effects" not in features_for("1.21.4").refused and "block_effects" in features_for("1.21.5").refused
    assert not features_for("1.16.5").move_sets_position and features_for("1.17").move_sets_position
    assert not features_for("1.18.1").exposure_double_steps and features_for("1.18.2").exposure_double_steps
    assert not features_for("1.11.2").piston_clamp and features_for("1.12").piston_clamp
    assert not features_for("1.16.1").thrown_check_block_collision and v1165.thrown_check_block_collision
