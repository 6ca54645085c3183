"""Cameras: small dataclasses whose matrices are pure functions of their fields (pyrr, float32).

Angles follow Minecraft: yaw 0 looks south (+Z), yaw 90 west (−X); pitch 90 looks straight down.
Matrices are pyrr's row-vector layout, ready to write into a GLSL `mat4` as they are; a point projects
as `[x, y, z, 1] @ view @ proj`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import pyrr

UP = np.array([0.0, 1.0, 0.0])
NEAR = 0.05
FAR = 2000.0
MAX_PITCH = 89.9
FIT_MARGIN = 1.08  # a framed box fills the view up to 1 / FIT_MARGIN of its half extents
FOLLOW_DISTANCE = 24.0     # blocks: the farthest an orbit camera starts following an entity from
FOLLOW_HALF_HEIGHT = 12.0  # blocks: the same for an orthographic view
Vec = tuple[float, float, float]


class Camera(Protocol):
    def view_matrix(self) -> np.ndarray: ...

    def proj_matrix(self, aspect: float) -> np.ndarray: ...


def look_at(eye: np.ndarray, target: np.ndarray, up: np.ndarray) -> np.ndarray:
    """The view matrix of pyrr's `matrix44.create_look_at` (row-vector layout, float32), without its numpy
    overhead (a fifth of a millisecond, twice a frame)."""
    ex, ey, ez = (float(c) for c in eye)
    fx, fy, fz = float(target[0]) - ex, float(target[1]) - ey, float(target[2]) - ez
    n = math.sqrt(fx * fx + fy * fy + fz * fz)
    fx, fy, fz = fx / n, fy / n, fz / n
    ux, uy, uz = (float(c) for c in up)
    sx, sy, sz = fy * uz - fz * uy, fz * ux - fx * uz, fx * uy - fy * ux  # side = forward x up
    n = math.sqrt(sx * sx + sy * sy + sz * sz)
    sx, sy, sz = sx / n, sy / n, sz / n
    ux, uy, uz = sy * fz - sz * fy, sz * fx - sx * fz, sx * fy - sy * fx  # up = side x forward
    return np.array([[sx, ux, -fx, 0.0], [sy, uy, -fy, 0.0], [sz, uz, -fz, 0.0],
                     [-(sx * ex + sy * ey + sz * ez), -(ux * ex + uy * ey + uz * ez), fx * ex + fy * ey + fz * ez,
                      1.0]], dtype="f4")


def look_direction(yaw: float, pitch: float) -> np.ndarray:
    """Unit vector of Minecraft's `Entity.getRotationVector` for yaw and pitch in degrees."""
    y, p = math.radians(yaw), math.radians(pitch)
    return np.array([-math.sin(y) * math.cos(p), -math.sin(p), math.cos(y) * math.cos(p)])


@dataclass
class OrbitCamera:
    """Looks at `target` from `distance` blocks away, from the direction given by yaw and pitch."""

    target: Vec = (0.0, 0.0, 0.0)
    distance: float = 20.0
    yaw: float = 225.0
    pitch: float = 30.0
    fov_y: float = 60.0

    def eye(self) -> np.ndarray:
        return np.asarray(self.target, dtype=np.float64) - look_direction(self.yaw, self.pitch) * self.distance

    def view_matrix(self) -> np.ndarray:
        return look_at(self.eye(), np.asarray(self.target, dtype=np.float64), UP)

    def proj_matrix(self, aspect: float) -> np.ndarray:
        return pyrr.matrix44.create_perspective_projection(self.fov_y, aspect, NEAR, FAR, dtype="f4")

    def rotate(self, d_yaw: float, d_pitch: float) -> None:
        self.yaw = (self.yaw + d_yaw) % 360.0
        self.pitch = max(-MAX_PITCH, min(MAX_PITCH, self.pitch + d_pitch))

    def zoom(self, factor: float) -> None:
        self.distance = max(0.5, self.distance * factor)

    def pan(self, right: float, up: float) -> None:
        """Move the target along the screen axes, in blocks."""
        forward = look_direction(self.yaw, self.pitch)
        side = np.cross(forward, UP)
        side /= np.linalg.norm(side)
        screen_up = np.cross(side, forward)
        self.target = tuple(np.asarray(self.target) + side * right + screen_up * up)


