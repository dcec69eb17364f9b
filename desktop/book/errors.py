"""Errors of the book layer: each carries a message fit to show the author as is."""


class BookError(Exception):
    """Anything wrong with a book on disk or with what was asked of it."""


class BookLockedError(BookError):
    """The book is open in another Inkstone process."""


class BookCorruptError(BookError):
    """A database of the book is missing or unreadable."""


class DocumentError(BookError):
    """A settlement document is malformed or refers to what does not exist."""

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class DependentSettlementError(BookError):
    """Undo refused: a later settlement builds on what this one added."""


class StorageWriteError(BookError):
    """The disk refused a write (full, failing, read-only): the book is not at fault and nothing was saved."""
