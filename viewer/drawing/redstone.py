"""Redstone components drawn as a player recognises them (no GL): block-local boxes and flat quads per block state.

Wire lies flat along its connections (`north`..`west`: side, up, none), climbing the wall where a side is `up`,
coloured by its `power` as the game tints it (`RedstoneWireBlock`'s colour table, below); repeaters and comparators
are their slab with an arrow from the input to the output (a gate's `facing` names its input side: it reads
power from pos + facing, engine/redstone/gates.py) and their torches, lit as the state says (a repeater's second
torch sits further back the longer its delay, a bar across it when locked; a comparator's front torch is lit in
subtract mode); torches have a lit or unlit head; levers, buttons and pressure plates show `powered` (or a weighted
plate's `power`) in the lit colour; a lit lamp is drawn lit; an observer shows its face (the side it watches) and,
on its back, its output, lit while it pulses; a dispenser or dropper shows its mouth, lit while triggered. Sizes
follow the block models, in pixels of 1/16 block; buttons take the engine's outline box (`button_outline_box`).
Nothing here is a mechanic: everything is read from the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from viewer.drawing.palette import RGBA, Palette

PX = 1.0 / 16                # a pixel of the block models
LIFT = 1.0 / 64              # flat marks lie this far above the surface they are drawn on (no z-fighting)
WIRE_DOT = 6 * PX            # the wire's centre square
WIRE_WIDTH = 4 * PX          # a wire line
WIRE_SIDES = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}   # (dx, dz)
SLAB = 2 * PX                # repeaters and comparators: the collision shape's height
GATE_TORCH = 2 * PX          # a gate torch's width
GATE_TORCH_TOP = 7 * PX
FIXED_TORCH = 3 * PX         # a repeater's front torch: its centre this far from the output edge
DELAY_TORCH = 7 * PX         # its delay torch at delay 1, one delay step further back per delay
DELAY_STEP = 2 * PX
ARROW_MARGIN = 2 * PX        # the gate arrow: a triangle this far inside the slab's sides
TORCH_STICK = 2 * PX         # redstone torches: the stick's width and height, the head on top
TORCH_HEIGHT = 8 * PX
TORCH_HEAD = 3 * PX
WALL_TORCH_RAISE = 3 * PX    # a wall torch stands this much higher, against its wall
WALL_TORCH_OFFSET = 5 * PX   # and this much off the centre, towards the wall
LEVER_BASE = (5 * PX, 0.0, 4 * PX, 11 * PX, 3 * PX, 12 * PX)   # floor lever facing north: x0, y0, z0, x1, y1, z1
LEVER_HANDLE = 2 * PX
LEVER_TOP = 10 * PX
PLATE = (1 * PX, 15 * PX, 1 * PX, 0.5 * PX)   # pressure plates: inset, far side, height up, height pressed
OBSERVER_FACE = 10 * PX      # the observer's face: a square this wide on the watched side
OBSERVER_OUTPUT = 4 * PX     # its output: a square this wide on the back
DISPENSER_MOUTH = 8 * PX     # a dispenser's or dropper's mouth: a square this wide on the side it faces
HORIZONTAL = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0),
              "up": (0, 1, 0), "down": (0, -1, 0)}
FACE_OF = {(-1, 0, 0): 0, (1, 0, 0): 1, (0, -1, 0): 2, (0, 1, 0): 3, (0, 0, -1): 4, (0, 0, 1): 5}  # meshing's order


def wire_color(power: int) -> RGBA:
    """The tint of wire at `power` (0-15), as 1.16.5's `RedstoneWireBlock` computes its colour table (a static
    initialiser): f = power / 15; red f·0.6 + (0.4 if f > 0 else 0.3); green f²·0.7 − 0.5 and blue f²·0.6 − 0.7,
    clamped to 0..1. Dark red at 0, bright orange-red at 15."""
    f = np.float32(power) / np.float32(15.0)
    red = f * np.float32(0.6) + (np.float32(0.4) if f > 0 else np.float32(0.3))
    green = np.clip(f * f * np.float32(0.7) - np.float32(0.5), 0.0, 1.0)
    blue = np.clip(f * f * np.float32(0.6) - np.float32(0.7), 0.0, 1.0)
    return round(float(red) * 255), round(float(green) * 255), round(float(blue) * 255), 255


@dataclass
class Model:
    """A block's look in block-local coordinates: boxes (all six faces drawn, shaded) and flat quads (corners
    counter-clockwise seen from their front, with the face direction whose shade they take)."""

    boxes: list[tuple[tuple[float, ...], tuple[float, ...], RGBA]] = field(default_factory=list)
    quads: list[tuple[np.ndarray, RGBA, int]] = field(default_factory=list)

    def box(self, lo: tuple[float, ...], hi: tuple[float, ...], color: RGBA) -> None:
        self.boxes.append((tuple(lo), tuple(hi), color))

    def quad(self, corners: np.ndarray, color: RGBA, direction: int) -> None:
        self.quads.append((np.asarray(corners, dtype=np.float64), color, direction))


def is_component(block: str) -> bool:
    """Whether `block` is drawn by `component_model` (the rest, lamps aside, keep their shape and palette colour)."""
    return block in _MODELS or block.endswith("_button") or block.endswith("_pressure_plate")


def component_model(state: Any, palette: Palette) -> Model:
    """The model of a redstone component's block state (`is_component(state.block)`)."""
    from engine import button_outline_box
    model = Model()
    block, properties = state.block, dict(state.properties)
    if block.endswith("_button"):
        x0, y0, z0, x1, y1, z1 = button_outline_box(state)   # pressed: thinner
        model.box((x0, y0, z0), (x1, y1, z1), _switch_color(palette, block, properties.get("powered") == "true"))
    elif block.endswith("_pressure_plate"):
        _plate(model, block, properties, palette)
    else:
        _MODELS[block](model, block, properties, palette)
    return model


