"""Tickscope's simulation engine: a tick-exact model of Minecraft Java Edition entity motion.

Pure Python and numpy; it never imports a GL or UI library (the viewer draws what the trace records).
"""
