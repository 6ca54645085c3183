"""The explosion ledger kept as columns (engine.influences.explosion_ledger) reads, prints and compares as the list
of row dicts the plain entity-by-entity step makes (tests/engine/test_explosion.py `plain_explode`)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine.influences.explosion_ledger import Ledger
from tests.engine.test_explosion import plain_explode

SCENE = dict(scene={"seed": 7},
             blocks=[{"from": [-4, 64, -4], "to": [4, 64, 4], "block": "minecraft:stone"}],
             entities=[*({"type": "tnt", "pos": [0.5, 65.0, 0.5], "fuse": 1} for _ in range(4)),
                       {"type": "tnt", "pos": [1.75, 65.0, 0.25], "fuse": 30},
                       {"type": "item", "pos": [0.2, 65.0, -1.5]},
                       {"type": "zombie", "pos": [-1.5, 65.0, 0.5]}])
TNT_ONLY = dict(SCENE, entities=SCENE["entities"][:5])    # the rows read in place (no scratch table)


def explosions(sim) -> list[dict]:
    return [e for e in sim.tick().events if e["kind"] == "explosion"]


@pytest.mark.parametrize("tables", [SCENE, TNT_ONLY], ids=["mixed", "tnt_only"])
def test_the_ledger_prints_and_equals_the_plain_rows(scene, tables) -> None:
    """Four stacked TNT exploding beside a TNT (and an item and a zombie): each event's ledger is a `Ledger`, its
    JSON is byte for byte the plain step's, it equals the plain rows (and they it), and its length is known
    before any row is made."""
    fast, plain = scene(**tables), scene(**tables)
    plain.explosion_step = plain_explode
    got, expected = explosions(fast), explosions(plain)
    assert len(got) == len(expected) == 4
    for event, reference in zip(got, expected, strict=True):
        ledger = event["affected"]
        assert isinstance(ledger, Ledger) and not list.__len__(ledger)   # nothing made yet
        assert len(ledger) == len(reference["affected"]) >= 1
        assert json.dumps(event) == json.dumps(reference)
        assert json.dumps(event, default=str, indent=1) == json.dumps(reference, default=str, indent=1)
        assert ledger == reference["affected"] and reference["affected"] == ledger
        assert not ledger != reference["affected"]
    assert sorted(row["id"] for row in got[0]["affected"]) == list(range(2, len(tables["entities"]) + 1))


def test_the_ledger_reads_as_a_list(scene) -> None:
    """Indexing, slicing, iteration, membership, unpacking, copies and pickles all see the rows."""
    (event, *_) = explosions(scene(**SCENE))
    ledger = event["affected"]
    rows = list(ledger)
    assert [type(row) for row in rows] == [dict] * len(rows)
    first = ledger[0]
    assert list(first) == ["id", "samples", "exposure", "impulse", "distance", "influence", "damage"]
    assert type(first["samples"]) is tuple and type(first["impulse"]) is list
    assert ledger[-1] is rows[-1] and ledger[1:3] == rows[1:3] and first in ledger
    assert [*ledger] == rows and [] + ledger == rows and ledger + [] == rows
    for clone in (copy.copy(ledger), copy.deepcopy(ledger), pickle.loads(pickle.dumps(ledger))):
        assert type(clone) is list and clone == rows


def test_two_ledgers_compare_by_their_rows(scene) -> None:
    """Two runs of one scene make equal ledgers, neither made before the comparison; another explosion's
    differs."""
    a, b = explosions(scene(**SCENE)), explosions(scene(**SCENE))
    assert a[1]["affected"] == b[1]["affected"]
    assert a[1]["affected"] != b[2]["affected"]
