"""Autosave after a crash: while a scene has unsaved edits, the edited scene is kept in a recovery file
(`$XDG_CONFIG_HOME/tickscope/recovery/`, one per scene file), written through the engine's scene writer after
every edit, undo and redo. Saving, or quitting without saving, removes it; a file left behind (the viewer
crashed or was killed) is offered back the next time that scene is opened."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any


class Recovery:
    def __init__(self, directory: Path | None, scene_path: Path | None) -> None:
        self.scene_path = scene_path
        self.path: Path | None = None
        if directory is not None and scene_path is not None:
            digest = hashlib.sha1(str(scene_path.resolve()).encode()).hexdigest()[:12]
            self.path = directory / f"{scene_path.stem}-{digest}.toml"

    def offer(self) -> Path | None:
        """The recovery file left from an earlier session, if it is newer than the scene file."""
        if self.path is None or not self.path.is_file():
            return None
        try:
            if self.scene_path.stat().st_mtime > self.path.stat().st_mtime:
                return None
        except OSError:
            pass
        return self.path

    def save(self, sim: Any) -> str | None:
        """Write `sim` as the recovery file; the reason it could not be written, if any."""
        from engine import SceneWriteError, write_scene  # imported on first use: start-up time

        if self.path is None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_scene(sim, self.path)
        except (SceneWriteError, OSError) as exc:
            return f"autosave to {self.path}: {exc}"
        return None

    def discard(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
