"""The scene's timeline bookmarks as the window edits them: the simulation's `bookmarks` (the scene's
`[[bookmarks]]`, which Save writes with the scene), kept in tick order, and whether they differ from the file's
(the title's unsaved mark, the close prompt: `viewer.undo.UndoStack`). A bookmark changes nothing of the run, so
adding, editing or deleting one neither branches the history nor is undone with the edits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine import Bookmark



class Bookmarks:
    def __init__(self, sim: Any) -> None:
        self.sim = sim
        self._saved = tuple(sim.bookmarks)

    @property
    def items(self) -> list[Bookmark]:
        """The bookmarks in tick order (those of one tick in the order added)."""
        return self.sim.bookmarks

    def add(self, tick: int, note: str = "") -> int:
        """A bookmark at `tick`, after those already there; its index."""
        from engine import Bookmark
        items = self.items
        index = sum(1 for b in items if b.tick <= tick)
        items.insert(index, Bookmark(tick, note))
        return index

    def set_note(self, index: int, note: str) -> None:
        from engine import Bookmark
        self.items[index] = Bookmark(self.items[index].tick, note)

    def delete(self, index: int) -> None:
        del self.items[index]

    def at(self, tick: int) -> list[Bookmark]:
        return [b for b in self.items if b.tick == tick]

    @property
    def unsaved(self) -> bool:
        """Whether they differ from those of the file last opened or saved."""
        return tuple(self.items) != self._saved

    def mark_saved(self) -> None:
        self._saved = tuple(self.items)
