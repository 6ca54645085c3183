"""The closed forms of spec 02 (engine.analysis.formulas) against simulated free flight, and the figures of spec 09
that follow from them (those are formula tests, named as such)."""

import math
from itertools import pairwise

import pytest

from engine.analysis import formulas as F
from engine.java.javanum import f32
from engine.tick.scene import load_scene, load_scene_text
from tests.conftest import build_scene
from tests.scene_parts import cuboid, held, walker

FREE = """
[[entities]]
type = "minecraft:{typ}"
pos = [0.3, 1000.0, -7.1]
motion = [1.3, 0.7, -2.1]
{extra}
"""
EXTRA = {"tnt": "fuse = 400", "item": "pickup_delay = 10",
         "experience_orb": "", "ender_pearl": "", "snowball": "", "egg": "", "potion": "",
         "experience_bottle": ""}


def _pearl(sim):
    return next(e for e in sim.entities if e.TYPE == "minecraft:ender_pearl")


def _run(typ: str, ticks: int):
    sim = load_scene_text(FREE.format(typ=typ, extra=EXTRA[typ]))
    e = sim.entities[0]
    states = [(tuple(e.pos), tuple(e.motion))]
    for _ in range(ticks):
        sim.tick()
        assert not e.removed
        states.append((tuple(e.pos), tuple(e.motion)))
    return states


@pytest.mark.parametrize("typ", sorted(EXTRA))
def test_state_at_matches_simulated_free_flight(typ):
    """Bound: the closed form differs from the float steps by rounding only; over n gt at |coordinate| ≤ 1024 it
    stays within n ulp(1024) for positions and n ulp(4) for Motion (measured: 1.5e-12 m and 2.5e-15 m/gt)."""
    n = 150
    states = _run(typ, n)
    (p0, m0) = states[0]
    predicted = F.trajectory(typ, p0, m0, n)
    for i, ((sp, sm), (pp, pm)) in enumerate(zip(states, predicted, strict=True)):
        for a, b in zip(sp, pp, strict=True):
            assert abs(a - b) <= i * math.ulp(1024.0)
        for a, b in zip(sm, pm, strict=True):
            assert abs(a - b) <= i * math.ulp(4.0)
    assert F.first_divergence(states, predicted) is None


def test_first_divergence_marks_the_landing_tick():
    """A primed TNT on flat ground flies free until it lands in gt 9 (figure T2): the first divergence."""
    sim = load_scene("scenes/tnt_flat_ground.toml")
    e = sim.entities[0]
    states = [(tuple(e.pos), tuple(e.motion))]
    for _ in range(20):
        sim.tick()
        states.append((tuple(e.pos), tuple(e.motion)))
    predicted = F.trajectory("tnt", *states[0], 20)
    assert F.first_divergence(states, predicted) == 9


def test_off_by_one_rules_tnt_and_pearl():
    """§4.2: a TNT primed with fuse 80 explodes at its position after n = 80 moves; a pearl's teleport position
    is where it was after n − 1 moves when the hit comes in its nth tick."""
    sim = load_scene_text(FREE.format(typ="tnt", extra="fuse = 80"))
    p0, m0 = tuple(sim.entities[0].pos), tuple(sim.entities[0].motion)
    events = []
    while not events:
        events = [ev for ev in sim.tick().events if ev["kind"] == "explosion"]
    assert sim.tick_count == F.explosion_n(80) == F.TNT_EXPLOSION_N
    pos, _ = F.state_at("tnt", p0, m0, F.explosion_n(80))
    assert events[0]["center"][1] == pytest.approx(pos[1] + 0.061250001192093, abs=1e-11)

    sim = load_scene("scenes/pearl_throw_flat.toml")
    pearl = _pearl(sim)
    p0, m0 = tuple(pearl.pos), tuple(pearl.motion)
    teleport = []
    while not teleport:
        teleport = [ev for ev in sim.tick().events if ev["kind"] == "pearl_teleport"]
    pos, _ = F.state_at("ender_pearl", p0, m0, F.collision_check_n(sim.tick_count))
    assert teleport[0]["to"] == pytest.approx(list(pos), abs=1e-11)


@pytest.mark.parametrize("typ", ["tnt", "ender_pearl"])
def test_table_2_1_rows_against_simulation(typ):
    """Δd_n from the row of the entity's order (AMD: v_n / k; MDA: v_{n-1})."""
    kind = F.free_flight(typ).kind
    k = F.free_flight(typ).drag_xz
    states = _run(typ, 50)
    for n in range(1, 51):
        dx = states[n][0][0] - states[n - 1][0][0]
        assert F.table_2_1(kind, k, states[n - 1][1][0], states[n][1][0], states[0][1][0]) == pytest.approx(
            dx, rel=1e-13)


def _iterate(kind: str, v0: float, a: float, k: float, n: int) -> tuple[float, float]:
    """The order performed step by step (spec 02 §5 definitions): returns (d_n, v_n)."""
    d, v = 0.0, v0
    for _ in range(n):
        for op in kind:
            if op == "M":
                d += v
            elif op == "D":
                v *= k
            else:
                v += a
    return d, v


