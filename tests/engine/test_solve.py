"""`tickscope solve` through the CLI: the showcases (pearl cannon, TNT cannon range table, pearl throw to a block)
and bad input. The solver carries free-flying pearls by the closed forms; `sweep` simulates every tick, so the two
agree within the closed forms' rounding bound (test_formulas: n ulp of the coordinates)."""

import csv
import io

import pytest

from engine.tick.scene import load_scene_text
from viewer.cli import main


def _csv(capsys, argv):
    assert main(argv) == 0
    return list(csv.reader(io.StringIO(capsys.readouterr().out)))


def test_pearl_cannon_tnt_count_for_1000_blocks(capsys):
    """21 TNT put the pearl at x 999.13 (996.63 m from its start) after 100 gt, 47.46 m per TNT: the closest."""
    rows = _csv(capsys, ["solve", "scenes/pearl_cannon.toml", "--ticks", "100", "--vary",
                         "entities[100].count=1:200", "--target", "entities[1].pos[0]=1002.5", "--top", "2"])
    assert rows[0] == ["entities[100].count", "entities[1].pos[0]", "distance"]
    assert [r[0] for r in rows[1:]] == ["21", "22"]
    solved = float(rows[1][1])
    assert solved == pytest.approx(999.126, abs=1e-3)
    simulated = _csv(capsys, ["sweep", "scenes/pearl_cannon.toml", "--ticks", "100", "--vary",
                              "entities[100].count=21:21:1", "--measure", "entities[1].pos[0]", "--workers", "1"])
    assert abs(float(simulated[1][1]) - solved) <= 100 * 2 * 1024 * 2.0 ** -52


@pytest.mark.parametrize(("target", "count", "reached"), [(50.0, 1, 35.0578), (177.0, 5, 175.2889)])
def test_tnt_cannon_range_table(capsys, target, count, reached):
    """C1 (≈ 50 m) and C2 (≈ 177 m) as a range table of the reduced 10 km cannon: 0.875 m/gt per TNT at 1 m,
    80 gt of flight (x = v (1 − 0.98⁸⁰) / 0.02)."""
    rows = _csv(capsys, ["solve", "scenes/tnt_cannon_range.toml", "--ticks", "80", "--vary",
                         "entities[100].count=1:1000", "--target", f"entities[1].pos[0]={target + 1.5}"])
    assert int(rows[1][0]) == count
    assert float(rows[1][1]) - 1.5 == pytest.approx(reached, abs=1e-4)


def test_pearl_throw_to_a_block(capsys):
    """Yaw and pitch (reals) that put the player on the block (10, 63, 40) from (0.5, 64, 0.5)."""
    rows = _csv(capsys, ["solve", "scenes/pearl_throw_target.toml", "--ticks", "80",
                         "--vary", "spawns[0].yaw=-60:60", "--vary", "spawns[0].pitch=-60:0",
                         "--target", "entities[1].pos[0]=10.5", "--target", "entities[1].pos[2]=40.5"])
    x, z = float(rows[1][2]), float(rows[1][3])
    assert (int(x // 1), int(z // 1)) == (10, 40)
    assert float(rows[1][4]) < 0.01


def test_lob_and_flat_throw_both_found_the_closest_first(capsys):
    """Pitch alone (yaw 0) for a landing 30 m south: a flat throw (about -11°) and a lob (about -69°) both reach
    it. The coarse grid finds both basins and refines each; the closest is first. The flat throw's landing jumps
    over z 30.5 (its hit tick changes between pitch -11.1° and -11.05°: 32.05 → 30.88), so it stops at 0.38 m."""
    rows = _csv(capsys, ["solve", "scenes/pearl_throw_target.toml", "--ticks", "120",
                         "--vary", "spawns[0].pitch=-90:0", "--target", "entities[1].pos[2]=30.5", "--top", "200"])
    runs = [(float(pitch), float(dist)) for pitch, _, dist in rows[1:]]
    lob = min((r for r in runs if r[0] < -45), key=lambda r: r[1])
    flat = min((r for r in runs if r[0] > -45), key=lambda r: r[1])
    assert runs[0] == lob and lob[1] < 0.01 and -70.0 < lob[0] < -69.0
    assert flat[1] < 0.39 and -11.1 < flat[0] < -11.0


@pytest.mark.parametrize(("args", "expected"), [
    (["--vary", "entities[100].count=9:2", "--target", "entities[1].pos[0]=10"], "LO 9 is greater than HI 2"),
    (["--vary", "entities[100].count=1.5:2", "--target", "entities[1].pos[0]=10"], "integer bounds"),
    (["--vary", "entities[3].pos[0]=1:2", "--target", "entities[1].pos[0]=10"], "no [[entities]] entry has id 3"),
    (["--vary", "entities[100].count=1:2", "--target", "entities[1].speed=10"], "does not trace 'speed'"),
    (["--vary", "entities[100].count=1:2", "--target", "entities[1].pos[0]"], "PATH=VALUE"),
    (["--vary", "entities[100].count=1:2:float", "--target", "entities[1].pos[0]=1"], "PATH=LO:HI:int"),
])
def test_bad_input_is_one_line_exit_2(capsys, args, expected):
    assert main(["solve", "scenes/pearl_cannon.toml", "--ticks", "5", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and expected in err[0]


@pytest.mark.parametrize(("platform", "top", "pearl_fraction"), [
    ("minecraft:smooth_stone_slab", 0.5, 0.34875), ("minecraft:enchanting_table", 0.75, 0.59875),
    ("minecraft:honey_block", 0.9375, 0.78625), ("minecraft:obsidian", 1.0, 0.84875)])
def test_p3_flat_shot_pearl_heights(platform, top, pearl_fraction):
    """P3: a pearl at these fractional heights has its eye (0.2125 up) level with the centre of a TNT exploding
    on the platform (0.06125 above it), so the push is horizontal: the explosion event's Y impulse is float noise
    (the pearl cannon scene with one TNT on each platform)."""
    text = open("scenes/pearl_cannon.toml").read()
    text = text.replace("count = 12", "count = 1").replace("minecraft:enchanting_table", platform)
    text = text.replace("200.75, 0.5], fuse", f"{200 + top}, 0.5], fuse")
    text = text.replace("200.59875", repr(200 + pearl_fraction))
    sim = load_scene_text(text, "p3")
    explosion = next(ev for ev in sim.tick().events if ev["kind"] == "explosion")
    (hit,) = [a for a in explosion["affected"] if a["id"] == 1]
    assert hit["impulse"][0] > 0.7 and abs(hit["impulse"][1]) < 1e-7
