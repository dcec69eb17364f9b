"""Two ways a small chat model fails the author, told apart from a real answer: a reply that only copies the memory
look-ups it was given (a heading over a dump of results), and a reply that repeats the previous one."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from desktop.engine.tools import TOOLS

DUMP_SHARE = 0.6        # of a reply's content lines found in the look-ups: a dump, not an answer
REPEAT_RATIO = 0.9      # similarity to the previous reply above which it is a repeat
MIN_REPEAT_CHARS = 12   # "好的。" twice is not a repeat worth a second generation
_LOOKUP_HEADING = re.compile(r"^\s*#*\s*(记忆查询结果|Memory lookups|记忆提示|From the book's memory)", re.IGNORECASE)
_CALL_LINE = re.compile(r"^\s*(?:%s)\(.*\)\s*(?:→|->)?\s*$" % "|".join(TOOLS))
_PLAIN = re.compile(r"[\W_]+", re.UNICODE)


def _plain(text: str) -> str:
    """Letters and digits only: punctuation, markup and spacing do not make two texts different."""
    return _PLAIN.sub("", text).lower()


def is_lookup_dump(reply: str, trace: list[dict]) -> bool:
    """Whether the reply is the look-ups given back (their heading, their call lines, their result lines)
    rather than an answer. A reply that quotes one found fact among its own sentences is an answer."""
    lines = [line for line in reply.splitlines() if line.strip()]
    if not lines:
        return False
    headed = bool(_LOOKUP_HEADING.match(lines[0]))
    found = _plain("\n".join(str(item.get("result") or "") for item in trace))
    content = [line for line in lines if not _LOOKUP_HEADING.match(line)]
    if not content:
        return headed
    copied, calls = 0, 0
    for line in content:
        bare = _plain(line)
        calls += bool(_CALL_LINE.match(line))
        if _CALL_LINE.match(line) or not bare or (found and len(bare) >= 4 and bare in found):
            copied += 1
    if not headed and not calls and len(content) < 2:
        return False  # one found fact given back as the whole answer still answers
    share = copied / len(content)
    return share >= DUMP_SHARE or (headed and share >= DUMP_SHARE / 2)


def is_repeat(reply: str, previous: str | None) -> bool:
    """Whether the reply says what the previous reply said, word for word or nearly (punctuation and spacing
    aside)."""
    if not previous:
        return False
    a, b = _plain(reply), _plain(previous)
    if len(a) < MIN_REPEAT_CHARS or len(b) < MIN_REPEAT_CHARS:
        return False
    if a == b or a in b or (b in a and len(b) >= 0.8 * len(a)):
        return True
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return matcher.quick_ratio() >= REPEAT_RATIO and matcher.ratio() >= REPEAT_RATIO


def previous_reply(messages: list[dict]) -> str | None:
    """The last assistant message the model was shown, if any."""
    return next((m["content"] for m in reversed(messages) if m.get("role") == "assistant" and m.get("content")), None)


def answer_nudge(trace: list[dict], zh: bool, results_chars: int = 900) -> str:
    """The note for a second try after a dump: what was found, as reference, and the plain order to answer."""
    found = "\n".join(str(item.get("result") or "") for item in trace).strip()[:results_chars]
    if zh:
        return ("## 参考资料（不要照抄，不要列出）\n" + (found or "（无）") +
                "\n\n请直接回答上面作者的话：用你自己的话写成连贯的几句，不要加标题，不要复述查询结果。")
    return ("## Reference (do not copy or list it)\n" + (found or "(none)") +
            "\n\nAnswer the author's words above directly, in a few connected sentences of your own: no heading, "
            "do not repeat the look-up results.")


def repeat_nudge(zh: bool) -> str:
    if zh:
        return "（你上一条回复已经说过这些。不要重复它：换个角度，补充新的内容或具体建议来回答。）"
    return ("(Your previous reply already said this. Do not repeat it: answer from another angle, with new "
            "content or concrete suggestions.)")


def dump_notice(zh: bool) -> str:
    if zh:
        return "模型只列出了查到的资料，没有给出回答。查到的内容见上方的查询步骤；换个问法再问一次试试。"
    return ("The model only listed what it looked up and gave no answer. The look-ups are shown above; try asking "
            "another way.")


def repeat_notice(zh: bool) -> str:
    return ("这条回复与上一条几乎相同（重新生成后仍然如此）。" if zh
            else "This reply is nearly the same as the previous one (even after a second try).")
