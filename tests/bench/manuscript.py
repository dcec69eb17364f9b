"""A generated Chinese manuscript for the benches and the large-import tests: 第N章 chapters of deterministic prose."""

from __future__ import annotations

import random

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
