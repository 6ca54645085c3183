"""The bow (spec 06 §7.1, figure E17, AMBIGUITY-N9), through scenes: a player's `[[inputs]]` range with
`use = "minecraft:bow"` draws it, the range's last tick releases it. The expected Motion is the rule computed
here in Java float arithmetic from the arrow's own Random (a formula check of `BowItem.onStoppedUsing`). The arrow
a shot takes (`engine.living.bow`) is run as `scenes/player_bow_takes_arrow.toml`."""

from __future__ import annotations

import math
import tomllib
from typing import Any

import pytest

from engine.java.javanum import f32
from engine.java.jrandom import JavaRandom
from engine.java.mathhelper import cos, sin
from engine.tick.scene import SceneError, load_scene_doc
from engine.tick.simulation import Simulation
from tests.conftest import SCENES_DIR, build_scene
from tests.scene_parts import floor, held, player_on_floor


def archer(last: int, item: str | None = "minecraft:bow", **keys: object) -> Simulation:
    """A player (id 1) on a stone floor using `item` (None: nothing) from tick 1 to `last`, looking (30°, −10°) and
    holding `keys`; world seed 5."""
    use = {"use": item} if item else {}
    return build_scene(scene={"seed": 5}, blocks=[floor(2)],
                       entities=[player_on_floor()],
                       inputs=[held(1, 1, last, **use, yaw=30.0, pitch=-10.0, **keys)])


def draw(ticks: int):
    sim = archer(ticks)
    for _ in range(ticks):
        sim.tick()
    return sim, [e for e in sim.entities if e.TYPE == "minecraft:arrow"]


def expected_motion(arrow_id: int, speed: float) -> list[float]:
    """setProperties(pitch, yaw, 0, speed, 1.0F): the sine-table look, + nextGaussian() × 0.0075 per axis, × speed
    (the player on the ground adds its zero X and Z Motion), in the order of the
    arithmetic of `ProjectileEntity.setVelocity`."""
    r = f32(math.pi / 180.0)
    x = f32(-sin(f32(30.0 * r)) * cos(f32(-10.0 * r)))
    y = -sin(f32(-10.0 * r))
    z = f32(cos(f32(30.0 * r)) * cos(f32(-10.0 * r)))
    n = f32(math.sqrt(x * x + y * y + z * z))     # Vec3d.normalize: MathHelper.sqrt gives a float
    rnd = JavaRandom(5 * 1_000_003 + arrow_id)
    return [(c / n + rnd.next_gaussian() * 0.007499999832361937 * 1.0) * speed for c in (x, y, z)]


def test_full_20_tick_draw_shoots_at_3_and_critical() -> None:
    """E17: a 20-tick draw gives pull 1: speed 3.0F before the spread, and a critical arrow."""
    sim, arrows = draw(20)
    assert len(arrows) == 1 and arrows[0].critical and arrows[0].owner == 1
    a = arrows[0]
    assert list(a.motion) == expected_motion(a.id, 3.0)
    assert a.pos.y == 1.0 + f32(1.62) - f32(0.1)      # a standing player's eye 1.62F, the arrow 0.1F below


def test_10_tick_draw_follows_the_code_not_the_linear_reading() -> None:
    """AMBIGUITY-N9: f = 10/20F = 0.5, (0.25 + 1.0) / 3F = 0.41666666F, speed × 3.0F = 1.25F (not 0.15 × 10)."""
    pull = f32(f32(f32(0.5 * 0.5) + f32(0.5 * 2.0)) / f32(3.0))
    speed = f32(pull * f32(3.0))
    assert speed == 1.25
    _, arrows = draw(10)
    assert len(arrows) == 1 and not arrows[0].critical
    assert list(arrows[0].motion) == expected_motion(arrows[0].id, speed)


def test_a_short_draw_shoots_nothing() -> None:
    """Pull under 0.1 (2 ticks: (0.01 + 0.2) / 3 = 0.07): no arrow."""
    _, arrows = draw(2)
    assert arrows == []


def test_the_arrow_is_released_at_the_range_end_only() -> None:
    sim = archer(20)
    for _ in range(19):
        sim.tick()
    assert not [e for e in sim.entities if e.TYPE == "minecraft:arrow"]


