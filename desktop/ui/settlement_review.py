"""The settlement review: the author accepts, edits or rejects each proposed fact against the words it came from;
nothing is written until Apply."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.graph_view import Edge, ForceGraphView, Graph, Node
from desktop.ui.relation_words import relation_word
from desktop.ui.review_discussion import DiscussionView
from desktop.ui.review_fields import FIELDS, describe_fact, item_title, make_editor, read_back
from desktop.ui.review_impact import ReviewImpactView
from desktop.ui.review_links import EntityLinks
from desktop.ui.theme import BADGE_COLOURS, WARNING_COLOUR, current_theme

SECTIONS = ("entities", "relations", "ends", "states", "hooks", "settings", "plan")
PREVIEW_LIMIT = 30  # nodes in each preview graph; the preview shows the neighbourhood of the change, not the book


class ItemCard(QFrame):
    """One proposed item: accept box, badge, the words it came from, the canon fact it conflicts with, and its
    fields editable in place. A click on the card asks for its words to be shown in the discussion."""

    changed = Signal()
    selected = Signal()

    def __init__(self, section: str, item: dict, info: dict, labels: dict[str, str], parent=None):
        super().__init__(parent)
        self.section, self.original, self.info = section, item, info
        self.setFrameShape(QFrame.StyledPanel)
        cls = info.get("class") or "new"
        self.accept_box = QCheckBox(self.tr("Accept"))
        # Canon wins unless the author says otherwise: a conflict starts rejected; so does what canon already says.
        self.accept_box.setChecked(cls not in ("conflict", "unchanged"))
        self.accept_box.toggled.connect(self._on_accept_toggled)
        badge = QLabel(labels.get(cls, cls))
        badge.setStyleSheet(f"background: {BADGE_COLOURS.get(cls, '#888')}; color: white; border-radius: 3px; "
                            "padding: 1px 6px; font-weight: bold;")
        if info.get("reason"):
            badge.setToolTip(str(info["reason"]))
        self.badge = badge
        self._labels = self._value_labels()
        self.title = QLabel(item_title(section, item, self._labels))
        self.title.setTextFormat(Qt.PlainText)
        self.title.setWordWrap(True)
        self.edit_button = QToolButton()
        self.edit_button.setText(self.tr("Edit"))
        self.edit_button.setCheckable(True)
        header = QHBoxLayout()
        header.addWidget(self.accept_box)
        header.addWidget(badge)
        header.addWidget(self.title, 1)
        header.addWidget(self.edit_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(header)
        self.evidence_label = self._evidence_box(info.get("evidence") or [])
        layout.addWidget(self.evidence_label)
        if info.get("existing") is not None or info.get("source"):
            layout.addWidget(self._canon_box(info))
        self.form_box = QWidget()
        form = QFormLayout(self.form_box)
        form.setContentsMargins(18, 0, 0, 0)
        self._getters, self._kinds, self.editors = {}, {}, {}
        field_labels = self._field_labels()
        for field, kind, choices in FIELDS.get(section, []):
            editor, getter = make_editor(kind, item.get(field), choices, self._labels)
            self._connect_change(editor)
            form.addRow(field_labels.get(field, field), editor)
            self._getters[field], self._kinds[field], self.editors[field] = getter, kind, editor
        if item.get("steps"):
            steps = QLabel(" → ".join(f"{s.get('kind')}" + (f" ({s['chapter']})" if s.get("chapter") is not None
                                                              else "") for s in item["steps"]))
            steps.setWordWrap(True)
            form.addRow(self.tr("Steps"), steps)
        layout.addWidget(self.form_box)
        # Conflicts are where editing matters most, so their fields are open from the start.
        self.edit_button.setChecked(cls == "conflict")
        self.form_box.setVisible(cls == "conflict")
        self.edit_button.toggled.connect(self.form_box.setVisible)
        self._on_accept_toggled(self.accept_box.isChecked())

    def _value_labels(self) -> dict[str, str]:
        return {
            "Character": self.tr("Character"), "Location": self.tr("Location"), "Item": self.tr("Item"),
            "Faction": self.tr("Faction"), "Ability": self.tr("Ability"), "Hook": self.tr("Hook"),
            "Unresolved": self.tr("Unresolved"), "Resolved": self.tr("Resolved"),
            "GeneralOutline": self.tr("General outline"), "LongOutline": self.tr("Long outline"),
            "ShortOutline": self.tr("Short outline"), "Step": self.tr("Step"),
            "Pending": self.tr("Pending"), "InProgress": self.tr("In progress"), "Completed": self.tr("Completed"),
            # relation types and state keys, read in the author's language
            "OWNS": self.tr("owns"), "MEMBER_OF": self.tr("member of"), "LEADS": self.tr("leads"),
            "MASTER_OF": self.tr("master of"), "SENIOR_OF": self.tr("senior of"), "PARENT_OF": self.tr("parent of"),
            "SIBLING_OF": self.tr("sibling of"), "MARRIED_TO": self.tr("married to"), "LOVES": self.tr("loves"),
            "HATES": self.tr("hates"), "ALLY_OF": self.tr("ally of"), "SERVES": self.tr("serves"),
            "KILLED": self.tr("killed"), "LOCATED_IN": self.tr("located in"), "FROM": self.tr("comes from"),
            "realm": self.tr("realm"), "alive": self.tr("alive"), "injury": self.tr("injury"),
            "location": self.tr("location"), "appearance": self.tr("appearance"), "age": self.tr("age"),
            "identity": self.tr("identity"),
        }

    def _field_labels(self) -> dict[str, str]:
        return {
            "name": self.tr("Name"), "kind": self.tr("Kind"), "aliases": self.tr("Aliases"),
            "summary": self.tr("Summary"), "first_chapter": self.tr("First chapter"),
            "attributes": self.tr("Attributes"), "from": self.tr("From"), "type": self.tr("Relation"),
            "to": self.tr("To"), "valid_from": self.tr("From chapter"), "valid_to": self.tr("Ends at chapter"),
            "properties": self.tr("Properties"), "entity": self.tr("Entity"), "key": self.tr("State"),
            "value": self.tr("Value"), "description": self.tr("Description"), "status": self.tr("Status"),
            "planted_in": self.tr("Planted in"), "resolved_in": self.tr("Resolved in"), "due_by": self.tr("Due by"),
            "involves": self.tr("Involves"), "title": self.tr("Title"), "category": self.tr("Category"),
            "body": self.tr("Text"), "entities": self.tr("Entities"), "level": self.tr("Level"),
            "parent": self.tr("Parent"), "storyline": self.tr("Storyline"), "chapters": self.tr("Chapters"),
        }

    def evidence(self) -> list[dict]:
        return list(self.info.get("evidence") or [])

    def _evidence_box(self, evidence: list[dict]) -> QLabel:
        """The quoted sentences under the title; an item nobody said is marked, so it is checked, not trusted."""
        box = QLabel()
        box.setWordWrap(True)
        box.setTextFormat(Qt.PlainText)
        quotes = [str(e.get("quote") or "").strip() for e in evidence if isinstance(e, dict)]
        quotes = [q for q in quotes if q]
        if quotes:
            box.setText("\n".join(f"“{q}”" for q in quotes))
            box.setToolTip(self.tr("Click to see these words in the discussion"))
            colour = "#555555" if current_theme() == "light" else "#b8b8b8"
            box.setStyleSheet(f"color: {colour}; font-style: italic; border-left: 3px solid #c9a227; "
                              "padding-left: 6px; margin-left: 18px;")
        else:
            box.setText(self.tr("No evidence"))
            box.setToolTip(self.tr("No words in the discussion were found for this item: check it before accepting"))
            box.setStyleSheet(f"color: {WARNING_COLOUR}; font-weight: bold; margin-left: 18px;")
        return box

    def set_selected(self, selected: bool) -> None:
        self.setStyleSheet("ItemCard { border: 2px solid #c9a227; }" if selected else "")

    def mousePressEvent(self, event) -> None:  # noqa: N802 — Qt override
        self.selected.emit()
        super().mousePressEvent(event)

    def _canon_box(self, info: dict) -> QWidget:
        box = QLabel()
        box.setWordWrap(True)
        box.setTextFormat(Qt.PlainText)
        lines = []
        if info.get("existing") is not None:
            lines.append(self.tr("Canon: %1").replace("%1", describe_fact(info["existing"], self._labels)))
        if info.get("source"):
            lines.append(self.tr("Source: %1").replace("%1", self._source_text(info["source"])))
        box.setText("\n".join(lines))
        colour = WARNING_COLOUR if info.get("class") == "conflict" else "#888888"
        box.setStyleSheet(f"border-left: 3px solid {colour}; padding-left: 6px; margin-left: 18px;")
        return box

    def _source_text(self, source) -> str:
        """Where a canon fact came from: its settlement, its chapter, the task that settled it."""
        if not isinstance(source, dict):
            return str(source)
        parts = []
        if source.get("settlement_id") is not None:
            parts.append(self.tr("settlement #%1").replace("%1", str(source["settlement_id"])))
        if source.get("chapter") is not None:
            parts.append(self.tr("chapter %1").replace("%1", str(source["chapter"])))
        if source.get("task_id") is not None:
            parts.append(self.tr("task #%1").replace("%1", str(source["task_id"])))
        elif source.get("from"):
            parts.append(self._origin_text(str(source["from"])))
        return " · ".join(parts) or "—"

    def _origin_text(self, origin: str) -> str:
        kind, _, detail = origin.partition(":")
        if kind == "task" and detail:
            return self.tr("task #%1").replace("%1", detail)
        if kind == "import":
            return self.tr("import")
        if kind == "file" and detail:
            return self.tr("file %1").replace("%1", detail)
        if kind == "cli":
            return self.tr("command line")
        return origin

    def _connect_change(self, editor: QWidget) -> None:
        for signal in ("textChanged", "currentTextChanged"):
            if hasattr(editor, signal):
                getattr(editor, signal).connect(self._on_field_changed)
                return

    def _on_field_changed(self, *_args) -> None:
        self.title.setText(item_title(self.section, self.value(), self._labels))
        self.changed.emit()

    def _on_accept_toggled(self, accepted: bool) -> None:
        self.title.setEnabled(accepted)
        self.changed.emit()

    def accepted(self) -> bool:
        return self.accept_box.isChecked()

    def set_accepted(self, accepted: bool) -> None:
        self.accept_box.setChecked(accepted)

    def value(self) -> dict:
        return read_back(self.original, {field: get() for field, get in self._getters.items()}, self._kinds)



class SettlementReview(QDialog):
    """Opened with open(); emits apply_requested(review) or reject_requested(settlement_id); never writes itself."""

    apply_requested = Signal(dict)
    reject_requested = Signal(object)

    def __init__(self, review: dict, before: dict | None = None, parent=None, messages: list[dict] | None = None):
        super().__init__(parent)
        self.review = copy.deepcopy(review)
        self.before = before or {"entities": [], "relations": []}
        document = self.review.get("document") or {}
        sid = self.review.get("settlement_id")
        self.setWindowTitle(self.tr("Review settlement #%1").replace("%1", str(sid)) if sid is not None
                            else self.tr("Review settlement"))
        self._badges = {"new": self.tr("new"), "changes": self.tr("changes"), "closes": self.tr("closes"),
                        "conflict": self.tr("conflict"), "unchanged": self.tr("unchanged")}
        self._section_titles = {
            "entities": self.tr("Entities"), "relations": self.tr("Relations"), "ends": self.tr("Ended relations"),
            "states": self.tr("States"), "hooks": self.tr("Hooks"), "settings": self.tr("Setting entries"),
            "plan": self.tr("Plan"),
        }
        infos = {item.get("path"): item for item in self.review.get("items") or []}
        self.cards: dict[str, list[ItemCard]] = {}
        items_panel = QWidget()
        items_layout = QVBoxLayout(items_panel)
        for section in SECTIONS:
            entries = document.get(section) or []
            if not entries:
                continue
            group = QGroupBox(f"{self._section_titles[section]} ({len(entries)})")
            group_layout = QVBoxLayout(group)
            for index, item in enumerate(entries):
                card = ItemCard(section, item, infos.get(f"{section}/{index}", {}), self._badges)
                card.changed.connect(self._on_card_changed)
                card.selected.connect(lambda c=card: self._on_card_selected(c))
                group_layout.addWidget(card)
                self.cards.setdefault(section, []).append(card)
            items_layout.addWidget(group)
        items_layout.addStretch(1)
        self._links = EntityLinks(self.cards)  # unticking a new entity unticks what names it
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(items_panel)

        self.chapter = QLineEdit("" if document.get("chapter") is None else str(document["chapter"]))
        self.chapter.setMaximumWidth(90)
        self.chapter.setPlaceholderText("—")
        self.counts = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.counts, 1)
        top.addWidget(QLabel(self.tr("Story chapter")))
        top.addWidget(self.chapter)

        self.discussion = DiscussionView()
        self.side = QTabWidget()
        self.side.addTab(self.discussion, self.tr("Discussion"))
        self.side.addTab(self._build_preview(), self.tr("Before and after"))
        self.impact_view = ReviewImpactView().attach_to(self.side)  # filled by the workbench's impact
        self._selected: ItemCard | None = None
        split = QSplitter(Qt.Horizontal)
        split.addWidget(scroll)
        split.addWidget(self.side)
        split.setSizes([640, 480])

        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {WARNING_COLOUR};")
        self.error.hide()
        self.accept_all_button = QPushButton(self.tr("Accept all"))
        self.accept_all_button.clicked.connect(lambda: self._set_all(True))
        self.reject_all_button = QPushButton(self.tr("Reject all"))
        self.reject_all_button.clicked.connect(lambda: self._set_all(False))
        self.apply_button = QPushButton(self.tr("Apply"))
        self.apply_button.setDefault(True)
        self.apply_button.clicked.connect(self._on_apply_clicked)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Close without writing anything; the proposal stays waiting"))
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.accept_all_button)
        buttons.addWidget(self.reject_all_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.cancel_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.resize(1200, 760)
        self.set_messages(messages or [])
        self._on_card_changed()

    def _build_preview(self) -> QWidget:
        panel = QWidget()
        self.before_view = ForceGraphView(interactive=False)
        self.after_view = ForceGraphView(interactive=False)
        self.change_list = QPlainTextEdit()
        self.change_list.setReadOnly(True)
        self.change_list.setMaximumHeight(120)
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(self.tr("Before")))
        layout.addWidget(self.before_view, 1)
        layout.addWidget(QLabel(self.tr("After applying the accepted items")))
        layout.addWidget(self.after_view, 1)
        layout.addWidget(self.change_list)
        return panel

    # -- the discussion ----------------------------------------------------------------

    def set_messages(self, messages: list[dict]) -> None:
        """The discussion the settlement was made from (the workbench gives it); shown first when there is one."""
        self.discussion.set_messages(messages)
        self.side.setCurrentIndex(0 if self.discussion.has_messages() else 1)
        if self._selected is not None:
            self.discussion.highlight(self._selected.evidence())

    def _on_card_selected(self, card: ItemCard) -> None:
        if self._selected is not None:
            self._selected.set_selected(False)
        self._selected = card
        card.set_selected(True)
        if self.discussion.highlight(card.evidence()):
            self.side.setCurrentWidget(self.discussion)

    # -- the author's decisions --------------------------------------------------------

    def all_cards(self) -> list[ItemCard]:
        return [card for section in SECTIONS for card in self.cards.get(section, [])]

    def _set_all(self, accepted: bool) -> None:
        for card in self.all_cards():
            card.blockSignals(True)
            card.set_accepted(accepted)
            card.blockSignals(False)
        self._on_card_changed()

    def _on_card_changed(self) -> None:
        cards = self.all_cards()
        by_class: dict[str, int] = {}
        for card in cards:
            cls = card.info.get("class") or "new"
            by_class[cls] = by_class.get(cls, 0) + 1
        accepted = sum(card.accepted() for card in cards)
        self.impact_view.set_rejected({card.info.get("path") for card in cards if not card.accepted()} - {None})
        parts = [f"{self._badges.get(cls, cls)} {n}" for cls, n in by_class.items()]
        self.counts.setText(self.tr("%1 of %2 items accepted").replace("%1", str(accepted))
                            .replace("%2", str(len(cards))) + ("  ·  " + ", ".join(parts) if parts else ""))
        self.apply_button.setText(self.tr("Apply") if accepted else self.tr("Reject settlement"))
        self._refresh_preview()

    def edited_review(self) -> dict:
        """The review to send back: the document as edited, rejected items removed, item paths renumbered."""
        document = {k: copy.deepcopy(v) for k, v in (self.review.get("document") or {}).items() if k not in SECTIONS}
        text = self.chapter.text().strip()
        document["chapter"] = int(text) if text.isdigit() else None
        items = []
        for section in SECTIONS:
            kept = [card for card in self.cards.get(section, []) if card.accepted()]
            if kept:
                document[section] = [card.value() for card in kept]
            for index, card in enumerate(kept):
                items.append({**card.info, "path": f"{section}/{index}", "class": card.info.get("class") or "new"})
        out = {k: v for k, v in self.review.items() if k not in ("document", "items")}
        return {**out, "document": document, "items": items}

    def _on_apply_clicked(self) -> None:
        self.error.hide()
        if any(card.accepted() for card in self.all_cards()):
            self.apply_requested.emit(self.edited_review())
        else:
            self.reject_requested.emit(self.review.get("settlement_id"))

    def show_error(self, text: str, *, cancelled: bool = False) -> None:
        """Where run_op reports a refused Apply: in the dialog, which stays open with the author's edits."""
        self.error.setText(text)
        self.error.setVisible(bool(text))

    # -- before / after ------------------------------------------------------------------------

    def _refresh_preview(self) -> None:
        before, after, changes = preview(self.before, self.edited_review()["document"])
        self.before_view.set_graph(before)
        self.after_view.set_graph(after)
        self.change_list.setPlainText("\n".join(changes))


