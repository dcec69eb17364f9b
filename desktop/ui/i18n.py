"""Translations: compile the .ts sources to .qm when missing or stale, and install them for the chosen language."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from desktop import paths

log = logging.getLogger(__name__)

LANGUAGES = {"zh_CN": "中文", "en": "English"}
CATALOGUE = "inkstone"


def resolve_language(setting: str) -> str:
    """The language to show: the setting when it names one we ship, else the system's if Chinese, else English."""
    if setting in LANGUAGES:
        return setting
    return "zh_CN" if QLocale.system().name().startswith("zh") else "en"


def lrelease_executable() -> Path | None:
    import PySide6  # the package itself, only to find its folder: Qt's modules come in through QtCore above

    name = "lrelease.exe" if sys.platform == "win32" else "lrelease"
    bundled = Path(PySide6.__file__).resolve().parent / name
    if bundled.exists():
        return bundled
    found = shutil.which("pyside6-lrelease") or shutil.which("lrelease")
    return Path(found) if found else None


def source_file(language: str, source_dir: Path | None = None) -> Path:
    return (source_dir or paths.translations_dir()) / f"{CATALOGUE}_{language}.ts"


def compile_translations(source_dir: Path | None = None, out_dir: Path | None = None) -> list[Path]:
    """Build every missing or outdated .qm; the build script and the first launch both run this."""
    source_dir = source_dir or paths.translations_dir()
    built = []
    for language in LANGUAGES:
        qm = compiled_file(language, source_dir, out_dir)
        if qm is not None:
            built.append(qm)
    return built


def compiled_file(language: str, source_dir: Path | None = None, out_dir: Path | None = None) -> Path | None:
    """The up-to-date .qm for a language, compiling it first if needed; None when there is nothing to load."""
    ts = source_file(language, source_dir)
    candidates = [out_dir] if out_dir else [ts.parent, paths.user_data_dir() / "i18n"]
    for folder in candidates:
        qm = folder / ts.with_suffix(".qm").name
        if qm.exists() and (not ts.exists() or qm.stat().st_mtime >= ts.stat().st_mtime):
            return qm
    if not ts.exists():
        log.warning("no translation source %s", ts)
        return None
    for folder in candidates:
        if _writable(folder) and _lrelease(ts, folder / ts.with_suffix(".qm").name):
            return folder / ts.with_suffix(".qm").name
    return None


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def _lrelease(ts: Path, qm: Path) -> bool:
    tool = lrelease_executable()
    if tool is None:
        log.warning("cannot build %s: lrelease not found (install PySide6-Essentials)", qm.name)
        return False
    try:
        subprocess.run([str(tool), "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("could not build %s from %s: %s", qm.name, ts.name, exc)
        return False
    return qm.exists()


def install_translators(app: QCoreApplication, setting: str) -> str:
    """Replace the application's translators with the chosen language's; returns the language used."""
    language = resolve_language(setting)
    remove_translators(app)
    qm = compiled_file(language)
    if qm is not None:
        _install(app, str(qm.parent), qm.stem)
    if language != "en":
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        _install(app, qt_dir, f"qtbase_{language}")
    QLocale.setDefault(QLocale(language))
    return language


def _install(app: QCoreApplication, folder: str, name: str) -> None:
    # Parented to the application so it lives as long as the app and remove_translators can find it.
    translator = QTranslator(app)
    if translator.load(name, folder):
        app.installTranslator(translator)
    else:
        log.info("no translation %s in %s", name, folder)
        translator.deleteLater()


def remove_translators(app: QCoreApplication) -> None:
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
        translator.setParent(None)