@dataclass
class FlyCamera:
    """A free camera at `position` looking along yaw and pitch (Minecraft's spectator flight)."""

    position: Vec = (0.0, 5.0, -10.0)
    yaw: float = 0.0
    pitch: float = 20.0
    fov_y: float = 70.0
    speed: float = 10.0  # blocks per second

    def view_matrix(self) -> np.ndarray:
        eye = np.asarray(self.position, dtype=np.float64)
        return look_at(eye, eye + look_direction(self.yaw, self.pitch), UP)

    def proj_matrix(self, aspect: float) -> np.ndarray:
        return pyrr.matrix44.create_perspective_projection(self.fov_y, aspect, NEAR, FAR, dtype="f4")

    def rotate(self, d_yaw: float, d_pitch: float) -> None:
        self.yaw = (self.yaw + d_yaw) % 360.0
        self.pitch = max(-MAX_PITCH, min(MAX_PITCH, self.pitch + d_pitch))

    def update(self, dt: float, forward: float, strafe: float, lift: float) -> None:
        """Move for `dt` seconds; forward/strafe/lift in −1..1 (W/S, D/A, space/shift)."""
        y = math.radians(self.yaw)
        ahead = np.array([-math.sin(y), 0.0, math.cos(y)])
        right = np.array([-math.cos(y), 0.0, -math.sin(y)])
        step = (ahead * forward + right * strafe + UP * lift) * self.speed * dt
        self.position = tuple(np.asarray(self.position) + step)


# Axis-aligned views: direction the camera looks, and the world direction that is up on screen.
ORTHO_VIEWS: dict[str, tuple[Vec, Vec]] = {
    "top": ((0.0, -1.0, 0.0), (0.0, 0.0, -1.0)),   # north up, east right
    "north": ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),   # from the north looking south: east on the left
    "east": ((-1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),   # from the east looking west: south on the left
}


@dataclass
class OrthoCamera:
    """An orthographic view along an axis: `half_height` blocks from the screen centre to its top edge."""

    view: str = "top"
    center: Vec = (0.0, 0.0, 0.0)
    half_height: float = 10.0
    depth: float = 500.0  # the eye sits this far back from the centre

    def __post_init__(self) -> None:
        if self.view not in ORTHO_VIEWS:
            raise ValueError(f"orthographic view {self.view!r}: expected one of {', '.join(ORTHO_VIEWS)}")

    def view_matrix(self) -> np.ndarray:
        direction, up = (np.asarray(v, dtype=np.float64) for v in ORTHO_VIEWS[self.view])
        center = np.asarray(self.center, dtype=np.float64)
        return look_at(center - direction * self.depth, center, up)

    def proj_matrix(self, aspect: float) -> np.ndarray:
        h = self.half_height
        return pyrr.matrix44.create_orthogonal_projection(-h * aspect, h * aspect, -h, h, NEAR,
                                                          2.0 * self.depth, dtype="f4")

    def zoom(self, factor: float) -> None:
        self.half_height = max(0.25, self.half_height * factor)


@dataclass
class Bounds:
    """An axis-aligned region in world coordinates that a camera should frame."""

    lo: Vec
    hi: Vec

    def center(self) -> np.ndarray:
        return (np.asarray(self.lo) + np.asarray(self.hi)) / 2.0

    def radius(self) -> float:
        return float(np.linalg.norm(np.asarray(self.hi) - np.asarray(self.lo))) / 2.0


ELONGATED = 8.0      # bounds this many times longer than wide are seen along their length (fit_orbit)
ALONG_X_YAW = -90.0  # looking towards +x (look_direction)
ALONG_Z_YAW = 0.0    # looking towards +z
ALONG_PITCH = 20.0   # degrees down: the far end of a long scene stays in view, near the horizon
ALONG_WIDTHS = 4.0   # the eye's distance in widths (or heights) of the long scene, FOLLOW_DISTANCE at least
ALONG_BACK = 0.6     # the eye stands this many distances behind the low end (the view's lower edge reaches it)


def fit_orbit(bounds: Bounds, aspect: float = 16 / 9, yaw: float = 225.0, pitch: float = 30.0,
              fov_y: float = 60.0, along: bool = False) -> OrbitCamera:
    """An orbit camera around the centre of `bounds`, just far enough back to see all eight corners. With `along`
    (the window opening a scene), bounds many times longer than wide (a boat road, a long rail line) are seen along
    their length from their low end, so the near end fills the view and the rest recedes into it, rather than the
    whole as a line a pixel wide."""
    extent = np.asarray(bounds.hi, dtype=np.float64) - np.asarray(bounds.lo, dtype=np.float64)
    long_axis = 0 if extent[0] >= extent[2] else 2
    if along and extent[long_axis] >= ELONGATED * max(extent[2 - long_axis], 1.0):
        return _along(bounds, long_axis, fov_y)
    forward = look_direction(yaw, pitch)
    right = np.cross(forward, UP)
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    tan_y = math.tan(math.radians(fov_y) / 2.0) / FIT_MARGIN
    tan_x = tan_y * aspect
    center = bounds.center()
    distance = 1.0
    for corner in np.array(np.meshgrid(*zip(bounds.lo, bounds.hi, strict=True))).T.reshape(-1, 3):
        offset = corner - center
        depth = float(offset @ forward)  # the eye sits `distance` behind the centre along forward
        distance = max(distance, abs(float(offset @ right)) / tan_x - depth,
                       abs(float(offset @ up)) / tan_y - depth)
    return OrbitCamera(tuple(center), distance + NEAR, yaw, pitch, fov_y)


