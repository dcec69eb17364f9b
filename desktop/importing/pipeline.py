"""Imports manuscript files into a book: read, split, number, check for clashes, chunk, store chapters, link mentions."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from desktop.book.errors import BookError
from desktop.importing.chunk import EntityMatcher, chunk_text
from desktop.importing.formats import collect_files
from desktop.importing.mentions import (MENTIONS_JOB, Keys, entity_matcher, mark_mentions_pending,
                                        mentions_by_entity, refresh_canon_mentions, relink_interrupted_mentions)
from desktop.importing.numbering import assign_numbers, clash_message, clashes, gone_from_files
from desktop.importing.reading import UNCHANGED, FileResult, Planned, content_hash, read_files
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress

__all__ = ["ImportConflictError", "ImportReport", "MENTIONS_JOB", "ON_CONFLICT", "content_hash", "import_paths",
           "relink_interrupted_mentions"]

ON_CONFLICT = ("refuse", "replace", "append")


@dataclass
class ImportReport:
    chapters: int = 0          # chapters imported (written or already there unchanged)
    chunks: int = 0            # chunks of those chapters
    characters: int = 0        # characters of their text
    files: list[dict] = field(default_factory=list)    # {"path", "chapters", "encoding", "dropped", "suspects", …}
    errors: list[dict] = field(default_factory=list)   # {"path", "error"}
    warnings: list[str] = field(default_factory=list)
    unchanged: int = 0         # chapters whose text the book already had
    written: list[int] = field(default_factory=list)   # numbers of chapters stored new or replaced
    cancelled: bool = False
    replaced: list[dict] = field(default_factory=list)  # {"number", "old_title", "new_title", "old_source"}
    snapshot: str | None = None  # the snapshot taken before anything was replaced

    def as_dict(self) -> dict:
        return asdict(self)


class ImportConflictError(BookError):
    """The import would replace chapters holding other text; nothing was written. `conflicts` lists them."""

    def __init__(self, conflicts: list[dict]):
        self.conflicts = conflicts
        super().__init__(clash_message(conflicts))


def import_paths(archive, facts, paths: list[Path], *, chunk_chars: int = 600, queue_job: str | None = None,
                 on_conflict: str = "refuse", heading_pattern: str | None = None,
                 heading_lines: tuple[str, ...] = (), before_replace: Callable[[], str | None] | None = None,
                 progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> ImportReport:
    """Imports files and folders; a bad file becomes one entry in `errors` and the rest still imports.

    `archive` is the book's Archive, `facts` its FactGraph (or None to skip entity mentions).
    Chapters whose numbers hold other text (another file's, or this file's before the author edited it)
    are never replaced silently: `on_conflict` "refuse" raises ImportConflictError before anything is
    written; "replace" calls `before_replace` (the snapshot; its name is reported) and replaces them;
    "append" numbers such a file's chapters after the book's last chapter instead.
    `heading_pattern` / `heading_lines` are the author's heading rule, as the preview showed it.
    Each chapter is written in its own transaction, together with a `queue_job` job for it (payload
    {"chapter": number}), so an import cut off anywhere leaves no stored chapter unqueued.
    Cancelling stops between chapters.
    Chunks are stored un-embedded: the engine's embedding worker picks them up.
    """
    if on_conflict not in ON_CONFLICT:
        raise ValueError(f"on_conflict must be one of {', '.join(ON_CONFLICT)}, not {on_conflict!r}")
    report = ImportReport()
    read = read_files(collect_files([Path(p) for p in paths]), heading_pattern=heading_pattern,
                      heading_lines=tuple(heading_lines))
    files = [file for file in read if file.error is None]
    report.errors = [{"path": str(file.path), "error": file.error} for file in read if file.error is not None]
    for file in files:
        report.warnings.extend(f"{file.path.name}: {warning}" for warning in file.warnings)
    existing = {row["number"]: row for row in archive.chapters()}
    report.warnings.extend(assign_numbers(files, existing, append=on_conflict == "append"))
    clashing = clashes(files, existing)
    if clashing and on_conflict == "refuse":
        raise ImportConflictError(clashing)
    if clashing:
        report.snapshot = before_replace() if before_replace is not None else None
        report.replaced = [{"number": c["number"], "old_title": c["existing_title"], "new_title": c["new_title"],
                            "old_source": c["existing_source"], "status": c["status"]} for c in clashing]
    planned = [item for file in files for item in file.chapters]
    matcher, keys = entity_matcher(facts)
    job = None
    if facts is not None:
        relink_interrupted_mentions(archive, facts, matcher=matcher, keys=keys)
        refresh_canon_mentions(archive, facts)  # a settlement's names a kill left unfound
        job = mark_mentions_pending(archive, [item.number for item in planned if item.status != UNCHANGED])
    progress(Progress("import", 0, len(planned)))
    for done, item in enumerate(planned):
        if cancel is not None and cancel.cancelled:
            report.cancelled = True
            break
        _import_chapter(archive, facts, item, matcher, keys, chunk_chars, report, queue_job)
        progress(Progress("import", done + 1, len(planned)))
    if job is not None:
        archive.finish_job(job)
    if not report.cancelled:
        report.warnings.extend(gone_from_files(files, existing))
    report.files = [_file_entry(file) for file in files]
    return report


def _file_entry(file: FileResult) -> dict:
    return {"path": str(file.path), "chapters": len(file.chapters), "encoding": file.encoding,
            "dropped": file.dropped, "suspects": file.suspects, "unwrapped": file.unwrapped}


# ---------------------------------------------------------------- one chapter


def _import_chapter(archive, facts, item: Planned, matcher: EntityMatcher | None, keys: Keys, chunk_chars: int,
                    report: ImportReport, queue_job: str | None) -> None:
    chapter = item.chapter
    chunks = chunk_text(chapter.text, size=chunk_chars)
    report.chapters += 1
    report.chunks += len(chunks)
    report.characters += len(chapter.text)
    if item.status == UNCHANGED:
        report.unchanged += 1  # cheap path: no chunk rows, no entity scan, no graph write
        return
    found = [matcher.find(chunk.text) if matcher else [] for chunk in chunks]
    rows = [{"seq": c.seq, "text": c.text, "start": c.start, "end": c.end,
             "entity_list": [keys[key][2] for key in keys_found]} for c, keys_found in zip(chunks, found)]
    # The job carries the text's hash: extraction later knows which text a proposal was read from.
    job = (queue_job, {"chapter": item.number, "content_hash": item.digest}, f"{queue_job}:{item.number}")
    chapter_id, changed = archive.replace_chapter(
        item.number, chapter.title, chapter.text, volume=chapter.volume, heading=chapter.heading,
        source_path=item.source, content_hash=item.digest, chunks=rows, then_queue=job if queue_job else None)
    if changed:
        report.written.append(item.number)
        if facts is not None:
            ids_by_seq = {row["seq"]: row["id"] for row in archive.chunks_of(chapter_id)}
            chunk_ids = [ids_by_seq[c.seq] for c in chunks]
            facts.record_mentions(item.number, chapter.title, mentions_by_entity(chunk_ids, found, keys))
    else:
        report.unchanged += 1