def preview(before: dict, document: dict) -> tuple[Graph, Graph, list[str]]:
    """Graphs of the neighbourhood a document touches, as it stands and as it would stand, plus a change list."""
    canonical = {}
    kinds = {}
    for entity in before.get("entities") or []:
        kinds[entity["name"]] = entity["kind"]
        for name in [entity["name"]] + list(entity.get("aliases") or []):
            canonical[name] = entity["name"]
    proposed_kinds = {canonical.get(e["name"], e["name"]): e.get("kind") or "" for e in document.get("entities") or []}

    def name(text: str) -> str:
        return canonical.get(text, text)

    touched = set(proposed_kinds)
    for section in ("relations", "ends"):
        for item in document.get(section) or []:
            touched |= {name(item["from"]), name(item["to"])}
    touched |= {name(s["entity"]) for s in document.get("states") or []}
    old_edges = [(name(r["from"]), r["type"], name(r["to"])) for r in before.get("relations") or []]
    around = set(touched)
    for a, _, b in old_edges:
        if (a in touched or b in touched) and len(around) < PREVIEW_LIMIT:
            around |= {a, b}
    kept_old = [(a, t, b) for a, t, b in old_edges if a in around and b in around]
    ended = {(name(e["from"]), e["type"], name(e["to"])) for e in document.get("ends") or []}
    added = [(name(r["from"]), r["type"], name(r["to"])) for r in document.get("relations") or []]

    def graph(names: set[str], edges: list[Edge]) -> Graph:
        nodes = [Node(n, kinds.get(n) or proposed_kinds.get(n) or "") for n in sorted(names)]
        return Graph(nodes, edges)

    before_names = {n for n in around if n in kinds}
    before_graph = graph(before_names, [Edge(a, b, t) for a, t, b in kept_old])
    after_names = before_names | touched
    after_edges = [Edge(a, b, t, ended=(a, t, b) in ended) for a, t, b in kept_old]
    after_edges += [Edge(a, b, t) for a, t, b in added if (a, t, b) not in kept_old]
    changes = [f"+ {n}" for n in sorted(set(proposed_kinds) - set(kinds))]
    # relation types in the author's words, as the graph above draws them (属于, not MEMBER_OF)
    changes += [f"+ {a} —{relation_word(t)}→ {b}" for a, t, b in added]
    changes += [f"− {a} —{relation_word(t)}→ {b}" for a, t, b in sorted(ended)]
    changes += [f"~ {name(s['entity'])} · {s['key']} = {s['value']}" for s in document.get("states") or []]
    changes += [f"+ ⚑ {h['name']}" for h in document.get("hooks") or []]
    return before_graph, graph(after_names, after_edges), changes


def review_of(entry: dict) -> dict:
    """A waiting journal entry as a review: its stored review when there is one, else its bare document."""
    stored = entry.get("review")
    if isinstance(stored, dict) and isinstance(stored.get("document"), dict):
        return {**stored, "settlement_id": entry["id"]}
    items = stored.get("items") if isinstance(stored, dict) else stored if isinstance(stored, list) else []
    return {"task_id": entry.get("task_id"), "settlement_id": entry["id"],
            "document": entry.get("proposal") or entry.get("document") or {}, "items": items or []}
