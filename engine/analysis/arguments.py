"""Command-line numbers, counts and ranges read as data (interfaces.md): every command (`trace`, `render`, `view`,
`export`, `sweep`, `solve`, `diff`) reads its numeric arguments and its output path through here, so NaN,
infinities, 400-digit numbers, empty or inverted ranges and counts beyond the limits below are refused in one
line, before any work or allocation. The helpers serve as argparse `type=` functions too: an `ArgumentError` is
an `argparse.ArgumentTypeError`, so argparse prints its message as the option's one-line error."""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

from engine.constants import BLOCK_COORDINATE_LIMIT, SAVED_BLOCK_Y
from engine.java.javanum import INT_MAX, INT_MIN

MAX_DIGITS = 40             # characters of one number: a Java long has 19 digits, a double's repr 24 characters
MAX_MAGNITUDE = 2**63       # |value| of a number: a Java long (a seed) fits; the difference of two stays finite
MAX_TICKS = INT_MAX            # a tick number or count: vanilla's tick counter is a Java int
MAX_SWEEP_RUNS = 1_000_000  # runs of one sweep (the product of its COUNTs): split a larger sweep into several
MAX_WORKERS = 256           # local processes of a sweep
MAX_TOP = 10_000            # runs `solve --top` prints (it makes 300 runs at most)
MIN_FPS, MAX_FPS = 0.01, 100.0   # frames per second of a video or GIF (a GIF's delay is counted in 1/100 s)
MAX_FRAME_SIDE = 8192       # pixels of a rendered frame, each way
MIN_BUDGET, MAX_BUDGET = 1024**2, 1024**4   # the viewer's rewind history: 1M .. 1T
TICK_RANGE = re.compile(r"(\d+)\.\.(\d+)")
SCHEDULER = re.compile(r"(tcp|tls|ucx|inproc)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})")
BYTE_UNITS = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}


class ArgumentError(argparse.ArgumentTypeError):
    """A command-line value that cannot be used; the message is one line naming it and what was expected."""


