"""All of the viewer's UI state in one place (style V5): plain attributes, read and written by panels and
input handlers; the app loop acts on the requests (steps, rewinds) between frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ViewerState:
    playing: bool = False
    tps: float = 20.0                 # ticks per second while playing
    pending_steps: int = 0            # ticks requested by a button or key (negative: back), run by the app loop
    rewind_to: int | None = None      # a tick to jump to through the history (timeline scrubbing)
    selected_entity: int | None = None
    show_entities: bool = True
    show_trace: bool = True
    show_labels: bool = True
    camera_mode: str = "orbit"        # orbit | fly | top | north | east
    errors: list[str] = field(default_factory=list)
    frame_ms: float = 0.0             # smoothed frame time, shown in the controls panel
    triangles: int = 0                # triangles of the world mesh
    trace_hidden: int = 0             # trace primitives not drawn (too many with no entity selected)

    def report(self, message: str) -> None:
        """Show an error in the error panel (the newest last)."""
        self.errors.append(message)
