"""Slash commands typed in the input box (/new, /switch, /restart, /settle, /draft, /mainplot, /check, /note and
their Chinese names) parsed into data."""

from __future__ import annotations

import re
from dataclasses import dataclass

from desktop.contracts import CommandKind

# The kinds are defined once, in desktop.contracts; these short names are what this package reads.
CONTINUE, NEW, SWITCH, RESTART, SETTLE = (CommandKind.CONTINUE, CommandKind.NEW, CommandKind.SWITCH,
                                          CommandKind.RESTART, CommandKind.SETTLE)
DRAFT, MAINPLOT, CHECK = CommandKind.DRAFT, CommandKind.MAINPLOT, CommandKind.CHECK
NOTE = CommandKind.NOTE  # the author's words kept in the active task, no reply asked for
TASK_KINDS = ("character", "setting", "outline", "chapter", "free")
DEFAULT_KIND = "free"
AUTO_TITLE_CHARS = 24  # a task started by the author's first words is titled by them

# Every spelling of a command; the first of each pair is what error messages list.
_NAMES = {
    "new": NEW, "新建": NEW,
    "switch": SWITCH, "切换": SWITCH,
    "restart": RESTART, "重启": RESTART,
    "settle": SETTLE, "结算": SETTLE,
    "draft": DRAFT, "起草": DRAFT,
    "mainplot": MAINPLOT, "回到主线": MAINPLOT, "主线": MAINPLOT,
    "check": CHECK, "检查": CHECK,
    "note": NOTE, "笔记": NOTE,
}
# Plain words that mean the same as /mainplot (the action is offered as a button too).
_MAINPLOT_WORDS = {"回到主线", "回主线", "拉回主线", "back to the main plot"}
KNOWN_COMMANDS = tuple(f"/{name}" for name in _NAMES)
_NEEDS_ARGUMENT = {NEW: "a title", SWITCH: "a task id or title", RESTART: "a task id or title"}
_NEEDS_TEXT = {NOTE: "the text to keep"}

# Words that name a task kind when they lead a title ("人物：张三", "character: Zhang San").
# Checked in this order, so "设定人物" is a character, not a setting.
_KIND_WORDS = (
    ("character", ("人物", "角色", "character", "char")),
    ("outline", ("大纲", "提纲", "纲要", "outline")),
    ("chapter", ("章节", "本章", "下一章", "chapter")),
    ("setting", ("设定", "世界观", "设置", "setting", "world")),
    ("free", ("自由", "闲聊", "free")),
)
_SLASHES = ("/", "／")  # the full-width slash is what many Chinese input methods type
_LABEL = re.compile(r"^\s*([^:：\s][^:：]{0,11})\s*[:：]")
_KIND_FLAG = re.compile(r"(?:^|\s)--kind(?:\s+|=)(\S+)")


class CommandError(ValueError):
    """Input that looks like a command but is not one this app knows, or lacks what it needs."""


@dataclass(frozen=True)
class Command:
    """What the author asked for. `arg`: the title or task reference; `text`: the message to send, if any."""

    kind: str
    arg: str = ""
    text: str = ""
    task_kind: str | None = None  # only for /new

    @property
    def continues(self) -> bool:
        """Whether this input carries a message for the model (plain text, text after a command line, or a
        turn command, whose words the gateway writes when the author gives none)."""
        return bool(self.text.strip()) or self.kind in (DRAFT, MAINPLOT)


def parse(text: str) -> Command:
    """A plain message is `continue`; `/cmd ARG` on the first line, any further lines are the message."""
    stripped = text.strip()
    if not stripped.startswith(_SLASHES):
        if stripped.rstrip("。.!！").casefold() in _MAINPLOT_WORDS:
            return Command(MAINPLOT)
        return Command(CONTINUE, text=text.strip())
    if stripped[1:2] in _SLASHES:  # "//..." is a message that starts with a slash
        return Command(CONTINUE, text=stripped[1:])
    first, _, rest = stripped[1:].partition("\n")
    name, arg = _split_name(first.strip())
    kind = _NAMES.get(name.lower())
    if kind is None:
        raise CommandError(f"unknown command /{name}; known commands: {', '.join(KNOWN_COMMANDS)}")
    body = rest.strip()
    if kind in _NEEDS_ARGUMENT and not arg:
        raise CommandError(f"/{name} needs {_NEEDS_ARGUMENT[kind]}")
    if kind == NEW:
        title, task_kind = _title_and_kind(arg)
        return Command(NEW, arg=title, text=body, task_kind=task_kind)
    if kind in (DRAFT, MAINPLOT, CHECK, NOTE):  # everything after the command is the author's words
        words = "\n".join(part for part in (arg, body) if part)
        if kind in _NEEDS_TEXT and not words:
            raise CommandError(f"/{name} needs {_NEEDS_TEXT[kind]}")
        return Command(kind, text=words)
    return Command(kind, arg=arg, text=body)


def _split_name(line: str) -> tuple[str, str]:
    """The command word and its argument; Chinese names may run straight into it ("/切换张三")."""
    parts = line.split(maxsplit=1)
    name = parts[0] if parts else ""
    arg = parts[1].strip() if len(parts) > 1 else ""
    if name.lower() not in _NAMES:
        for known in _NAMES:
            if not known.isascii() and name.startswith(known):
                return known, (name[len(known):] + " " + arg).strip()
    return name, arg


def _title_and_kind(arg: str) -> tuple[str, str]:
    """An explicit `--kind K` wins; else a leading kind word before a colon; else free. The title keeps the label."""
    flag = _KIND_FLAG.search(arg)
    if flag:
        kind = flag.group(1).lower()
        if kind not in TASK_KINDS:
            raise CommandError(f"unknown task kind {flag.group(1)!r}; use one of {', '.join(TASK_KINDS)}")
        title = (arg[: flag.start()] + arg[flag.end():]).strip()
        if not title:
            raise CommandError("/new needs a title")
        return title, kind
    return arg, kind_of_title(arg)


def auto_title(text: str) -> str:
    """The title of a task that the author's first words start (no task was active)."""
    return " ".join(text.split())[:AUTO_TITLE_CHARS] or DEFAULT_KIND


def kind_of_title(title: str) -> str:
    """The kind a title's leading label names ("设定人物：张三" → character), else free."""
    label = _LABEL.match(title)
    if label:
        word = label.group(1).lower()
        for kind, words in _KIND_WORDS:
            if any(w in word for w in words):
                return kind
    return DEFAULT_KIND
