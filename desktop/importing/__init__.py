"""Bringing an existing manuscript into a book: decoding, chapter splitting, chunking, file formats, the import."""

from desktop.importing.chunk import Chunk, EntityMatcher, chunk_text, find_entities
from desktop.importing.decode import ImportFileError, decode_bytes
from desktop.importing.formats import LoadedDocument, collect_files, read_document
from desktop.importing.pipeline import ImportConflictError, ImportReport, import_paths
from desktop.importing.preview import preview_import
from desktop.importing.split import ChapterText, SplitResult, split_chapters

__all__ = [
    "ChapterText", "Chunk", "EntityMatcher", "ImportConflictError", "ImportFileError", "ImportReport",
    "LoadedDocument", "SplitResult", "chunk_text", "collect_files", "decode_bytes", "find_entities", "import_paths",
    "preview_import", "read_document", "split_chapters",
]
