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
