"""GPU meshes of the world, meshed per 16³ section, remeshed only when `World.section_version` changes.

A changed section also remeshes its six neighbours (their border faces depend on it). Opaque faces are uploaded
per region of 4³ sections, one draw each (llvmpipe pays about 10 µs of the drawing thread per draw: 147 section
draws of the viewer benchmark cost 2.3 ms, their 4 regions 0.8 ms). Translucent faces, blended, go farthest
section first: all sections' faces share one vertex buffer, and one index buffer lists the visible sections'
triangles in that order (written again when the order changes), one draw. Rebuilding can be spread over frames
with a time budget: first the sections in view (this frame's camera, else the last frame's), nearest to the eye
first, then the ones out of view (a long scene opens with the blocks the camera sees, and a camera following an
entity far down it sees the blocks around it first, not the ones sorting first by coordinates); `render_to_png`
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

from viewer.drawing.meshing import DIRECTIONS, SECTION, MeshData, SectionKey, SectionMesh, StyleTable, mesh_section
from viewer.drawing.palette import Palette
from viewer.gl.programs import IN_COLOR, IN_POSITION

REGION = 4  # sections a side of a region, the unit of the opaque draws
PRIMED = object()  # the world `prime` stands for: the next world given to `update` takes its place


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


def region_of(key: SectionKey) -> SectionKey:
    return key[0] // REGION, key[1] // REGION, key[2] // REGION


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
        self._block_version = -1  # the world's `block_version` when its sections were last compared
        self._versions: dict[SectionKey, int] = {}
        self._pending: set[SectionKey] = set()
        self._section_opaque: dict[SectionKey, MeshData] = {}  # non-empty ones only
        self._opaque: dict[SectionKey, GpuMesh] = {}           # by region
        self._stale_regions: set[SectionKey] = set()
        self._section_translucent: dict[SectionKey, MeshData] = {}  # non-empty ones only
        self._translucent: GpuMesh | None = None   # every section's translucent faces (indices: `_order`'s)
        self._indices: dict[SectionKey, np.ndarray] = {}  # each section's triangles in that buffer
        self._order: list[SectionKey] | None = None  # the sections whose indices the buffer holds (None: stale)
        self._stale_translucent = False             # a section's translucent faces changed since the upload
        self._eye = np.zeros(3)  # where the last frame was seen from (draw_opaque): remeshing starts near it
        self._seen: tuple[np.ndarray, np.ndarray] | None = None  # that frame's view and projection matrices

    def update(self, world: Any, budget_s: float | None = None,
               seen: tuple[np.ndarray, np.ndarray] | None = None) -> int:
        """Remesh the sections that changed since the last call, those in view of `seen` (view and projection
        matrices; default: the last frame's) first; returns how many still wait (budget spent)."""
        if world is not self._world:
            if self._world is not PRIMED:
                self.clear()
            self._world = world
        elif world.block_version == self._block_version and not self._pending:
            return 0  # no block changed since the last call
        self._block_version = world.block_version
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
        for key in in_view_first(self._pending, seen or self._seen, self._eye):
            self._pending.discard(key)
            self._drop(key)
            if key in sections:
                self._file(key, mesh_section(key, sections[key], self.styles, sections.get))
            if budget_s is not None and time.perf_counter() - start > budget_s:
                break
        self._upload_stale()
        return len(self._pending)

    def prime(self, meshes: dict[SectionKey, SectionMesh], versions: dict[SectionKey, int]) -> None:
        """Show sections meshed elsewhere (the loading child's, `viewer.first_frame`) before the world itself is
        here: `versions` holds every section's version, `meshes` those meshed. The next world given to `update` is
        taken as theirs: its sections of the same version are not meshed again, the others wait as usual."""
        self.clear()
        self._world, self._block_version = PRIMED, -1
        self._versions.update(versions)
        self._pending.update(key for key in versions if key not in meshes)
        for key, mesh in meshes.items():
            self._file(key, mesh)
        self._upload_stale()

    def _file(self, key: SectionKey, mesh: SectionMesh) -> None:
        """Keep a section's new mesh for the next upload (its opaque part by region, its translucent part)."""
        if len(mesh.opaque.indices):
            self._section_opaque[key] = mesh.opaque
            self._stale_regions.add(region_of(key))
        if len(mesh.translucent.indices):
            self._section_translucent[key] = mesh.translucent
            self._stale_translucent = True

    def waiting(self) -> int:
        """Sections still to mesh."""
        return len(self._pending)

    def _upload_stale(self) -> None:
        for region in self._stale_regions:
            self._upload_region(region)
        self._stale_regions.clear()
        if self._stale_translucent:
            self._upload_translucent()

    def _upload_translucent(self) -> None:
        """Every section's translucent vertices in one buffer (their indices follow in `draw_translucent`)."""
        if self._translucent is not None:
            self._translucent.release()
            self._translucent = None
        self._order, self._stale_translucent = None, False
        self._indices.clear()
        keys = sorted(self._section_translucent)
        if not keys:
            return
        vertices, indices = _joined([self._section_translucent[k] for k in keys])
        self._indices = dict(zip(keys, indices, strict=True))
        self._translucent = upload(self.ctx, self.program,
                                   MeshData(vertices, np.zeros(sum(map(len, indices)), dtype=np.uint32)))

    def _upload_region(self, region: SectionKey) -> None:
        """The region's sections' opaque faces as one mesh (its sections in key order)."""
        old = self._opaque.pop(region, None)
        if old is not None:
            old.release()
        parts = [self._section_opaque[k] for k in sorted(self._section_opaque) if region_of(k) == region]
        if not parts:
            return
        vertices, indices = _joined(parts)
        gpu = upload(self.ctx, self.program, MeshData(vertices, np.concatenate(indices)))
        if gpu is not None:
            self._opaque[region] = gpu

    def draw_opaque(self, view: np.ndarray, proj: np.ndarray) -> None:
        """Opaque faces of the regions in view, nearest first (hidden fragments fail the depth test early)."""
        self._eye = np.linalg.inv(view.astype(np.float64))[3, :3]
        self._seen = view, proj
        for key in visible_sections(self._opaque, view, proj, SECTION * REGION):
            mesh = self._opaque[key]
            mesh.vao.render(moderngl.TRIANGLES, vertices=mesh.count)

    def draw_translucent(self, view: np.ndarray, proj: np.ndarray) -> None:
        """Translucent faces of the sections in view, farthest first (blending needs back to front)."""
        mesh = self._translucent
        if mesh is None:
            return
        order = visible_sections(self._section_translucent, view, proj)[::-1]
        if order != self._order:
            self._order = order
            indices = [self._indices[k] for k in order]
            mesh.count = sum(len(i) for i in indices)
            if mesh.count:
                mesh.ibo.write(np.concatenate(indices).tobytes())
        if mesh.count:
            mesh.vao.render(moderngl.TRIANGLES, vertices=mesh.count)

    def triangle_count(self) -> int:
        return (sum(m.count for m in self._opaque.values())
                + sum(len(m.indices) for m in self._section_translucent.values())) // 3

    def _drop(self, key: SectionKey) -> None:
        if self._section_opaque.pop(key, None) is not None:
            self._stale_regions.add(region_of(key))
        if self._section_translucent.pop(key, None) is not None:
            self._stale_translucent = True

    def clear(self) -> None:
        """Forget every section (a different world was loaded)."""
        for mesh in (*self._opaque.values(), self._translucent):
            if mesh is not None:
                mesh.release()
        self._translucent, self._order, self._stale_translucent = None, None, False
        for store in (self._opaque, self._section_opaque, self._section_translucent, self._indices, self._versions):
            store.clear()
        self._pending.clear()
        self._stale_regions.clear()


def visible_sections(keys: Iterable[SectionKey], view: np.ndarray, proj: np.ndarray,
                     size: int = SECTION) -> list[SectionKey]:
    """The cubes (sections, or regions of `size` blocks a side) whose bounding sphere meets the view frustum,
    nearest to the eye first."""
    keys = list(keys)
    if not keys:
        return []
    radius = size * math.sqrt(3.0) / 2.0
    centers = (np.array(keys, dtype=np.float64) + 0.5) * size
    clip = np.hstack([centers, np.ones((len(keys), 1))]) @ (view.astype(np.float64) @ proj.astype(np.float64))
    # Gribb-Hartmann planes of row-vector clip space: w ± x, w ± y, w ± z >= -radius * |plane normal|.
    m = view.astype(np.float64) @ proj.astype(np.float64)
    inside = np.ones(len(keys), dtype=bool)
    for axis in range(3):
        for sign in (1.0, -1.0):
            normal = m[:3, 3] + sign * m[:3, axis]
            inside &= clip[:, 3] + sign * clip[:, axis] >= -radius * np.linalg.norm(normal)
    eye = np.linalg.inv(view.astype(np.float64))[3, :3]
    distance = np.linalg.norm(centers - eye, axis=1)
    order = np.argsort(distance[inside], kind="stable")
    chosen = [k for k, ok in zip(keys, inside, strict=True) if ok]
    return [chosen[i] for i in order]


def _joined(meshes: list[MeshData]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The meshes' vertices one after another, and each mesh's indices into them."""
    bases = np.cumsum([0] + [len(m.vertices) for m in meshes[:-1]])
    return (np.concatenate([m.vertices for m in meshes]),
            [m.indices + np.uint32(b) for m, b in zip(meshes, bases, strict=True)])


def nearest_first(keys: Iterable[SectionKey], eye: np.ndarray) -> list[SectionKey]:
    """Section keys by the distance of their centre from `eye` (ties by key, so the order is repeatable)."""
    keys = sorted(keys)
    if not keys:
        return keys
    distance = np.linalg.norm((np.array(keys, dtype=np.float64) + 0.5) * SECTION - eye, axis=1)
    return [keys[i] for i in np.argsort(distance, kind="stable")]


def in_view_first(keys: Iterable[SectionKey], seen: tuple[np.ndarray, np.ndarray] | None,
                   eye: np.ndarray) -> list[SectionKey]:
    """Section keys in view of `seen` (view, projection) nearest first, then the others nearest to the eye first;
    without `seen`, all nearest to `eye` first."""
    if seen is None:
        return nearest_first(keys, eye)
    keys = sorted(keys)
    ahead = visible_sections(keys, *seen)
    shown = set(ahead)
    return ahead + nearest_first([k for k in keys if k not in shown], np.linalg.inv(seen[0].astype(np.float64))[3, :3])


def _neighbours(key: SectionKey) -> list[SectionKey]:
    return [(key[0] + dx, key[1] + dy, key[2] + dz) for dx, dy, dz in DIRECTIONS]
