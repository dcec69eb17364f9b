"""A force-directed node-link view of entities and relations, coloured by kind, with positions kept between updates."""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QEvent, QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontInfo, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from desktop.ui import graph_layouts
from desktop.ui.relation_words import relation_word
from desktop.ui.theme import ACCENT_COLOUR, kind_colour

NODE_RADIUS = 11.0
SPRING = 120.0  # the edge length the layout settles towards, in scene pixels
MIN_LABEL_PX = 11  # labels keep this size on screen however far the graph is zoomed out
LABEL_GAP_PX = 3


@dataclass(frozen=True)
class Node:
    name: str
    kind: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    label: str
    ended: bool = False  # drawn dashed (the review preview shows what a settlement closes)


@dataclass
class Graph:
    nodes: list[Node] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)


def _seed(name: str) -> np.ndarray:
    """A stable starting point per name, so the same book always lays out the same way."""
    h = zlib.crc32(name.encode("utf-8"))
    angle = (h & 0xFFFF) / 0xFFFF * 2 * math.pi
    radius = SPRING * (1.0 + ((h >> 16) & 0xFF) / 64.0)
    return np.array([math.cos(angle) * radius, math.sin(angle) * radius])


def force_layout(names: list[str], links: list[tuple[int, int]], known: dict[str, tuple[float, float]],
                 iterations: int | None = None, pinned: set[str] | frozenset = frozenset()) -> np.ndarray:
    """Fruchterman–Reingold in numpy; nodes already placed start where they were and move only a little,
    `pinned` ones (remembered from an earlier session) not at all."""
    n = len(names)
    if n == 0:
        return np.zeros((0, 2))
    pos = np.array([known.get(name, (np.nan, np.nan)) for name in names], dtype=float)
    fresh = np.isnan(pos[:, 0])
    for i in np.flatnonzero(fresh):
        anchor = next((pos[b] if a == i else pos[a] for a, b in links
                       if i in (a, b) and not fresh[b if a == i else a]), np.zeros(2))
        pos[i] = anchor + _seed(names[i]) * (0.5 if anchor.any() else 1.0)
    if iterations is None:
        iterations = 150 if fresh.all() else 40
    iterations = max(10, int(iterations * min(1.0, 250 / n)))  # bounded work on huge casts
    # Newcomers find their place; entities already on screen only drift, so a slider move never reshuffles.
    temperature = np.where(fresh, SPRING * 2.0, 2.0)[:, None]
    free = np.array([0.0 if name in pinned and not fresh[i] else 1.0 for i, name in enumerate(names)])[:, None]
    src = np.array([a for a, _ in links], dtype=int)
    dst = np.array([b for _, b in links], dtype=int)
    for step in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist2 = np.maximum((delta ** 2).sum(-1), 1.0)
        disp = (delta * (SPRING * SPRING / dist2)[..., None]).sum(1)
        if len(src):
            d = pos[src] - pos[dst]
            length = np.sqrt(np.maximum((d ** 2).sum(-1), 1e-6))[:, None]
            pull = d * length / SPRING
            np.add.at(disp, src, -pull)
            np.add.at(disp, dst, pull)
        disp -= pos * 1.0  # gravity keeps separate islands (an entity whose relations ended) close by
        length = np.sqrt(np.maximum((disp ** 2).sum(-1), 1e-9))[:, None]
        cool = temperature * (1.0 - step / iterations) + 0.2
        pos += disp / length * np.minimum(length, cool) * free
    return pos


class _NodeItem(QGraphicsEllipseItem):
    def __init__(self, node: Node):
        super().__init__(-NODE_RADIUS, -NODE_RADIUS, 2 * NODE_RADIUS, 2 * NODE_RADIUS)
        self.node = node
        self.setBrush(QBrush(kind_colour(node.kind)))
        self.setPen(QPen(QColor("#ffffff"), 1.5))
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.setZValue(2)
        self.setToolTip(" / ".join((node.name,) + node.aliases) + f"  ({node.kind})")
        # Its own scene item, drawn in screen pixels: readable at any zoom, placed by the view's collision pass.
        self.label = QGraphicsSimpleTextItem(node.name)
        self.label.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)
        self.label.setZValue(3)

    def set_emphasis(self, selected: bool, dimmed: bool) -> None:
        self.setPen(QPen(QColor(ACCENT_COLOUR), 3.5) if selected else QPen(QColor("#ffffff"), 1.5))
        self.setOpacity(0.25 if dimmed else 1.0)
        self.label.setOpacity(self.opacity())
        self.label.setVisible(self.isVisible())


