"""The fidelity tally: how many of spec 09's figures are reproduced, formula-tested, contradicted, not reproducible
or pending, counted from the register the tests keep (tests/engine/fidelity_register.py).

    python3 tools/fidelity_tally.py            # print the tally section
    python3 tools/fidelity_tally.py --write    # put it into docs/fidelity.md (between its tally markers)
    python3 tools/fidelity_tally.py --check    # exit 1 when docs/fidelity.md's tally differs

tests/engine/test_fidelity_tally.py checks the docs against it, and the register against the tests it names.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "fidelity.md"
BEGIN = "<!-- tally: made by tools/fidelity_tally.py from tests/engine/fidelity_register.py -->"
END = "<!-- end of tally -->"


def counts(register: dict[str, tuple[str, tuple[str, ...], str]]) -> dict[str, list[str]]:
    """Figure IDs by status, in the register's status order."""
    from tests.engine.fidelity_register import STATUSES
    by_status: dict[str, list[str]] = {s: [] for s in STATUSES}
    for figure_id, (status, _, _) in register.items():
        by_status[status].append(figure_id)
    return by_status


def render() -> str:
    """The tally section of docs/fidelity.md."""
    from tests.engine.fidelity_register import REGISTER
    by_status = counts(REGISTER)
    head = " / ".join(f"{len(ids)} {status}" for status, ids in by_status.items())
    lines = [BEGIN, f"**{head}** ({len(REGISTER)} figures of spec 09)", ""]
    order = ["T", "X", "L", "E", "P", "C", "M", "N"]
    for status, ids in by_status.items():
        ids = sorted(ids, key=lambda i: (order.index(i[0]), int(i[1:])))
        lines.append(f"- {status} ({len(ids)}): {', '.join(ids)}")
    lines.append(END)
    return "\n".join(lines)


def documented() -> str:
    """The tally section as docs/fidelity.md has it ('' when the markers are missing)."""
    found = re.search(re.escape(BEGIN) + r".*?" + re.escape(END), DOC.read_text(), re.S)
    return found.group(0) if found else ""


def write() -> None:
    text = DOC.read_text()
    current = documented()
    if not current:
        sys.exit(f"fidelity_tally: {DOC}: no tally markers ({BEGIN!r} … {END!r})")
    DOC.write_text(text.replace(current, render()))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(description="Count spec 09's figures by status from the tests' register.")
    parser.add_argument("--write", action="store_true", help="write the tally into docs/fidelity.md")
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/fidelity.md's tally differs")
    args = parser.parse_args()
    if args.write:
        write()
    elif args.check:
        sys.exit(0 if documented() == render() else 1)
    else:
        print(render())
