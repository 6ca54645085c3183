"""ImGui panels, one module per panel, each with a `draw_<panel>(state, ...)` function. Panels read the
simulation and write requests into the `ViewerState` (steps, micro-steps, rewinds, edits); they never step the
simulation or write engine fields themselves. Shared widgets and units are in `viewer.panels.widgets`.
"""
