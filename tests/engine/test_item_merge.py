"""Items merging (`ItemEntity.tryMerge`, 1.14-1.21.11; 1.12.2's and 1.13.2's `EntityItem.searchForOtherItemsNearby`):
`scenes/item_merge.toml` run in each rule's release — which item survives, when, its count, age and pickup delay;
different items and full stacks kept apart; the period of a moving item against a resting one — bit for bit the
same compiled, on the object path and traced; the stack count a scene gives, checked and written back."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from engine import jit
from engine.entities.item import Item
from engine.tick.scene import SceneError, load_scene_text
from engine.tick.scene_writer import scene_document, scene_toml
from tests.conftest import SCENES_DIR, three_ways_counted
from tests.engine.test_compiled_equality import run_lines

jit.bind_kernels()   # every run takes the kernels, however short (engine.jit.want_kernels)

SCENE = (SCENES_DIR / "item_merge.toml").read_text()


def _text(version: str) -> str:
    return re.sub(r'^version = ".*"$', f'version = "{version}"', SCENE, flags=re.M)


def _stacks(version: str, ticks: int, item_tick_1_12: bool | None = None) -> list[dict[int, tuple]]:
    """Each tick's items left: id → (stack count, item age, pickup delay, x)."""
    sim = load_scene_text(_text(version))
    if item_tick_1_12 is not None:
        sim.features = dataclasses.replace(sim.features, item_tick_1_12=item_tick_1_12)
    out = []
    for _ in range(ticks):
        sim.tick()
        out.append({e.id: (e.stack_count, e.item_age, e.pickup_delay, e.pos.x) for e in sim.entities})
    return out


def _merged_at(stacks: list[dict[int, tuple]], removed: int) -> int:
    """The tick (1-based) after which item `removed` is gone."""
    return next(t for t, s in enumerate(stacks, 1) if removed not in s)


@pytest.mark.parametrize("version", ["1.14", "1.16.5", "1.17", "1.20.5", "1.21.3", "1.21.11"])
def test_resting_items_merge_every_40_ticks_into_the_larger_stack(version: str) -> None:
    """Items 1 (3 cobblestone, pickup delay 5, age 100) and 2 (2, 30, 50), 0.7 apart: at Entity.age 40 item 1
    takes item 2's stack (5), the larger pickup delay (item 2's 30 counted down to 0 by then, as item 1's) and
    the smaller age (item 2's 89, + 1 at the tick's end); item 2 is removed before its tick."""
    stacks = _stacks(version, 41)
    assert stacks[38][1] == (3, 139, 0, 0.5) and stacks[38][2] == (2, 89, 0, 1.2)
    assert stacks[39][1] == (5, 90, 0, 0.5) and 2 not in stacks[39]
    assert _merged_at(stacks, 2) == 40


@pytest.mark.parametrize("version", ["1.12.2", "1.13.2", "1.16.5", "1.21.11"])
def test_different_items_and_full_stacks_never_merge(version: str) -> None:
    """Cobblestone beside dirt, 16 snowballs beside 16 (full), 10 beside 10 (26 > 16): all kept, counts as given."""
    last = _stacks(version, 80)[-1]
    assert {k: last[k][0] for k in range(3, 9)} == {3: 1, 4: 1, 5: 16, 6: 16, 7: 10, 8: 10}


@pytest.mark.parametrize("version", ["1.16.5", "1.21.11"])
def test_a_moving_item_merges_where_its_cell_changed_on_an_even_age(version: str) -> None:
    """Item 9 slides across x = 33 at age 2: merged then (every 2 ticks), into item 10 (the tie goes to the other
    item); item 11 crosses x = 41 at age 1 (odd) and merges only at age 40, resting."""
    stacks = _stacks(version, 41)
    assert stacks[0][9][3] == 32.7 + 0.2 and _merged_at(stacks, 9) == 2 and stacks[1][10][0] == 2
    assert _merged_at(stacks, 11) == 40 and stacks[39][12][0] == 2


@pytest.mark.parametrize("version", ["1.12.2", "1.13.2"])
def test_1_12_2_merges_every_25_ticks_and_at_once_after_a_move(version: str) -> None:
    """1.12.2 and 1.13.2 (`item_tick_1_12`): the resting pair at ticksExisted 25 (item 1's pickup delay 5 ran out,
    item 2's 30 is at 5 — the larger kept: 6 before the next count-down), the sliding items at once, at age 1 too.
    With the flag off (a mutant) the merges come at 40, 2 and 40."""
    stacks = _stacks(version, 41)
    assert stacks[24][1] == (5, 75, 6, 0.5) and _merged_at(stacks, 2) == 25
    assert _merged_at(stacks, 9) == 2 and _merged_at(stacks, 11) == 1 and stacks[0][12][0] == 2
    mutant = _stacks(version, 41, item_tick_1_12=False)
    assert (_merged_at(mutant, 2), _merged_at(mutant, 11)) == (40, 40)


def test_1_14_rules_against_1_12_2() -> None:
    """The flag's other side: 1.14 with 1.12.2's tick (a mutant) merges the resting pair at 25."""
    assert _merged_at(_stacks("1.14", 30, item_tick_1_12=True), 2) == 25


@pytest.mark.parametrize("version", ["1.16.5", "1.21.11"])
def test_merges_compiled_object_and_traced_agree(version: str) -> None:
    """The scene three ways, bit for bit: the merging items' ticks are the object path's (each merge tick of items
    1, 9 and 11 handed back); the trace line shows the removed item and the survivor's `stack_count`."""
    lines, handed, _ = three_ways_counted(_text(version), 41, run_lines, Item, "tick")
    assert {1, 9, 11} <= set(handed) and len(handed) < 41 * 12 // 4
    tick2 = {e["id"]: e for e in json.JSONDecoder().raw_decode(lines[1])[0]}
    assert tick2[9]["removed"] and tick2[10]["stack_count"] == 2


def test_stack_count_is_checked_and_written_back() -> None:
    """`stack_count` 1..the item's maximum (one line otherwise); the scene writer writes it back."""
    entity = '\n[[entities]]\ntype = "minecraft:item"\npos = [0.5, 1.0, 0.5]\nitem = "minecraft:snowball"\n'
    for bad, why in (("17", "holds at most 16"), ("0", "stack_count")):
        with pytest.raises(SceneError, match=why):
            load_scene_text(f'[scene]\nversion = "1.16.5"\n{entity}stack_count = {bad}\n')
    sim = load_scene_text(f'[scene]\nversion = "1.16.5"\n{entity}stack_count = 12\n')
    assert "stack_count = 12" in scene_toml(scene_document(sim))
