"""Relation types in the author's language (LIVES_IN → 住在 / lives in): the graph draws these, never the raw names."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from desktop.tasks.vocabulary import relation_type


def _tr(text: str) -> str:
    return QCoreApplication.translate("RelationWords", text)


def _words() -> dict[str, str]:
    return {
        "OWNS": _tr("owns"), "MEMBER_OF": _tr("member of"), "LEADS": _tr("leads"), "MASTER_OF": _tr("master of"),
        "SENIOR_OF": _tr("senior of"), "PARENT_OF": _tr("parent of"), "SIBLING_OF": _tr("sibling of"),
        "MARRIED_TO": _tr("married to"), "LOVES": _tr("loves"), "HATES": _tr("hates"), "ALLY_OF": _tr("ally of"),
        "SERVES": _tr("serves"), "KILLED": _tr("killed"), "LOCATED_IN": _tr("located in"),
        "LIVES_IN": _tr("lives in"), "IS_AT": _tr("is at"), "FROM": _tr("comes from"),
        "HAS_ABILITY": _tr("has ability"), "KNOWS": _tr("knows"), "FRIEND_OF": _tr("friend of"),
        "ENEMY_OF": _tr("enemy of"), "HOLDS": _tr("holds"),
    }


def relation_word(name: str) -> str:
    """The type as the author reads it: its own word when it has one (LIVES_IN, then its vocabulary type's),
    a Chinese type as written, any other type lower-cased with spaces (SWORN_TO → sworn to)."""
    words = _words()
    key = name.strip().upper() if name.isascii() else name.strip()
    if key in words:
        return words[key]
    canonical = relation_type(name)
    if canonical in words:
        return words[canonical]
    return name.replace("_", " ").lower() if name.isascii() else name
