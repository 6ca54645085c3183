"""A longer scene-fuzzing campaign, run by hand (pytest does not collect it): the strategies of
tests/engine/test_fuzz_scenes.py with many more examples and a chosen seed, outcomes counted, and every scene
that crashed or hung written to a folder so it can become a test in tests/engine/test_reliability.py.

Run: python3 tests/fuzz_campaign.py [--examples N] [--seed S] [--out DIR] [--cli K]
`--cli K` also runs K of the generated scenes through `tickscope trace` in a fresh process, checking the exit
status (0 or 2) and that stderr is empty or one printable line.
"""

from __future__ import annotations

import argparse
import collections
import random
import subprocess
import sys
import traceback
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import _shared_data, scene_toml  # noqa: E402
from tests.engine.test_fuzz_scenes import mutate, outcome, scenes  # noqa: E402


def campaign(examples: int, chosen_seed: int, out: Path, keep: list[str]) -> collections.Counter:
    counts: collections.Counter = collections.Counter()

    @seed(chosen_seed)
    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(scenes)
    def one(tables):
        try:
            text = scene_toml(**tables)
        except TypeError:
            counts["not writable as TOML"] += 1
            return
        _run(text, counts, out, keep)

    one()
    return counts


def mutations(examples: int, chosen_seed: int, out: Path, keep: list[str], counts: collections.Counter) -> None:
    rng = random.Random(chosen_seed)
    # the bundled scenes and, when ../shared is beside the checkout, the hostile scenes of the second robustness
    # campaign (huge counts, action ranges, NaN fields, riders 1,000 deep, stacked players)
    files = sorted((REPO / "scenes").glob("*.toml")) + sorted(_shared_data("reliability2").glob("*.toml"))
    for _ in range(examples):
        data = rng.choice(files).read_bytes()
        edits = [(rng.randrange(10**6), rng.randrange(5), bytes(rng.randrange(256) for _ in range(rng.randrange(5))))
                 for _ in range(rng.randrange(1, 5))]
        try:
            text = mutate(data, edits).decode("utf-8")
        except UnicodeDecodeError:
            counts["mutated: not UTF-8"] += 1
            continue
        _run(text, counts, out, keep, prefix="mutated: ")


def _run(text: str, counts: collections.Counter, out: Path, keep: list[str], prefix: str = "") -> None:
    keep.append(text)
    try:
        counts[prefix + outcome(text)] += 1
    except Exception:  # a crash or a hang: the finding this campaign is for
        counts[prefix + "CRASH"] += 1
        out.mkdir(parents=True, exist_ok=True)
        n = len(list(out.glob("crash_*.toml")))
        (out / f"crash_{n}.toml").write_text(text, encoding="utf-8")
        (out / f"crash_{n}.txt").write_text(traceback.format_exc(), encoding="utf-8")


def through_cli(texts: list[str], k: int, out: Path, counts: collections.Counter) -> None:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "cli_scene.toml"
    for text in random.Random(0).sample(texts, min(k, len(texts))):
        path.write_text(text, encoding="utf-8")
        try:
            p = subprocess.run([sys.executable, "-m", "viewer.cli", "trace", str(path), "--ticks", "3"], cwd=REPO,
                               capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            counts["cli: HANG"] += 1
            continue
        ok = p.returncode in (0, 2) and (p.stderr == "" or (p.stderr.count("\n") == 1 and p.stderr[:-1].isprintable()))
        counts["cli: ok" if ok else "cli: BAD"] += 1


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--examples", type=int, default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("fuzz-findings"))
    p.add_argument("--cli", type=int, default=0)
    args = p.parse_args()
    keep: list[str] = []
    counts = campaign(args.examples, args.seed, args.out, keep)
    mutations(args.examples, args.seed, args.out, keep, counts)
    if args.cli:
        through_cli(keep, args.cli, args.out, counts)
    for name, n in sorted(counts.items()):
        print(f"{n:7d}  {name}")
    sys.exit(1 if any("CRASH" in k or "BAD" in k or "HANG" in k for k in counts) else 0)


if __name__ == "__main__":
    main()
