"""Settings: one dataclass, loaded from and saved to TOML; paths are passed in, nothing here knows Qt."""

from __future__ import annotations

import dataclasses
import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from desktop.book.files import replace_file

log = logging.getLogger(__name__)

GPU_AUTO = -1  # all layers when the llama.cpp build can offload, CPU otherwise
GPU_NONE = 0


@dataclass
class Settings:
    # chat model: a GGUF path ("" = discover), or an OpenAI-compatible server
    model_path: str = ""
    server_url: str = ""
    server_model: str = ""
    server_api_key: str = ""
    gpu_layers: int = GPU_AUTO
    n_ctx: int = 8192
    n_threads: int = 0  # 0 = the machine's physical cores
    n_batch: int = 512
    # embedder: a sentence-transformers folder or model name ("" = bundled default)
    embedder: str = ""
    # behaviour
    retention_hours: float = 24.0
    candidates: int = 2
    chunk_chars: int = 600
    # window
    language: str = ""  # "" = follow the system; "zh_CN" or "en"
    theme: str = "light"
    recent_books: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Settings":
        """Read settings, keeping defaults for anything missing, unknown or of the wrong type."""
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            log.warning("settings file %s unreadable (%s); using defaults", path, exc)
            return cls()
        settings = cls()
        for f in dataclasses.fields(cls):
            if f.name not in raw:
                continue
            value = raw[f.name]
            default = getattr(settings, f.name)
            if isinstance(default, float) and isinstance(value, int):
                value = float(value)
            if type(value) is not type(default):
                log.warning("setting %s=%r has the wrong type; keeping %r", f.name, value, default)
                continue
            setattr(settings, f.name, value)
        return settings

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_file(path, tomli_w.dumps(dataclasses.asdict(self)))

    def remember_book(self, book: str, keep: int = 10) -> None:
        self.recent_books = [book] + [b for b in self.recent_books if b != book][: keep - 1]
