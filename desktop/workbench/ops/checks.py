"""Continuity checks of a draft or an imported chapter against canon as of that chapter."""

from __future__ import annotations

from desktop.progress import CancelToken
from desktop.tasks.continuity import check_source, check_with_model, undecided_sentences
from desktop.workbench.session import Session


async def check(session: Session, text: str | None = None, *, chapter: int | None = None, use_model: bool = False,
                cancel: CancelToken | None = None) -> dict:
    """Continuity check of a draft (as of `chapter`, default the pointer's) or of imported chapter `chapter`:
    {"chapter", "issues": [{"kind", "text", "span", "fact", "source"}]}. Graph rules first; with
    `use_model`, the model judges a few sentences the rules could not decide."""
    book = session.book
    body, number, report = await session.run(check_source, book, text, chapter)
    if use_model:
        llm = await session.load_model()
        undecided = await session.run(undecided_sentences, book, body, number, report)
        found = await check_with_model(llm, undecided, book.meta.language == "zh", cancel=cancel)
        report["issues"] = sorted(report["issues"] + found, key=lambda issue: issue["span"][0])
    return report
