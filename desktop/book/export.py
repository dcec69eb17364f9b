"""Export a book as a story bible people can read and the settlement documents that rebuild it; apply such a folder."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from desktop import __version__
from desktop.book.errors import BookError, DocumentError
from desktop.book.files import write_new

if TYPE_CHECKING:
    from desktop.book.book import Book

BIBLE_FILE = "bible.md"
SETTLEMENTS_DIR = "settlements"
EXPORT_MANIFEST = "export.json"  # what the export holds, with checksums: a partial copy is refused by apply
KIND_HEADINGS = {"Character": "Characters", "Location": "Locations", "Item": "Items", "Faction": "Factions",
                 "Ability": "Abilities"}
# Intraword underscores (MEMBER_OF) are not emphasis in CommonMark, so they stay as typed.
_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*[]<>|#"})


def export_book(book: "Book", out_dir: Path | str) -> dict:
    """Write out_dir/bible.md, out_dir/settlements/0001.json … and out_dir/export.json; what was written, counted.

    Everything is written into a new folder beside out_dir and renamed into place last, so out_dir is a
    whole export or untouched. out_dir must be new, empty or an earlier export of ours: the author's
    own files are never overwritten, and a link is never followed.
    """
    out_dir = Path(out_dir)
    old = _replaces_earlier_export(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.exporting-", dir=out_dir.parent))
    try:
        documents = _write_settlements(book, work / SETTLEMENTS_DIR)
        bible = Bible(book)
        write_new(work / BIBLE_FILE, bible.render().encode("utf-8"))
        counts = {"settlements": documents, **bible.counts}
        write_new(work / EXPORT_MANIFEST, json.dumps(
            {"inkstone_export": 1, "inkstone": __version__, "title": book.meta.title, "counts": counts,
             "exported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
             "files": {name: _sha256(work / name) for name in _listed(work)}},
            ensure_ascii=False, indent=2).encode("utf-8"))
        _move_into_place(work, out_dir, replacing=old)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return {"bible": str(out_dir / BIBLE_FILE), "settlements_dir": str(out_dir / SETTLEMENTS_DIR), **counts}


def _replaces_earlier_export(out_dir: Path) -> bool:
    """Whether out_dir holds an earlier export to replace; a BookError when it may not be written into."""
    if out_dir.is_symlink():
        raise BookError(f"{out_dir} is a link; export into a real folder (nothing was written)")
    if not out_dir.exists():
        return False
    if not out_dir.is_dir():
        raise BookError(f"{out_dir} is a file; export into a new or empty folder (nothing was written)")
    if not any(out_dir.iterdir()):
        return False
    manifest = _export_manifest(out_dir)
    if manifest is None:
        raise BookError(f"{out_dir} already holds other files; export into a new or empty folder, "
                        "or into an earlier Inkstone export to replace it (nothing was written)")
    foreign = [name for name in _listed(out_dir) if name not in manifest["files"]
               and not re.fullmatch(rf"{SETTLEMENTS_DIR}/[0-9]+\.json", name)]
    if foreign or _links(out_dir):
        raise BookError(f"{out_dir} is an earlier export, but holds files it did not write "
                        f"({', '.join((foreign + _links(out_dir))[:5])}); move them out or export into a new "
                        "folder (nothing was written)")
    return True


def verify_export(root: Path) -> tuple[list[str], list[str]]:
    """(problems, warnings) of an export folder against its manifest: a missing document is a problem (the export
    is partial), a changed or added one a warning (the author may have edited it)."""
    manifest = _export_manifest(root) or {"files": {}, "counts": {}}
    listed = {name: digest for name, digest in manifest["files"].items() if name.startswith(SETTLEMENTS_DIR + "/")}
    present = {name for name in _listed(root) if name.startswith(SETTLEMENTS_DIR + "/")}
    problems = [f"{name} is missing" for name in sorted(listed) if name not in present]
    expected = manifest["counts"].get("settlements")
    if expected is not None and len(listed) != expected:
        problems.append(f"the manifest lists {len(listed)} of its {expected} documents")
    warnings = [f"{name} differs from the one exported" for name in sorted(listed)
                if name in present and _sha256(root / name) != listed[name]]
    warnings += [f"{name} was not in the export" for name in sorted(present - set(listed))]
    return problems, warnings


def apply_folder(book: "Book", folder: Path | str, *, before_first: Callable[[], Any] | None = None) -> dict:
    """Apply every *.json in `folder` in name order; documents this book already took from there are skipped.

    `before_first` (the snapshot before applying) runs once, after the first document to apply passed its checks.

    All files are read first, so an unreadable one stops the run before anything is applied.
    A document the book refuses stops the run there; the ones before it stay applied and a
    second run picks up where this one stopped.
    """
    folder = Path(folder)
    if (folder / EXPORT_MANIFEST).is_file():  # an export's own folder: its documents are in settlements/
        folder = folder / SETTLEMENTS_DIR
    if not folder.is_dir():
        raise BookError(f"{folder} is not a folder of settlement documents")
    warnings = _check_export(folder)
    files = sorted(p for p in folder.glob("*.json") if p.is_file())
    if not files:
        raise BookError(f"{folder} holds no *.json settlement documents")
    loaded = [(path, _read_document(path)) for path in files]
    done_sources = {entry["source"] for entry in book.journal.entries(("applied",))}
    applied, skipped = [], []
    for index, (path, doc) in enumerate(loaded):
        source = f"folder:{path.name}:{_fingerprint(doc)}"
        if source in done_sources:
            skipped.append(path.name)
            continue
        try:
            if before_first is not None:
                book.journal.check(copy.deepcopy(doc))  # a refused document takes no snapshot
                before_first()
                before_first = None
            result = book.journal.apply(doc, source=source)
        except DocumentError as exc:
            raise DocumentError([f"{path.name}: {problem}" for problem in exc.problems]
                                + [f"{len(applied)} document(s) before it were applied; "
                                   "fix it and apply the folder again"]) from exc
        except BookError as exc:
            raise BookError(f"{path.name}: {exc} ({len(applied)} document(s) before it were applied)") from exc
        applied.append({"file": path.name, "settlement_id": result.settlement_id, "applied": result.applied})
    return {"folder": str(folder), "applied": applied, "skipped": skipped, "warnings": warnings}


def _check_export(folder: Path) -> list[str]:
    """Refuse the documents of a partial export (a copy cut short would rebuild half a story); warnings else."""
    root = folder.parent
    if folder.name != SETTLEMENTS_DIR or not (root / EXPORT_MANIFEST).is_file():
        if folder.name == SETTLEMENTS_DIR and (root / BIBLE_FILE).is_file():
            return [f"{root} has no {EXPORT_MANIFEST} (an export by an older Inkstone?): whether it is whole "
                    "cannot be checked"]
        return []
    problems, warnings = verify_export(root)
    if problems:
        raise BookError(f"{root} is an incomplete export ({'; '.join(problems[:5])}); nothing was applied — "
                        "export the book again, or copy the whole folder")
    return warnings


def _write_settlements(book: "Book", folder: Path) -> int:
    folder.mkdir()
    entries = book.journal.entries(("applied",))
    width = max(4, len(str(len(entries))))
    for number, entry in enumerate(entries, start=1):
        text = json.dumps(entry["document"], ensure_ascii=False, indent=2) + "\n"
        write_new(folder / f"{number:0{width}d}.json", text.encode("utf-8"))
    return len(entries)


def _move_into_place(work: Path, out_dir: Path, *, replacing: bool) -> None:
    """Rename the finished export to out_dir; an earlier export there is moved aside first and then deleted."""
    if not replacing:
        if out_dir.is_dir():
            out_dir.rmdir()  # empty, checked above
        os.rename(work, out_dir)
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.replaced-", dir=out_dir.parent))
    os.replace(out_dir, aside / out_dir.name)
    os.rename(work, out_dir)
    shutil.rmtree(aside, ignore_errors=True)  # rmtree removes links, never what they point at


def _export_manifest(folder: Path) -> dict | None:
    try:
        manifest = json.loads((folder / EXPORT_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(manifest, dict) and manifest.get("inkstone_export") == 1
            and isinstance(manifest.get("files"), dict) and isinstance(manifest.get("counts"), dict)):
        return None
    return manifest


def _listed(root: Path) -> list[str]:
    """Every plain file under root but the manifest, as a/b paths; links are not followed (nor listed)."""
    found = []
    for dirpath, _dirs, names in os.walk(root):
        for name in names:
            path = Path(dirpath) / name
            if not path.is_symlink() and path != root / EXPORT_MANIFEST:
                found.append(path.relative_to(root).as_posix())
    return sorted(found)


def _links(root: Path) -> list[str]:
    return sorted(str(Path(d, n).relative_to(root)) for d, dirs, names in os.walk(root) for n in dirs + names
                  if Path(d, n).is_symlink())


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_document(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BookError(f"{path}: not a readable JSON document ({exc}); nothing was applied") from None
    if isinstance(doc, dict) and isinstance(doc.get("document"), dict):  # a reviewed settlement from `settle`
        doc = doc["document"]
    if not isinstance(doc, dict):
        raise BookError(f"{path}: a settlement document must be a JSON object; nothing was applied")
    return doc


def _fingerprint(doc: dict) -> str:
    canonical = json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


# -- the story bible ----------------------------------------------------------------------


def md(text: Any) -> str:
    """Author text as Markdown that shows exactly what was typed (no accidental emphasis, links or tables)."""
    return " ".join(str(text).split()).translate(_MARKDOWN_SPECIAL)


def chapters(start: int | None, end: int | None) -> str:
    """A validity interval: "ch. 12–30" (until chapter 30), "ch. 12–" (still true)."""
    if start is None and end is None:
        return "always"
    return f"ch. {'' if start is None else start}–{'' if end is None else end}"


def _values(mapping: dict) -> str:
    return "; ".join(f"{md(k)}: {md(v)}" for k, v in mapping.items())


class Bible:
    """Reads the whole book once and renders it as Markdown, section by section."""

    def __init__(self, book: "Book"):
        self.book = book
        self.facts = book.facts
        self.entities = [e for kind in KIND_HEADINGS for e in self._entities(kind)]
        self.relations = self._all_relations()
        self.hooks = self.facts.hooks(None)
        self.tree = book.plan.tree()
        self.pointer = book.plan.pointer()
        self.settings = book.archive.settings()
        self.settlements = book.journal.entries(("applied",))
        self.counts = {"entities": len(self.entities), "relations": len(self.relations), "hooks": len(self.hooks),
                       "outlines": book.plan.counts()["ShortOutline"], "settings": len(self.settings)}

    def render(self) -> str:
        lines = self._preamble()
        for kind, heading in KIND_HEADINGS.items():
            members = [e for e in self.entities if e["kind"] == kind]
            if members:
                lines += ["", f"## {heading} ({len(members)})"]
                for entity in members:
                    lines += self._entity(entity)
        lines += self._relations_section() + self._hooks_section() + self._plan_section()
        lines += self._settings_section() + self._settlements_section()
        return "\n".join(lines) + "\n"

    # -- reading ------------------------------------------------------------------------

    def _entities(self, kind: str) -> list[dict]:
        rows = self.facts.entities_of(kind)
        for row in rows:
            row["aliases"] = row["aliases"] or []
            row["now"] = self.facts.attributes(kind, row["id"])
            row["history"] = self.facts.states_of(kind, row["id"])
            row["mentioned_in"] = [m["chapter"] for m in self.facts.mentions(kind, row["id"])]
        return rows

    def _all_relations(self) -> list[dict]:
        rows = self.facts.execute(
            "MATCH (a)-[r:RELATES]->(b) RETURN a.id AS from_id, b.id AS to_id, a.name AS `from`, b.name AS `to`, "
            "r.type AS type, r.properties AS properties, r.valid_from AS valid_from, r.valid_to AS valid_to "
            "ORDER BY r.valid_from, r.type, a.name, b.name"
        )
        for row in rows:
            try:
                row["properties"] = json.loads(row["properties"]) if row["properties"] else {}
            except ValueError:
                row["properties"] = {"note": row["properties"]}
        return rows

    # -- sections -----------------------------------------------------------------------

    def _preamble(self) -> list[str]:
        meta = self.book.meta
        now = self.book.plan.current_chapter()
        exported = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        return [
            f"# {md(meta.title)} — story bible",
            "",
            f"Exported {exported} by Inkstone {__version__} · language {md(meta.language)} · "
            + (f"the story is at chapter {now} (the narrative pointer)." if now is not None
               else "no narrative pointer yet."),
            "",
            "Facts carry the chapters they hold for: *ch. 12–30* is from chapter 12 until chapter 30, "
            "*ch. 12–* is still true. The settlement documents beside this file rebuild the same graphs "
            f"in a new book: `inkstone apply NEWBOOK {SETTLEMENTS_DIR}`.",
        ]

    def _entity(self, entity: dict) -> list[str]:
        lines = ["", f"### {md(entity['name'])}"]
        if entity["aliases"]:
            lines.append(f"- Also called: {', '.join(md(a) for a in entity['aliases'])}")
        if entity["summary"]:
            lines.append(f"- Summary: {md(entity['summary'])}")
        if entity["first_chapter"] is not None:
            lines.append(f"- First appears: ch. {entity['first_chapter']}")
        if entity["now"]:
            lines.append(f"- Now: {_values(entity['now'])}")
        lines += self._history(entity["history"])
        lines += self._entity_relations(entity["id"])
        involved = [h["name"] for h in self.hooks if entity["name"] in h["involves"]]
        if involved:
            lines.append(f"- Hooks: {', '.join(md(h) for h in involved)}")
        if entity["mentioned_in"]:
            lines.append(f"- Mentioned in: ch. {', '.join(str(n) for n in entity['mentioned_in'])}")
        return lines

    @staticmethod
    def _history(history: list[dict]) -> list[str]:
        if not history:
            return []
        by_key: dict[str, list[str]] = {}
        for state in history:
            value = state["value"]
            by_key.setdefault(state["key"], []).append(
                f"{md(value)} ({chapters(state['valid_from'], state['valid_to'])})")
        return ["- History:"] + [f"  - {md(key)}: {'; '.join(values)}" for key, values in by_key.items()]

    def _entity_relations(self, entity_id: str) -> list[str]:
        lines = []
        for rel in self.relations:
            if rel["from_id"] == entity_id:
                lines.append(f"  - {md(rel['type'])} → {md(rel['to'])} ({chapters(rel['valid_from'], rel['valid_to'])})"
                             + (f" — {_values(rel['properties'])}" if rel["properties"] else ""))
            elif rel["to_id"] == entity_id:
                lines.append(f"  - ← {md(rel['type'])} of {md(rel['from'])} "
                             f"({chapters(rel['valid_from'], rel['valid_to'])})")
        return ["- Relations:"] + lines if lines else []

    def _relations_section(self) -> list[str]:
        if not self.relations:
            return []
        lines = ["", f"## Relations ({len(self.relations)}), in story order", ""]
        for rel in self.relations:
            extra = f" — {_values(rel['properties'])}" if rel["properties"] else ""
            lines.append(f"- {md(rel['from'])} —{md(rel['type'])}→ {md(rel['to'])} · "
                         f"{chapters(rel['valid_from'], rel['valid_to'])}{extra}")
        return lines

    def _hooks_section(self) -> list[str]:
        if not self.hooks:
            return []
        lines = ["", f"## Hooks ({len(self.hooks)})"]
        for hook in self.hooks:
            lines += ["", f"### {md(hook['name'])} — {hook['status']}",
                      f"- Planted: {_chapter(hook['planted_in'])} · resolved: {_chapter(hook['resolved_in'])}"
                      + (f" · due by: ch. {hook['due_by']}" if hook.get("due_by") is not None else "")]
            if hook["involves"]:
                lines.append(f"- Involves: {', '.join(md(n) for n in hook['involves'])}")
            if hook["description"]:
                lines.append(f"- {md(hook['description'])}")
        return lines

    def _plan_section(self) -> list[str]:
        if not self.tree:
            return []
        lines = ["", "## Plan", ""]
        for entry in self.pointer:
            where = f"{md(entry['outline'])}" + (f" / {md(entry['step_kind'])}" if entry.get("step_kind") else "")
            lines.append(f"- Narrative pointer, {md(entry['storyline'])}: {where} ({_chapter(entry['chapter'])})")
        if self.pointer:
            lines.append("")
        for node in self.tree:
            lines += self._plan_node(node, 0)
        return lines

    def _plan_node(self, node: dict, depth: int) -> list[str]:
        pad = "  " * depth
        span = node["chapters"]
        detail = [f"storyline {md(node['storyline'])}"] if node.get("storyline") else []
        if span and any(c is not None for c in span):
            detail.append(chapters(*span))
        line = f"{pad}- [{node['status']}] {node['level']} **{md(node['title'])}**"
        line += f" ({', '.join(detail)})" if detail else ""
        line += f": {md(node['summary'])}" if node.get("summary") else ""
        lines = [line]
        for position, step in enumerate(node.get("steps") or [], start=1):
            where = f" (ch. {step['chapter']})" if step.get("chapter") is not None else ""
            text = f": {md(step['summary'])}" if step.get("summary") else ""
            lines.append(f"{pad}  {position}. [{step['status']}] {md(step['kind'])}{where}{text}")
        for child in node.get("children") or []:
            lines += self._plan_node(child, depth + 1)
        return lines

    def _settings_section(self) -> list[str]:
        if not self.settings:
            return []
        lines = ["", f"## Settings library ({len(self.settings)})"]
        category = None
        for entry in self.settings:
            if entry["category"] != category:
                category = entry["category"]
                lines += ["", f"### {md(category) if category else 'General'}"]
            lines += ["", f"#### {md(entry['title'])}", ""]
            lines += [md(paragraph) for paragraph in entry["body"].splitlines() if paragraph.strip()]
        return lines

    def _settlements_section(self) -> list[str]:
        if not self.settlements:
            return []
        lines = ["", f"## Settlements ({len(self.settlements)}), in the order they were applied", ""]
        for number, entry in enumerate(self.settlements, start=1):
            doc = entry["document"] or {}
            size = sum(len(doc.get(s) or []) for s in ("entities", "relations", "ends", "states", "hooks",
                                                        "settings", "plan"))
            lines.append(f"- {number:04d}: {md(entry['source'])} · {_chapter(doc.get('chapter'))} · "
                         f"{size} item(s) · applied {entry['updated_at'][:16].replace('T', ' ')}")
        return lines


def _chapter(number: int | None) -> str:
    return "—" if number is None else f"ch. {number}"
