"""Driving a player from the keyboard while stepping (interfaces.md "Players, mobs and their inputs").

With Drive on (G, or the Entities panel's checkbox) and a `minecraft:player` selected, every tick stepped forward
first records what is held into the player's inputs for that tick: W/A/S/D forward, left, back and right, Space
jump, Ctrl sprint, Shift sneak, and the look turned by dragging with the right mouse button. The recording is an
edit like any other (`viewer.editing.Edit`): it branches the run at the tick (later inputs are discarded with the
later ticks) and Ctrl+Z takes it back, so the run replays exactly without the keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyglet.window import key

from viewer.editing import Edit

if TYPE_CHECKING:
    from engine import PlayerEntity, PlayerInput

DRIVE_KEYS = {  # PlayerInput field → the keys that hold it
    "forward": (key.W,), "left": (key.A,), "back": (key.S,), "right": (key.D,), "jump": (key.SPACE,),
    "sprint": (key.LCTRL, key.RCTRL), "sneak": (key.LSHIFT, key.RSHIFT),
}
DRIVE_TOGGLE = key.G
LOOK_DEG_PER_PIXEL = 0.3     # degrees of yaw or pitch per pixel dragged with the right button
PITCH_LIMIT = 90.0           # Entity.changeLookDirection clamps the pitch to ±90


def driven(sim: Any, entity_id: int | None) -> PlayerEntity | None:
    """The selected entity if it is a live player (what Drive moves), else None."""
    from engine import PlayerEntity
    entity = sim.entity_by_id(entity_id) if entity_id is not None else None
    return entity if isinstance(entity, PlayerEntity) and not entity.removed else None


def turn(look: tuple[float, float], dx: float, dy: float) -> tuple[float, float]:
    """The (yaw, pitch) turn accumulated after a drag of (dx, dy) pixels (pyglet's y points up: up looks up)."""
    return look[0] + dx * LOOK_DEG_PER_PIXEL, look[1] - dy * LOOK_DEG_PER_PIXEL


def held_input(pressed: Callable[[int], bool], player: PlayerEntity, look_turn: tuple[float, float]) -> PlayerInput:
    """What the keys down hold, looking where the player looks now turned by `look_turn` (the pitch clamped)."""
    from engine import PlayerInput
    pitch = min(max(float(player.pitch) + look_turn[1], -PITCH_LIMIT), PITCH_LIMIT)
    return PlayerInput(**{name: any(pressed(k) for k in keys) for name, keys in DRIVE_KEYS.items()},
                       yaw=float(player.yaw) + look_turn[0], pitch=pitch)


def record_input(entity_id: int, tick: int, held: PlayerInput) -> Edit:
    """Hold `held` in `tick` (the tick about to run) and nothing after it."""
    def change(sim: Any) -> None:
        player = driven(sim, entity_id)
        if player is None:
            raise KeyError(f"entity {entity_id} is not a player in the world")
        player.set_held_input(tick, tick, held, discard_later=True)
    return Edit(f"entity {entity_id}.inputs", change)
