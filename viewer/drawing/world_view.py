"""GPU meshes of the world, one per 16³ section, rebuilt only when `World.section_version` changes.

A changed section also remeshes its six neighbours (their border faces depend on it). Rebuilding can be
spread over frames with a time budget, nearest to the last frame's eye first (a camera following an entity far
down a long scene sees the blocks around it first, not the ones sorting first by coordinates); `render_to_png`
builds everything before drawing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import moderngl
import numpy as np

from viewer.drawing.meshing import DIRECTIONS, SECTION, MeshData, SectionKey, StyleTable, mesh_section
from viewer.drawing.palette import Palette
from viewer.gl.programs import IN_COLOR, IN_POSITION

SECTION_RADIUS = SECTION * math.sqrt(3.0) / 2.0  # bounding sphere of a 16³ section, in blocks


@dataclass
class GpuMesh:
    """One uploaded MeshData: its buffers, vertex array and index count."""

    vbo: moderngl.Buffer
    ibo: moderngl.Buffer
    vao: moderngl.VertexArray
    count: int

    def release(self) -> None:
        self.vao.release()
        self.vbo.release()
        self.ibo.release()


def upload(ctx: moderngl.Context, program: moderngl.Program, mesh: MeshData) -> GpuMesh | None:
    """Upload a mesh (None when it has no triangles)."""
    if not len(mesh.indices):
        return None
    vbo = ctx.buffer(mesh.vertices.tobytes())
    ibo = ctx.buffer(mesh.indices.tobytes())
    vao = ctx.vertex_array(program, [(vbo, "3f 4f1", IN_POSITION, IN_COLOR)], index_buffer=ibo,
                           index_element_size=4)
    return GpuMesh(vbo, ibo, vao, len(mesh.indices))


class WorldView:
    """The world's section meshes on the GPU, kept in step with a `World` by `update`."""

    def __init__(self, ctx: moderngl.Context, program: moderngl.Program, palette: Palette) -> None:
        self.ctx = ctx
        self.program = program
        self.styles = StyleTable(palette)
        self._world: Any = None  # held, so that `is` compares worlds (restore() swaps in a copy)
        self._versions: dict[SectionKey, int] = {}
        self._pending: set[SectionKey] = set()
        self._opaque: dict[SectionKey, GpuMesh] = {}
        self._translucent: dict[SectionKey, GpuMesh] = {}
        self._eye = np.zeros(3)  # where the last frame was seen from (draw_opaque): remeshing starts near it

    def update(self, world: Any, budget_s: float | None = None) -> int:
        """Remesh the sections that changed since the last call; returns how many still wait (budget spent)."""
        if world is not self._world:
            self.clear()
            self._world = world
        sections = dict(world.sections())
        for key in [k for k in self._versions if k not in sections]:
            del self._versions[key]
            self._drop(key)
            self._pending.update(_neighbours(key))
        for key in sections:
            version = world.section_version(key)
            if self._versions.get(key) != version:
                self._versions[key] = version
                self._pending.add(key)
                self._pending.update(_neighbours(key))
        start = time.perf_counter()
        for key in _nearest_first(self._pending, self._eye):
            self._pending.discard(key)
            self._drop(key)
            if key in sections:
                mesh = mesh_section(key, sections[key], self.styles, sections.get)
                for store, data in ((self._opaque, mesh.opaque), (self._translucent, mesh.translucent)):
                    gpu = upload(self.ctx, self.program, data)
                    if gpu is not None:
                        store[key] = gpu
            if budget_s is not None and time.perf_counter() - start > budget_s:
                break
        return len(self._pending)

    def draw_opaque(self, view: np.ndarray, proj: np.ndarray) -> None:
        """Opaque faces of the sections in view, nearest first (hidden fragments fail the depth test early)."""
        self._eye = np.linalg.inv(view.astype(np.float64))[3, :3]
        for key in visible_sections(self._opaque, view, proj):
            mesh = self._opaque[key]
            mesh.vao.render(moderngl.TRIANGLES, vertices=mesh.count)

    def draw_translucent(self, view: np.ndarray, proj: np.ndarray) -> None:
        """Translucent faces of the sections in view, farthest first (blending needs back to front)."""
        for key in reversed(visible_sections(self._translucent, view, proj)):
            mesh = self._translucent[key]
            mesh.vao.render(moderngl.TRIANGLES, vertices=mesh.count)

    def triangle_count(self) -> int:
        return sum(m.count for m in (*self._opaque.values(), *self._translucent.values())) // 3

    def _drop(self, key: SectionKey) -> None:
        for store in (self._opaque, self._translucent):
            mesh = store.pop(key, None)
            if mesh is not None:
                mesh.release()

    def clear(self) -> None:
        """Forget every section (a different world was loaded)."""
        for key in list(self._opaque) + list(self._translucent):
            self._drop(key)
        self._versions.clear()
        self._pending.clear()


def visible_sections(keys: Iterable[SectionKey], view: np.ndarray, proj: np.ndarray) -> list[SectionKey]:
    """The sections whose bounding sphere meets the view frustum, nearest to the eye first."""
    keys = list(keys)
    if not keys:
        return []
    centers = (np.array(keys, dtype=np.float64) + 0.5) * SECTION
    clip = np.hstack([centers, np.ones((len(keys), 1))]) @ (view.astype(np.float64) @ proj.astype(np.float64))
    # Gribb-Hartmann planes of row-vector clip space: w ± x, w ± y, w ± z >= -radius * |plane normal|.
    m = view.astype(np.float64) @ proj.astype(np.float64)
    inside = np.ones(len(keys), dtype=bool)
    for axis in range(3):
        for sign in (1.0, -1.0):
            normal = m[:3, 3] + sign * m[:3, axis]
            inside &= clip[:, 3] + sign * clip[:, axis] >= -SECTION_RADIUS * np.linalg.norm(normal)
    eye = np.linalg.inv(view.astype(np.float64))[3, :3]
    distance = np.linalg.norm(centers - eye, axis=1)
    order = np.argsort(distance[inside], kind="stable")
    chosen = [k for k, ok in zip(keys, inside, strict=True) if ok]
    return [chosen[i] for i in order]


def _nearest_first(keys: Iterable[SectionKey], eye: np.ndarray) -> list[SectionKey]:
    """Section keys by the distance of their centre from `eye` (ties by key, so the order is repeatable)."""
    keys = sorted(keys)
    if not keys:
        return keys
    distance = np.linalg.norm((np.array(keys, dtype=np.float64) + 0.5) * SECTION - eye, axis=1)
    return [keys[i] for i in np.argsort(distance, kind="stable")]


def _neighbours(key: SectionKey) -> list[SectionKey]:
    return [(key[0] + dx, key[1] + dy, key[2] + dz) for dx, dy, dz in DIRECTIONS]