def number(text: str, what: str = "") -> int | float:
    """A finite int or float of at most MAX_MAGNITUDE (`what`, if given, names the argument in the message; an
    argparse type leaves it out, argparse names the option)."""
    text = text.strip()
    if len(text) > MAX_DIGITS:
        raise _error(what, f"a number of {len(text)} characters; expected at most {MAX_DIGITS}")
    try:
        value: int | float = int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            raise _error(what, f"{text!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > MAX_MAGNITUDE:
        raise _error(what, f"{text!r}; expected a finite number of magnitude at most 2^63")
    return value


def whole(text: str, what: str = "", least: int = 0, most: int = MAX_TICKS) -> int:
    """A whole number from `least` to `most`."""
    value = number(text, what)
    if not isinstance(value, int) or not least <= value <= most:
        raise _error(what, f"{text.strip()!r}; expected a whole number from {least} to {most}")
    return value


def ticks(text: str) -> int:
    """argparse type of `--ticks N` and `--tick T`: 0 .. MAX_TICKS."""
    return whole(text)


def positive(text: str) -> int:
    """argparse type of a count of at least 1 (`--top`)."""
    return whole(text, least=1, most=MAX_TOP)


def workers(text: str) -> int:
    """argparse type of `--workers`: 1 .. MAX_WORKERS."""
    return whole(text, least=1, most=MAX_WORKERS)


def entity_id(text: str) -> int:
    """argparse type of `--entity ID`: a Java int."""
    return whole(text, least=INT_MIN, most=INT_MAX)


def fps(text: str) -> float:
    """argparse type of `--fps`: MIN_FPS .. MAX_FPS frames per second."""
    try:
        value = number(text)
    except ArgumentError:
        value = math.nan
    if not MIN_FPS <= value <= MAX_FPS:
        raise ArgumentError(f"{text.strip()!r}; expected a number from {MIN_FPS:g} to {MAX_FPS:g}")
    return float(value)


def frame_size(text: str) -> tuple[int, int]:
    """argparse type of `--size WxH`: 1 .. MAX_FRAME_SIDE pixels each way."""
    parts = text.lower().split("x")
    if len(parts) != 2:
        raise ArgumentError(f"{text!r}; expected WxH, e.g. 1280x720")
    return (whole(parts[0], f"{text!r} width", 1, MAX_FRAME_SIDE),
            whole(parts[1], f"{text!r} height", 1, MAX_FRAME_SIDE))


def tick_range(text: str) -> tuple[int, int]:
    """argparse type of `--ticks A..B`: 0 <= A <= B <= MAX_TICKS."""
    match = TICK_RANGE.fullmatch(text.strip())
    if match is None:
        raise ArgumentError(f"{text!r}; expected A..B with 0 <= A <= B (e.g. 0..60)")
    first, last = whole(match[1], "A"), whole(match[2], "B")
    if first > last:
        raise ArgumentError(f"{text!r} is empty; expected A..B with A <= B (e.g. 0..60)")
    return first, last


def block_pos(text: str) -> tuple[int, int, int]:
    """argparse type of `--from X,Y,Z` and `--to X,Y,Z` (a box of a world folder): three whole numbers, x and z
    inside the world (World.isValid), y where a world save's sections reach (a section's Y is a byte)."""
    parts = text.split(",")
    if len(parts) != 3:
        raise ArgumentError(f"{text!r}; expected X,Y,Z, e.g. -20,0,-20")
    x, z = (whole(parts[k], f"{text!r} {'xyz'[k]}", -BLOCK_COORDINATE_LIMIT, BLOCK_COORDINATE_LIMIT - 1)
            for k in (0, 2))
    return x, whole(parts[1], f"{text!r} y", *SAVED_BLOCK_Y), z


def bounds(lo_text: str, hi_text: str, what: str) -> tuple[int | float, int | float]:
    """LO:HI of a `--vary`: two numbers with LO <= HI."""
    lo, hi = number(lo_text, f"{what} LO"), number(hi_text, f"{what} HI")
    if lo > hi:
        raise ArgumentError(f"{what}: LO {lo} is greater than HI {hi}")
    return lo, hi


def sweep_runs(counts: list[int]) -> int:
    """The runs of a sweep, the product of its COUNTs, at most MAX_SWEEP_RUNS."""
    runs = math.prod(counts)
    if runs > MAX_SWEEP_RUNS:
        raise ArgumentError(f"--vary: {' x '.join(map(str, counts))} = {runs:,} runs; a sweep makes at most "
                            f"{MAX_SWEEP_RUNS:,} (split it into several sweeps)")
    return runs


def scheduler(text: str) -> str:
    """argparse type of `--scheduler`: a Dask address PROTOCOL://HOST:PORT (tcp, tls, ucx or inproc)."""
    match = SCHEDULER.fullmatch(text.strip())
    if match is None or not 0 < int(match[3]) < 2**16:
        raise ArgumentError(f"{text!r}; expected an address such as tcp://10.0.0.5:8786")
    return text.strip()


def byte_size(text: str) -> int:
    """'2G', '512M', '100000' (bytes, optionally with K, M, G or T: powers of 1024): MIN_BUDGET .. MAX_BUDGET."""
    scale = BYTE_UNITS.get(text.strip()[-1:].upper(), 1)
    try:
        value = number(text.strip()[:-1] if scale > 1 else text) * scale
    except ArgumentError:
        value = math.nan
    if not MIN_BUDGET <= value <= MAX_BUDGET:
        raise ArgumentError(f"{text.strip()!r}; expected a size from 1M to 1T, such as 512M or 4G")
    return int(value)


def release(text: str) -> str:
    """argparse type of `--version RELEASE`: a release the version table knows, as the game names it (1.13, not
    1.13.0)."""
    from engine.core.versions import features_for
    try:
        return features_for(text.strip()).version
    except ValueError as err:
        raise ArgumentError(str(err)) from None


def _error(what: str, message: str) -> ArgumentError:
    return ArgumentError(f"{what}: {message}" if what else message)


def output_file(path: str, what: str = "--out") -> Path:
    """An output path: its folder must exist (no folder is created: a mistyped path is refused, as a shell's
    redirection refuses it) and the path must not be a folder. `render DIR/` creates DIR itself, the output."""
    out = Path(path)
    _check_folder(out.parent, path, what)
    if out.is_dir():
        raise ArgumentError(f"{what} {path}: is a folder; expected a file name")
    return out


def output_folder(path: str, what: str = "--out") -> Path:
    """An output folder (`render DIR/`): created if missing, but the folder it goes in must exist."""
    out = Path(path)
    _check_folder(out.parent, path, what)
    if out.exists() and not out.is_dir():
        raise ArgumentError(f"{what} {path}: is a file; expected a folder")
    return out


def _check_folder(folder: Path, path: str, what: str) -> None:
    if folder.is_dir():
        return
    why = "is not a folder" if folder.exists() else "does not exist (create it first)"
    raise ArgumentError(f"{what} {path}: cannot write: the folder {folder} {why}")
