"""jieba, loaded once and shared: Chinese words with their part of speech, and how common a word is."""

from __future__ import annotations

import logging
import threading
from functools import lru_cache

_tokenizer_lock = threading.Lock()


@lru_cache(maxsize=1)
def _tokenizer():
    import jieba  # deferred: its dictionary takes half a second to load and only extraction needs it
    import jieba.posseg  # deferred with jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg.POSTokenizer(jieba.Tokenizer())


def segment(text: str) -> list[tuple[str, str]]:
    """jieba's words with part-of-speech flags (nr person, ns place, nt organisation, nz other proper noun)."""
    with _tokenizer_lock:
        return [(p.word, p.flag) for p in _tokenizer().cut(text)]


def dictionary_entry(word: str) -> tuple[int, str | None]:
    """How often jieba's dictionary saw the word, and its tag there: 方才 (1355, n), 冷笑 (2227, nr) — the
    dictionary's person tags are loose, its counts are not: a name a novelist invents is rare or absent."""
    with _tokenizer_lock:
        tokenizer = _tokenizer()
        tokenizer.tokenizer.check_initialized()
        return tokenizer.tokenizer.FREQ.get(word) or 0, tokenizer.word_tag_tab.get(word)


_FUNCTION_FLAGS = frozenset(("d", "r", "f", "p", "u"))  # adverb, pronoun, locative, preposition, particle (not 和: 礼和洋行)


_FIRMS = frozenset(("公司", "集团", "有限公司", "事务所", "研究所", "研究院", "设计院"))


def reads_as_clause(word: str) -> bool:
    """公司进川江, 客场打北岭, 里那本, 躲进城: read alone, it is a noun, a verb and a word after it, a function word
    inside it, or verbs alone — a piece of a sentence, not a name. (鹰愁涧, 守穹会 and 断岳刀 are names: a verb
    before a one-character head or at the start is how names are made, and so is a lucky word first: 同福客栈.)"""
    words = segment(word)
    flags = [flag for _, flag in words]
    if len(words) >= 3 and words[-1][0] in _FIRMS and flags[-2] == "vn":
        return False  # 金泉贸易公司, 华西监理公司: a firm's name, then its trade, then the firm
    return len(words) >= 2 and (
        flags[0] in ("r", "f", "u") or any(flag in _FUNCTION_FLAGS for flag in flags[1:-1])
        or any(flags[i] in ("v", "vn") and flags[i - 1].startswith("n") for i in range(1, len(words) - 1))
        and len(words[-1][0]) >= 2
        or all(flag == "v" for flag in flags))
