"""Limits on what an input file may declare, checked before anything is allocated: a schematic's cells, the bytes
its NBT unpacks to and the tags it holds, the entities a scene loads, the bytes of a scene file. Each has a default
that keeps one load under 1 GB of memory (README "Limits"); a user raises one with `tickscope --limit NAME=N`
(any command) or with a scene's `[limits]` table (`NAME = N`), which holds while that scene loads."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Limit:
    name: str
    default: int
    what: str


LIMITS = {limit.name: limit for limit in (
    # 2 bytes a cell for the placed blocks and about as much again while a file is decoded: 128 MiB at the default
    Limit("cells", 1 << 25, "cells of a schematic, all its regions together"),
    # the unpacked bytes are held while they are parsed: a gzip bomb stops here
    Limit("nbt_bytes", 1 << 28, "bytes a schematic's NBT unpacks to"),
    # nbtlib keeps a Python object per tag (~150 bytes): 4M tags ≈ 600 MiB (a structure file of ~800k blocks)
    Limit("nbt_tags", 1 << 22, "NBT tags (list elements and compound entries) of a schematic"),
    # an entity is ~3-4 KiB with its box, Random and fields: 100k TNT measured 460 MB for a load and 2 ticks
    Limit("entities", 100_000, "entities a scene loads"),
    Limit("scene_bytes", 1 << 24, "bytes of a scene file"),
)}

_current = {name: limit.default for name, limit in LIMITS.items()}


class LimitError(ValueError):
    """A declared size beyond a limit; the message is one line naming the limit and how to raise it."""


def limit(name: str) -> int:
    """The limit `name` now in force."""
    return _current[name]


def exceeded(name: str, amount: int, what: str = "") -> LimitError:
    """The refusal of `amount` (of `what`, default the limit's own description) past the limit `name`."""
    return LimitError(f"{what or LIMITS[name].what}: {amount:,} is more than the limit {name} = {_current[name]:,} "
                      f"(raise it with `tickscope --limit {name}=N` or `{name} = N` in a scene's [limits])")


def check(name: str, amount: int, what: str = "") -> None:
    """Refuse `amount` when it is past the limit `name`."""
    if amount > _current[name]:
        raise exceeded(name, amount, what)


def parse_setting(text: str) -> tuple[str, int]:
    """`NAME=N` as given to `--limit` (N a positive integer, `_` allowed, or a power like 2^30)."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or name not in LIMITS:
        raise ValueError(f"--limit expects NAME=N with NAME one of {', '.join(LIMITS)}, got {text!r}")
    try:
        return name, checked_value(value.strip())
    except ValueError as err:
        raise ValueError(f"--limit {name}: {err}") from None


def checked_value(value: object) -> int:
    """A limit's value: a positive integer below 2^63 (a string `2^K` or with `_` is read as one)."""
    if isinstance(value, str):
        base, caret, power = value.partition("^")
        try:
            value = int(base) ** int(power) if caret and len(power) <= 2 else int(value)
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value < 2**63:
        raise ValueError(f"expected an integer 1..2^63-1, got {value!r}")
    return value


def set_limits(values: dict[str, int]) -> None:
    """Set limits for the rest of the process (`tickscope --limit`)."""
    _current.update(values)


@contextmanager
def raised(values: dict[str, int]) -> Iterator[None]:
    """Limits set while a scene with a `[limits]` table loads, restored after."""
    saved = dict(_current)
    _current.update(values)
    try:
        yield
    finally:
        _current.clear()
        _current.update(saved)


def regular_file(path: Path) -> str | None:
    """Why `path` cannot be read as an input file (a device, a FIFO, a folder), or None when it is a regular file:
    /dev/zero behind a .toml name would never end."""
    try:
        if not path.is_file():
            return "not a regular file" if path.exists() else "no such file"
    except OSError as err:
        return err.strerror or str(err)
    return None