def _along(bounds: Bounds, axis: int, fov_y: float) -> OrbitCamera:
    """An orbit camera at the low end of long, narrow bounds, looking along `axis` (0: x, 2: z) at ALONG_PITCH:
    the eye a little behind that end (in sight, with what stands on it), far enough back to see its width several
    times over, the far end in view near the horizon."""
    lo, hi = np.asarray(bounds.lo, dtype=np.float64), np.asarray(bounds.hi, dtype=np.float64)
    across = hi - lo
    across[axis] = 0.0
    distance = max(FOLLOW_DISTANCE, ALONG_WIDTHS * float(np.max(across)))
    target = (lo + hi) / 2.0
    target[axis] = lo[axis] + distance * (math.cos(math.radians(ALONG_PITCH)) - ALONG_BACK)
    return OrbitCamera(tuple(float(c) for c in target), distance, ALONG_X_YAW if axis == 0 else ALONG_Z_YAW,
                       ALONG_PITCH, fov_y)


def fit_ortho(view: str, bounds: Bounds, aspect: float) -> OrthoCamera:
    """An orthographic camera along `view` that sees the whole of `bounds` at the given aspect."""
    direction, up = (np.abs(np.asarray(v)) for v in ORTHO_VIEWS[view])
    extent = np.asarray(bounds.hi) - np.asarray(bounds.lo)
    side = np.abs(np.cross(direction, up))
    half = max(float(extent @ up) / 2.0, float(extent @ side) / 2.0 / aspect, 1.0) * FIT_MARGIN
    return OrthoCamera(view, tuple(bounds.center()), half)


def close_in(cam: OrbitCamera | FlyCamera | OrthoCamera) -> None:
    """Bring a camera that starts following an entity within FOLLOW_DISTANCE (FOLLOW_HALF_HEIGHT) of it: framed on
    a whole scene (a 1,500-block ice road, 1,000 blocks back), the entity and the blocks around it would be under
    a pixel and the frame would look empty. A closer camera stays as it is."""
    if isinstance(cam, OrbitCamera):
        cam.distance = min(cam.distance, FOLLOW_DISTANCE)
    elif isinstance(cam, OrthoCamera):
        cam.half_height = min(cam.half_height, FOLLOW_HALF_HEIGHT)


@dataclass
class CameraSpec:
    """A parsed `--camera` string; see `parse_camera`."""

    kind: str
    numbers: tuple[float, ...] = field(default_factory=tuple)


CAMERA_SYNTAX = ("auto | top | north | east | top:CX,CY,CZ,HALF_HEIGHT (also north:, east:) | "
                 "orbit:TX,TY,TZ,DISTANCE,YAW,PITCH | fly:X,Y,Z,YAW,PITCH")
_ARITY = {"auto": (0,), "orbit": (6,), "fly": (5,), **{v: (0, 4) for v in ORTHO_VIEWS}}


def parse_camera(text: str) -> CameraSpec:
    """Parse a camera string; a bad one raises ValueError naming the expected syntax."""
    kind, _, rest = text.strip().partition(":")
    if kind not in _ARITY:
        raise ValueError(f"camera {text!r}: unknown kind {kind!r}; expected {CAMERA_SYNTAX}")
    try:
        numbers = tuple(float(part) for part in rest.split(",")) if rest.strip() else ()
    except ValueError:
        raise ValueError(f"camera {text!r}: expected comma-separated numbers after '{kind}:'") from None
    if len(numbers) not in _ARITY[kind] or not all(math.isfinite(n) for n in numbers):
        raise ValueError(f"camera {text!r}: '{kind}' takes {' or '.join(map(str, _ARITY[kind]))} finite numbers; "
                         f"expected {CAMERA_SYNTAX}")
    return CameraSpec(kind, numbers)


def camera_from_spec(spec: CameraSpec, bounds: Bounds,
                     aspect: float) -> OrbitCamera | FlyCamera | OrthoCamera:
    """The camera a spec describes; kinds without numbers are fitted to `bounds`."""
    n = spec.numbers
    if spec.kind == "orbit":
        return OrbitCamera((n[0], n[1], n[2]), n[3], n[4], max(-MAX_PITCH, min(MAX_PITCH, n[5])))
    if spec.kind == "fly":
        return FlyCamera((n[0], n[1], n[2]), n[3], max(-MAX_PITCH, min(MAX_PITCH, n[4])))
    if spec.kind in ORTHO_VIEWS:
        if n:
            return OrthoCamera(spec.kind, (n[0], n[1], n[2]), n[3])
        return fit_ortho(spec.kind, bounds, aspect)
    return fit_orbit(bounds, aspect)
