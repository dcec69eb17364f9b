"""Chapter numbers for an import: headings where they hold, the numbers a re-import had before, volumes in order,
and what each chapter is to the book (new, unchanged, updated, conflict)."""

from __future__ import annotations

from pathlib import Path

from desktop.importing.reading import CONFLICT, NEW, UPDATED, FileResult, Planned, status_against


def assign_numbers(files: list[FileResult], existing: dict[int, dict], *, append: bool = False) -> list[str]:
    """Number every chapter of `files` (in order) and set its status against `existing` (number → chapter row).

    * A chapter this same file brought before (same heading) lands on the number it had: importing
      again finds the same chapters, even where they were moved by an earlier append.
    * A file whose heading numbers start again over an earlier file of this import (volume files,
      each from 第一章) follows the files before it, in order.
    * Numbers invented here never take a number the book holds for another file's chapter.
    * With `append`, a file that would replace or update any chapter goes, whole and in order, after the
      book's last chapter instead.
    """
    warnings: list[str] = []
    used: set[int] = set()
    earlier: dict[tuple[str, str], list[int]] = {}
    for number, row in sorted(existing.items()):
        earlier.setdefault((row.get("source_path") or "", row.get("heading") or ""), []).append(number)
    sources = {file.source for file in files}
    # Chapters other files put in the book are never displaced by a number invented here.
    book_highest = max((n for n, row in existing.items() if row.get("source_path") not in sources), default=0)
    for file in files:
        warnings += _number_file(file, used, existing, earlier, book_highest)
    extras = [item for file in files for item in file.chapters if item.number is None]
    for item in extras:  # 番外, 后记: after everything else
        item.number = _next_free(max(used | {book_highest}) + 1, used, existing, item.source)
    for item in _items(files):
        item.status = status_against(item, existing.get(item.number))
    if append:
        warnings += _append_clashing(files, existing)
    return warnings


def _number_file(file: FileResult, used: set[int], existing: dict[int, dict],
                 earlier: dict[tuple[str, str], list[int]], book_highest: int) -> list[str]:
    taken_before = set(used)
    for item in file.chapters:
        for number in earlier.get((item.source, item.chapter.heading), ()):
            if number not in used:
                item.number = number
                used.add(number)
                break
    waiting = [item for item in file.chapters if item.number is None]
    restarts = [item for item in waiting if _heading_number(item) in taken_before]
    if restarts:
        return _follow_earlier_files(file, waiting, used, existing, book_highest)
    warnings = []
    for item in waiting:
        number = _heading_number(item)
        if number is not None and number not in used:
            item.number = number
            used.add(number)
        elif item.chapter.kind == "prologue" and 0 not in used:
            item.number = 0
            used.add(0)
    highest = book_highest
    for item in file.chapters:
        if item.number is not None:
            highest = max(highest, item.number)
        elif item.chapter.kind != "extra":
            item.number = _next_free(max(highest, book_highest) + 1, used, existing, item.source)
            highest = item.number
            if item.chapter.number is not None:
                warnings.append(f"{file.path.name}: 「{item.chapter.heading}」 is chapter {item.chapter.number} "
                                f"elsewhere in this import; imported as chapter {item.number}")
    return warnings


def _follow_earlier_files(file: FileResult, waiting: list[Planned], used: set[int], existing: dict[int, dict],
                          book_highest: int) -> list[str]:
    """The file numbers its chapters again from the start: they follow the files before it, in order."""
    number = max(used | {book_highest})
    for item in waiting:
        if item.chapter.kind == "extra":
            continue
        number = _next_free(number + 1, used, existing, item.source)
        item.number = number
    moved = [item for item in waiting if item.number is not None]
    if len(moved) == 1:
        item = moved[0]
        return [f"{file.path.name}: 「{item.chapter.heading}」 is chapter {item.chapter.number} elsewhere in this "
                f"import; imported as chapter {item.number}"]
    return [f"{file.path.name} numbers its chapters again from the start; imported as chapters "
            f"{_spans([i.number for i in moved])}, after the files before it"] if moved else []


def _append_clashing(files: list[FileResult], existing: dict[int, dict]) -> list[str]:
    moving = [file for file in files if any(item.status in (UPDATED, CONFLICT) for item in file.chapters)]
    if not moving:
        return []
    staying = {item.number for file in files if file not in moving for item in file.chapters}
    last = max(set(existing) | staying, default=0)
    warnings = []
    for file in moving:
        for item in file.chapters:
            last += 1
            item.number, item.status = last, NEW
        file.appended = True
        warnings.append(f"{file.path.name}: appended as chapters {_spans([i.number for i in file.chapters])}")
    return warnings


def _heading_number(item: Planned) -> int | None:
    chapter = item.chapter
    return chapter.number if chapter.kind == "chapter" else None


def _next_free(number: int, used: set[int], existing: dict[int, dict], source: str) -> int:
    while number in used or (number in existing and existing[number].get("source_path") != source):
        number += 1
    used.add(number)
    return number


def _items(files: list[FileResult]) -> list[Planned]:
    return [item for file in files for item in file.chapters]


def clashes(files: list[FileResult], existing: dict[int, dict]) -> list[dict]:
    """The chapters this import would replace: another source's text (conflict) or this file's older text (updated)."""
    out = []
    for item in _items(files):
        if item.status in (CONFLICT, UPDATED):
            row = existing[item.number]
            out.append({"number": item.number, "status": item.status, "existing_title": row.get("title"),
                        "existing_source": row.get("source_path"),
                        "new_title": item.chapter.title, "new_source": item.source})
    return out


def clash_message(found: list[dict]) -> str:
    """One line naming the clashing chapters: "chapters 1–120 already hold other text (from 红楼梦.txt); …"."""
    parts = []
    by_source: dict[tuple[str, str], list[int]] = {}
    for clash in found:
        key = (clash["status"], clash["existing_source"] or "")
        by_source.setdefault(key, []).append(clash["number"])
    for (status, source), numbers in by_source.items():
        name = Path(source).name if source else "an earlier import"
        noun = "chapter" if len(numbers) == 1 else "chapters"
        if status == CONFLICT:
            parts.append(f"{noun} {_spans(numbers)} already hold{'s' if len(numbers) == 1 else ''} other text "
                         f"(from {name})")
        else:
            parts.append(f"{noun} {_spans(numbers)} of {name} changed since {name} was imported")
    return "; ".join(parts) + "; use --replace or --append"


def _spans(numbers: list[int]) -> str:
    """1, 2, 3, 5 → "1–3, 5"."""
    numbers = sorted(set(numbers))
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in spans)


def gone_from_files(files: list[FileResult], existing: dict[int, dict]) -> list[str]:
    """Chapters the book has from these files that the files no longer hold (files appended anew aside)."""
    imported = {item.number for item in _items(files)}
    sources = {file.source for file in files if not file.appended}
    gone = [row for number, row in sorted(existing.items())
            if number not in imported and row.get("source_path") in sources]
    return [f"chapter {row['number']} 「{row.get('title')}」 came from {Path(row['source_path']).name} "
            "but is no longer in it; it stays in the book" for row in gone]