def test_an_unknown_item_names_the_bow_among_the_supported() -> None:
    """A crossbow is not modelled; an arrow is the bow's to shoot (`ArrowItem` has no use)."""
    for item in ("minecraft:crossbow", "minecraft:arrow"):
        with pytest.raises(SceneError, match="minecraft:bow"):
            archer(5, item)


def test_drawing_slows_the_keys_to_0_2_and_stops_sprinting_from_starting() -> None:
    """ClientPlayerEntity.tickMovement: while the bow is drawn the keys are × 0.2F and sprinting cannot start; the
    first tick's Motion is linear in the input (no normalisation below length 1)."""
    drawing = archer(10, forward=True, sprint=True)
    walking = archer(10, None, forward=True, sprint=True)
    drawing.tick()
    walking.tick()
    d, w = drawing.entity_by_id(1), walking.entity_by_id(1)
    assert not d.sprinting and w.sprinting
    slow = f32(f32(0.2) * f32(0.98))
    fast = f32(f32(1.0) * f32(0.98))
    assert d.motion.z == pytest.approx(w.motion.z * slow / fast / 1.3, rel=1e-6)   # sprinting: speed × 1.3


ARROW = "minecraft:arrow"


def _takes_arrow_doc() -> dict[str, Any]:
    return tomllib.loads((SCENES_DIR / "player_bow_takes_arrow.toml").read_text())


def _shoot(doc: dict[str, Any], ticks: int) -> Simulation:
    sim = load_scene_doc(doc)
    for _ in range(ticks):
        sim.tick()
    return sim


def test_a_shot_takes_one_arrow_from_the_main_hand_before_the_slots_and_an_arrowless_one_is_creative_only() -> None:
    """`scenes/player_bow_takes_arrow.toml`: player 1's shots in ticks 5 and 12 take the main hand's two arrows
    (selected slot 3; slot 1 untouched), the slot emptied by the second; its arrows (3, 5) are ALLOWED, player 2's
    (4: no arrow anywhere, the creative shot) CREATIVE_ONLY, in the trace lines. Mutants: the slots searched
    before the hands take slot 1; an arrowless shot left ALLOWED; a shot that takes nothing."""
    sim = _shoot(_takes_arrow_doc(), 5)
    assert sim.entity_by_id(1).inventory == ((1, ARROW, 5), (3, ARROW, 1))
    line = sim.entity_by_id(3).trace_line()
    assert (line["pickup"], line["pos"], line["motion"]) == (
        "allowed", [0.5, 2.5200000032782555, 0.5], [0.5617297913865482, 0.0012071835530811283, 0.0004163783425289985])
    assert sim.entity_by_id(4).trace_line()["pickup"] == "creative_only"
    for _ in range(7):
        sim.tick()
    assert sim.entity_by_id(1).inventory == ((1, ARROW, 5),)
    assert [sim.entity_by_id(i).trace_line()["pickup"] for i in (3, 4, 5)] == ["allowed", "creative_only", "allowed"]
    assert sim.entity_by_id(5).owner == 1 and sim.entity_by_id(2).inventory == ()


def test_an_arrow_in_the_off_hand_goes_first_and_spectral_arrows_or_an_invulnerable_archer_stop_the_run() -> None:
    """The off hand's arrow (a stack of one) is taken before the main hand's and leaves the hand empty; a spectral
    arrow found first, or an arrow held by an `invulnerable` (creative) player, stops the shot's tick in one line."""
    doc = _takes_arrow_doc()
    archer_1 = doc["entities"][0]
    archer_1["equipment"] = {"offhand": ARROW}
    p = _shoot(doc, 5).entity_by_id(1)
    assert p.equipment == {} and p.inventory == ((1, ARROW, 5), (3, ARROW, 2))
    archer_1["inventory"][1]["item"] = "minecraft:spectral_arrow"
    archer_1["equipment"] = {}
    with pytest.raises(NotImplementedError, match=r"at player 1, tick 5: its bow shoots the minecraft:spectral_arrow "
                                                  r"in slot 3 \(BowItem.onStoppedUsing\): its entity is not modelled"):
        _shoot(doc, 5)
    archer_1["inventory"][1]["item"] = ARROW
    archer_1["invulnerable"] = True
    with pytest.raises(NotImplementedError, match="arrow in slot 3 .* creative mode, which would keep the arrow"):
        _shoot(doc, 5)