@pytest.mark.parametrize("kind", F.ORDER_SETS)
def test_six_order_sets_against_their_steps(kind):
    """Formula test (spec 02 §5 [our check] values k 0.93, a −0.07, v0 1.3): B.x.1–B.x.6 against the steps."""
    k, a, v0 = 0.93, -0.07, 1.3
    for n in range(1, 401):
        d, v = _iterate(kind, v0, a, k, n)
        d_prev, _ = _iterate(kind, v0, a, k, n - 1)
        assert F.motion_at(kind, v0, a, k, n) == pytest.approx(v, rel=1e-12, abs=1e-13)
        assert F.position_at(kind, v0, a, k, n) == pytest.approx(d, rel=1e-12, abs=1e-12)
        assert F.displacement_in(kind, v0, a, k, n) == pytest.approx(d - d_prev, rel=1e-11, abs=1e-13)
        assert F.initial_motion(kind, d, a, k, n) == pytest.approx(v0, rel=1e-9)
    n_turn = F.turning_tick(kind, v0, a, k)
    steps = [F.displacement_in(kind, v0, a, k, n) for n in range(1, 60)]
    assert steps[math.floor(n_turn) - 1] >= 0.0 > steps[math.floor(n_turn)]
    assert F.max_displacement_per_tick(kind, a, k) == pytest.approx(F.displacement_in(kind, v0, a, k, 2000))
    assert F.max_displacement(kind, v0, k) == pytest.approx(F.position_at(kind, v0, 0.0, k, 2000))


def test_printed_appendix_b_forms():
    """Formula test: the printed B.2.2, B.3.2, B.6.2 equal the reduction (spec 02 §4.3)."""
    k, a, v0, n = 0.93, -0.07, 1.3, 17
    kn = k ** n
    assert F.position_at("DMA", v0, a, k, n) == pytest.approx(
        v0 * (k - kn * k) / (1 - k) + a * k * (kn + n * (1 - k) - 1) / (1 - k) ** 2)
    assert F.position_at("DAM", v0, a, k, n) == pytest.approx(
        v0 * (k - kn * k) / (1 - k) + a * (kn * k + n * (1 - k) - k) / (1 - k) ** 2)
    assert F.position_at("ADM", v0, a, k, n) == pytest.approx(
        v0 * (k - kn * k) / (1 - k) + a * k * (kn * k + n * (1 - k) - k) / (1 - k) ** 2)


def test_universal_equation_against_a_simulated_launch():
    """(3.1.48) for MDA (a pearl) and (B.5.8) for AMD (a TNT): a launch with Motion (vx, vy, 0) lands where the
    equation says: tan α = −vy / vx with α the pitch (positive down)."""
    for typ in ("ender_pearl", "tnt"):
        states = _run(typ, 60)
        f = F.free_flight(typ)
        (p0, (vx, vy, vz)), (pn, _) = states[0], states[60]
        horizontal = math.hypot(pn[0] - p0[0], pn[2] - p0[2])
        tan = F.universal_tan_alpha(f.kind, horizontal, pn[1] - p0[1], 60, -f.gravity, f.drag_y)
        assert tan == pytest.approx(-vy / math.hypot(vx, vz), rel=1e-9)
        pitch = math.atan(tan)
        assert F.launch_acceleration(horizontal, 60, f.drag_xz, pitch) * math.cos(pitch) == pytest.approx(
            math.hypot(vx, vz), rel=1e-9)


def test_launch_motion_matches_a_thrown_pearl():
    """(3.1.39–41) with AMBIGUITY-F3 corrected give the thrown pearl's Motion without spread (yaw 0, pitch −39),
    within the MathHelper sine table's step (2π/65536 rad, so ≤ 1.5 × 9.6e-5 m/gt)."""
    sim = load_scene("scenes/pearl_throw_flat.toml")
    m = F.launch_motion(float(f32(1.5)), math.radians(-39.0), 0.0)
    assert list(_pearl(sim).motion) == pytest.approx(list(m), abs=1.5 * 2 * math.pi / 65536)


def test_sprint_jump_period_fixed_point():
    """Formula test (§4.4): the per-tick order of one period (ground tick
    (v + a_g) k_g, then n0 − 1 air ticks (v + a_a) k_a) iterated converges to the corrected (3.2.6); the printed
    (3.2.5) with its trailing + a_g t0 has another fixed point (AMBIGUITY-F9)."""
    n0, a_air, a_ground, k_air, k_ground = 12, 0.026 * 0.98, 0.1 * 0.98 + 0.2, 0.91, 0.6 * 0.91
    v = 0.0
    for _ in range(200):
        v0 = v
        v = (v + a_ground) * k_ground
        for _ in range(n0 - 1):
            v = (v + a_air) * k_air
        assert F.sprint_jump_next(v0, n0, a_air, a_ground, k_air, k_ground) == pytest.approx(v, rel=1e-12)
    steady = F.sprint_jump_steady(n0, a_air, a_ground, k_air, k_ground)
    assert steady == pytest.approx(v, rel=1e-12)
    assert F.sprint_jump_next_printed(steady, n0, a_air, a_ground, k_air, k_ground) != pytest.approx(steady)


