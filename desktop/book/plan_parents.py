"""Parents for plan items proposed without one: each storyline's own outline ("主线"), created once, re-used after."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop.book.plan import DEFAULT_STORYLINE, LEVELS, PARENT_LEVEL

if TYPE_CHECKING:
    from desktop.book.plan import PlanGraph

# What the default storyline's outlines are called; other storylines lend their own name.
MAIN_TITLES = {"zh": "主线", "en": "Main plot"}


def storyline_title(storyline: str | None, language: str) -> str:
    if not storyline or storyline == DEFAULT_STORYLINE:
        return MAIN_TITLES.get(language, MAIN_TITLES["en"])
    return storyline


def with_parents(plan: "PlanGraph", items: list[Any], language: str) -> list[Any]:
    """The plan items with every structural gap filled, so applying them is never refused for structure.

    A new LongOutline, ShortOutline or Step without a parent goes under the document's only outline of the
    level above when it has exactly one (a step proposed beside its outline belongs to it), else under its
    storyline's outline at that level (created in this document if the book has none yet; the book's only
    GeneralOutline is used when it has exactly one); a parent named but missing is created; parents come
    before children. Items already sound
    come back unchanged, so a document filled once is filled for good. Malformed items are left for
    `PlanGraph.check` to report.
    """
    if not all(isinstance(i, dict) and i.get("level") in LEVELS and isinstance(i.get("title"), str) and i["title"]
               for i in items):
        return items
    return _Filler(plan, language).fill(items)


class _Filler:
    def __init__(self, plan: "PlanGraph", language: str):
        self.plan = plan
        self.language = language
        self.out: list[dict] = []
        self.planned: set[tuple[str, str]] = set()
        self.given: dict[str, set[str]] = {}  # level -> titles of the outlines the document itself proposes

    def fill(self, items: list[dict]) -> list[dict]:
        for item in items:
            self.given.setdefault(item["level"], set()).add(item["title"])
        # A parent is always a level above its child, so ordering by level puts every parent first;
        # the sort is stable, which keeps the order of the steps of one outline.
        for item in sorted(items, key=lambda i: LEVELS.index(i["level"])):
            level, title = item["level"], item["title"]
            if level != "GeneralOutline" and (level == "Step" or not self._exists(level, title)):
                storyline = item.get("storyline") or DEFAULT_STORYLINE
                if item.get("parent"):
                    self._ensure(PARENT_LEVEL[level], item["parent"], storyline)
                else:
                    item = {**item, "parent": self._parent_for(level, storyline)}
            self._add(item)
        return self.out

    def _exists(self, level: str, title: str) -> bool:
        return (level, title) in self.planned or self.plan._node_by_title(level, title) is not None

    def _add(self, item: dict) -> None:
        self.out.append(item)
        self.planned.add((item["level"], item["title"]))

    def _ensure(self, level: str, title: str, storyline: str) -> None:
        """The outline (level, title) exists once this document is applied: created here, parents and all."""
        if self._exists(level, title):
            return
        item: dict[str, Any] = {"level": level, "title": title}
        if level != "GeneralOutline":
            item["parent"] = self._parent_for(level, storyline)
        if level == "ShortOutline":
            item["storyline"] = storyline
        self._add(item)

    def _parent_for(self, level: str, storyline: str) -> str:
        parent_level = PARENT_LEVEL[level]
        if len(self.given.get(parent_level, ())) == 1:
            return next(iter(self.given[parent_level]))
        if parent_level == "GeneralOutline":
            # A book normally has one general outline: a new volume belongs under it, whatever its name.
            generals = {n["title"] for n in self.plan._nodes("GeneralOutline")}
            generals |= {title for lvl, title in self.planned if lvl == "GeneralOutline"}
            if len(generals) == 1:
                return next(iter(generals))
        title = storyline_title(storyline, self.language)
        self._ensure(parent_level, title, storyline)
        return title
