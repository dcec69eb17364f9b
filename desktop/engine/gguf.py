"""Cheap structural checks of a GGUF file, so a bad file is a clear error before llama.cpp maps it."""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

from desktop.engine.errors import ModelError

MAGIC = b"GGUF"
SUPPORTED_VERSIONS = (2, 3)
DEFAULT_ALIGNMENT = 32
# Sanity caps: random bytes after a valid magic must not send the parser into a huge loop.
MAX_TENSORS = 1_000_000
MAX_KEYS = 1_000_000

# ggml tensor types -> (elements per block, bytes per block); unknown types skip the size check.
GGML_TYPE_BLOCKS: dict[int, tuple[int, int]] = {
    0: (1, 4), 1: (1, 2), 2: (32, 18), 3: (32, 20), 6: (32, 22), 7: (32, 24), 8: (32, 34),
    9: (32, 36), 10: (256, 84), 11: (256, 110), 12: (256, 144), 13: (256, 176), 14: (256, 210),
    15: (256, 292), 16: (256, 66), 17: (256, 74), 18: (256, 98), 19: (256, 50), 20: (32, 18),
    21: (256, 110), 22: (256, 82), 23: (256, 136), 24: (1, 1), 25: (1, 2), 26: (1, 4),
    27: (1, 8), 28: (1, 8), 29: (256, 56), 30: (1, 2), 34: (256, 54), 35: (256, 66),
    39: (32, 17),
}

# metadata value types -> fixed byte size (8 = string, 9 = array are variable)
_SCALAR_SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_STRING, _ARRAY = 8, 9


@dataclass(frozen=True)
class GgufSummary:
    path: Path
    version: int
    tensor_count: int
    size_bytes: int
    data_end: int  # where the last tensor's data ends; the file must be at least this long


class _Truncated(Exception):
    pass


class _Reader:
    """Sequential little-endian reads over a mapped file; running off the end means truncation."""

    def __init__(self, buf: mmap.mmap | bytes) -> None:
        self.buf = buf
        self.pos = 0

    def take(self, fmt: str) -> int:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.buf):
            raise _Truncated()
        (value,) = struct.unpack_from(fmt, self.buf, self.pos)
        self.pos += size
        return value

    def skip(self, n: int) -> None:
        if n < 0 or self.pos + n > len(self.buf):
            raise _Truncated()
        self.pos += n

    def string(self) -> bytes:
        n = self.take("<Q")
        if self.pos + n > len(self.buf):
            raise _Truncated()
        value = bytes(self.buf[self.pos : self.pos + n])
        self.pos += n
        return value

    def skip_value(self, vtype: int) -> None:
        if vtype in _SCALAR_SIZES:
            self.skip(_SCALAR_SIZES[vtype])
        elif vtype == _STRING:
            self.skip(self.take("<Q"))
        elif vtype == _ARRAY:
            item_type = self.take("<I")
            count = self.take("<Q")
            if item_type in _SCALAR_SIZES:
                self.skip(_SCALAR_SIZES[item_type] * count)
            else:
                for _ in range(count):
                    self.skip_value(item_type)
        else:
            raise ValueError(f"unknown metadata type {vtype}")


def check_gguf(path: Path) -> GgufSummary:
    """Raise ModelError unless `path` is a whole GGUF file: magic, header, metadata and tensor extents."""
    path = Path(path)
    if not path.exists():
        raise ModelError(f"model file not found: {path}")
    if not path.is_file():
        raise ModelError(f"model path is not a file: {path}")
    size = path.stat().st_size
    if size < len(MAGIC):
        raise ModelError(f"not a GGUF file (empty or tiny): {path}")
    with path.open("rb") as f:
        if f.read(len(MAGIC)) != MAGIC:
            raise ModelError(f"not a GGUF file: {path}")
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as buf:
            try:
                return _parse(path, buf, size)
            except _Truncated:
                raise ModelError(f"truncated model file: {path}") from None
            except (ValueError, struct.error) as exc:
                raise ModelError(f"corrupt GGUF file ({exc}): {path}") from None


def _parse(path: Path, buf: mmap.mmap, size: int) -> GgufSummary:
    r = _Reader(buf)
    r.skip(len(MAGIC))
    version = r.take("<I")
    if version not in SUPPORTED_VERSIONS:
        raise ValueError(f"unsupported GGUF version {version}")
    tensor_count = r.take("<Q")
    kv_count = r.take("<Q")
    if tensor_count > MAX_TENSORS or kv_count > MAX_KEYS:
        raise ValueError("implausible header counts")
    alignment = DEFAULT_ALIGNMENT
    for _ in range(kv_count):
        key = r.string()
        vtype = r.take("<I")
        if key == b"general.alignment" and vtype == 4:
            alignment = r.take("<I") or DEFAULT_ALIGNMENT
        else:
            r.skip_value(vtype)
    data_size = 0
    for _ in range(tensor_count):
        r.string()
        n_dims = r.take("<I")
        if n_dims > 8:
            raise ValueError("implausible tensor rank")
        elements = 1
        for _ in range(n_dims):
            elements *= r.take("<Q")
        ggml_type = r.take("<I")
        offset = r.take("<Q")
        data_size = max(data_size, offset + _tensor_bytes(ggml_type, elements))
    data_start = -(-r.pos // alignment) * alignment
    data_end = data_start + data_size
    if data_end > size:
        raise _Truncated()
    return GgufSummary(path, version, tensor_count, size, data_end)


def _tensor_bytes(ggml_type: int, elements: int) -> int:
    block = GGML_TYPE_BLOCKS.get(ggml_type)
    if block is None:
        return 0
    per_block, block_bytes = block
    return -(-elements // per_block) * block_bytes
