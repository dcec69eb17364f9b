"""Imports manuscript files into a book: read, split, number, chunk, store chapters and link mentions."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from pathlib import Path

from desktop.importing.chunk import EntityMatcher, chunk_text
from desktop.importing.decode import ImportFileError
from desktop.importing.formats import collect_files, read_document
from desktop.importing.split import CN_NUMERAL_CHARS, ChapterText, chinese_to_int, parse_heading, split_chapters
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress


@dataclass
class ImportReport:
    chapters: int = 0          # chapters imported (written or already there unchanged)
    chunks: int = 0            # chunks of those chapters
    characters: int = 0        # characters of their text
    files: list[dict] = field(default_factory=list)    # {"path", "chapters", "encoding"}
    errors: list[dict] = field(default_factory=list)   # {"path", "error"}
    warnings: list[str] = field(default_factory=list)
    unchanged: int = 0         # chapters whose text the book already had
    written: list[int] = field(default_factory=list)   # numbers of chapters stored new or replaced
    cancelled: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


MENTIONS_JOB = "import-mentions"


@dataclass
class _Planned:
    """One chapter of one file, on its way into the book."""
    chapter: ChapterText
    source: str
    number: int | None = None


@dataclass
class _FileResult:
    path: Path
    encoding: str
    chapters: list[_Planned]


def import_paths(archive, facts, paths: list[Path], *, chunk_chars: int = 600, queue_job: str | None = None,
                 progress: ProgressCallback = no_progress, cancel: CancelToken | None = None) -> ImportReport:
    """Imports files and folders; a bad file becomes one entry in `errors` and the rest still imports.

    `archive` is the book's Archive, `facts` its FactGraph (or None to skip entity mentions).
    Each chapter is written in its own transaction, together with a `queue_job` job for it (payload
    {"chapter": number}), so an import cut off anywhere leaves no stored chapter unqueued.
    Cancelling stops between chapters.
    Chunks are stored un-embedded: the engine's embedding worker picks them up.
    """
    report = ImportReport()
    files = _read_files(collect_files([Path(p) for p in paths]), report)
    planned = [item for file in files for item in file.chapters]
    existing = {row["number"]: row for row in archive.chapters()}
    report.warnings.extend(_assign_numbers(planned, existing))
    matcher, keys = _entity_matcher(facts)
    job = None
    if facts is not None:
        relink_interrupted_mentions(archive, facts, matcher=matcher, keys=keys)
        job = _mark_mentions_pending(archive, planned, existing)
    progress(Progress("import", 0, len(planned)))
    for done, item in enumerate(planned):
        if cancel is not None and cancel.cancelled:
            report.cancelled = True
            break
        _import_chapter(archive, facts, item, existing.get(item.number), matcher, keys, chunk_chars, report,
                        queue_job)
        progress(Progress("import", done + 1, len(planned)))
    if job is not None:
        archive.finish_job(job)
    if not report.cancelled:
        report.warnings.extend(_chapters_gone_from_files(files, planned, existing))
    for file in files:
        report.files.append({"path": str(file.path), "chapters": len(file.chapters), "encoding": file.encoding})
    return report


def _read_files(paths: list[Path], report: ImportReport) -> list[_FileResult]:
    results = []
    for path in paths:
        try:
            results.append(_read_file(path, report.warnings))
        except ImportFileError as error:
            report.errors.append({"path": str(path), "error": error.message})
        except Exception as error:  # a parser bug on one odd file must not sink the whole batch
            report.errors.append({"path": str(path), "error": f"could not read ({type(error).__name__}: {error})"})
    return results


def _read_file(path: Path, warnings: list[str]) -> _FileResult:
    document = read_document(path)
    split = split_chapters(document.text, default_title=path.stem, markdown=document.markdown)
    warnings.extend(f"{path.name}: {warning}" for warning in split.warnings)
    if not split.chapters:
        raise ImportFileError(path, "no chapter text found")
    chapters = split.chapters
    if len(chapters) == 1 and not chapters[0].heading:
        chapters = [_chapter_named_by_file(chapters[0], path)]
    source = str(path.resolve())
    return _FileResult(path, document.encoding, [_Planned(chapter, source) for chapter in chapters])


_FILE_NUMBER_PATTERNS = (
    re.compile(rf"第\s*([0-9{CN_NUMERAL_CHARS}]+)"),
    re.compile(r"(?:^|[^a-z])(?:ch|chap|chapter)[\s_\-.]*(\d+)", re.I),
    re.compile(r"^(\d+)(?:$|[\s_\-.])"),
)


def _chapter_named_by_file(chapter: ChapterText, path: Path) -> ChapterText:
    """A file without headings takes its number (and title) from its name: ch2.txt, 第3章 风起.docx."""
    heading = parse_heading(path.stem)
    if heading is not None and heading.kind != "volume":
        return ChapterText(heading.number, heading.title or path.stem, path.stem, chapter.volume,
                           chapter.text, heading.kind)
    for pattern in _FILE_NUMBER_PATTERNS:
        if match := pattern.search(path.stem):
            number = chinese_to_int(match[1])
            if number is not None:
                return ChapterText(number, path.stem, "", chapter.volume, chapter.text, "chapter")
    return chapter


# ---------------------------------------------------------------- numbering


def _assign_numbers(planned: list[_Planned], existing: dict[int, dict]) -> list[str]:
    """Heading numbers where they do not clash within this import; prologue 0; the rest after them.

    Numbers invented here reuse the number this same chapter got at its last import (same file,
    same heading), so importing again lands on the same chapters, and never take a number that
    the book holds for a chapter from another file.
    """
    warnings: list[str] = []
    used: set[int] = set()
    earlier: dict[tuple[str, str], list[int]] = {}
    for number, row in sorted(existing.items()):
        earlier.setdefault((row.get("source_path") or "", row.get("heading") or ""), []).append(number)
    for item in planned:
        chapter = item.chapter
        if chapter.kind == "chapter" and chapter.number is not None and chapter.number not in used:
            item.number = chapter.number
            used.add(chapter.number)
    for item in planned:
        if item.chapter.kind == "prologue" and 0 not in used:
            item.number = 0
            used.add(0)
    sources = {item.source for item in planned}
    # Chapters other files put in the book are never displaced by a number invented here.
    book_highest = max((n for n, row in existing.items() if row.get("source_path") not in sources), default=0)
    highest = 0
    for item in planned:
        if item.number is not None:
            highest = max(highest, item.number)
        elif item.chapter.kind != "extra":
            item.number = _free_number(item, max(highest, book_highest), used, existing, earlier)
            highest = max(highest, item.number)
            warnings.append(_renumbered(item))
    for item in planned:
        if item.number is None:
            item.number = _free_number(item, max(used | {book_highest}), used, existing, earlier)
    for item in planned:
        row = existing.get(item.number)
        if row is not None and row.get("source_path") not in (None, "", item.source):
            warnings.append(f"chapter {item.number} 「{row.get('title')}」 from {Path(row['source_path']).name} "
                            f"is replaced by 「{item.chapter.heading or item.chapter.title}」 "
                            f"from {Path(item.source).name}")
    return [w for w in warnings if w]


def _free_number(item: _Planned, highest: int, used: set[int], existing: dict[int, dict],
                 earlier: dict[tuple[str, str], list[int]]) -> int:
    for number in earlier.get((item.source, item.chapter.heading), ()):
        if number not in used:
            used.add(number)
            return number
    number = highest + 1
    while number in used or (number in existing and existing[number].get("source_path") != item.source):
        number += 1
    used.add(number)
    return number


def _renumbered(item: _Planned) -> str:
    chapter = item.chapter
    if chapter.number is None:
        return ""
    return (f"{Path(item.source).name}: 「{chapter.heading}」 is chapter {chapter.number} elsewhere in this import; "
            f"imported as chapter {item.number}")


def _chapters_gone_from_files(files: list[_FileResult], planned: list[_Planned],
                              existing: dict[int, dict]) -> list[str]:
    imported = {item.number for item in planned}
    sources = {str(file.path.resolve()) for file in files}
    gone = [row for number, row in sorted(existing.items())
            if number not in imported and row.get("source_path") in sources]
    return [f"chapter {row['number']} 「{row.get('title')}」 came from {Path(row['source_path']).name} "
            "but is no longer in it; it stays in the book" for row in gone]


# ---------------------------------------------------------------- one chapter


def content_hash(chapter: ChapterText) -> str:
    """sha256 over the heading and text, blind to trailing spaces and Unicode composition."""
    normalised = "\n".join(line.rstrip() for line in unicodedata.normalize("NFC", chapter.text).split("\n"))
    material = "\x1f".join((chapter.volume or "", chapter.heading, chapter.title, normalised.strip()))
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def _import_chapter(archive, facts, item: _Planned, previous: dict | None, matcher: EntityMatcher | None,
                    keys: dict[str, tuple], chunk_chars: int, report: ImportReport, queue_job: str | None) -> None:
    chapter = item.chapter
    digest = content_hash(chapter)
    chunks = chunk_text(chapter.text, size=chunk_chars)
    report.chapters += 1
    report.chunks += len(chunks)
    report.characters += len(chapter.text)
    if previous is not None and previous.get("content_hash") == digest:
        report.unchanged += 1  # cheap path: no chunk rows, no entity scan, no graph write
        return
    found = [matcher.find(chunk.text) if matcher else [] for chunk in chunks]
    rows = [{"seq": c.seq, "text": c.text, "start": c.start, "end": c.end,
             "entity_list": [keys[key][2] for key in keys_found]} for c, keys_found in zip(chunks, found)]
    chapter_id, changed = archive.replace_chapter(
        item.number, chapter.title, chapter.text, volume=chapter.volume, heading=chapter.heading,
        source_path=item.source, content_hash=digest, chunks=rows,
        then_queue=(queue_job, {"chapter": item.number}, f"{queue_job}:{item.number}") if queue_job else None)
    if changed:
        report.written.append(item.number)
        if facts is not None:
            facts.record_mentions(item.number, chapter.title, _mentions(archive, chapter_id, found, keys))
    else:
        report.unchanged += 1


def relink_interrupted_mentions(archive, facts, *, matcher: EntityMatcher | None = None,
                                keys: dict[str, tuple] | None = None) -> list[int]:
    """Redo the MENTIONS links of chapters whose import was cut off after the chapter was stored."""
    if matcher is None and keys is None:
        matcher, keys = _entity_matcher(facts)
    repaired = []
    for job in archive.next_jobs(MENTIONS_JOB, limit=1_000_000):
        for number in job["payload"]["chapters"]:
            row = archive.chapter_by_number(number)
            if row is not None:
                stored = archive.chunks_of(row["id"])
                found = [matcher.find(chunk["text"]) if matcher else [] for chunk in stored]
                facts.record_mentions(number, row["title"], _mentions(archive, row["id"], found, keys))
                repaired.append(number)
        archive.finish_job(job["id"])
    return repaired


def _mark_mentions_pending(archive, planned: list[_Planned], existing: dict[int, dict]) -> int | None:
    """Queue one job naming the chapters about to change; it is finished when their mentions are linked.

    A chapter (SQLite) and its mentions (Kuzu) cannot share a transaction: if the import dies
    between the two, the job is still pending and the next import relinks those chapters.
    """
    changing = [item.number for item in planned
                if (existing.get(item.number) or {}).get("content_hash") != content_hash(item.chapter)]
    return archive.enqueue_job(MENTIONS_JOB, {"chapters": changing}) if changing else None


def _mentions(archive, chapter_id: int, found: list[list[str]],
              keys: dict[str, tuple]) -> dict[tuple[str, str], list[int]]:
    ids_by_seq = {row["seq"]: row["id"] for row in archive.chunks_of(chapter_id)}
    mentions: dict[tuple[str, str], list[int]] = {}
    for seq, keys_found in enumerate(found):
        for key in keys_found:
            kind, entity_id, _ = keys[key]
            mentions.setdefault((kind, entity_id), []).append(ids_by_seq[seq])
    return mentions


def _entity_matcher(facts) -> tuple[EntityMatcher | None, dict[str, tuple]]:
    """A matcher over every known name and alias; keys map back to (kind, id, name)."""
    if facts is None:
        return None, {}
    keys: dict[str, tuple] = {}
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
