"""Scene files from the window: the recent list (kept in the config folder), native open / save dialogs
(imgui-bundle's portable file dialogs, polled so the window keeps drawing while one is open), and the watch
that notices a scene changed on disk."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from engine import SCHEMATIC_SUFFIXES

MAX_RECENT = 10
SCENE_FILTERS = ["Scenes (*.toml)", "*.toml", "All files", "*"]
_OPENABLE = " ".join(f"*{suffix}" for suffix in (".toml", *SCHEMATIC_SUFFIXES))
OPEN_FILTERS = [f"Scenes and schematics ({_OPENABLE})", _OPENABLE, "All files", "*"]
WATCH_INTERVAL_S = 0.5
LINUX_DIALOG_TOOLS = ("zenity", "kdialog", "matedialog", "qarma")


def config_dir() -> Path:
    """Where the layout and the recent list are kept: $XDG_CONFIG_HOME/tickscope (or ~/.config/tickscope)."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "tickscope"


def load_recent(path: Path) -> list[str]:
    """The recent list in `path` (a JSON list of paths), those still on disk; [] if it cannot be read."""
    try:
        names = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n for n in names if isinstance(n, str) and Path(n).is_file()][:MAX_RECENT]


def remember(recent: list[str], scene: str, path: Path | None) -> list[str]:
    """`recent` with `scene` first (once), written to `path` when given (a write failure is not an error the
    user needs to see: the list is a convenience)."""
    scene = str(Path(scene).resolve())
    recent = [scene, *(r for r in recent if r != scene)][:MAX_RECENT]
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(recent, indent=1), encoding="utf-8")
        except OSError:
            pass
    return recent


class Dialog:
    """One native file dialog at a time: `start` opens it, `poll` returns the chosen path once the user has
    answered ('' for cancel), else None."""

    def __init__(self) -> None:
        self._pending: tuple[str, Any] | None = None

    def start(self, purpose: str, save: bool, start_dir: str) -> str | None:
        """Open the dialog for `purpose` ('open' or 'save_as'), unless one is open already; why it cannot be
        shown, if so (on Linux the portable dialogs run zenity, kdialog or matedialog)."""
        from imgui_bundle import portable_file_dialogs as pfd
        if self._pending is not None:
            return None
        if sys.platform.startswith("linux") and not any(shutil.which(tool) for tool in LINUX_DIALOG_TOOLS):
            return ("no file dialog: install zenity or kdialog (or open a scene with Open recent or "
                    "tickscope view FILE)")
        title = "Save the scene as" if save else "Open a scene"
        dialog = pfd.save_file(title, start_dir, SCENE_FILTERS) if save else \
            pfd.open_file(title, start_dir, OPEN_FILTERS)
        self._pending = (purpose, dialog)
        return None

    def poll(self) -> tuple[str, str] | None:
        """(purpose, chosen path or '') once the open dialog is answered."""
        if self._pending is None:
            return None
        purpose, dialog = self._pending
        if not dialog.ready(0):
            return None
        self._pending = None
        result = dialog.result()  # open_file: a list of paths; save_file: one path ('' or [] when cancelled)
        if isinstance(result, list):
            return purpose, result[0] if result else ""
        return purpose, result


class Watch:
    """The modification time of the scene file shown, checked at most every WATCH_INTERVAL_S."""

    def __init__(self, path: Path | None, now: float) -> None:
        self.path = path
        self._mtime = self._read()
        self._next = now + WATCH_INTERVAL_S

    def _read(self) -> float | None:
        try:
            return self.path.stat().st_mtime if self.path is not None else None
        except OSError:
            return None

    def changed(self, now: float) -> bool:
        """Whether the file changed on disk since the last call that said so (or since it was opened)."""
        if self.path is None or now < self._next:
            return False
        self._next = now + WATCH_INTERVAL_S
        mtime = self._read()
        if mtime is None or mtime == self._mtime:
            return False
        self._mtime = mtime
        return True
