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
        problems = [problems] if isinstance(problems, str) else list(problems)
        # One line however odd the names it quotes: a line break inside a name is shown escaped.
        self.problems = [problem.translate(_ESCAPED_BREAKS) for problem in problems]
        super().__init__("; ".join(self.problems))


# Every character str.splitlines() breaks a line at.
_ESCAPED_BREAKS = {ord(c): f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"
                   for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


class DependentSettlementError(BookError):
    """Undo refused: a later settlement builds on what this one added."""


class StorageWriteError(BookError):
    """The disk refused a write (full, failing, read-only): the book is not at fault and nothing was saved."""
