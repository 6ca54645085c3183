"""The Entity table's CSV written off the UI thread: a job of the status line (progress by tick, Cancel). It reads
the history's states as they were when it started (`EntityLog.frozen`) and writes the file atomically
(`replaced_atomically`: a cancel or an error leaves none), through the same writer as `tickscope trace --csv`."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine import entity_table, replaced_atomically
from viewer.entity_log import EntityLog
from viewer.export_job import STOP_WAIT_S, Cancelled


class TableExport:
    """Writing `log`'s rows (the `fields` chosen) or, with `fields` None, its counts by type per tick to `path`."""

    def __init__(self, log: EntityLog, path: Path, fields: Sequence[str] | None) -> None:
        self.path = path
        self._log = log.frozen()
        self._fields = fields
        self._done = 0
        self._cancelled = threading.Event()
        self.end: str | None = None          # 'done', 'cancelled' or the error's one line, once it has ended
        self._thread = threading.Thread(target=self._write, name="table export", daemon=True)

    def start(self) -> TableExport:
        self._thread.start()
        return self

    def progress(self) -> float:
        return self._done / max(1, len(self._log.ticks))

    def label(self) -> str:
        return f"CSV: {self._done} of {len(self._log.ticks)} ticks"

    def cancel(self) -> None:
        self._cancelled.set()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def stop(self) -> None:
        """Cancel and wait (as a video export does) for the part written to be removed: the window is closing."""
        self.cancel()
        self.join(STOP_WAIT_S)

    def _states(self) -> Iterator[tuple[int, dict[int, Any]]]:
        for tick, states in self._log.tick_states():
            if self._cancelled.is_set():
                raise Cancelled
            yield tick, states
            self._done += 1

    def _write(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with replaced_atomically(self.path) as part, part.open("w", newline="", encoding="utf-8") as out:
                if self._fields is None:
                    types = ((tick, [s["type"] for s in states.values()]) for tick, states in self._states())
                    entity_table.write_count_table(out, entity_table.count_table(types))
                else:
                    entity_table.write_table(out, self._fields, entity_table.rows(self._states(), self._fields))
            self.end = "done"
        except Cancelled:
            self.end = "cancelled"
        except OSError as exc:
            self.end = f"{self.path}: cannot write the CSV: {exc.strerror or exc}"
