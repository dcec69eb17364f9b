"""Building and smoke-testing the PyInstaller one-folder app (a build helper: it never ships inside the app)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

APP_NAME = "Inkstone"
SPEC_FILE = "build.spec"


def source_root() -> Path:
    return Path(__file__).resolve().parents[2]


def app_executable(dist_dir: Path) -> Path:
    name = APP_NAME + (".exe" if sys.platform == "win32" else "")
    return dist_dir / APP_NAME / name


def build(dist_dir: Path, work_dir: Path, *, timeout_s: float = 3600) -> dict:
    """Run PyInstaller on build.spec; where the app landed, how long it took and how big it is."""
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", str(dist_dir), "--workpath", str(work_dir), str(source_root() / SPEC_FILE)],
        cwd=source_root(), capture_output=True, text=True, timeout=timeout_s,
    )
    seconds = round(time.monotonic() - started, 1)
    if proc.returncode != 0:
        raise RuntimeError(f"PyInstaller failed after {seconds} s (exit {proc.returncode}): {proc.stderr[-4000:]}")
    app = app_executable(dist_dir)
    return {"app": str(app), "build_seconds": seconds, "size_bytes": _folder_size(app.parent)}


def smoke(app: Path, work_dir: Path, *, timeout_s: float = 300) -> dict:
    """Start the built app headless: `--version`, then `doctor --json` on a new book; each output as it came."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INKSTONE_DATA_DIR": str(work_dir / "data"),
           "INKSTONE_CONFIG": str(work_dir / "settings.toml")}
    book = work_dir / "smoke.inkstone"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(app), *args], capture_output=True, text=True, env=env, timeout=timeout_s)

    version = run("--version")
    created = run("new", str(book), "--title", "smoke", "--json")
    doctor = run("doctor", "--book", str(book), "--json")
    return {
        "version": version.stdout.strip() or version.stderr.strip(),
        "version_rc": version.returncode,
        "new_rc": created.returncode,
        "new_error": created.stderr.strip()[-2000:],
        "doctor_rc": doctor.returncode,
        "doctor": _json_or_text(doctor.stdout),
        "doctor_error": doctor.stderr.strip()[-2000:],
    }


def _json_or_text(text: str) -> dict | str:
    try:
        return json.loads(text)
    except ValueError:
        return text[-4000:]


def _folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
