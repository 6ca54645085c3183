"""The 3D view: camera, world meshing, overlays built from trace geometry, the scene renderer that draws them,
labels, picking and screenshots. Nothing here knows about ImGui panels.
"""
