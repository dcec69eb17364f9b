"""The gateway's own prompt: folding older turns into the rolling summary, per language."""

from __future__ import annotations

SUMMARISE = {
    "zh": "把下面这段讨论压缩成简洁的摘要：保留已经决定的事、名字、数字和未解决的问题。只输出摘要。",
    "en": ("Summarise the discussion below concisely: keep decisions, names, numbers and open questions. "
           "Output only the summary."),
}
