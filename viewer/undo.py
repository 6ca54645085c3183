"""Undo and redo of edits (Ctrl+Z, Ctrl+Shift+Z). Each edit keeps the engine snapshots from just before and just
after it, at the tick it was made; undoing goes to that tick and branches the history there with the state from
before (`History.edit`), redoing does the same with the state from after. An edit re-run on a changed run
(`Playback.replay_after`) gets that run's snapshots, and one that no longer applies there stays on the stack as a
lapsed change whose snapshots are also that run's, so no undo or redo brings back a state of another run. The stack
also says whether there are edits (or bookmarks changed) since the last save (the title's unsaved mark)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from viewer.bookmarks import Bookmarks


@dataclass(frozen=True)
class Change:
    """One applied edit: where it was made, and the simulation snapshots around it."""

    tick: int
    label: str
    before: Any
    after: Any
    inputs_only: bool = False   # a player's inputs recorded (driving): the state of its tick is not changed
    action: dict[str, Any] | None = None  # the edit as a scene action (a block placed or removed), for Save
    actions: tuple[list[Any], list[Any]] | None = None  # the scheduled actions before and after (an Actions edit)
    edit: Any = None            # the `editing.Edit` made: applied again at its tick when an earlier change re-runs
    lapsed: bool = False        # the edit no longer applies on the run shown (an earlier change took its target
                                # away): `before` and `after` are both that run's state at its tick, so undoing or
                                # redoing it changes nothing; it applies again when a re-run makes that possible


RECOVERED = Change(-1, "recovered from the autosave", None, None)  # stands for edits no longer on the stack


class UndoStack:
    def __init__(self, bookmarks: Bookmarks | None = None) -> None:
        self.done: list[Change] = []
        self.undone: list[Change] = []
        self._saved: Change | None = None   # the last change included in the file on disk (None: no change)
        self.bookmarks = bookmarks          # the scene's bookmarks: saved with the edits, not undone with them

    def push(self, change: Change) -> None:
        """A new edit: it can be undone; what was undone before it can no longer be redone."""
        self.done.append(change)
        self.undone.clear()

    def undo(self) -> Change | None:
        """The change to take back (its `before` is the state to go back to), or None."""
        if not self.done:
            return None
        change = self.done.pop()
        self.undone.append(change)
        return change

    def redo(self) -> Change | None:
        """The change to make again (its `after` is the state to return to), or None."""
        if not self.undone:
            return None
        change = self.undone.pop()
        self.done.append(change)
        return change

    def renew(self, old: Change, new: Change) -> None:
        """Put `new` in the place of the done change `old`: the same edit, applied again on a changed run."""
        self.done[self.done.index(old)] = new

    def mark_saved(self) -> None:
        self._saved = self.done[-1] if self.done else None
        if self.bookmarks is not None:
            self.bookmarks.mark_saved()

    def mark_recovered(self) -> None:
        """The state shown came from a recovery file: it differs from the file on disk until saved."""
        self._saved = RECOVERED

    @property
    def file_is_start(self) -> bool:
        """Whether the file last opened still holds the start of the run: nothing saved or recovered since."""
        return self._saved is None

    @property
    def unsaved(self) -> bool:
        """Whether the edits in force (or the bookmarks) differ from those in the file last opened or saved."""
        return (self.done[-1] if self.done else None) is not self._saved or \
            (self.bookmarks is not None and self.bookmarks.unsaved)