def lamp_color(block: str, properties: dict[str, str], palette: Palette) -> RGBA | None:
    """A lit redstone lamp's colour (`lamp_lit`); None for any other state (the block's own colour)."""
    if block == "redstone_lamp" and properties.get("lit") == "true":
        return palette.ui["lamp_lit"]
    return None


def _lit(palette: Palette, on: bool) -> RGBA:
    return palette.ui["redstone_on" if on else "redstone_off"]


def _switch_color(palette: Palette, block: str, on: bool) -> RGBA:
    """A button's or plate's colour: lit while powered, else the block's own."""
    return palette.ui["redstone_on"] if on else palette.block_color(block)


def _flat(x0: float, z0: float, x1: float, z1: float, y: float) -> np.ndarray:
    """An upward rectangle at height y, counter-clockwise seen from above."""
    return np.array([[x0, y, z0], [x0, y, z1], [x1, y, z1], [x1, y, z0]])


def _wire(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """Flat lines from the centre to each connected side (`side` or `up`), a line up the wall for `up`, over a dot
    where they meet (none on a straight line); a dot alone when nothing connects."""
    color = wire_color(int(props.get("power", "0")))
    connected = {side for side in WIRE_SIDES if props.get(side, "none") != "none"}
    straight = connected in ({"north", "south"}, {"east", "west"})   # a line, as the game draws it: no dot
    w0, w1 = 0.5 - WIRE_WIDTH / 2, 0.5 + WIRE_WIDTH / 2
    lo, hi = (w0, w1) if straight else (0.5 - WIRE_DOT / 2, 0.5 + WIRE_DOT / 2)
    model.quad(_flat(lo, lo, hi, hi, LIFT), color, 3)
    for side, (dx, dz) in WIRE_SIDES.items():
        connection = props.get(side, "none")
        if connection == "none":
            continue
        if dx:
            x0, x1 = (0.0, lo) if dx < 0 else (hi, 1.0)
            model.quad(_flat(x0, w0, x1, w1, LIFT), color, 3)
        else:
            z0, z1 = (0.0, lo) if dz < 0 else (hi, 1.0)
            model.quad(_flat(w0, z0, w1, z1, LIFT), color, 3)
        if connection == "up":   # up the face of the block beside, facing back into this cell
            model.quad(_wall_strip(dx, dz, w0, w1), color, FACE_OF[(-dx, 0, -dz)])


def _wall_strip(dx: int, dz: int, w0: float, w1: float) -> np.ndarray:
    """A vertical strip on the cell's side towards (dx, dz), just inside it, facing back into the cell."""
    edge = 1.0 - LIFT if dx > 0 or dz > 0 else LIFT
    if dx:
        corners = np.array([[edge, 0.0, w0], [edge, 0.0, w1], [edge, 1.0, w1], [edge, 1.0, w0]])
        return corners if dx > 0 else corners[::-1]
    corners = np.array([[w0, 0.0, edge], [w1, 0.0, edge], [w1, 1.0, edge], [w0, 1.0, edge]])
    return corners[::-1] if dz > 0 else corners


def _along(facing: str) -> tuple[np.ndarray, np.ndarray]:
    """For a gate facing `facing` (its input side): the unit (x, z) from input to output and the one to its side."""
    dx, _, dz = HORIZONTAL[facing]
    forward = -np.array([dx, dz], dtype=np.float64)
    return forward, np.array([-forward[1], forward[0]])


def _gate_point(forward: np.ndarray, side: np.ndarray, from_output: float, across: float) -> np.ndarray:
    """The (x, z) `from_output` blocks back from the output edge, `across` to the side of the centre line."""
    return np.array([0.5, 0.5]) + forward * (0.5 - from_output) + side * across


def _torch_box(model: Model, xz: np.ndarray, y0: float, y1: float, width: float, color: RGBA) -> None:
    model.box((xz[0] - width / 2, y0, xz[1] - width / 2), (xz[0] + width / 2, y1, xz[1] + width / 2), color)


def _gate(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """The slab, its arrow from input to output, and its torches."""
    model.box((0.0, 0.0, 0.0), (1.0, SLAB, 1.0), palette.block_color(block))
    forward, side = _along(props.get("facing", "north"))
    half = 0.5 - ARROW_MARGIN
    tip = _gate_point(forward, side, PX, 0.0)
    left, right = (_gate_point(forward, side, 1.0 - PX, s * half) for s in (1.0, -1.0))
    corners = np.array([[p[0], SLAB + LIFT, p[1]] for p in (left, right, tip, tip)])
    if np.cross(corners[1] - corners[0], corners[2] - corners[0])[1] < 0:
        corners = corners[[1, 0, 2, 3]]        # keep the upward face in front (culling)
    model.quad(corners, palette.ui["gate_arrow"], 3)
    powered = props.get("powered") == "true"
    if block == "repeater":
        back = DELAY_TORCH + DELAY_STEP * (int(props.get("delay", "1")) - 1)
        for from_output in (FIXED_TORCH, back):
            _torch_box(model, _gate_point(forward, side, from_output, 0.0), SLAB, GATE_TORCH_TOP, GATE_TORCH,
                       _lit(palette, powered))
        if props.get("locked") == "true":   # the bar across the delay torch
            a = _gate_point(forward, side, back, 0.5 - PX)
            b = _gate_point(forward, side, back + GATE_TORCH, -(0.5 - PX))
            model.box((min(a[0], b[0]), SLAB, min(a[1], b[1])), (max(a[0], b[0]), SLAB + GATE_TORCH, max(a[1], b[1])),
                      palette.block_color("bedrock"))
    else:   # comparator: two torches at the back (powered), one in front (subtract mode)
        for across in (0.25, -0.25):
            _torch_box(model, _gate_point(forward, side, 1.0 - 4 * PX, across), SLAB, GATE_TORCH_TOP, GATE_TORCH,
                       _lit(palette, powered))
        _torch_box(model, _gate_point(forward, side, FIXED_TORCH, 0.0), SLAB, GATE_TORCH_TOP - PX, GATE_TORCH,
                   _lit(palette, props.get("mode") == "subtract"))


def _torch(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """A stick with its head lit or unlit; a wall torch stands against the block it hangs on."""
    xz, y0 = np.array([0.5, 0.5]), 0.0
    if block == "redstone_wall_torch":
        dx, _, dz = HORIZONTAL[props.get("facing", "north")]
        xz, y0 = xz - np.array([dx, dz]) * WALL_TORCH_OFFSET, WALL_TORCH_RAISE
    _torch_box(model, xz, y0, y0 + TORCH_HEIGHT, TORCH_STICK, palette.ui["torch_stick"])
    _torch_box(model, xz, y0 + TORCH_HEIGHT, y0 + TORCH_HEIGHT + TORCH_HEAD, TORCH_HEAD,
               _lit(palette, props.get("lit", "true") == "true"))


def _oriented(face: str, facing: str, lo: tuple[float, ...], hi: tuple[float, ...]) -> tuple[tuple, tuple]:
    """A box of a floor model facing north, turned to `face` (floor, wall, ceiling) and `facing`: on a wall its up
    points along `facing` (away from the wall) and its north points up; on the ceiling it hangs upside down."""
    corners = np.array([lo, hi], dtype=np.float64) - 0.5
    if face == "wall":
        corners = np.stack([corners[:, 0], -corners[:, 2], corners[:, 1]], axis=1)  # (x, y, z) -> (x, -z, y)
    elif face == "ceiling":
        corners[:, 1] = -corners[:, 1]
    turns = {"north": 0, "east": 1, "south": 2, "west": 3}[facing] if face != "wall" else \
        {"south": 0, "west": 1, "north": 2, "east": 3}[facing]
    for _ in range(turns):   # a quarter turn clockwise seen from above: north -> east
        corners = np.stack([-corners[:, 2], corners[:, 1], corners[:, 0]], axis=1)
    corners += 0.5
    return tuple(corners.min(axis=0)), tuple(corners.max(axis=0))


def _lever(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """The base on its face and the handle, its knob lit while powered."""
    face, facing = props.get("face", "wall"), props.get("facing", "north")
    x0, y0, z0, x1, y1, z1 = LEVER_BASE
    model.box(*_oriented(face, facing, (x0, y0, z0), (x1, y1, z1)), palette.block_color("cobblestone"))
    h0, h1 = 0.5 - LEVER_HANDLE / 2, 0.5 + LEVER_HANDLE / 2
    model.box(*_oriented(face, facing, (h0, y1, h0), (h1, LEVER_TOP - LEVER_HANDLE, h1)), palette.block_color(block))
    model.box(*_oriented(face, facing, (h0 - PX / 2, LEVER_TOP - LEVER_HANDLE, h0 - PX / 2),
                         (h1 + PX / 2, LEVER_TOP, h1 + PX / 2)), _lit(palette, props.get("powered") == "true"))


def _plate(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """The plate, lower and in the lit colour while pressed (`powered`, or a weighted plate's `power` above 0)."""
    inset, far, up, pressed_up = PLATE
    pressed = props.get("powered") == "true" or int(props.get("power", "0")) > 0
    model.box((inset, 0.0, inset), (far, pressed_up if pressed else up, far), _switch_color(palette, block, pressed))


def _observer(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """The cube, its face on the watched side (`facing`), its output on the back, lit while it pulses."""
    model.box((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), palette.block_color(block))
    facing = HORIZONTAL[props.get("facing", "south")]
    model.quad(_side_square(facing, OBSERVER_FACE), palette.ui["observer_face"], FACE_OF[facing])
    back = tuple(-c for c in facing)
    model.quad(_side_square(back, OBSERVER_OUTPUT), _lit(palette, props.get("powered") == "true"), FACE_OF[back])


def _dispenser(model: Model, block: str, props: dict[str, str], palette: Palette) -> None:
    """The cube and its mouth on the side it faces (up and down too), lit while triggered (powered)."""
    model.box((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), palette.block_color(block))
    facing = HORIZONTAL[props.get("facing", "north")]
    mouth = palette.ui["redstone_on"] if props.get("triggered") == "true" else palette.ui["observer_face"]
    model.quad(_side_square(facing, DISPENSER_MOUTH), mouth, FACE_OF[facing])


def _side_square(direction: tuple[int, int, int], width: float) -> np.ndarray:
    """A square `width` wide centred on the cube's face towards `direction`, just outside it, facing out."""
    axis = next(i for i, c in enumerate(direction) if c)
    positive = direction[axis] > 0
    u, v = (axis + 1) % 3, (axis + 2) % 3
    lo, hi = 0.5 - width / 2, 0.5 + width / 2
    corners = np.empty((4, 3))
    corners[:, axis] = 1.0 + LIFT if positive else -LIFT
    for slot, (a, b) in enumerate(((lo, lo), (hi, lo), (hi, hi), (lo, hi)) if positive else
                                  ((lo, lo), (lo, hi), (hi, hi), (hi, lo))):
        corners[slot, u], corners[slot, v] = a, b
    return corners


_MODELS = {"redstone_wire": _wire, "repeater": _gate, "comparator": _gate, "redstone_torch": _torch,
           "redstone_wall_torch": _torch, "lever": _lever, "observer": _observer, "dispenser": _dispenser,
           "dropper": _dispenser}
