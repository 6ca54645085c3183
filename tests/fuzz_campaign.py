"""A longer scene-fuzzing campaign, run by hand (pytest does not collect it): the strategies of
tests/engine/test_fuzz_scenes.py with many more examples and a chosen seed, outcomes counted, and every scene
that crashed or hung written to a folder so it can become a test in tests/engine/test_reliability.py.

Three sources: the generated scenes; each feature's generator (`FEATURES`: redstone components, `use`, versions,
and whatever joins that table), traced as `tickscope trace` runs them; and mutations of the bundled scenes and of
every hostile file of ../shared/data/reliability2 (scenes and schematics, a schematic mutated inside its gzip).

Run: python3 tests/fuzz_campaign.py [--examples N] [--seed S] [--out DIR] [--cli K]
`--cli K` also runs K of the cases through `tickscope trace` in a fresh process, checking the exit status (0 or 2)
and that stderr is empty or one printable line.
"""

from __future__ import annotations

import argparse
import collections
import random
import subprocess
import sys
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.conftest import scene_toml  # noqa: E402
from tests.engine.test_fuzz_scenes import (  # noqa: E402
    FEATURES,
    feature_scene,
    hostile_files,
    mutate_file,
    outcome,
    scene_text,
    scenes,
    traced_file,
)

Case = tuple[bytes, str]   # a file's bytes and its suffix


def campaign(examples: int, chosen_seed: int, out: Path, keep: list[Case]) -> collections.Counter:
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
        _run((text.encode(), ".toml"), partial(outcome, text), counts, out, keep)

    one()
    return counts


def features(examples: int, chosen_seed: int, out: Path, keep: list[Case], counts: collections.Counter) -> None:
    for name in FEATURES:
        _feature(name, examples, chosen_seed, out, keep, counts)


def _feature(name: str, examples: int, chosen_seed: int, out: Path, keep: list[Case],
             counts: collections.Counter) -> None:
    @seed(chosen_seed)
    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(FEATURES[name])
    def one(fragment):
        text = scene_text(feature_scene(fragment))
        if text is None:
            counts[f"{name}: not writable as TOML"] += 1
            return
        _run((text.encode(), ".toml"), partial(traced_file, text.encode()), counts, out, keep, f"{name}: ")

    one()


def mutations(examples: int, chosen_seed: int, out: Path, keep: list[Case], counts: collections.Counter) -> None:
    rng = random.Random(chosen_seed)
    # the bundled scenes and, when ../shared is beside the checkout, the hostile files of the second robustness
    # campaign: scenes (huge counts, action ranges, NaN fields, riders 1,000 deep, stacked players) and schematics
    # (declared sizes past the limits, NBT lists of 400M bytes, 20M empty compounds, a block at x = 40,000,000)
    files = sorted((REPO / "scenes").glob("*.toml")) + hostile_files()
    for _ in range(examples):
        path = rng.choice(files)
        edits = [(rng.randrange(10**6), rng.randrange(5), bytes(rng.randrange(256) for _ in range(rng.randrange(5))))
                 for _ in range(rng.randrange(1, 5))]
        data = mutate_file(path, edits)
        _run((data, path.suffix), partial(traced_file, data, path.suffix, ticks=2), counts, out, keep, "mutated: ")


def _run(case: Case, run: Callable[[], str], counts: collections.Counter, out: Path, keep: list[Case],
         prefix: str = "") -> None:
    keep.append(case)
    try:
        counts[prefix + run()] += 1
    except Exception:  # a crash or a hang: the finding this campaign is for
        counts[prefix + "CRASH"] += 1
        out.mkdir(parents=True, exist_ok=True)
        n = len(list(out.glob("crash_*.txt")))
        (out / f"crash_{n}{case[1]}").write_bytes(case[0])
        (out / f"crash_{n}.txt").write_text(traceback.format_exc(), encoding="utf-8")


def through_cli(cases: list[Case], k: int, out: Path, counts: collections.Counter) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for data, suffix in random.Random(0).sample(cases, min(k, len(cases))):
        path = out / f"cli_case{suffix}"
        path.write_bytes(data)
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
    keep: list[Case] = []
    counts = campaign(args.examples, args.seed, args.out, keep)
    features(args.examples, args.seed, args.out, keep, counts)
    mutations(args.examples, args.seed, args.out, keep, counts)
    if args.cli:
        through_cli(keep, args.cli, args.out, counts)
    for name, n in sorted(counts.items()):
        print(f"{n:7d}  {name}")
    sys.exit(1 if any("CRASH" in k or "BAD" in k or "HANG" in k for k in counts) else 0)


if __name__ == "__main__":
    main()
