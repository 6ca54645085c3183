"""Colours from `assets/palette.json`: blocks by name, entities by type, trace geometry by role, UI.

A block name not listed resolves through its material (`oak_slab` → `oak_planks`), then a dye prefix
(`red_wool`), then a colour made from a CRC of the name, so every block has a stable colour.
"""

from __future__ import annotations

import colorsys
import json
import zlib
from functools import cache
from pathlib import Path

PALETTE_PATH = Path(__file__).resolve().parents[2] / "assets" / "palette.json"

RGBA = tuple[int, int, int, int]


def parse_color(text: str) -> RGBA:
    """'#rrggbb' or '#rrggbbaa' to an (r, g, b, a) byte tuple."""
    digits = text.removeprefix("#")
    if len(digits) not in (6, 8):
        raise ValueError(f"colour {text!r}: expected #rrggbb or #rrggbbaa")
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    a = int(digits[6:8], 16) if len(digits) == 8 else 255
    return r, g, b, a


def hashed_color(name: str) -> RGBA:
    """A stable mid-saturation colour for a name the palette does not list."""
    h = zlib.crc32(name.encode("utf-8"))
    r, g, b = colorsys.hsv_to_rgb((h & 0xFFFF) / 0x10000, 0.35 + 0.3 * ((h >> 16) & 0xFF) / 255, 0.75)
    return round(r * 255), round(g * 255), round(b * 255), 255


BLOCK_CONTRAST = 1.6   # the least contrast of a block's colour with the background (a dark block's faces stay seen)


class Palette:
    """The parsed palette file; lookups are pure and cached."""

    def __init__(self, raw: dict) -> None:
        self.blocks = {name: parse_color(c) for name, c in raw["blocks"].items()}
        self.material_suffixes: list[str] = raw["material_suffixes"]
        self.material_bases: list[str] = raw["material_bases"]
        self.dyes = {name: parse_color(c) for name, c in raw["dyes"].items()}
        self.stained_glass_alpha: int = raw["stained_glass_alpha"]
        self.non_colliding_alpha: int = raw["non_colliding_alpha"]
        self.fluids = frozenset(raw["fluids"])
        self.entities = {name: parse_color(c) for name, c in raw["entities"].items()}
        self.roles = {name: parse_color(c) for name, c in raw["roles"].items()}
        self.path_types = {name: parse_color(c) for name, c in raw["path_types"].items()}
        self.ui = {name: parse_color(c) for name, c in raw["ui"].items()}
        self.block_color = cache(self._block_color)
        self._background_luminance = luminance(self.ui["background"][:3])

    def _block_color(self, block: str) -> RGBA:
        """The colour of a bare block name such as 'stone' or 'oak_slab', lightened where it would melt into the
        background (obsidian, black concrete, deepslate, tinted glass: `BLOCK_CONTRAST`)."""
        r, g, b, a = self._listed_color(block)
        return (*lightened((r, g, b), self._background_luminance, BLOCK_CONTRAST), a)

    def _listed_color(self, block: str) -> RGBA:
        if block in self.blocks:
            return self.blocks[block]
        for suffix in self.material_suffixes:
            if block.endswith(suffix):
                material = block[: -len(suffix)]
                for pattern in self.material_bases:
                    if pattern.format(material) in self.blocks:
                        return self.blocks[pattern.format(material)]
        for dye in sorted(self.dyes, key=len, reverse=True):
            if block.startswith(dye + "_"):
                r, g, b, a = self.dyes[dye]
                return (r, g, b, self.stained_glass_alpha) if "glass" in block else (r, g, b, a)
        return hashed_color(block)

    def entity_color(self, entity_type: str) -> RGBA:
        return self.entities.get(entity_type, self.entities["default"])

    def role_color(self, role: str) -> RGBA:
        """The colour of a trace geometry role (a role the palette lacks still gets a stable colour)."""
        return self.roles.get(role) or hashed_color("role:" + role)

    def path_type_color(self, node_type: str) -> RGBA:
        """The colour of a path node type (`PathNodeType` name); a type the palette lacks gets a stable colour."""
        return self.path_types.get(node_type) or hashed_color("path:" + node_type)


_LINEAR = [c / 255.0 / 12.92 if c / 255.0 <= 0.04045 else ((c / 255.0 + 0.055) / 1.055) ** 2.4 for c in range(256)]


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0-255 a channel)."""
    r, g, b = (_LINEAR[int(c)] for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lightened(rgb: tuple[int, int, int], against: float, ratio: float) -> tuple[int, int, int]:
    """`rgb` mixed towards white, a tenth at a time, until its contrast with a colour of luminance `against`
    (lighter over darker, WCAG 2) reaches `ratio`; unchanged where it does already."""
    rgb = tuple(int(c) for c in rgb)   # numpy's uint8 channels would wrap
    for step in range(11):
        mixed = tuple(round(c + (255 - c) * step / 10) for c in rgb)
        if (luminance(mixed) + 0.05) / (against + 0.05) >= ratio:
            return mixed
    return (255, 255, 255)


@cache
def load_palette(path: Path = PALETTE_PATH) -> Palette:
    """The palette file, parsed once per path."""
    return Palette(json.loads(path.read_text(encoding="utf-8")))
