"""The fidelity tally (docs/fidelity.md) is counted from the register of the tests (fidelity_register.py), and the
register names tests that exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.engine.fidelity_register import FORMULA, REGISTER, REPRODUCED, STATUSES
from tools.fidelity_tally import documented, render

HERE = Path(__file__).parent
SPEC_09 = ROOT.parent / "shared" / "spec" / "09-reference-figures.md"
if not SPEC_09.exists():
    SPEC_09 = ROOT.parents[1] / "shared" / "spec" / "09-reference-figures.md"
# spec 09's figures: T1-T9, X1-X8, L1-L23, E1-E17, P1-P10, C1-C14, M1-M14, N1-N4
SPEC_IDS = {f"{letter}{i}" for letter, n in (("T", 9), ("X", 8), ("L", 23), ("E", 17), ("P", 10), ("C", 14),
                                              ("M", 14), ("N", 4)) for i in range(1, n + 1)}


def test_docs_tally_is_the_registers() -> None:
    assert documented() == render(), "docs/fidelity.md's tally differs: run python3 tools/fidelity_tally.py --write"


def test_every_figure_of_spec_09_has_one_status() -> None:
    assert set(REGISTER) == SPEC_IDS
    assert {status for status, _, _ in REGISTER.values()} <= set(STATUSES)


def test_register_matches_the_ids_of_spec_09() -> None:
    if not SPEC_09.exists():
        pytest.skip(f"../shared/spec is not beside the checkout ({SPEC_09})")
    ids = set(re.findall(r"^\| ([TXLEPCMN]\d+) \|", SPEC_09.read_text(), re.M))
    assert ids == SPEC_IDS


def test_named_tests_exist_and_every_status_but_reproduced_says_why() -> None:
    functions: dict[str, set[str]] = {}
    for figure_id, (status, tests, reason) in REGISTER.items():
        if status in (REPRODUCED, FORMULA, "contradicted"):
            assert tests, f"{figure_id}: {status} without a test"
        if status != REPRODUCED:
            assert reason, f"{figure_id}: {status} without a reason"
        for node in tests:
            file, name = node.split("::")
            if file not in functions:
                tree = ast.parse((HERE / file).read_text())
                functions[file] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert name in functions[file], f"{figure_id}: {node} does not exist"
