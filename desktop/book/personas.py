"""Character personas in the settings library: an immutable base and a versioned, revertible evolved persona."""

from __future__ import annotations

from typing import TYPE_CHECKING

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book.errors import BookError

if TYPE_CHECKING:
    from desktop.book.archive import Archive

CATEGORY = "persona"
BASE, EVOLVED = "base", "evolved"


def title_of(name: str, part: str) -> str:
    """The settings title a persona part is kept under: "<name>/base" or "<name>/evolved"."""
    if part not in (BASE, EVOLVED):
        raise ValueError(f"a persona has a {BASE} and an {EVOLVED} part, not {part!r}")
    return f"{name}/{part}"


def persona(archive: "Archive", name: str) -> dict:
    """{"name", "base", "evolved"}: the current text of each part, None where there is none."""
    base, evolved = archive.setting(title_of(name, BASE)), archive.setting(title_of(name, EVOLVED))
    return {"name": name, "base": base["body"] if base else None, "evolved": evolved["body"] if evolved else None}


def names_with_persona(archive: "Archive") -> list[str]:
    """Every name that has a base or an evolved persona."""
    names = []
    for row in archive.settings(CATEGORY):
        name, _, part = row["title"].rpartition("/")
        if name and part in (BASE, EVOLVED) and name not in names:
            names.append(name)
    return names


def history(archive: "Archive", name: str, part: str = EVOLVED) -> list[dict]:
    """Every version of one part, oldest first: {"version" (from 1), "id", "body", "created_at", "current"}."""
    s = tables.settings.c
    select = (sa.select(s.id, s.body, s.created_at, s.is_current)
              .where(s.title == title_of(name, part)).order_by(s.id))
    with archive.engine.connect() as conn:
        rows = conn.execute(select).all()
    return [{"version": index, "id": row.id, "body": row.body, "created_at": row.created_at,
             "current": bool(row.is_current)} for index, row in enumerate(rows, start=1)]


def set_base(archive: "Archive", name: str, text: str) -> int:
    """Give a character its base persona, once: the core never changes afterwards (the evolved part does)."""
    text = text.strip()
    if not text:
        raise BookError(f"the base persona of {name} cannot be empty")
    if archive.setting(title_of(name, BASE)) is not None:
        raise BookError(f"{name} already has a base persona; it is the fixed core — change the evolved persona instead")
    return archive.put_setting(title_of(name, BASE), text, CATEGORY, [name])


def put_evolved(archive: "Archive", name: str, text: str) -> int:
    """A new current version of the evolved persona; earlier versions stay in its history."""
    text = text.strip()
    if not text:
        raise BookError(f"the evolved persona of {name} cannot be empty")
    return archive.put_setting(title_of(name, EVOLVED), text, CATEGORY, [name])


def revert(archive: "Archive", name: str, version: int) -> dict:
    """Make an earlier version current again, as a new version: a revert is itself in the history and revertible."""
    versions = history(archive, name, EVOLVED)
    if not versions:
        raise BookError(f"{name} has no evolved persona to revert")
    chosen = next((v for v in versions if v["version"] == version), None)
    if chosen is None:
        raise BookError(f"{name}'s evolved persona has versions 1–{len(versions)}, not {version}")
    put_evolved(archive, name, chosen["body"])
    return history(archive, name, EVOLVED)[-1]
