"""The settings library (设定库) for the author: browse by category, look up by exact title, edit, search by
meaning (keyword when the embedder is not loaded), and say which entries define a scale ("use as scale")."""

from __future__ import annotations

import logging
from typing import Sequence

from desktop.book.errors import BookError
from desktop.book.retrieval import rrf
from desktop.tasks.realms import guessed_scales
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

log = logging.getLogger(__name__)

_LISTED = ("id", "title", "category", "updated_at", "settlement_id")


async def setting_entries(session: Session, *, category: str | None = None) -> list[dict]:
    """Current entries by category then title: id, title, category, updated_at, settlement_id, and a preview."""
    rows = await session.run(session.book.archive.settings, category)
    return [{**{key: row[key] for key in _LISTED}, "preview": " ".join(row["body"].split())[:80]} for row in rows]


async def setting_entry(session: Session, title: str) -> dict:
    """One entry by its exact title, with its scales: the confirmed ones if the author confirmed, else the guess."""
    def read() -> dict:
        archive = session.book.archive
        row = archive.setting(title)
        if row is None:
            raise BookError(f"no settings entry titled {title!r} (titles are matched exactly; try search)")
        return _with_scales(row, archive.confirmed_scales())

    return await session.run(read)


async def search_settings(session: Session, query: str, *, k: int = 10, vectors: bool | None = None) -> dict:
    """Entries best first: {"method": "semantic"|"keyword", "hits": [entry + score]}. Semantic (keyword and
    vectors fused) when the embedder is loaded or vectors=True asks to load it; keyword alone otherwise."""
    if not query.strip():
        raise BookError("search needs some words to look for")
    # Loading the embedder takes seconds: a look-up in the window must not wait for it unless asked to.
    use_vectors = vectors if vectors is not None else session.embedder_loaded
    vector = None
    if use_vectors:
        try:
            vector = await session.embed_query(query)
        except Exception as exc:  # the keyword index still answers
            log.warning("semantic settings search unavailable: %s", exc)

    def read() -> dict:
        archive = session.book.archive
        keyword = archive.settings_keyword_search(query, k)
        rankings = [[setting_id for setting_id, _ in keyword]]
        if vector is not None:
            rankings.append([setting_id for setting_id, _ in archive.settings_vector_search(vector, k)])
        hits = []
        for setting_id, score in rrf(rankings)[:k]:
            row = archive.setting_by_id(setting_id)
            if row is not None and row["is_current"]:
                hits.append({**{key: row[key] for key in ("id", "title", "category", "body")},
                             "score": round(score, 4)})
        return {"method": "semantic" if vector is not None else "keyword", "hits": hits}

    return await session.run(read)


async def save_setting(session: Session, title: str, body: str, category: str = "", *,
                       old_title: str | None = None) -> Outcome[dict]:
    """The author's edit as a new version (earlier versions stay); a new title renames the entry, keeping its
    history and confirmed scale. Without old_title, a new entry — or a new version of the one with that title."""
    title, body, category = title.strip(), body.strip(), category.strip()
    if not title:
        raise BookError("a settings entry needs a title")
    if not body:
        raise BookError(f"the entry {title!r} needs some text")

    def write() -> dict:
        archive = session.book.archive
        if old_title is not None and old_title != title:
            if archive.setting(old_title) is None:
                raise BookError(f"no settings entry titled {old_title!r} to rename")
            if archive.setting(title) is not None:
                raise BookError(f"there is already an entry titled {title!r}; choose another title")
            archive.retitle_setting(old_title, title)
        previous = archive.setting(title)
        entities = previous["entities"] if previous else []
        archive.put_setting(title, body, category, entities)
        return _with_scales(archive.setting(title), archive.confirmed_scales())

    return await session.write(write)


async def use_as_scale(session: Session, title: str,
                       scales: Sequence[Sequence[str]] | None = None) -> Outcome[dict]:
    """Confirm the entry's scales (the parser's guess when none are given; [] says it states none): confirmed
    scales are what continuity ranks realms by, whatever the text's wording."""
    def write() -> dict:
        archive = session.book.archive
        row = archive.setting(title)
        if row is None:
            raise BookError(f"no settings entry titled {title!r}")
        chosen = [list(s.levels) for s in guessed_scales(row)] if scales is None else [list(s) for s in scales]
        if scales is None and not chosen:
            raise BookError(f"no scale could be read from {title!r}; give its levels, lowest first")
        if any(len([level for level in scale if str(level).strip()]) < 2 for scale in chosen):
            raise BookError("a scale needs two levels or more, lowest first")
        archive.put_setting_scales(title, chosen)
        return _with_scales(row, archive.confirmed_scales())

    return await session.write(write)


async def clear_scale(session: Session, title: str) -> Outcome[dict]:
    """Forget the confirmed scales of an entry: the guess from its text counts again."""
    def write() -> dict:
        archive = session.book.archive
        row = archive.setting(title)
        if row is None:
            raise BookError(f"no settings entry titled {title!r}")
        archive.clear_setting_scales(title)
        return _with_scales(row, archive.confirmed_scales())

    return await session.write(write)


def _with_scales(row: dict, confirmed: dict[str, list[list[str]]]) -> dict:
    guessed = guessed_scales(row)
    entry = {key: row[key] for key in ("id", "title", "category", "body", "entities", "updated_at", "settlement_id")}
    entry["guessed_scales"] = [scale.as_dict() for scale in guessed]
    entry["scale_confirmed"] = row["title"] in confirmed
    entry["scales"] = (confirmed[row["title"]] if entry["scale_confirmed"]
                       else [list(scale.levels) for scale in guessed])
    return entry
