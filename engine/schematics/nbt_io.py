"""Gzipped NBT files in and out through nbtlib, with every read checked: a file that is not gzip, is truncated,
is not NBT, or holds a tag of the wrong type gives one `SchematicError` line naming the file and the tag path."""

from __future__ import annotations

import gzip
import io
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbtlib
import numpy as np
from nbtlib import Byte, ByteArray, Compound, Double, Float, Int, IntArray, List, Long, LongArray, Short, String
from nbtlib.tag import BYTE, INT, read_numeric, read_string

from engine.core.atomic_file import write_atomic
from engine.tick.input_limits import LimitError, exceeded, limit, regular_file

GZIP_MAGIC = b"\x1f\x8b"
UNPACK_CHUNK = 1 << 20
MAX_NBT_DEPTH = 512               # NbtTagSizeTracker: "Tried to read NBT tag with too high complexity, depth > 512"
NBT_PARSE_FRAMES = 4 * MAX_NBT_DEPTH + 1000
INTEGER_TAGS = (Byte, Short, Int, Long)
NUMBER_TAGS = (*INTEGER_TAGS, Float, Double)


def _refuse_end_list(cls: type, fileobj: Any, byteorder: str = "big") -> None:
    raise ValueError("a list of End tags with elements (Minecraft: \"Missing type on ListTag\")")


# nbtlib parses each element of a list of End tags without reading a byte, so a damaged length makes it loop up to
# 2^31 times; Minecraft's ListTag reader refuses such a list, and so do we. Valid data never parses an End element.
nbtlib.tag.End.parse = classmethod(_refuse_end_list)


def _charge(fileobj: Any, n: int) -> None:
    """Count `n` more tags against the `nbt_tags` limit before they are made (a list declaring 400M bytes or 20M
    empty compounds is refused at its length, not after minutes of parsing)."""
    left = getattr(fileobj, "tags_left", None)
    if left is not None and n > 0:
        fileobj.tags_left = left - n
        if fileobj.tags_left < 0:
            raise exceeded("nbt_tags", fileobj.tags_total - fileobj.tags_left)


def nbt_depth(root: Compound) -> int:
    """The depth of the deepest compound or list under `root` (the root at 0), as Minecraft counts it."""
    deepest, stack = 0, [(root, 0)]
    while stack:
        tag, depth = stack.pop()
        deepest = max(deepest, depth)
        children = tag.values() if isinstance(tag, Compound) else tag if isinstance(tag, List) else ()
        stack.extend((t, depth + 1) for t in children if isinstance(t, (Compound, List)))
    return deepest


def _nested(fileobj: Any, step: int) -> None:
    """Count one level of nesting in or out; past vanilla's 512 (NbtTagSizeTracker) the file is refused."""
    depth = getattr(fileobj, "depth", None)
    if depth is not None:
        fileobj.depth = depth + step
        if fileobj.depth > MAX_NBT_DEPTH:
            raise LimitError(f"tags nested deeper than {MAX_NBT_DEPTH} (Minecraft: \"Tried to read NBT tag with too "
                             "high complexity\")")


def _parse_list(cls: type, fileobj: Any, byteorder: str = "big") -> Any:
    tag = cls.get_tag(read_numeric(BYTE, fileobj, byteorder))
    length = read_numeric(INT, fileobj, byteorder)
    _charge(fileobj, length)
    _nested(fileobj, 1)
    out = cls[tag](tag.parse(fileobj, byteorder) for _ in range(length))
    _nested(fileobj, -1)
    return out


def _parse_compound(cls: type, fileobj: Any, byteorder: str = "big") -> Any:
    compound = cls()
    _nested(fileobj, 1)
    tag_id = read_numeric(BYTE, fileobj, byteorder)
    while tag_id != 0:
        _charge(fileobj, 1)
        name = read_string(fileobj, byteorder)
        compound[name] = cls.get_tag(tag_id).parse(fileobj, byteorder)
        tag_id = read_numeric(BYTE, fileobj, byteorder)
    _nested(fileobj, -1)
    return compound


# nbtlib's list and compound readers, with each element counted before it is parsed
nbtlib.tag.List.parse = classmethod(_parse_list)
nbtlib.tag.Compound.parse = classmethod(_parse_compound)


class SchematicError(ValueError):
    """A schematic that cannot be read or written; the message is one line: file, tag, what was expected."""


def read_nbt(path: Path) -> Compound:
    """The root compound of a gzipped big-endian NBT file, unpacked in a stream that stops at the `nbt_bytes`
    limit and parsed within the `nbt_tags` limit (engine/tick/input_limits.py)."""
    why = regular_file(path)
    if why:
        raise SchematicError(f"{path}: cannot read: {why}")
    most = limit("nbt_bytes")
    try:
        with path.open("rb") as f:
            if f.read(2) != GZIP_MAGIC:
                raise SchematicError(f"{path}: not a gzip file (schematics are gzipped NBT)")
            f.seek(0)
            with gzip.GzipFile(fileobj=f) as unpacked:
                data = _read_at_most(unpacked, most + 1)
    except SchematicError:
        raise
    except (EOFError, zlib.error, gzip.BadGzipFile) as err:
        raise SchematicError(f"{path}: damaged gzip data ({err})") from None
    except OSError as err:
        raise SchematicError(f"{path}: cannot read: {err.strerror or err}") from None
    if len(data) > most:
        raise SchematicError(f"{path}: {exceeded('nbt_bytes', len(data), 'bytes its NBT unpacks to (at least)')}")
    return parse_nbt(data, str(path))


