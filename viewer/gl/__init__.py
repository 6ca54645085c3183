"""GL plumbing of the viewer: shader programs and the ImGui renderer (moderngl, no PyOpenGL)."""
