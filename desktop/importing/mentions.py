"""Which chapters and chunks mention which entities: found at import, and found again whenever the canon's names
change (a settlement that adds an entity or an alias, or its undo), so "chapters where A and B both appear" and
"mentioned in" follow the canon in whatever order the author builds it.

Chunks (SQLite) and MENTIONS links (Kuzu) cannot share a transaction, so each piece of work is a job in the
archive, queued before the change it follows and finished after: a kill leaves it pending, and it is run again.
"""

from __future__ import annotations

from desktop.importing.chunk import EntityMatcher

MENTIONS_JOB = "import-mentions"   # payload {"chapters": [numbers]}: chapters an import is about to change
CANON_JOB = "canon-mentions"       # payload {"names": [...]}: names a settlement adds, changes or (undone) takes away
MIN_NAME = 2                        # as EntityMatcher: a one-character alias would match all over the text

Keys = dict[str, tuple]  # matcher key → (kind, entity id, canonical name)


def entity_matcher(facts) -> tuple[EntityMatcher | None, Keys]:
    """A matcher over every known name and alias; keys map back to (kind, id, name)."""
    if facts is None:
        return None, {}
    keys: Keys = {}
    aliases: dict[str, str] = {}
    for entity in facts.known_names():
        if entity.get("kind") == "Chapter":
            continue
        key = f"{entity['kind']}\x1f{entity['id']}"
        keys[key] = (entity["kind"], entity["id"], entity["name"])
        for alias in [entity["name"], *(entity.get("aliases") or [])]:
            if alias and alias.strip():
                aliases[alias.strip()] = key
    return (EntityMatcher(aliases) if aliases else None), keys


def mentions_by_entity(chunk_ids: list[int], found: list[list[str]], keys: Keys) -> dict[tuple[str, str], list[int]]:
    """(kind, entity id) → the ids of the chunks that mention it, from each chunk's matcher keys."""
    mentions: dict[tuple[str, str], list[int]] = {}
    for chunk_id, keys_found in zip(chunk_ids, found):
        for key in keys_found:
            kind, entity_id, _ = keys[key]
            mentions.setdefault((kind, entity_id), []).append(chunk_id)
    return mentions


def relink_chapter(archive, facts, number: int, matcher: EntityMatcher | None, keys: Keys) -> bool:
    """Find the canon's names in a stored chapter again: its chunks' entity lists and its MENTIONS links.
    False when the chapter is gone."""
    row = archive.chapter_by_number(number)
    if row is None:
        return False
    stored = archive.chunks_of(row["id"])
    found = [matcher.find(chunk["text"]) if matcher else [] for chunk in stored]
    changed = {}
    for chunk, keys_found in zip(stored, found):
        names = [keys[key][2] for key in keys_found]
        if names != list(chunk["entity_list"] or ()):
            changed[chunk["id"]] = names
    archive.set_entity_lists(changed)
    facts.record_mentions(number, row["title"], mentions_by_entity([c["id"] for c in stored], found, keys))
    return True


def relink_interrupted_mentions(archive, facts, *, matcher: EntityMatcher | None = None,
                                keys: Keys | None = None) -> list[int]:
    """Redo the MENTIONS links of chapters whose import was cut off after the chapter was stored."""
    if matcher is None and keys is None:
        matcher, keys = entity_matcher(facts)
    repaired = []
    for job in archive.next_jobs(MENTIONS_JOB, limit=1_000_000):
        for number in job["payload"]["chapters"]:
            if relink_chapter(archive, facts, number, matcher, keys):
                repaired.append(number)
        archive.finish_job(job["id"])
    return repaired


def mark_mentions_pending(archive, numbers: list[int]) -> int | None:
    """Queue one job naming the chapters about to change; it is finished when their mentions are linked."""
    return archive.enqueue_job(MENTIONS_JOB, {"chapters": numbers}) if numbers else None


# -- following the canon ------------------------------------------------------------------


def names_in(doc: dict | None) -> list[str]:
    """The names a settlement document gives to entities and hooks (with aliases): what mentions are made of."""
    names: list[str] = []
    for entity in (doc or {}).get("entities") or ():
        names += [entity.get("name") or "", *(entity.get("aliases") or ())]
    names += [hook.get("name") or "" for hook in (doc or {}).get("hooks") or ()]
    return list(dict.fromkeys(n.strip() for n in names if len(n.strip()) >= MIN_NAME))


def queue_canon_mentions(archive, doc: dict | None) -> int | None:
    """Before a settlement that names entities is applied or undone: a job to find those names in the chapters
    again. Queued first, so a kill between the graphs and the chunks leaves it pending."""
    names = names_in(doc)
    if not names or not archive.chapters():
        return None
    return archive.enqueue_job(CANON_JOB, {"names": names})


def claim_canon_jobs(archive) -> tuple[list[int], list[str]]:
    """Claim every pending canon job: their ids and the names they carry, each once."""
    jobs = archive.next_jobs(CANON_JOB, limit=1_000_000)
    names = list(dict.fromkeys(name for job in jobs for name in job["payload"].get("names") or ()))
    return [job["id"] for job in jobs], names


def chapters_naming(archive, names: list[str]) -> list[int]:
    """Chapters whose text or whose chunks' entity lists hold any of `names` (a name found or a name gone)."""
    wanted = set(names)
    out = []
    for row in archive.chapters():
        for chunk in archive.chunks_of(row["id"]):
            if wanted & set(chunk["entity_list"] or ()) or any(name in chunk["text"] for name in wanted):
                out.append(row["number"])
                break
    return out


def refresh_canon_mentions(archive, facts) -> list[int]:
    """All at once (the import's way, on the store thread): run the pending canon jobs; the chapters relinked."""
    job_ids, names = claim_canon_jobs(archive)
    if not job_ids:
        return []
    matcher, keys = entity_matcher(facts)
    numbers = [n for n in chapters_naming(archive, names) if relink_chapter(archive, facts, n, matcher, keys)]
    for job_id in job_ids:
        archive.finish_job(job_id)
    return numbers
