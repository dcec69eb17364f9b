"""Reads manuscript files (.txt, .md, .docx, .epub) into text, and gathers files and folders in natural order."""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from desktop.importing.decode import ImportFileError, decode_bytes
from desktop.importing.epub_spine import epub_text
from desktop.importing.split import CN_NUMERAL_CHARS, chinese_to_int

__all__ = ["ImportFileError", "LoadedDocument", "SUPPORTED_SUFFIXES", "collect_files", "natural_key",
           "read_document"]

MAX_FILE_BYTES = 200 * 1024 * 1024
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
# Word and EPUB XML compresses 5–20×; hundreds-fold only happens in crafted archives.
MAX_COMPRESSION_RATIO = 200
_RATIO_CHECK_FROM_BYTES = 1024 * 1024
TEXT_SUFFIXES = (".txt", ".text")
MARKDOWN_SUFFIXES = (".md", ".markdown")
SUPPORTED_SUFFIXES = TEXT_SUFFIXES + MARKDOWN_SUFFIXES + (".docx", ".epub")


@dataclass(frozen=True)
class LoadedDocument:
    path: Path
    text: str
    encoding: str      # the detected text encoding; "docx" / "epub" for those containers
    markdown: bool     # headings are Markdown `#` lines (Markdown files, and .docx/.epub headings)
    notes: tuple[str, ...] = ()  # what the reader left out and why (an EPUB's cover, title page, contents …)


# ---------------------------------------------------------------- collecting files

_NUMBER_RUN = re.compile(rf"(\d+|(?<=第)[{CN_NUMERAL_CHARS}]+|[{CN_NUMERAL_CHARS}]+(?=[章回节節卷部篇集话話]))")


def natural_key(path: Path) -> tuple:
    """Sort key that orders ch2 before ch10 and 第二章 / 第2章 before 第十章, folder by folder."""
    return tuple(_name_key(part) for part in path.parts)


def _name_key(name: str) -> tuple:
    key: list[tuple] = []
    for index, piece in enumerate(_NUMBER_RUN.split(name)):
        if index % 2:
            key.append((0, chinese_to_int(piece) or 0, piece))
        elif piece:
            key.append((1, piece.casefold()))
    return tuple(key)


def collect_files(paths: list[Path]) -> list[Path]:
    """Files named, and the supported files inside folders named (recursively, natural order, no hidden files).

    A file named explicitly is kept even when unsupported, so that its import reports why.
    """
    result: list[Path] = []
    seen: set[Path] = set()
    for path in map(Path, paths):
        found = _files_in(path) if path.is_dir() else [path]
        for file in found:
            identity = file.resolve()
            if identity not in seen:
                seen.add(identity)
                result.append(file)
    return result


def _files_in(folder: Path) -> list[Path]:
    files = []
    for file in folder.rglob("*"):
        relative = file.relative_to(folder)
        if any(part.startswith((".", "~$")) for part in relative.parts):
            continue  # hidden files, and the lock files Word leaves beside open documents
        if file.is_file() and file.suffix.lower() in SUPPORTED_SUFFIXES:
            files.append(file)
    return [folder / relative for relative in sorted((f.relative_to(folder) for f in files), key=natural_key)]


# ---------------------------------------------------------------- reading one file


def read_document(path: Path) -> LoadedDocument:
    """The text of one manuscript file; raises ImportFileError with a one-line reason."""
    path = Path(path)
    if not path.exists():
        raise ImportFileError(path, "file not found")
    if not path.is_file():
        raise ImportFileError(path, "not a file")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ImportFileError(path, f"file too large ({size / 1024 / 1024:.1f} MB; limit "
                                    f"{MAX_FILE_BYTES // 1024 // 1024} MB)")
    suffix = path.suffix.lower()
    if suffix in TEXT_SUFFIXES or suffix in MARKDOWN_SUFFIXES:
        text, encoding = decode_bytes(path.read_bytes(), path)
        return LoadedDocument(path, text, encoding, suffix in MARKDOWN_SUFFIXES)
    if suffix == ".docx":
        return LoadedDocument(path, _docx_text(path), "docx", True)
    if suffix == ".epub":
        text, notes = _epub_text(path)
        return LoadedDocument(path, text, "epub", True, notes)
    raise ImportFileError(path, f"unsupported file type {suffix or '(no extension)'}; "
                                f"use {', '.join(SUPPORTED_SUFFIXES)}")


def _check_archive(path: Path, kind: str) -> None:
    """Refuses broken ZIP packages and zip bombs before a parser unpacks anything."""
    try:
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise ImportFileError(path, f"not a valid {kind} (not a readable ZIP package: {error})") from None
    unpacked = sum(entry.file_size for entry in entries)
    if unpacked > MAX_UNPACKED_BYTES:
        raise ImportFileError(path, f"refused: not a valid {kind} — it would unpack to "
                                    f"{unpacked / 1024 / 1024:.0f} MB (limit {MAX_UNPACKED_BYTES // 1024 // 1024} MB)")
    for entry in entries:
        if entry.file_size >= _RATIO_CHECK_FROM_BYTES and \
                entry.file_size > MAX_COMPRESSION_RATIO * max(entry.compress_size, 1):
            raise ImportFileError(path, f"refused: not a valid {kind} — {entry.filename} is compressed "
                                        f"{entry.file_size // max(entry.compress_size, 1)}:1 (a zip bomb?)")


def _docx_text(path: Path) -> str:
    _check_archive(path, ".docx")
    import docx  # python-docx; imported here so a text-only import never pays for it
    from docx.table import Table  # deferred with docx, above

    try:
        document = docx.Document(str(path))
        lines: list[str] = []
        for block in document.iter_inner_content():
            if isinstance(block, Table):
                lines.extend(_table_lines(block))
            else:
                lines.append(_docx_paragraph_line(block))
    except ImportFileError:
        raise
    except Exception as error:  # python-docx raises KeyError, lxml and package errors alike
        raise ImportFileError(path, f"not a valid .docx ({type(error).__name__}: {error})") from None
    return _finish(path, "\n".join(lines))


def _docx_paragraph_line(paragraph) -> str:
    text = paragraph.text.replace("\r", "")
    style = (paragraph.style.name if paragraph.style is not None else "") or ""
    level = _heading_level(style)
    if level in (1, 2) and text.strip():
        return "#" * level + " " + text.strip()
    return text


def _heading_level(style: str) -> int:
    match = re.fullmatch(r"(?:Heading|heading|标题|標題)\s*(\d)", style.strip())
    return int(match[1]) if match else 0


def _table_lines(table) -> list[str]:
    lines = []
    for row in table.rows:
        cells = [cell.text.strip() for cell in row.cells]
        if any(cells):
            lines.append("\t".join(cells))
    return lines


def _epub_text(path: Path) -> tuple[str, tuple[str, ...]]:
    _check_archive(path, ".epub")
    try:
        text, notes = epub_text(path)
    except ImportFileError:
        raise
    except Exception as error:  # EbookLib raises EpubException, KeyError, lxml errors …
        raise ImportFileError(path, f"not a valid .epub ({type(error).__name__}: {error})") from None
    return _finish(path, text), notes


def _finish(path: Path, text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise ImportFileError(path, "file is empty (no text in the document)")
    return text
