"""Writing a file so that a reader never sees half of it and a failed write leaves the old file: scenes (the
viewer's Save, `tickscope export`), schematics (`write_atomic`) and videos (`replaced_atomically`, which ffmpeg
writes into).

The file written gets the mode a plain `open(path, "w")` would give it: a new file 0666 less the user's umask,
a file written over keeps its mode, a file without write permission is refused (PermissionError), and a symbolic
link is written through (the file it points to is replaced, the link kept).

A process killed while it writes (SIGKILL, a power cut) cannot remove its temporary file. The temporary's name
holds the writer's process id, so the next write of the same target removes the temporaries of that target
whose writer is gone; those of a live process (a concurrent write) are kept, and so is any other file."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

NEW_FILE_MODE = 0o666   # what open() asks for; the kernel takes the umask off
TEMP_NAME_TRIES = 100


@contextmanager
def replaced_atomically(path: Path) -> Iterator[Path]:
    """A new empty file next to `path` (its name starts with '.' and ends with '.tmp') for the block to write; it
    replaces `path` when the block ends without an error, and is removed otherwise."""
    target = Path(os.path.realpath(path))
    try:
        old_mode: int | None = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        old_mode = None
    if old_mode is not None and not (old_mode & stat.S_IWUSR and os.access(target, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    _remove_stale_temps(target)
    tmp = _create_temp(target)
    try:
        if old_mode is not None:
            os.chmod(tmp, old_mode)
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file next to `path`, then rename it over `path`."""
    with replaced_atomically(path) as tmp, open(tmp, "wb") as f:
        f.write(data)


def _create_temp(target: Path) -> Path:
    """An empty file `.NAME.PID.XXXXXXXX.tmp` beside `target`, created exclusively with open()'s mode."""
    for _ in range(TEMP_NAME_TRIES):
        tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE))
        except FileExistsError:
            continue
        return tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target.parent))


def _remove_stale_temps(target: Path) -> None:
    """Remove the temporaries `_create_temp` made for `target` in processes that no longer run."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)\.[0-9a-f]{{8}}\.tmp")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return          # the write itself reports a folder it cannot use
    for name in names:
        match = pattern.fullmatch(name)
        if match and not _process_runs(int(match[1])):
            # gone already (another writer removed it) or in a folder we may not change: left as it is
            with contextlib.suppress(OSError):
                os.unlink(target.parent / name)


def _process_runs(pid: int) -> bool:
    """Whether a process `pid` exists on this machine (another user's counts; so does a number no pid can be,
    which is not a name this module wrote)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        pass
    return True
