"""The Impact view: before a settlement changes or closes canon (or an undo takes facts away), the chapters already
written that rely on the old fact, with their sentences, and the outline steps and hooks naming who is involved."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget, QTextBrowser, QVBoxLayout, QWidget

from desktop.ui.theme import WARNING_COLOUR, current_theme

# A title that is only the chapter's number (第4章, Chapter 4) says nothing the heading does not.
_NUMBERED_TITLE = re.compile(r"第\s*[0-9零〇一二三四五六七八九十百千两]+\s*[章回节卷]|chapter\s+\d+", re.IGNORECASE)


class ReviewImpactView(QWidget):
    """Shows one impact report (workbench.settlement_impact or an undo preview's "impact"). Quotes that come from
    items the author has rejected are left out, so the view follows the review as it is edited."""

    def __init__(self, parent=None, *, undo: bool = False):
        super().__init__(parent)
        self.undo = undo
        self.impact: dict | None = None
        self.rejected: set[str] = set()
        self._tabs: QTabWidget | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.PlainText)
        self.body = QTextBrowser()
        self.body.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.body, 1)
        self._rules = {
            "dead_acts": self.tr("acts after the death"),
            "old_owner_holds": self.tr("the old owner still holds it"),
            "old_relation_named": self.tr("names the old relation"),
            "old_value_stated": self.tr("states the old value"),
            "hook_treated_as_open": self.tr("treats the hook as still open"),
            "death_told": self.tr("tells or relies on the death"),
            "hook_treated_as_solved": self.tr("treats the hook as solved"),
            "names_removed_entity": self.tr("names what the undo removes"),
        }
        if undo:  # the facts going are the settlement's own, not canon it replaced
            self._rules.update({"old_owner_holds": self.tr("the holder the undo removes holds it"),
                                "old_relation_named": self.tr("names the relation the undo removes"),
                                "old_value_stated": self.tr("states the value the undo removes")})
        self._words = {
            "Pending": self.tr("Pending"), "InProgress": self.tr("In progress"), "Completed": self.tr("Completed"),
            "Unresolved": self.tr("Unresolved"), "Resolved": self.tr("Resolved"), "Step": self.tr("Step"),
            "GeneralOutline": self.tr("General outline"), "LongOutline": self.tr("Long outline"),
            "ShortOutline": self.tr("Short outline"),
        }
        self.show_waiting()

    def attach_to(self, tabs: QTabWidget) -> "ReviewImpactView":
        """Adds itself as a tab whose title says how many chapters are touched."""
        self._tabs = tabs
        tabs.addTab(self, self.tr("Impact"))
        return self

    def show_waiting(self) -> None:
        self.impact = None
        self.summary.setText(self.tr("Working out what this touches in the chapters already written…"))
        self.body.clear()

    def show_failure(self, text: str) -> None:
        self.impact = None
        self.summary.setText(self.tr("The impact could not be worked out: %1").replace("%1", text))
        self.body.clear()

    def set_impact(self, impact: dict) -> None:
        self.impact = impact
        self._render()

    def set_rejected(self, paths: set[str]) -> None:
        """Items the author has rejected in the review: what only they caused is not shown."""
        if paths != self.rejected:
            self.rejected = set(paths)
            if self.impact is not None:
                self._render()

    # -- what it shows -----------------------------------------------------------------------

    def chapters_shown(self) -> list[dict]:
        """The chapters still touched once rejected items are left out, each with its remaining quotes."""
        out = []
        for chapter in (self.impact or {}).get("chapters") or []:
            quotes = [q for q in chapter.get("quotes") or [] if q.get("path") not in self.rejected]
            if quotes:
                out.append({**chapter, "quotes": quotes})
        return out

    def _render(self) -> None:
        impact = self.impact or {}
        changes = [c for c in impact.get("changes") or [] if c.get("path") not in self.rejected]
        chapters = self.chapters_shown()
        more = impact.get("more_chapters") or 0
        plan, hooks = (impact.get("plan") or [], impact.get("hooks") or []) if changes else ([], [])
        if not changes:
            self.summary.setText(self.tr("Nothing already written relies on a fact this undo takes away.") if self.undo
                                 else self.tr("This settlement only adds to canon: nothing already written relies on "
                                              "a fact it changes."))
        else:
            self.summary.setText(self.tr("%1 chapters already written rely on facts this changes; %2 plan items and "
                                         "hooks name who is involved.")
                                 .replace("%1", str(len(chapters) + more)).replace("%2", str(len(plan) + len(hooks))))
        if self._tabs is not None:
            count = len(chapters) + more
            self._tabs.setTabText(self._tabs.indexOf(self), self.tr("Impact (%1)").replace("%1", str(count))
                                  if count else self.tr("Impact"))
        parts = []
        if changes:
            parts.append(self._section(self.tr("Facts that change"),
                                       [html.escape(self._change_text(c)) + self._from(c.get("from_chapter"))
                                        for c in changes]))
        if chapters:
            parts.append(self._chapters(chapters, more))
        if plan:
            parts.append(self._section(self.tr("Outline"), [self._plan_line(p) for p in plan],
                                       impact.get("more_plan") or 0))
        if hooks:
            parts.append(self._section(self.tr("Hooks"), [self._hook_line(h) for h in hooks],
                                       impact.get("more_hooks") or 0))
        self.body.setHtml("".join(parts))

    def _change_text(self, change: dict) -> str:
        """The old fact that goes, said in the author's language (the report's own line is the fallback)."""
        names = list(change.get("entities") or [])
        subject, value = str(change.get("subject") or ""), str(change.get("value") or "")
        other = names[1] if len(names) > 1 else ""
        texts = {
            "dead_acts": self.tr("%1 dies"),
            "old_owner_holds": self.tr("%1 no longer holds %2"),
            "old_relation_named": self.tr("%1 and %2: the old relation ends"),
            "old_value_stated": self.tr("%1 is no longer %3"),
            "hook_treated_as_open": self.tr("the hook %1 is resolved"),
            "death_told": self.tr("%1 is no longer dead"),
            "hook_treated_as_solved": self.tr("the hook %1 is open again"),
            "names_removed_entity": self.tr("%1 leaves canon"),
        }
        text = texts.get(change.get("rule"))
        if text is None or not subject:
            return str(change.get("fact") or "")
        return text.replace("%1", subject).replace("%2", other).replace("%3", value)

    def _from(self, chapter) -> str:
        if not chapter:
            return ""
        return " <span style='color:#888'>" + html.escape(self.tr("(chapter %1 on)").replace("%1", str(chapter))) + \
            "</span>"

    def _section(self, title: str, lines: list[str], more: int = 0) -> str:
        items = "".join(f"<li>{line}</li>" for line in lines)
        if more:
            items += "<li><i>" + html.escape(self.tr("… and %1 more").replace("%1", str(more))) + "</i></li>"
        return f"<h3>{html.escape(title)}</h3><ul>{items}</ul>"

    def _chapters(self, chapters: list[dict], more: int) -> str:
        quote_colour = "#444444" if current_theme() == "light" else "#c8c8c8"
        title = self.tr("Chapters that rely on the old facts")
        out = [f"<h3>{html.escape(title)}</h3>"]
        for chapter in chapters:
            heading = self.tr("Chapter %1").replace("%1", str(chapter["chapter"]))
            if chapter.get("title") and not _NUMBERED_TITLE.fullmatch(chapter["title"].strip()):
                heading += f" · {chapter['title']}"
            out.append(f"<p style='margin-bottom:2px'><b>{html.escape(heading)}</b></p>")
            for quote in chapter["quotes"]:
                why = self._rules.get(quote.get("rule"), quote.get("rule") or "")
                out.append(f"<p style='margin:2px 0 2px 14px; color:{quote_colour}'>“<i>{html.escape(quote['text'])}"
                           f"</i>” <span style='color:{WARNING_COLOUR}'>— {html.escape(why)}</span></p>")
            if chapter.get("more"):
                out.append("<p style='margin:0 0 0 14px; color:#888'>" + html.escape(
                    self.tr("… and %1 more sentences").replace("%1", str(chapter["more"]))) + "</p>")
        if more:
            out.append("<p style='color:#888'>" + html.escape(
                self.tr("… and %1 more chapters").replace("%1", str(more))) + "</p>")
        return "".join(out)

    def _plan_line(self, item: dict) -> str:
        level = self._words.get(item.get("level"), item.get("level") or "")
        where = f"{item['outline']} / " if item.get("outline") else ""
        text = f"{level} · {where}{item.get('summary') or item.get('title') or ''}"
        status = self._words.get(item.get("status"), item.get("status") or "")
        chapter = self.tr(", chapter %1").replace("%1", str(item["chapter"])) if item.get("chapter") else ""
        return f"{html.escape(text)} <span style='color:#888'>({html.escape(status + chapter)})</span>"

    def _hook_line(self, hook: dict) -> str:
        status = self._words.get(hook.get("status"), hook.get("status") or "")
        return f"⚑ {html.escape(hook['name'])} <span style='color:#888'>({html.escape(status)})</span>"
