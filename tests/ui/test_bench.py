"""`inkstone bench ui`: a real window, offscreen, through an import and a generation; the figures it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.model
def test_bench_ui_reports_stall_figures_from_a_real_window(tmp_path):
    # Its own process: the bench runs its own qasync loop, which the tests' loop in this process would refuse.
    script = ("import json; from desktop.config import Settings; from tests.bench.ui import bench_ui; "
              "print(json.dumps(bench_ui(Settings(n_ctx=4096))))")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "INKSTONE_CONFIG": str(tmp_path / "settings.toml")}
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(figures) == {"max_stall_ms", "p99_stall_ms", "idle_max_stall_ms"}
    assert all(isinstance(v, float) and v >= 0 for v in figures.values())