class ForceGraphView(QGraphicsView):
    """Entities as coloured dots, relations as labelled lines; clicking a dot selects that entity."""

    node_clicked = Signal(str)

    def __init__(self, parent=None, *, interactive: bool = True):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.Antialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag if interactive else QGraphicsView.NoDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self._interactive = interactive
        if not interactive:
            # A preview always shows everything: no scroll bars, whose coming and going would resize it again.
            self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
            self.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self._positions: dict[str, tuple[float, float]] = {}
        self._graph = Graph()
        self._hidden_kinds: set[str] = set()
        self._nodes: dict[str, _NodeItem] = {}
        self._edges: list[tuple[Edge, QGraphicsLineItem, QGraphicsRectItem]] = []
        self._selected: str | None = None
        self._matches: set[str] | None = None
        self._zoomed = False  # once the author zooms, resizing no longer refits
        self.scene().selectionChanged.connect(self._on_selection_changed)

    # -- content -------------------------------------------------------------------

    def set_graph(self, graph: Graph) -> None:
        """Show a new graph; entities seen before keep their place, so moving the slider does not reshuffle."""
        self._graph = graph
        names = [n.name for n in graph.nodes]
        index = {name: i for i, name in enumerate(names)}
        links = [(index[e.source], index[e.target]) for e in graph.edges
                 if e.source in index and e.target in index and e.source != e.target]
        memory = graph_layouts.current()
        remembered = {n: memory.positions[n] for n in names if n in memory.positions and n not in self._positions}
        pos = force_layout(names, links, {**remembered, **self._positions}, pinned=set(remembered))
        placed = {name: (float(x), float(y)) for name, (x, y) in zip(names, pos)}
        self._positions.update(placed)
        memory.remember(placed)
        self._rebuild()

    def _rebuild(self) -> None:
        scene = self.scene()
        scene.blockSignals(True)
        scene.clear()
        scene.blockSignals(False)
        self._nodes, self._edges = {}, []
        # Labels are drawn in screen pixels (they ignore the zoom), never below MIN_LABEL_PX.
        pixels = QFontInfo(self.font()).pixelSize()
        small = QFont(self.font())
        small.setPixelSize(max(MIN_LABEL_PX, pixels))
        names = QFont(self.font())
        names.setPixelSize(max(MIN_LABEL_PX + 1, round(pixels * 1.1)))
        edge_colour = self.palette().color(self.foregroundRole())
        for node in self._graph.nodes:
            item = _NodeItem(node)
            item.label.setBrush(edge_colour)
            item.label.setFont(names)
            item.setPos(QPointF(*self._positions[node.name]))
            scene.addItem(item)
            scene.addItem(item.label)
            self._nodes[node.name] = item
        for edge in self._graph.edges:
            if edge.source not in self._nodes or edge.target not in self._nodes:
                continue
            pen = QPen(QColor(edge_colour), 1.2, Qt.DashLine if edge.ended else Qt.SolidLine)
            pen.setColor(QColor(edge_colour.red(), edge_colour.green(), edge_colour.blue(), 150))
            line = scene.addLine(QLineF(self._nodes[edge.source].pos(), self._nodes[edge.target].pos()), pen)
            line.setZValue(0)
            label = self._edge_label(relation_word(edge.label), small, edge_colour)
            scene.addItem(label)
            self._edges.append((edge, line, label))
        self._apply_visibility()
        self.fit()

    def _edge_label(self, text: str, font: QFont, colour: QColor) -> QGraphicsRectItem:
        """The relation's name on a plate of the background colour, so crossing lines never make it unreadable."""
        words = QGraphicsSimpleTextItem(text)
        words.setFont(font)
        words.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 210))
        bounds = words.boundingRect().adjusted(-2, 0, 2, 0)
        plate = QGraphicsRectItem(0, 0, bounds.width(), bounds.height())
        base = QColor(self.palette().color(self.backgroundRole()))
        base.setAlpha(200)
        plate.setBrush(QBrush(base))
        plate.setPen(QPen(Qt.NoPen))
        plate.setZValue(1)
        plate.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)
        words.setParentItem(plate)
        words.setPos(2, 0)
        return plate

    def fit(self) -> None:
        """The whole graph in view, with room for the labels (a fixed size on screen) around the dots."""
        if not self._nodes:
            self._place_labels()
            return
        rect = QRectF()
        for item in self._nodes.values():
            rect = rect.united(item.sceneBoundingRect())
        margin = NODE_RADIUS * 4
        widest = max(item.label.boundingRect().width() for item in self._nodes.values())
        for _ in range(2):  # the label room depends on the scale the fit chooses: settle it in two rounds
            scale = self.transform().m11() or 1.0
            room_x, room_y = widest / scale + margin, 2 * MIN_LABEL_PX / scale + margin
            self.setSceneRect(rect.adjusted(-room_x, -room_y, room_x, room_y))
            self.fitInView(self.sceneRect(), Qt.KeepAspectRatio)
            if self.transform().m11() > 1.6:  # a tiny graph should not be blown up to cartoon size
                self.resetTransform()
                self.scale(1.6, 1.6)
                self.centerOn(rect.center())
        self._place_labels()

    def _place_labels(self) -> None:
        """Put each label where it overlaps no dot and no label placed before it: node names beside their dot
        (right, left, above, below), relation names along their line, nudged off it when needed. Run after
        every change of zoom, since labels keep their screen size while the graph scales."""
        scale = self.transform().m11() or 1.0
        gap = LABEL_GAP_PX / scale
        taken = _Taken(cell=48 / scale)
        shown = sorted((name, item) for name, item in self._nodes.items() if item.isVisible())
        for _, item in shown:
            taken.add(item.sceneBoundingRect())
        for _, item in shown:
            w, h = item.label.boundingRect().width() / scale, item.label.boundingRect().height() / scale
            x, y, r = item.pos().x(), item.pos().y(), NODE_RADIUS
            spots = [(x + r + gap, y - h / 2), (x - r - gap - w, y - h / 2), (x - w / 2, y - r - gap - h),
                     (x - w / 2, y + r + gap)]
            spots += [(sx, sy + k * (h + gap)) for k in (-1, 1) for sx, sy in spots[:2]]
            item.label.setPos(*taken.claim(spots, w, h))
        for edge, line, plate in sorted(self._edges, key=lambda e: (e[0].source, e[0].label, e[0].target)):
            if not line.isVisible():
                continue
            a, b = line.line().p1(), line.line().p2()
            w, h = plate.rect().width() / scale, plate.rect().height() / scale
            d = b - a
            length = max(math.hypot(d.x(), d.y()), 1e-6)
            nx, ny = -d.y() / length, d.x() / length
            spots = [(a.x() + d.x() * t + nx * k * (h + gap) - w / 2, a.y() + d.y() * t + ny * k * (h + gap) - h / 2)
                     for t in (0.5, 0.38, 0.62, 0.28, 0.72) for k in (0, 1, -1, 2, -2)]
            plate.setPos(*taken.claim(spots, w, h))

    # -- filters, search, selection -----------------------------------------------------

    def set_hidden_kinds(self, kinds: set[str]) -> None:
        self._hidden_kinds = set(kinds)
        self._apply_visibility()

    def highlight(self, query: str) -> list[str]:
        """Dim every entity whose name and aliases do not contain the query; returns the matches."""
        query = query.strip().casefold()
        if not query:
            self._matches = None
        else:
            self._matches = {name for name, item in self._nodes.items()
                             if any(query in text.casefold() for text in (name,) + item.node.aliases)}
        self._apply_visibility()
        return sorted(self._matches or [])

    def select(self, name: str | None) -> None:
        self._selected = name if name in self._nodes else None
        self.scene().blockSignals(True)
        for key, item in self._nodes.items():
            item.setSelected(key == self._selected)
        self.scene().blockSignals(False)
        self._apply_visibility()
        if self._selected:
            self.ensureVisible(self._nodes[self._selected], 40, 40)

    def _apply_visibility(self) -> None:
        for name, item in self._nodes.items():
            item.setVisible(item.node.kind not in self._hidden_kinds)
            item.set_emphasis(name == self._selected, self._matches is not None and name not in self._matches)
        for edge, line, label in self._edges:
            shown = self._nodes[edge.source].isVisible() and self._nodes[edge.target].isVisible()
            line.setVisible(shown)
            label.setVisible(shown)
        self._place_labels()

    def _on_selection_changed(self) -> None:
        chosen = [item for item in self.scene().selectedItems() if isinstance(item, _NodeItem)]
        if chosen and self._interactive:
            self._selected = chosen[0].node.name
            self._apply_visibility()
            self.node_clicked.emit(self._selected)

    # -- what is on screen (the inspector's details and the tests read this) --------------------

    def visible_nodes(self) -> list[str]:
        return sorted(name for name, item in self._nodes.items() if item.isVisible())

    def visible_edges(self) -> list[tuple[str, str, str]]:
        return sorted((e.source, e.label, e.target) for e, line, _ in self._edges if line.isVisible())

    def fit_labels(self) -> None:
        """Place the labels again for the zoom now in effect (the wheel does this itself)."""
        self._place_labels()

    def edge_label_texts(self) -> list[str]:
        """The relation names as drawn, in the author's language."""
        return sorted(plate.childItems()[0].text() for _, line, plate in self._edges if line.isVisible())

    def label_screen_rects(self) -> list[QRectF]:
        """Every visible label's rectangle on screen, in view pixels (node names, then relation names)."""
        labels = [item.label for item in self._nodes.values() if item.isVisible()]
        labels += [plate for _, line, plate in self._edges if line.isVisible()]
        return [QRectF(self.mapFromScene(label.scenePos()).toPointF(), label.boundingRect().size())
                for label in labels]

    def node_position(self, name: str) -> QPointF:
        return self._nodes[name].scenePos()

    def node_rect(self, name: str) -> QRectF:
        return self._nodes[name].sceneBoundingRect()

    def changeEvent(self, event) -> None:  # noqa: N802 — Qt override
        super().changeEvent(event)
        if event.type() == QEvent.PaletteChange and self._nodes:
            self._rebuild()  # names and relation plates take their colours from the palette: a new theme redraws them

    def wheelEvent(self, event) -> None:  # noqa: N802 — Qt override
        if not self._interactive:
            return super().wheelEvent(event)
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self._zoomed = True
        self.scale(factor, factor)
        self._place_labels()

    def resizeEvent(self, event) -> None:  # noqa: N802 — Qt override
        super().resizeEvent(event)
        if not self._zoomed:
            self.fit()


class _Taken:
    """Rectangles already claimed on the scene, bucketed in a grid so each test looks only nearby."""

    def __init__(self, cell: float):
        self.cell = max(cell, 1e-3)
        self.buckets: dict[tuple[int, int], list[QRectF]] = {}

    def _cells(self, rect: QRectF):
        c = self.cell
        for i in range(math.floor(rect.left() / c), math.floor(rect.right() / c) + 1):
            for j in range(math.floor(rect.top() / c), math.floor(rect.bottom() / c) + 1):
                yield i, j

    def add(self, rect: QRectF) -> None:
        for key in self._cells(rect):
            self.buckets.setdefault(key, []).append(rect)

    def free(self, rect: QRectF) -> bool:
        return not any(rect.intersects(other) for key in self._cells(rect) for other in self.buckets.get(key, ()))

    def claim(self, spots: list[tuple[float, float]], w: float, h: float) -> tuple[float, float]:
        """The first spot where a w×h rectangle is free (else the first spot), now taken."""
        chosen = next((spot for spot in spots if self.free(QRectF(spot[0], spot[1], w, h))), spots[0])
        self.add(QRectF(chosen[0], chosen[1], w, h))
        return chosen
