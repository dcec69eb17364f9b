"""Where Inkstone's resources, models and per-user data live, from source or a frozen build."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "Inkstone"


def app_root() -> Path:
    """The folder holding resources/ and models/: the source tree, or the PyInstaller bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def source_root() -> Path | None:
    """The source checkout holding desktop/ and tests/; None in a packaged app, which ships no tests/."""
    if getattr(sys, "_MEIPASS", None):
        return None
    root = Path(__file__).resolve().parent.parent
    return root if (root / "tests").is_dir() else None


def resources_dir() -> Path:
    return app_root() / "resources"


def translations_dir() -> Path:
    return resources_dir() / "i18n"


def bundled_models_dir() -> Path:
    return app_root() / "models"


def user_data_dir() -> Path:
    """Per-user data: assembled default model, recent books. INKSTONE_DATA_DIR overrides it."""
    override = os.environ.get("INKSTONE_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_models_dir() -> Path:
    path = user_data_dir() / "models"
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_file() -> Path:
    override = os.environ.get("INKSTONE_CONFIG")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "settings.toml"


def model_search_dirs() -> list[Path]:
    """Folders scanned for *.gguf and sentence-transformers models, in priority order."""
    return [bundled_models_dir(), user_models_dir()]
