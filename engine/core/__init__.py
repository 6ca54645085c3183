"""The engine's ground floor: the trace (`trace`), the version table (`versions`), where vanilla itself would stall
(`limits`) and atomic file writes (`atomic_file`). It imports nothing from the engine but `engine.java`,
`engine.constants` and `engine.geometry`."""
