"""Scene files from the window: the recent list (kept in the config folder), the open / save dialog (a built-in
browser, or the system's through imgui-bundle's portable file dialogs, polled so the window keeps drawing while one
is open), and the watch that notices a scene changed on disk."""

from __future__ import annotations

import functools
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

MAX_RECENT = 10
WATCH_INTERVAL_S = 0.5
LINUX_DIALOG_TOOLS = ("zenity", "kdialog", "matedialog", "qarma")


def open_filters() -> list[str]:
    """The native Open dialog's filters: scenes and every schematic format."""
    from engine import SCHEMATIC_SUFFIXES
    openable = " ".join(f"*{suffix}" for suffix in (".toml", *SCHEMATIC_SUFFIXES))
    return [f"Scenes and schematics ({openable})", openable, "All files", "*"]


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
    """One file dialog at a time: `start` opens it, `poll` returns the chosen path once the user has answered
    ('' for cancel), else None. The built-in browser (`Browser`, drawn by `viewer.panels.file_browser`) is always
    there; the system's dialog (imgui-bundle's portable file dialogs: zenity, kdialog... on Linux) is offered from
    it where one is present."""

    def __init__(self) -> None:
        self.browser: Browser | None = None
        self._native: tuple[str, Any] | None = None
        self.allow_unmapped = False   # the last answer's: a schematic opened without what 1.16.5 lacks

    def start(self, purpose: str, save: bool, start: str, suffix: str = ".toml") -> None:
        """Open the browser for `purpose` ('open', 'save_as', 'export_gif'...) at the file or folder `start`
        (saving: a file ending in `suffix`), unless a dialog is open already."""
        if self.browser is None and self._native is None:
            self.browser = Browser(purpose, save, Path(start), suffix)

    def native(self) -> str | None:
        """Hand the open browser's question to the system's dialog; why there is none, if so."""
        from imgui_bundle import portable_file_dialogs as pfd
        if self.browser is None:
            return None
        if not native_dialogs():
            return "no system file dialog here (zenity or kdialog): type or pick the path in this one"
        browser, self.browser = self.browser, None
        title = browser.title()
        start = str(browser.target())
        filters = [f"*{browser.suffix}", f"*{browser.suffix}", "All files", "*"]
        dialog = pfd.save_file(title, start, filters) if browser.save else pfd.open_file(title, start, open_filters())
        self._native = (browser.purpose, dialog)
        return None

    @property
    def busy(self) -> bool:
        """Whether a dialog waits for the user."""
        return self.browser is not None or self._native is not None

    def poll(self) -> tuple[str, str] | None:
        """(purpose, chosen path or '') once the dialog is answered."""
        self.allow_unmapped = False
        if self.browser is not None:
            if self.browser.answer is None:
                return None
            browser, self.browser = self.browser, None
            self.allow_unmapped = browser.allow_unmapped
            return browser.purpose, browser.answer
        if self._native is None:
            return None
        purpose, dialog = self._native
        if not dialog.ready(0):
            return None
        self._native = None
        result = dialog.result()  # open_file: a list of paths; save_file: one path ('' or [] when cancelled)
        if isinstance(result, list):
            return purpose, result[0] if result else ""
        return purpose, result


@functools.cache
def native_dialogs() -> bool:
    """Whether the system's file dialog can be shown (on Linux the portable dialogs run zenity, kdialog...); looked
    up once (the browser asks every frame)."""
    return not sys.platform.startswith("linux") or any(shutil.which(tool) for tool in LINUX_DIALOG_TOOLS)


