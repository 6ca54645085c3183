"""One headless GL context for the viewer tests (EGL, no display; see notes/gl-stack.md)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import moderngl
import pytest

os.environ.setdefault("PYGLET_HEADLESS", "1")


@pytest.fixture(scope="session")
def gl_ctx() -> Iterator[moderngl.Context]:
    """A standalone EGL context shared by every viewer test that needs GL."""
    ctx = moderngl.create_standalone_context(backend="egl")
    yield ctx
    ctx.release()
