"""The graph inspector: the fact graph as of a chapter, hooks, the plan, and the memory-health strip."""

from __future__ import annotations

import html
from urllib.parse import quote, unquote

from PySide6.QtCore import QDateTime, QEvent, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSlider,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.graph_view import Edge, ForceGraphView, Graph, Node
from desktop.ui.health_strip import HealthStrip
from desktop.ui.plan_view import PlanView
from desktop.ui.relation_words import relation_word
from desktop.ui.theme import WARNING_COLOUR, kind_colour

GRAPH_KINDS = ("Character", "Location", "Item", "Faction", "Ability")
SLIDER_SETTLE_MS = 120  # a dragged slider asks for one snapshot when it rests, not one per pixel


def snapshot_graph(snapshot: dict) -> Graph:
    nodes = [Node(e["name"], e["kind"], tuple(e.get("aliases") or ())) for e in snapshot.get("entities") or []]
    edges = [Edge(r["from"], r["to"], r["type"]) for r in snapshot.get("relations") or []]
    return Graph(nodes, edges)


def hook_is_overdue(hook: dict, chapter: int | None) -> bool:
    due = hook.get("due_by")
    return hook.get("status") != "Resolved" and due is not None and chapter is not None and chapter > due


class GraphInspector(QWidget):
    """Shows what the workbench sends; asks for new snapshots through its signals."""

    as_of_changed = Signal(int)
    entity_selected = Signal(str)
    health_item_clicked = Signal(str)  # keys this pane cannot open itself: reviews, conflicts, embedding, extraction
    persona_requested = Signal(str)  # a character's persona, from the link in its details

    def __init__(self, parent=None):
        super().__init__(parent)
        self._kinds = {"Character": self.tr("Characters"), "Location": self.tr("Locations"),
                       "Item": self.tr("Items"), "Faction": self.tr("Factions"), "Ability": self.tr("Abilities")}
        self._snapshot: dict = {"entities": [], "relations": [], "hooks": []}
        self._current_chapter: int | None = None
        self._details_for: str | None = None

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_facts_tab(), self.tr("Facts"))
        self.tabs.addTab(self._build_hooks_tab(), self.tr("Hooks"))
        self.plan = PlanView()
        self.tabs.addTab(self.plan, self.tr("Plan"))
        self.health = HealthStrip()
        self.health.item_clicked.connect(self._on_health_item_clicked)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.health)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SLIDER_SETTLE_MS)
        self._settle.timeout.connect(lambda: self.as_of_changed.emit(self.slider.value()))
        self.set_chapter_range(0, None)

    # -- building -----------------------------------------------------------------------

    def _build_facts_tab(self) -> QWidget:
        tab = QWidget()
        filters = QHBoxLayout()
        self.kind_boxes: dict[str, QCheckBox] = {}
        for kind in GRAPH_KINDS:
            box = QCheckBox(self._kinds[kind])
            box.setChecked(True)
            colour = kind_colour(kind).name()
            box.setStyleSheet(f"QCheckBox::indicator:checked {{ background: {colour}; border: 1px solid {colour}; }}")
            box.toggled.connect(self._on_kind_filter_toggled)
            filters.addWidget(box)
            self.kind_boxes[kind] = box
        filters.addStretch(1)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search names and aliases"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.returnPressed.connect(self._on_search_return_pressed)

        self.graph = ForceGraphView()
        self.graph.node_clicked.connect(self._on_node_clicked)
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._on_details_link)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.graph)
        split.addWidget(self.details)
        split.setSizes([380, 220])

        self.slider = QSlider(Qt.Horizontal)
        self.slider.setTracking(True)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.slider_label = QLabel()
        self.slider_label.setMinimumWidth(90)
        slider_row = QHBoxLayout()
        slider_row.addWidget(QLabel(self.tr("As of chapter")))
        slider_row.addWidget(self.slider, 1)
        slider_row.addWidget(self.slider_label)

        layout = QVBoxLayout(tab)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.search)
        layout.addWidget(split, 1)
        layout.addLayout(slider_row)
        return tab

    def _build_hooks_tab(self) -> QWidget:
        tab = QWidget()
        self.hook_filter = QComboBox()
        self.hook_filter.addItem(self.tr("All hooks"), "all")
        self.hook_filter.addItem(self.tr("Unresolved"), "unresolved")
        self.hook_filter.addItem(self.tr("Overdue"), "overdue")
        self.hook_filter.currentIndexChanged.connect(lambda _: self._fill_hooks())
        self.hooks = QTreeWidget()
        self.hooks.setHeaderLabels([self.tr("Hook"), self.tr("Status"), self.tr("Planted"), self.tr("Resolved"),
                                    self.tr("Due by"), self.tr("Involves")])
        self.hooks.setColumnWidth(0, 180)
        for column in (1, 2, 3, 4):
            self.hooks.header().setSectionResizeMode(column, QHeaderView.ResizeToContents)
        self.hooks.setRootIsDecorated(False)
        layout = QVBoxLayout(tab)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Show")))
        row.addWidget(self.hook_filter)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.hooks, 1)
        self.hooks_empty = QLabel()  # what hooks are and where they come from, while there are none to list
        self.hooks_empty.setWordWrap(True)
        self.hooks_empty.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.hooks_empty.setTextFormat(Qt.PlainText)
        layout.addWidget(self.hooks_empty, 1)
        return tab

    # -- content from the workbench ----------------------------------------------------------

    def set_chapter_range(self, chapters: int, current: int | None, *, reset: bool = True) -> None:
        """The slider spans the imported chapters (and the pointer, if the plan runs ahead of the text).

        reset puts it on the narrative pointer (a newly opened book); otherwise it stays where the author left it,
        following the last chapter if it was there.
        """
        self._current_chapter = current
        top = max(chapters or 0, current or 0)
        was, was_top = self.slider.value(), self.slider.value() == self.slider.maximum()
        self.slider.blockSignals(True)
        self.slider.setRange(1 if top else 0, top)
        if top:
            self.slider.setValue((current or top) if reset or not self.slider.isEnabled()
                                 else top if was_top else min(max(was, 1), top))
        self.slider.blockSignals(False)
        self.slider.setEnabled(top > 0)
        self._show_slider_value()

    def as_of(self) -> int | None:
        return self.slider.value() if self.slider.isEnabled() else None

    def set_as_of(self, chapter: int) -> None:
        """Move the slider as the author would; the snapshot request follows once it settles."""
        self.slider.setValue(chapter)

    def set_facts(self, snapshot: dict) -> None:
        self._snapshot = snapshot
        self.graph.set_graph(snapshot_graph(snapshot))
        self.graph.set_hidden_kinds(self._hidden_kinds())
        self.graph.highlight(self.search.text())
        self._fill_hooks()
        names = {e["name"] for e in snapshot.get("entities") or []}
        if self._details_for in names:
            self.graph.select(self._details_for)
        else:
            self.graph.select(None)
        if self._details_for is not None:
            # Its attributes may differ at the new chapter, or it may not be in the story yet: the details say which.
            self.entity_selected.emit(self._details_for)
        else:
            self._show_overview()

    def set_entity_details(self, snapshot: dict) -> None:
        asked, shown = snapshot.get("as_of"), self.as_of()
        if asked is not None and shown is not None and asked != shown:
            return  # an answer for a chapter the slider has already left
        entities = snapshot.get("entities") or []
        if not entities and snapshot.get("absent"):
            self._show_absent(snapshot["absent"])
            return
        if not entities:
            self._show_overview()
            return
        self._details_for = entities[0]["name"]
        self.details.setHtml(self._entity_html(entities[0], snapshot))

    def set_plan(self, plan: dict) -> None:
        self.plan.set_plan(plan)

    def set_health(self, health: dict) -> None:
        self.health.set_health(health)

    def changeEvent(self, event) -> None:  # noqa: N802 — Qt override
        super().changeEvent(event)
        if event.type() == QEvent.PaletteChange:  # links in the details keep the colour they were drawn with
            if self._details_for is not None:
                self.entity_selected.emit(self._details_for)
            else:
                self._show_overview()

    # -- slots ------------------------------------------------------------------------------

    def _on_slider_value_changed(self, _value: int) -> None:
        self._show_slider_value()
        self._settle.start()

    def _show_slider_value(self) -> None:
        self.slider_label.setText(self.tr("Chapter %1").replace("%1", str(self.slider.value()))
                                  if self.slider.isEnabled() else self.tr("now"))

    def _on_kind_filter_toggled(self, _checked: bool) -> None:
        self.graph.set_hidden_kinds(self._hidden_kinds())

    def _hidden_kinds(self) -> set[str]:
        return {kind for kind, box in self.kind_boxes.items() if not box.isChecked()}

    def _on_search_text_changed(self, text: str) -> None:
        self.graph.highlight(text)

    def _on_search_return_pressed(self) -> None:
        matches = self.graph.highlight(self.search.text())
        if matches:
            self._select(matches[0])

    def _on_node_clicked(self, name: str) -> None:
        self._select(name)

    def _on_details_link(self, url: QUrl) -> None:
        if url.scheme() == "entity":
            self._select(unquote(url.path()))
        elif url.scheme() == "persona":
            self.persona_requested.emit(unquote(url.path()))

    def _select(self, name: str) -> None:
        self._details_for = name
        self.graph.select(name)
        self.entity_selected.emit(name)

    def _on_health_item_clicked(self, key: str) -> None:
        if key in ("entities", "relations"):
            self.tabs.setCurrentIndex(0)
            self.search.clear()
            for box in self.kind_boxes.values():
                box.setChecked(True)
            self._details_for = None
            self.graph.select(None)
            self._show_overview(relations=key == "relations")
        elif key in ("hooks", "unresolved_hooks", "overdue_hooks"):
            self.tabs.setCurrentIndex(1)
            self.hook_filter.setCurrentIndex({"hooks": 0, "unresolved_hooks": 1, "overdue_hooks": 2}[key])
        else:
            self.health_item_clicked.emit(key)

    # -- hooks ----------------------------------------------------------------------------------

    def _overdue_reference(self) -> int | None:
        return self.as_of() or self._current_chapter

    def _fill_hooks(self) -> None:
        mode = self.hook_filter.currentData()
        chapter = self._overdue_reference()
        self.hooks.clear()
        for hook in self._snapshot.get("hooks") or []:
            overdue = hook_is_overdue(hook, chapter)
            if mode == "unresolved" and hook.get("status") == "Resolved":
                continue
            if mode == "overdue" and not overdue:
                continue
            status = self.tr("Resolved") if hook.get("status") == "Resolved" else self.tr("Unresolved")
            if overdue:
                overdue_text = self.tr("Overdue")
                status = "⚠ " + overdue_text
            row = QTreeWidgetItem([hook.get("name") or "", status, _num(hook.get("planted_in")),
                                   _num(hook.get("resolved_in")), _num(hook.get("due_by")),
                                   "、".join(hook.get("involves") or [])])
            if hook.get("description"):
                row.setToolTip(0, hook["description"])
            if overdue:
                for column in range(6):
                    row.setForeground(column, QBrush(QColor(WARNING_COLOUR)))
            self.hooks.addTopLevelItem(row)
        self._explain_hooks(bool(self._snapshot.get("hooks")))

    def _explain_hooks(self, any_hooks: bool) -> None:
        listed = self.hooks.topLevelItemCount() > 0
        self.hooks.setVisible(listed)
        self.hooks_empty.setVisible(not listed)
        if listed:
            return
        if any_hooks:
            self.hooks_empty.setText(self.tr("No hook matches this filter. Choose “All hooks” to see every one."))
            return
        self.hooks_empty.setText(
            self.tr("No hooks yet.") + "\n\n" +
            self.tr("A hook (foreshadowing) is a question or promise the story plants to pay off later: where the jade "
                    "came from, a vow to return. Each has the chapter it was planted in, perhaps a chapter it is due "
                    "by, and the chapter that resolves it.") + "\n\n" +
            self.tr("Hooks appear here when a settlement or the extraction of imported chapters finds one: mention a "
                    "mystery in a task and settle it, or import chapters. An unresolved hook past its due chapter "
                    "is marked overdue."))

    def hook_rows(self) -> list[tuple[str, str]]:
        return [(self.hooks.topLevelItem(i).text(0), self.hooks.topLevelItem(i).text(1))
                for i in range(self.hooks.topLevelItemCount())]

    # -- the details panel ------------------------------------------------------------------------

    def _show_overview(self, relations: bool = False) -> None:
        entities = self._snapshot.get("entities") or []
        if not entities:
            empty = self.tr("No facts yet. Settle a task to add some.")
            self.details.setHtml(f"<p>{html.escape(empty)}</p>")
            return
        hint = self.tr("Click an entity to see its details.")
        parts = [f"<p><i>{html.escape(hint)}</i></p>"]
        if relations:
            parts.append(_heading(self.tr("Relations")) + "<ul>")
            for rel in self._snapshot.get("relations") or []:
                parts.append(f"<li>{self._relation_html(rel)}</li>")
            parts.append("</ul>")
        else:
            for kind in GRAPH_KINDS:
                members = [e for e in entities if e["kind"] == kind]
                if members:
                    links = "、".join(_entity_link(e["name"]) for e in members)
                    parts.append(f"<p><b style='color:{kind_colour(kind).name()}'>"
                                 f"{html.escape(self._kinds[kind])}</b> ({len(members)}): {links}</p>")
        self.details.setHtml("".join(parts))

    def _show_absent(self, absent: dict) -> None:
        """The selected entity is in the book but not yet in the story at this chapter: say when it comes."""
        self._details_for = absent["name"]
        first, chapter = absent.get("first_chapter"), self.as_of()
        if first is not None:
            text = self.tr("%1 does not appear until chapter %2.").replace("%1", absent["name"]).replace(
                "%2", str(first))
        else:
            text = self.tr("%1 is not yet in the story at chapter %2.").replace("%1", absent["name"]).replace(
                "%2", str(chapter or ""))
        hint = self.tr("Move “As of chapter” later to see it, or click another entity.")
        self.details.setHtml(f"<h3 style='margin:0'>{html.escape(absent['name'])}</h3>"
                             f"<p>{html.escape(text)}</p><p style='color:gray'><i>{html.escape(hint)}</i></p>")

    def _entity_html(self, entity: dict, snapshot: dict) -> str:
        esc = html.escape
        kind = self._kinds.get(entity["kind"], entity["kind"])
        parts = [f"<h3 style='margin:0'>{esc(entity['name'])} "
                 f"<span style='color:{kind_colour(entity['kind']).name()}'>· {esc(kind)}</span></h3>"]
        if entity.get("aliases"):
            also = self.tr("Also called")
            parts.append(f"<p>{esc(also)}: {esc('、'.join(entity['aliases']))}</p>")
        if entity.get("summary"):
            parts.append(f"<p>{esc(entity['summary'])}</p>")
        if entity["kind"] == "Character":
            parts.append(f"<p><a href='persona:{quote(entity['name'])}'>{esc(self.tr('Persona…'))}</a></p>")
        origin = []
        if entity.get("first_chapter") is not None:
            origin.append(self.tr("first in chapter %1").replace("%1", str(entity["first_chapter"])))
        if entity.get("settlement") is not None:
            origin.append(self.tr("settlement #%1").replace("%1", str(entity["settlement"])))
        if origin:
            parts.append(f"<p style='color:gray'>{esc(' · '.join(origin))}</p>")
        chapter = self.as_of()
        heading = (self.tr("State as of chapter %1").replace("%1", str(chapter)) if chapter
                   else self.tr("State now"))
        attributes = entity.get("attributes") or {}
        if attributes:
            rows = "".join(f"<tr><td><b>{esc(str(k))}</b></td><td>{esc(str(v))}</td></tr>"
                           for k, v in attributes.items())
            parts.append(f"<h4>{esc(heading)}</h4><table cellspacing='4'>{rows}</table>")
        relations = snapshot.get("relations") or []
        if relations:
            parts.append(_heading(self.tr("Relations")) + "<ul>")
            parts += [f"<li>{self._relation_html(rel)}</li>" for rel in relations]
            parts.append("</ul>")
        hooks = snapshot.get("hooks") or []
        if hooks:
            resolved, unresolved = self.tr("Resolved"), self.tr("Unresolved")
            parts.append(_heading(self.tr("Hooks")) + "<ul>")
            parts += [f"<li>{esc(h['name'])} ({esc(resolved if h.get('status') == 'Resolved' else unresolved)})</li>"
                      for h in hooks]
            parts.append("</ul>")
        mentions = snapshot.get("mentions") or []
        if mentions:
            listed = "、".join(esc(self.tr("ch. %1").replace("%1", str(m["chapter"])) +
                                   (f" {m['title']}" if m.get("title") else "")) for m in mentions[:30])
            more = f" … (+{len(mentions) - 30})" if len(mentions) > 30 else ""
            parts.append(_heading(self.tr("Mentioned in")) + f"<p>{listed}{more}</p>")
        return "".join(parts)

    def _relation_html(self, rel: dict) -> str:
        esc = html.escape
        text = f"{_entity_link(rel['from'])} —{esc(relation_word(rel['type']))}→ {_entity_link(rel['to'])}"
        props = rel.get("properties") or {}
        if props:
            text += " " + esc("(" + ", ".join(f"{k}: {v}" for k, v in props.items()) + ")")
        if rel.get("valid_to") is not None:
            span = self.tr("chapters %1–%2").replace("%1", _num(rel.get("valid_from"))).replace(
                "%2", str(rel["valid_to"]))
        else:
            span = self.tr("since chapter %1").replace("%1", _num(rel.get("valid_from")))
        if rel.get("origin"):
            return text + f" <span style='color:gray'>[{esc(span)}]</span>" + self._origin_html(rel["origin"])
        source = (self.tr("settlement #%1").replace("%1", str(rel["settlement"]))
                  if rel.get("settlement") is not None else "")
        return text + f" <span style='color:gray'>[{esc(span)}{(' · ' + esc(source)) if source else ''}]</span>"

    def _origin_html(self, origin: dict) -> str:
        """Where a relation came from, when it was settled, and the words quoted for it."""
        esc = html.escape
        if origin.get("task_title"):
            source = self.tr("from the task “%1”").replace("%1", origin["task_title"])
        elif origin.get("origin") == "imported_chapter" and origin.get("from_chapter") is not None:
            source = self.tr("from imported chapter %1").replace("%1", str(origin["from_chapter"]))
            if origin.get("chapter_heading"):
                source += f" {origin['chapter_heading']}"
        elif origin.get("file"):
            source = self.tr("from the file %1").replace("%1", origin["file"])
        else:
            source = self.tr("entered by the author")
        bits = [source]
        if origin.get("settled_at"):
            bits.append(self.tr("settled %1").replace("%1", _when(origin["settled_at"])))
        bits.append(self.tr("settlement #%1").replace("%1", str(origin.get("settlement_id"))))
        out = f"<br><span style='color:gray'>{esc(' · '.join(bits))}</span>"
        if origin.get("quote"):
            out += f"<br><i>「{esc(origin['quote'])}」</i>"
        return out

    def details_text(self) -> str:
        return self.details.toPlainText()


def _when(stamp: str) -> str:
    """A journal time (UTC, ISO 8601) as the author's local date and minute."""
    moment = QDateTime.fromString(stamp, Qt.ISODateWithMs)
    if not moment.isValid():
        moment = QDateTime.fromString(stamp, Qt.ISODate)
    return moment.toLocalTime().toString("yyyy-MM-dd HH:mm") if moment.isValid() else stamp


def _heading(text: str) -> str:
    return f"<h4>{html.escape(text)}</h4>"


def _entity_link(name: str) -> str:
    return f"<a href='entity:{quote(name)}'>{html.escape(name)}</a>"


def _num(value) -> str:
    return "" if value is None else str(value)