def parse_nbt(data: bytes, source: str) -> Compound:
    """The root compound of unpacked big-endian NBT `data` (a file's, or a chunk's of a region file), parsed within
    the `nbt_tags` limit; damage raises one `SchematicError` line starting with `source`."""
    buf = _StrictBuffer(data)
    buf.tags_total = buf.tags_left = limit("nbt_tags")
    buf.depth = -1    # the root compound is read at depth 0, as in Minecraft
    try:
        with nbt_recursion():
            root = nbtlib.File.parse(buf)
    except LimitError as err:
        raise SchematicError(f"{source}: {err}") from None
    except KeyError as err:    # nbtlib's tag registry
        raise SchematicError(f"{source}: not a valid NBT file (unknown tag type {err.args[0]})") from None
    except Exception as err:   # nbtlib reports damage as struct, type, value, unicode, EOF or recursion errors
        raise SchematicError(f"{source}: not a valid NBT file ({type(err).__name__}: {err})") from None
    if buf.tell() < len(data):
        raise SchematicError(f"{source}: {len(data) - buf.tell()} bytes after the NBT data")
    return root


@contextmanager
def nbt_recursion() -> Iterator[None]:
    """Python frames enough for nbtlib to read or write 512 levels, as Minecraft reads them (~4 frames a level)."""
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(max(saved, NBT_PARSE_FRAMES))
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)


def _read_at_most(f: Any, n: int) -> bytes:
    """Up to `n` bytes of `f`, read a chunk at a time (one read of `n` would reserve all of it at once)."""
    chunks, total = [], 0
    while total < n:
        chunk = f.read(min(UNPACK_CHUNK, n - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


class _StrictBuffer(io.BytesIO):
    """nbtlib reads a missing number as 0 and a short array as what is there (and would loop over a list of empty
    compounds past the end): here a short read, or a negative length, is an error."""

    def read(self, n: int | None = -1) -> bytes:
        data = super().read(n)
        if len(data) != n:
            raise EOFError(f"the data ends early (wanted {n} bytes at {self.tell() - len(data)})")
        return data


def write_nbt(path: Path, root: Compound, root_name: str = "") -> None:
    """Write `root` gzipped, atomically; a tree Minecraft would not read back (nested past 512) is refused."""
    depth = nbt_depth(root)
    if depth > MAX_NBT_DEPTH:
        raise SchematicError(f"its tags would nest {depth} deep, deeper than Minecraft reads NBT ({MAX_NBT_DEPTH}; a "
                             "chain of riders too long for a schematic): export it as .toml")
    buf = io.BytesIO()
    nbtlib.File(root, root_name=root_name).write(buf)
    write_atomic(path, gzip.compress(buf.getvalue(), mtime=0))


class Reader:
    """Typed access to the tags of one file; `where` is the tag path shown in errors."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, msg: str) -> SchematicError:
        return SchematicError(f"{self.path}: {where}: {msg}")

    def get(self, tag: Compound, key: str, kind: type | tuple[type, ...], where: str, default: Any = None) -> Any:
        """`tag[key]`, which must be an nbtlib tag of `kind`; `default` when absent (missing if None)."""
        if key not in tag:
            if default is None:
                raise self.fail(f"{where}.{key}" if where else key, "missing")
            return default
        value = tag[key]
        if not isinstance(value, kind):
            names = "/".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
            raise self.fail(f"{where}.{key}" if where else key, f"expected {names}, got {type(value).__name__}")
        return value

    def compound(self, tag: Compound, key: str, where: str, optional: bool = False) -> Compound:
        return self.get(tag, key, Compound, where, Compound() if optional else None)

    def compounds(self, tag: Compound, key: str, where: str) -> list[Compound]:
        """A list of compounds; absent or empty is an empty list (an empty NBT list has no element type)."""
        value = self.get(tag, key, List, where, List())
        for i, v in enumerate(value):
            if not isinstance(v, Compound):
                raise self.fail(f"{where}.{key}[{i}]", f"expected Compound, got {type(v).__name__}")
        return list(value)

    def integer(self, tag: Compound, key: str, where: str, default: int | None = None) -> int:
        return int(self.get(tag, key, INTEGER_TAGS, where, None if default is None else Int(default)))

    def number(self, tag: Compound, key: str, where: str, default: float | None = None) -> float:
        return float(self.get(tag, key, NUMBER_TAGS, where, None if default is None else Double(default)))

    def string(self, tag: Compound, key: str, where: str, default: str | None = None) -> str:
        return str(self.get(tag, key, String, where, None if default is None else String(default)))

    def numbers(self, tag: Compound, key: str, where: str, n: int, kind: tuple[type, ...] = NUMBER_TAGS,
                default: list[float] | None = None) -> list[float]:
        """A list (or int array) of exactly `n` numbers."""
        value = self.get(tag, key, (List, IntArray), where, None if default is None else List[Double](default))
        if len(value) != n or not all(isinstance(v, kind) or isinstance(value, IntArray) for v in value):
            raise self.fail(f"{where}.{key}", f"expected {n} numbers, got {value!r}"[:200])
        return [float(v) if kind is not INTEGER_TAGS else int(v) for v in value]

    def ints(self, tag: Compound, key: str, where: str, n: int) -> list[int]:
        return [int(v) for v in self.numbers(tag, key, where, n, INTEGER_TAGS)]

    def array(self, tag: Compound, key: str, kind: type, where: str) -> np.ndarray:
        return np.asarray(self.get(tag, key, kind, where))


__all__ = ["Byte", "ByteArray", "Compound", "Double", "Float", "Int", "IntArray", "List", "Long", "LongArray",
           "Reader", "SchematicError", "Short", "String", "parse_nbt", "read_nbt", "write_nbt"]
