"""`PlayerEntity.damage` refuses an amount of 0 (Yarn 1.14.4 4ffac47a3, 1.16.5 20cb124df, 1.20.5 9dbd77221,
1.21.3 def674d26 alike): a snowball thrown at a player neither hurts nor knocks it back, at a zombie it does
(scene `snowball_player_refuses_zero_damage`)."""
from __future__ import annotations

import pytest

from engine.living.living_entity import LivingEntity
from engine.living.player import PlayerEntity
from engine.tick.scene import load_scene_text
from tests.conftest import SCENES_DIR
from tests.engine.test_versions import _with_version

TEXT = (SCENES_DIR / "snowball_player_refuses_zero_damage.toml").read_text()
VERSIONS = ("1.16.5", "1.20.6", "1.21")


def state(version: str, traced: bool = False) -> list[tuple]:
    """Every entity's position, Motion, hurt time, health and removal after the snowballs' hit tick."""
    sim = load_scene_text(_with_version(TEXT, version), f"<refused snowball at {version}>")
    sim.trace_enabled = traced
    entities = [sim.entity_by_id(i) for i in range(1, 6)]
    sim.tick()
    return [(tuple(e.pos), tuple(e.motion), getattr(e, "hurt_time", None), getattr(e, "health", None), e.removed)
            for e in entities]


@pytest.fixture(scope="module")
def runs() -> dict[str, list[tuple]]:
    return {version: state(version) for version in VERSIONS}


@pytest.mark.parametrize("version", VERSIONS)
def test_a_snowball_neither_hurts_nor_knocks_back_a_player(runs, version: str) -> None:
    thrower, player, snowball, zombie, other = runs[version]
    assert player[1] == thrower[1] and player[1][0] == player[1][2] == 0.0      # moved like the player not hit
    assert player[2] == 0 and player[3] == 20.0
    assert snowball[4] and other[4]                      # removed whatever the target answered
    assert zombie[1][0] > 0.0 and zombie[1][1] > 0.0 and zombie[2] == 10   # hurt and knocked back


def test_the_traced_object_path_gives_the_same_bits(runs) -> None:
    """The compiled thrown rows hand the hitting snowballs back: the traced run (object path) agrees bit for bit."""
    for version in ("1.16.5", "1.21"):
        assert state(version, traced=True) == runs[version]


def test_a_player_without_the_refusal_would_be_knocked_back(monkeypatch) -> None:
    """The mutant: `PlayerEntity.damage` as `LivingEntity.damage` knocks player 2 back like the zombie."""
    monkeypatch.setattr(PlayerEntity, "damage", LivingEntity.damage)
    player = state("1.21")[1]
    assert player[1][0] > 0.0 and player[2] > 0
