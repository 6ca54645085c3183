"""Version differences named by the seeds (spec 00 §3.1), as one data table resolved once per Simulation."""

from __future__ import annotations

import re
from dataclasses import dataclass

Version = tuple[int, int, int]
DEFAULT_VERSION = "1.16.5"
OLDEST, NEWEST = (1, 11, 0), (1, 21, 3)

# name: (description, first version with the behaviour, first version without it or None). Every row is read by
# the mechanic it names and either changes its result or stops the run with one line (NotImplementedError) where
# that version's behaviour is not simulated; tests/engine/test_versions.py proves each. Not a row: the 1.18
# raycast in Entity.move (spec 03 §3) only loads chunks along the path and has no velocity effect, and this engine
# keeps every chunk loaded, so no run can differ.
FEATURES: dict[str, tuple[str, Version, Version | None]] = {
    "axis_order_yxz": ("Entity.move sweeps always Y, X, Z (spec 03 §3)", OLDEST, (1, 14, 0)),
    "move_zeroes_both_axes": ("Entity.move step 9 zeroes X and Z together (1.18 rewrite)", (1, 18, 0), None),
    "piston_clamp": ("pistonMovementDelta clamps piston moves to 0.51 per axis and tick; 1.11 passes piston "
                     "moves through unchanged (spec 04 §8.6)", (1, 12, 0), None),
    "explosion_collision_shapes": ("explosion exposure rays test collision shapes, not outlines (spec 04 §15); "
                                   "outline rays are refused where a cell's outline may differ",
                                   (1, 16, 0), None),
    "projectile_outline_shapes": ("thrown projectiles raycast block outline shapes (spec 03 §7.5); refused where "
                                  "a tested cell's outline may differ from its collision shape",
                                  OLDEST, (1, 16, 2)),
    "thrown_check_block_collision": ("ThrownEntity.tick runs checkBlockCollision (spec 00 §3.1, AMBIGUITY-V1: "
                                     "absent in 1.16.1 and earlier)", (1, 16, 2), None),
    "supporting_block": ("landing block replaced by the supporting block (spec 01 §8.3): refused for an entity "
                         "on the ground", (1, 20, 0), None),
    "blast_protection_linear": ("blast protection I·(1 − 0.15·L) instead of I − ⌊0.15·I·L⌋ (spec 04 §15)",
                                (1, 20, 0), None),
    "block_collision_in_tick": ("checkBlockCollision moved out of move(), deflation 1e-5 (spec 03 §6.2): refused "
                                "where a block with onEntityCollision is in reach", (1, 21, 3), None),
}


@dataclass(frozen=True)
class Features:
    axis_order_yxz: bool
    move_zeroes_both_axes: bool
    piston_clamp: bool
    explosion_collision_shapes: bool
    projectile_outline_shapes: bool
    thrown_check_block_collision: bool
    supporting_block: bool
    blast_protection_linear: bool
    block_collision_in_tick: bool
    version: str = DEFAULT_VERSION


def parse_version(text: str) -> Version:
    """"1.16.5" → (1, 16, 5); "1.16" → (1, 16, 0). Raises ValueError naming what is expected."""
    m = re.fullmatch(r"(\d+)\.(\d+)(?:\.(\d+))?", text.strip())
    if not m:
        raise ValueError(f"version {text!r} is not of the form 1.16.5")
    v = (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
    if not OLDEST <= v <= NEWEST:
        raise ValueError(f"version {text!r} is outside the supported range 1.11..1.21.3")
    return v


def features_for(version: str) -> Features:
    v = parse_version(version)
    return Features(**{name: first <= v and (stop is None or v < stop) for name, (_, first, stop) in FEATURES.items()},
                    version=".".join(map(str, v)))


def refuse(features: Features, mechanic: str, where: str) -> NotImplementedError:
    """The one-line error for a version whose behaviour of `mechanic` is not simulated (the CLI prints it)."""
    return NotImplementedError(f"{mechanic} of version {features.version} at {where}")
