"""The import preview (a dry run): what importing these files would do to the book, with nothing written."""

from __future__ import annotations

from pathlib import Path

from desktop.importing.formats import collect_files
from desktop.importing.numbering import assign_numbers, clashes
from desktop.importing.reading import CONFLICT, NEW, UNCHANGED, UPDATED, FileResult, read_files

STATUSES = (NEW, UNCHANGED, UPDATED, CONFLICT)


def preview_import(archive, paths: list[Path], *, heading_pattern: str | None = None,
                   heading_lines: tuple[str, ...] = (), on_conflict: str = "refuse") -> dict:
    """The chapters each file would give (number, title, length, and what each is to the book: new,
    unchanged, updated or conflict), what the splitter drops or doubts, and the clashes to decide on.

    Numbers are the ones import_paths would use with the same heading rule; with `on_conflict`
    "append", the numbers an append would give. Reads only.
    """
    read = read_files(collect_files([Path(p) for p in paths]), heading_pattern=heading_pattern,
                      heading_lines=tuple(heading_lines))
    existing = {row["number"]: row for row in archive.chapters()}
    files = [file for file in read if file.error is None]
    warnings = assign_numbers(files, existing, append=on_conflict == "append")
    found = clashes(files, existing)
    totals = {"chapters": 0, "chars": 0, **dict.fromkeys(STATUSES, 0)}
    for file in files:
        for item in file.chapters:
            totals["chapters"] += 1
            totals["chars"] += len(item.chapter.text)
            totals[item.status] += 1
    conflicts = [{"number": c["number"], "status": c["status"], "existing_title": c["existing_title"],
                  "existing_source": c["existing_source"], "new_title": c["new_title"], "new_source": c["new_source"]}
                 for c in found]
    return {"files": [_file(file, warnings) for file in read], "conflicts": conflicts, "totals": totals}


def _file(file: FileResult, numbering_warnings: list[str]) -> dict:
    name = file.path.name
    mine = [w for w in numbering_warnings if w.startswith(name)]
    return {
        "path": str(file.path),
        "encoding": file.encoding,
        "chapters": [{"number": item.number, "title": item.chapter.title, "heading": item.chapter.heading,
                      "volume": item.chapter.volume, "chars": len(item.chapter.text), "status": item.status}
                     for item in file.chapters],
        "dropped": file.dropped,
        "suspects": file.suspects,
        "unwrapped": file.unwrapped,
        "warnings": [*file.warnings, *mine],
        "error": file.error,
    }