def test_sprint_jump_period_of_a_simulated_player():
    """§4.4 against a player sprint-jumping east on stone (forward, sprint and jump held): it jumps every 12 gt,
    and the Motion it carries into each jump settles within 1e-6 of the corrected (3.2.6) with the spec's
    constants written here (spec 05 §3: ground 0.13 × 0.98 input + the 0.2 sprint kick, k 0.6 × 0.91; air 0.026
    × 0.98, k 0.91): the float constants of vanilla leave 3e-7 relative."""
    sim = build_scene(blocks=[cuboid((-5, 0, -3), (900, 0, 3))], entities=[walker((0.5, 1.0, 0.5))],
                      inputs=[held(1, 1, 300, forward=True, sprint=True, jump=True)])
    p = sim.entity_by_id(1)
    jumps = []
    for t in range(1, 301):
        before, on_ground = p.motion.x, p.on_ground
        sim.tick()
        if on_ground and p.motion.y > 0.3:      # (0.42F − 0.08) × 0.98F after the jump tick
            jumps.append((t, before))
    assert {b[0] - a[0] for a, b in pairwise(jumps[-10:])} == {12}
    assert jumps[-1][1] == jumps[-2][1] or abs(jumps[-1][1] - jumps[-2][1]) < 1e-15
    steady = F.sprint_jump_steady(12, 0.026 * 0.98, 0.13 * 0.98 + 0.2, 0.91, 0.6 * 0.91)
    assert jumps[-1][1] == pytest.approx(steady, rel=1e-6)


def test_figures_from_the_closed_forms():
    """Formula tests for spec 09 figures: T1 apex 0.38423872 m after 4 gt, T2 0.16625224 m after 9 gt, C3
    249.58 m/gt for 10 000 m in 80 gt, C5 0.008147 m with the AMD form (0.0079865 with MDA), C6 2 gt fall
    0.1192 m, C11 268.7716 m/gt for 10 425 m in 74 gt, P2 the slime-launched pearl returns after 62 gt."""
    v = f32(0.2)
    apex_n = math.floor(F.turning_tick("AMD", v, -0.04, 0.98))
    assert apex_n == 4
    assert F.position_at("AMD", v, -0.04, 0.98, apex_n) == pytest.approx(0.38423872, abs=2e-8)
    assert F.position_at("AMD", 0.02, 0.0, 0.98, 9) == pytest.approx(0.16625224, abs=1e-8)
    assert F.initial_motion("AMD", 10000.0, 0.0, 0.98, 80) == pytest.approx(249.578, abs=1e-3)
    assert -F.universal_tan_alpha("AMD", 10000.0, 0.0, 80, 0.04, 0.98) == pytest.approx(0.0081468, abs=1e-7)
    assert -F.universal_tan_alpha("MDA", 10000.0, 0.0, 80, 0.04, 0.98) == pytest.approx(0.0079865, abs=1e-7)
    assert F.position_at("AMD", 0.0, -0.04, 0.98, 2) == pytest.approx(-0.1192, abs=1e-12)
    assert F.initial_motion("AMD", 10425.0, 0.0, 0.98, 74) == pytest.approx(268.7716, abs=1e-4)
    returns = next(n for n in range(1, 200) if F.position_at("MDA", 1.0, -float(f32(0.03)), float(f32(0.99)), n) < 0)
    assert returns == 62


def test_unknown_kind_and_entity():
    with pytest.raises(ValueError, match="not one of"):
        F.motion_at("MMD", 0.0, 0.0, 0.9, 1)
    with pytest.raises(ValueError, match="no closed form"):
        F.free_flight("minecraft:armor_stand")


def test_overlay_parts_where_a_thrown_pearl_is_removed():
    """The pearl of figure P1 follows the closed form (MDG) until its hit in gt 61 removes it: the overlay carried
    on to gt 70 parts there, and follows the simulated states before it to rounding."""
    sim = load_scene("scenes/pearl_throw_flat.toml")
    pearl = next(e for e in sim.entities if e.TYPE == "minecraft:ender_pearl")
    ticks, states = [0], [(tuple(pearl.pos), tuple(pearl.motion))]
    while sim.tick_count < 70:
        sim.tick()
        if not pearl.removed:
            ticks.append(sim.tick_count)
            states.append((tuple(pearl.pos), tuple(pearl.motion)))
    assert ticks[-1] == 60
    overlay = F.overlay_from(pearl.TYPE, ticks, states, 0, 70)
    assert overlay.ticks == list(range(71)) and overlay.diverges_at == 61
    followed = zip(overlay.predicted[:61], states, strict=True)
    assert max(abs(p - s) for (pp, _), (ss, _) in followed for p, s in zip(pp, ss, strict=True)) < 1e-9
    assert F.overlay_from(pearl.TYPE, ticks, states, 20).diverges_at is None   # up to gt 60 only: no parting