class Browser:
    """The built-in file browser's state: a folder and the text of the path field (a name, or a path relative to
    the folder or absolute); `answer` once chosen ('' for cancel); `allow_unmapped`: a schematic opened loads
    without what 1.16.5 lacks (`tickscope view --allow-unmapped`)."""

    def __init__(self, purpose: str, save: bool, start: Path, suffix: str = ".toml") -> None:
        self.purpose = purpose
        self.save = save
        self.suffix = suffix       # what a file saved ends in (added where the name typed lacks it)
        start = start.expanduser().resolve()
        folder, parts = (start, []) if start.is_dir() else (start.parent, [start.name])
        while not folder.is_dir() and folder != folder.parent:   # folders still to be made: in the path typed
            parts.insert(0, folder.name)
            folder = folder.parent
        self.folder, self.text = folder, "/".join(parts)
        self.answer: str | None = None
        self.error = ""
        self.allow_unmapped = False
        self.keyboard_frame = -2   # the ImGui frame in which the path field took the keyboard
        self._read: tuple[tuple[Path, int], list[str], list[str]] | None = None   # (folder, mtime), its listing

    def listed(self) -> tuple[Path, str]:
        """The folder the field points into and the start of a name typed there (what the list completes)."""
        typed = Path(self.text).expanduser()
        path = typed if typed.is_absolute() else self.folder / typed
        if not self.text or self.text.endswith(("/", os.sep)):
            return path, ""
        return path.parent, path.name

    def suffixes(self) -> tuple[str, ...]:
        from engine import SCHEMATIC_SUFFIXES
        return (self.suffix,) if self.save else (".toml", *SCHEMATIC_SUFFIXES)

    def title(self) -> str:
        if not self.save:
            return "Open a scene"
        return "Save the scene as" if self.suffix == ".toml" else f"Export as {self.suffix[1:].upper()}"

    def entries(self) -> tuple[list[str], list[str]]:
        """The folders and scene files of the folder listed whose names start with the name typed, sorted;
        hidden ones left out. The folder is read again only when it changes (its modification time: a file made,
        removed or renamed in it) or on `refresh`, not every frame."""
        folder, prefix = self.listed()
        try:
            key = (folder, folder.stat().st_mtime_ns)
            if self._read is None or self._read[0] != key:
                shown = [c for c in folder.iterdir() if not c.name.startswith(".")]
                self._read = (key, sorted(c.name for c in shown if c.is_dir()),
                              sorted(c.name for c in shown if c.is_file() and c.suffix.lower() in self.suffixes()))
        except FileNotFoundError:
            # a folder still to be made (~/tickscope-scenes before the first save) is no error when saving
            self.error = "" if self.save else f"{folder}: no such folder"
            return [], []
        except OSError as exc:
            self.error = f"{folder}: {exc.strerror or exc}"
            return [], []
        self.error = ""
        typed = prefix.lower()
        return ([n for n in self._read[1] if n.lower().startswith(typed)],
                [n for n in self._read[2] if n.lower().startswith(typed)])

    def refresh(self) -> None:
        """Read the folder again at the next `entries` (a change its modification time does not show)."""
        self._read = None

    def enter(self, folder: Path) -> None:
        self.folder, self.text, self.error = folder, "", ""

    def up(self) -> None:
        self.enter(self.listed()[0].parent)

    def pick(self, name: str) -> None:
        """A file of the list clicked: its name in the field."""
        self.folder, self.text = self.listed()[0], name

    def target(self) -> Path:
        folder, name = self.listed()
        return folder / name

    def accept(self) -> None:
        """The path chosen: a file to open that exists, or a name to save to (its suffix added)."""
        folder, name = self.listed()
        if not name:
            self.error = "type a file name or pick a file"
            return
        path = folder / name
        if path.is_dir():
            self.enter(path)
            return
        if self.save and path.suffix.lower() != self.suffix:
            path = path.with_name(path.name + self.suffix)
        if not self.save and not path.is_file():
            self.error = f"{path}: no such file"
            return
        self.answer = str(path)

    def cancel(self) -> None:
        self.answer = ""


class Watch:
    """The modification time of the scene file shown, checked at most every WATCH_INTERVAL_S."""

    def __init__(self, path: Path | None, now: float) -> None:
        self.path = path
        self._mtime = self._read()
        self._opened = self._mtime    # when the file was opened or saved
        self._next = now + WATCH_INTERVAL_S

    def _read(self) -> float | None:
        try:
            return self.path.stat().st_mtime if self.path is not None else None
        except OSError:
            return None

    def stale(self) -> bool:
        """Whether the file on disk differs from the one last seen (without taking note of it)."""
        mtime = self._read()
        return self.path is not None and mtime is not None and mtime != self._mtime

    def rewritten(self) -> bool:
        """Whether the file on disk differs from the one opened or saved (a change noticed but not reloaded, for
        unsaved edits, included)."""
        return self._read() != self._opened

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
