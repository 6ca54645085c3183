"""The engine's ground floor: the trace (`trace`), the version table (`versions`), where vanilla itself would stall
(`limits`), atomic file writes (`atomic_file`) and the tick context stages take (`context`). It imports nothing
from the engine but `engine.java`, `engine.constants` and `engine.geometry`."""
