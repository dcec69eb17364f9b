"""A generated Chinese manuscript for the benches and the large-import tests: 第N章 chapters of deterministic prose."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Iterator

from desktop.importing.decode import COMMON_SIMPLIFIED

BENCH_CHARS = 320_000
_ENDINGS = "。。。。！？"
_CN_NUMBERS = "零一二三四五六七八九"


def generate_manuscript(chars: int = BENCH_CHARS, *, seed: int = 6) -> str:
    """Deterministic pseudo-Chinese chapters headed 第N章, with at least `chars` Chinese characters of prose."""
    rng = random.Random(seed)
    pool = COMMON_SIMPLIFIED
    chapters: list[str] = []
    written = 0
    while written < chars:
        number = len(chapters) + 1
        title = "".join(rng.choice(pool) for _ in range(rng.randint(2, 6)))
        paragraphs = []
        chapter_chars = 0
        while chapter_chars < 3000:
            sentences = [_sentence(rng, pool) for _ in range(rng.randint(2, 6))]
            paragraphs.append("\u3000\u3000" + "".join(sentences))
            chapter_chars += sum(len(sentence) - sentence.count("，") - 1 for sentence in sentences)
        chapters.append(f"第{_chinese_number(number)}章 {title}\n\n" + "\n\n".join(paragraphs))
        written += chapter_chars
    return "\n\n".join(chapters) + "\n"


def _sentence(rng: random.Random, pool: str) -> str:
    """Clauses of pool characters joined by ， and closed by one sentence mark."""
    clauses = ["".join(rng.choice(pool) for _ in range(rng.randint(4, 12))) for _ in range(rng.randint(1, 3))]
    return "，".join(clauses) + rng.choice(_ENDINGS)


def _chinese_number(number: int) -> str:
    if number < 10:
        return _CN_NUMBERS[number]
    tens, ones = divmod(number, 10)
    if number < 100:
        return ("" if tens == 1 else _CN_NUMBERS[tens]) + "十" + (_CN_NUMBERS[ones] if ones else "")
    return "".join(_CN_NUMBERS[int(d)] for d in str(number))  # 一零五: positional, as 红楼梦 writes it


_HUI_HEADING = re.compile(r"^第[一二三四五六七八九十百零〇两\d]+回\s*(.*)$", re.MULTILINE)
HONGLOUMENG = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "zh" / "hongloumeng.txt"


def web_novel(chars: int, source: Path = HONGLOUMENG) -> Iterator[str]:
    """A web novel of at least `chars` characters of text (headings and white space not counted, as an
    import counts them), as pieces to write out: `source` (a 第N回 novel) again and
    again, its chapters renumbered 第1章…第N章 across the repeats, each heading keeping its title."""
    text = source.read_text(encoding="utf-8")
    starts = [m.start() for m in _HUI_HEADING.finditer(text)]
    chapters = [text[a:b].rstrip() + "\n\n" for a, b in zip(starts, starts[1:] + [len(text)])]
    written, number = 0, 0
    while written < chars:
        for chapter in chapters:
            number += 1
            heading, _, body = chapter.partition("\n")
            title = _HUI_HEADING.match(heading).group(1).strip()
            yield f"第{number}章 {title}\n{body}"
            written += len(body) - sum(ch.isspace() for ch in body)  # the story's characters, not its layout
            if written >= chars:
                return
