"""Turns the bytes of a text file into text: BOMs, UTF-8, GB18030/GBK or Big5 — detected, never mojibake."""

from __future__ import annotations

import codecs
from pathlib import Path

import charset_normalizer


class ImportFileError(Exception):
    """One file could not be imported; str() is "<path>: <message>"."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = str(path)
        self.message = message


# The most frequent characters of Chinese prose in both scripts, with full-width punctuation. Text
# decoded with the wrong double-byte table turns into rare characters, so the share of these
# tells GB18030 from Big5 even on a few lines.
COMMON_SIMPLIFIED = (
    "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她"
    "里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从"
    "动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等"
    "几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山"
    "五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更"
    "反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度"
    "统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近"
    "留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令"
    "黄德收脸钱党倒未持音"
)
_FREQUENT_TRADITIONAL = (
    "個們這來國說為時會過學對裡裏後麼發還沒於當無開見經頭從動兩長樣現將與進實點種聲話兒問機給幾業間電門"
    "東聽氣關產萬體別處總場師書員報馬張難數車應親務記邊戰許覺題統請愛讓認論義術結連遠資隊帶條變聯權領傳"
    "紅決達辦運區轉眾輕語滿識極錢臉黨黃華軍樂"
)
_FREQUENT = frozenset(COMMON_SIMPLIFIED + _FREQUENT_TRADITIONAL + "，。、！？：；「」『』“”…—（）")

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_BIG5_FAMILY = ("big5", "cp950", "big5hkscs")
_MAGIC = ((b"PK\x03\x04", "a ZIP archive (a .docx or .epub renamed?)"), (b"%PDF", "a PDF document"),
          (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GGUF", "a model file"),
          (b"SQLite format 3\x00", "an SQLite database"))
_SAMPLE = 65536
_CONTROL_BYTES = bytes(sorted(set(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D, 0x1A, 0x1B}))
_MAX_CONTROL_SHARE = 0.02
_UTF8_EVIDENCE = 4
_MIN_WIDE_TO_JUDGE = 20
_MIN_FREQUENT_SHARE = 0.15


def decode_bytes(data: bytes, path: str | Path) -> tuple[str, str]:
    """(text with \\n newlines, encoding name); raises ImportFileError naming `path` when it is not text."""
    if not data:
        raise ImportFileError(path, "file is empty")
    text, encoding = _decode(data, path)
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    if not text.strip():
        raise ImportFileError(path, "file is empty (only whitespace)")
    return text, encoding


def _decode(data: bytes, path: str | Path) -> tuple[str, str]:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _strict(data[len(bom):], encoding.replace("-sig", ""), path, offset=len(bom)), encoding
    _refuse_binary(data, path)
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as error:
        failures = [("UTF-8", error.start)]
        if _looks_like_damaged_utf8(data, error.start):
            raise ImportFileError(path, f"cannot decode as UTF-8 at byte {error.start} "
                                        f"({_hex(data[error.start:error.start + 4])}): the file is damaged") from None
    candidates: list[tuple[str, str]] = []
    for label, family in (("GB18030", ("gb18030",)), ("Big5", _BIG5_FAMILY)):
        furthest = 0
        for encoding in family:
            try:
                candidates.append((encoding, data.decode(encoding)))
                break
            except UnicodeDecodeError as error:
                furthest = max(furthest, error.start)
        else:
            failures.append((label, furthest))
    if not candidates:
        raise ImportFileError(path, _undecodable_message(data, failures))
    text, encoding = _best_candidate(data, candidates)
    if not _plausible(text):
        raise ImportFileError(path, f"cannot decode: as {encoding.upper()} the bytes give unlikely characters "
                                    "— the file is in another encoding; save it as UTF-8")
    return text, encoding


def _looks_like_damaged_utf8(data: bytes, failed_at: int) -> bool:
    # GB18030 decodes almost any byte string, so a UTF-8 file with one bad byte would come out as
    # mojibake. Real GBK/Big5 text breaks UTF-8 within its first few Chinese characters; several
    # well-formed multi-byte characters before the failure mean the file is UTF-8.
    head = data[max(0, failed_at - 4096):failed_at].decode("utf-8", errors="ignore")
    return sum(1 for ch in head if ord(ch) > 0x7F) >= _UTF8_EVIDENCE


def _plausible(text: str) -> bool:
    wide = sum(1 for ch in text[:_SAMPLE] if ord(ch) > 0x2000)
    return wide < _MIN_WIDE_TO_JUDGE or _frequent_share(text) >= _MIN_FREQUENT_SHARE


def _strict(data: bytes, encoding: str, path: str | Path, *, offset: int) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        position = error.start + offset
        raise ImportFileError(path, f"cannot decode as {encoding.upper()} at byte {position} "
                                    f"({_hex(data[error.start:error.start + 4])})") from None


def _refuse_binary(data: bytes, path: str | Path) -> None:
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise ImportFileError(path, f"not a text file (it is {what})")
    sample = data[:_SAMPLE]
    nul = sample.find(b"\x00")
    if nul >= 0:
        raise ImportFileError(path, f"not a text file (binary data: NUL byte at byte {nul}; UTF-16 text "
                                    "needs a byte-order mark)")
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if controls > _MAX_CONTROL_SHARE * len(sample):
        raise ImportFileError(path, "not a text file (mostly control bytes)")


def _undecodable_message(data: bytes, failures: list[tuple[str, int]]) -> str:
    # The encoding that got furthest is the file's real one; its stopping point is the damage.
    _, position = max(failures, key=lambda failure: failure[1])
    tried = ", ".join(name for name, _ in failures)
    return (f"cannot decode the text at byte {position} ({_hex(data[position:position + 4])}); tried {tried} "
            "— the file is damaged or in another encoding; save it as UTF-8")


def _hex(chunk: bytes) -> str:
    return " ".join(f"0x{byte:02X}" for byte in chunk) or "end of file"


def _best_candidate(data: bytes, candidates: list[tuple[str, str]]) -> tuple[str, str]:
    if len(candidates) == 1:
        encoding, text = candidates[0]
        return text, encoding
    scores = [_frequent_share(text) for _, text in candidates]
    best = max(range(len(candidates)), key=lambda i: scores[i])
    if scores[best] - min(scores) >= 0.05:
        encoding, text = candidates[best]
        return text, encoding
    # Too few Chinese characters to tell: let charset-normalizer's coherence model decide.
    guess = charset_normalizer.from_bytes(data, cp_isolation=[name for name, _ in candidates]).best()
    chosen = guess.encoding.replace("_", "") if guess is not None else candidates[0][0]
    for encoding, text in candidates:
        if encoding.replace("_", "") == chosen:
            return text, encoding
    encoding, text = candidates[0]
    return text, encoding


def _frequent_share(text: str) -> float:
    wide = [ch for ch in text[:_SAMPLE] if ord(ch) > 0x2000]
    if not wide:
        return 0.0
    return sum(1 for ch in wide if ch in _FREQUENT) / len(wide)
