"""The plan graph for the inspector: the outline tree with the narrative pointer marked, storylines side by side."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.plan_editing import PlanEditor
from desktop.ui.theme import ACCENT_COLOUR

POINTER_BRUSH = QColor(ACCENT_COLOUR)
POINTER_BRUSH.setAlpha(60)


def chapter_span(chapters) -> str:
    first, last = (list(chapters or []) + [None, None])[:2]
    if first is None and last is None:
        return ""
    if last is None or last == first:
        return str(first if first is not None else last)
    return f"{'' if first is None else first}–{last}"


class PlanView(QWidget):
    """Shows the plan; once attached to a workbench the author edits it here too (desktop/ui/plan_editing.py)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._levels = {
            "GeneralOutline": self.tr("General outline"), "LongOutline": self.tr("Long outline"),
            "ShortOutline": self.tr("Short outline"), "Step": self.tr("Step"),
        }
        self._statuses = {"Pending": self.tr("Pending"), "InProgress": self.tr("In progress"),
                          "Completed": self.tr("Completed")}
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Outline"), self.tr("Status"), self.tr("Chapters"), self.tr("Storyline")])
        self.tree.setColumnWidth(0, 220)
        self.tree.setAlternatingRowColors(True)
        self.empty = QLabel(self.tr("No plan yet. Outlines arrive through settlements, or add a general outline "
                                    "here (Insert)."))
        self.empty.setAlignment(Qt.AlignCenter)
        self.empty.setWordWrap(True)

        lanes_box = QWidget()
        self.lanes = QHBoxLayout(lanes_box)
        self.lanes.setContentsMargins(0, 0, 0, 0)
        lanes_scroll = QScrollArea()
        lanes_scroll.setWidgetResizable(True)
        lanes_scroll.setWidget(lanes_box)
        lanes_scroll.setFrameShape(QFrame.NoFrame)
        lanes_panel = QWidget()
        lanes_layout = QVBoxLayout(lanes_panel)
        lanes_layout.setContentsMargins(0, 0, 0, 0)
        lanes_layout.addWidget(QLabel(self.tr("Storylines")))
        lanes_layout.addWidget(lanes_scroll)

        split = QSplitter(Qt.Vertical)
        split.addWidget(self.tree)
        split.addWidget(lanes_panel)
        split.setSizes([300, 200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(split)
        self._layout = layout
        self._split = split
        self._pointer_ids: set[str] = set()
        self.nodes: dict[str, dict] = {}  # id -> level, title, status, parent id, index among siblings
        self.editor = None
        self._keep: str | None = None
        self.set_plan({"outlines": [], "pointer": []})

    def attach(self, workbench) -> None:
        """Make the plan editable through this workbench: buttons above the tree, a context menu, keys."""
        self.editor = PlanEditor(self, workbench)
        self._layout.insertWidget(0, self.editor.button_row())

    def level_name(self, level: str) -> str:
        return self._levels.get(level, level)

    def status_name(self, status: str) -> str:
        return self._statuses.get(status, status)

    def keep_selection(self) -> None:
        """The selected row is selected again when the edited plan comes back."""
        item = self.tree.currentItem()
        self._keep = item.data(0, Qt.UserRole) if item is not None else None

    def set_plan(self, plan: dict) -> None:
        outlines, pointer = plan.get("outlines") or [], plan.get("pointer") or []
        self._pointer_ids = {p.get(key) for p in pointer for key in ("outline_id", "step_id") if p.get(key)}
        self.empty.setVisible(not outlines)
        self._split.setVisible(bool(outlines))
        keep = self._keep or (self.tree.currentItem().data(0, Qt.UserRole) if self.tree.currentItem() else None)
        self._keep = None
        self.tree.clear()
        self.nodes = {}
        for outline in outlines:
            self.tree.addTopLevelItem(self._tree_item(outline))
        self._index(outlines, None)
        self.tree.expandAll()
        self._fill_lanes(outlines)
        if keep is not None:
            self.select(keep)

    def _index(self, outlines: list[dict], parent: str | None) -> None:
        for index, node in enumerate(outlines):
            self.nodes[node.get("id")] = {"id": node.get("id"), "level": node.get("level"), "title": node.get("title"),
                                          "status": node.get("status"), "parent": parent, "index": index,
                                          "siblings": len(outlines)}
            steps = node.get("steps") or []
            for place, step in enumerate(steps):
                self.nodes[step.get("id")] = {"id": step.get("id"), "level": "Step", "title": step.get("kind"),
                                              "status": step.get("status"), "parent": node.get("id"),
                                              "index": place, "siblings": len(steps)}
            self._index(node.get("children") or [], node.get("id"))

    def select(self, node_id: str) -> bool:
        """Make the row of this node current; False when the plan has no such node."""
        found = self.tree.findItems("", Qt.MatchContains | Qt.MatchRecursive)
        for item in found:
            if item.data(0, Qt.UserRole) == node_id:
                self.tree.setCurrentItem(item)
                return True
        return False

    def row_texts(self) -> list[str]:
        """Every row's first column in tree order, indented by depth: what the author reads."""
        rows = []

        def walk(item: QTreeWidgetItem, depth: int) -> None:
            rows.append("  " * depth + item.text(0) + f" [{item.text(1)}]")
            for i in range(item.childCount()):
                walk(item.child(i), depth + 1)

        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i), 0)
        return rows

    def _tree_item(self, node: dict) -> QTreeWidgetItem:
        title = node.get("title") or ""
        item = QTreeWidgetItem([title, self._statuses.get(node.get("status"), node.get("status") or ""),
                                chapter_span(node.get("chapters")), self._storyline(node)])
        item.setToolTip(0, f"{self._levels.get(node.get('level'), '')}: {node.get('summary') or title}")
        item.setData(0, Qt.UserRole, node.get("id"))
        self._mark(item, node.get("id"), 4)
        for child in node.get("children") or []:
            item.addChild(self._tree_item(child))
        for step in node.get("steps") or []:
            text = f"{step.get('kind')}: {step.get('summary') or ''}".rstrip(": ")
            chapter = step.get("chapter")
            child = QTreeWidgetItem([text, self._statuses.get(step.get("status"), step.get("status") or ""),
                                     "" if chapter is None else str(chapter), ""])
            child.setData(0, Qt.UserRole, step.get("id"))
            self._mark(child, step.get("id"), 4)
            item.addChild(child)
        return item

    def _storyline(self, node: dict) -> str:
        """The book's default storyline ("main") in the window's language; the author's own names as they are."""
        storyline = node.get("storyline") or ""
        return self.tr("main") if storyline == "main" else storyline

    def _mark(self, item, node_id, columns: int) -> None:
        if node_id not in self._pointer_ids:
            return
        bold = QFont(self.font())
        bold.setBold(True)
        for column in range(columns):
            item.setBackground(column, QBrush(POINTER_BRUSH))
            item.setFont(column, bold)
        item.setText(0, f"▶ {item.text(0)}")
        item.setToolTip(0, self.tr("The narrative pointer: where the story is now"))

    def _fill_lanes(self, outlines: list[dict]) -> None:
        while self.lanes.count():
            widget = self.lanes.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        lanes: dict[str, list[dict]] = {}

        def collect(node: dict) -> None:
            if node.get("level") == "ShortOutline":
                lanes.setdefault(self._storyline(node) or self.tr("main"), []).append(node)
            for child in node.get("children") or []:
                collect(child)

        for outline in outlines:
            collect(outline)
        for storyline, shorts in lanes.items():
            lane = QListWidget()
            lane.setMinimumWidth(160)
            for short in shorts:
                self._lane_item(lane, short.get("title") or "", short.get("id"), short.get("status"), True)
                for step in short.get("steps") or []:
                    summary = f" · {step['summary']}" if step.get("summary") else ""
                    self._lane_item(lane, f"  {step.get('kind')}{summary}",
                                    step.get("id"), step.get("status"), False)
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            heading = QLabel(storyline)
            heading.setTextFormat(Qt.PlainText)
            bold = QFont(self.font())
            bold.setBold(True)
            heading.setFont(bold)
            column.addWidget(heading)
            column.addWidget(lane)
            self.lanes.addWidget(box)

    def _lane_item(self, lane: QListWidget, text: str, node_id, status, heading: bool) -> None:
        item = QListWidgetItem(text)
        item.setToolTip(self._statuses.get(status, status or ""))
        if heading:
            font = QFont(self.font())
            font.setBold(True)
            item.setFont(font)
        if status == "Completed":
            item.setForeground(QBrush(self.palette().color(self.palette().ColorRole.PlaceholderText)))
        if node_id in self._pointer_ids:
            item.setBackground(QBrush(POINTER_BRUSH))
            item.setText(f"▶ {text.strip()}")
        lane.addItem(item)

    def pointer_rows(self) -> list[str]:
        """The texts of the rows marked as the narrative pointer, in tree order."""
        found = []

        def walk(item: QTreeWidgetItem) -> None:
            if item.data(0, Qt.UserRole) in self._pointer_ids:
                found.append(item.text(0))
            for i in range(item.childCount()):
                walk(item.child(i))

        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i))
        return found

    def storylines(self) -> list[str]:
        return [self.lanes.itemAt(i).widget().findChild(QLabel).text() for i in range(self.lanes.count())]
