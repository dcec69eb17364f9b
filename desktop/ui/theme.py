"""Light and dark palettes, the colours that mean something (entity kinds, review badges), and CJK fonts."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

# Tried in order; the first one installed carries every Chinese glyph the window shows.
CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "PingFang SC",
             "Noto Sans SC", "WenQuanYi Micro Hei", "Noto Serif CJK SC")

KIND_COLOURS = {
    "Character": "#d9674e",
    "Location": "#3d85c6",
    "Item": "#c9a227",
    "Faction": "#5e9e7e",
    "Ability": "#8e5cc9",
    "Hook": "#e0457b",
}
OTHER_KIND_COLOUR = "#8a8a8a"

BADGE_COLOURS = {"new": "#2e8b57", "changes": "#c98a12", "closes": "#5677b8", "conflict": "#c93c3c",
                 "unchanged": "#8a8a8a"}

WARNING_COLOUR = "#c93c3c"
ACCENT_COLOUR = "#3d7fd6"
MUTED_COLOUR = "#8a8a8a"  # secondary text, legible on the light and the dark palette

_PALETTES = {
    "light": {
        QPalette.Window: "#f4f3f0", QPalette.WindowText: "#1f1f1f", QPalette.Base: "#ffffff",
        QPalette.AlternateBase: "#f0eee9", QPalette.Text: "#1f1f1f", QPalette.Button: "#ebe9e4",
        QPalette.ButtonText: "#1f1f1f", QPalette.Highlight: "#3d7fd6", QPalette.HighlightedText: "#ffffff",
        QPalette.ToolTipBase: "#ffffe8", QPalette.ToolTipText: "#1f1f1f", QPalette.PlaceholderText: "#8a8a8a",
        QPalette.Link: "#2a62b0", QPalette.Mid: "#c8c5be", QPalette.Dark: "#a09d96",
    },
    "dark": {
        QPalette.Window: "#26272b", QPalette.WindowText: "#e6e6e6", QPalette.Base: "#1c1d20",
        QPalette.AlternateBase: "#2c2d31", QPalette.Text: "#e6e6e6", QPalette.Button: "#323338",
        QPalette.ButtonText: "#e6e6e6", QPalette.Highlight: "#4a8ee6", QPalette.HighlightedText: "#ffffff",
        QPalette.ToolTipBase: "#323338", QPalette.ToolTipText: "#e6e6e6", QPalette.PlaceholderText: "#8d8d92",
        QPalette.Link: "#7fb2ff", QPalette.Mid: "#4a4b50", QPalette.Dark: "#141518",
    },
}
THEMES = tuple(_PALETTES)


def kind_colour(kind: str) -> QColor:
    return QColor(KIND_COLOURS.get(kind, OTHER_KIND_COLOUR))


def palette_for(theme: str) -> QPalette:
    palette = QPalette()
    for role, colour in _PALETTES.get(theme, _PALETTES["light"]).items():
        palette.setColor(role, QColor(colour))
    disabled = QColor(palette.color(QPalette.PlaceholderText))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(QPalette.Disabled, role, disabled)
    return palette


def cjk_font_family() -> str | None:
    """The first preferred CJK family installed here, or None (Qt then falls back on its own)."""
    installed = set(QFontDatabase.families())
    return next((family for family in CJK_FONTS if family in installed), None)


def ui_font(base: QFont) -> QFont:
    """The application font with a CJK family behind the system one, so Latin stays native and Hanzi never boxes."""
    font = QFont(base)
    cjk = cjk_font_family()
    if cjk:
        families = [f for f in base.families() if f != cjk] or [base.family()]
        font.setFamilies(families + [cjk])
    return font


def apply_theme(app: QApplication, theme: str) -> None:
    """Fusion style with our palette: the same look on every platform, and dark mode that is really dark."""
    style = QStyleFactory.create("Fusion")
    if style is not None:
        app.setStyle(style)
    app.setPalette(palette_for(theme))
    app.setFont(ui_font(app.font()))
    app.setProperty("inkstone_theme", theme if theme in _PALETTES else "light")
    # A widget with a style sheet keeps the palette it was polished with (the book title stayed near-black on
    # the dark theme): setting its sheet again polishes it with the new one.
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)


def current_theme(app: QApplication | None = None) -> str:
    app = app or QApplication.instance()
    return (app.property("inkstone_theme") if app is not None else None) or "light"
