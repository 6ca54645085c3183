"""Tickscope's desktop viewer. Importing this package loads no GL or UI library."""
