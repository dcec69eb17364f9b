"""The prompts of a discussion's context: its system instructions, section headings and speakers, per language."""

from __future__ import annotations

LANGUAGES = ("zh", "en")

FOCUS = {
    "zh": {
        "character": "这次讨论设计一个人物：外貌、性格、来历、能力、人际关系。",
        "setting": "这次讨论世界设定：规则、地理、势力、力量体系。",
        "outline": "这次讨论大纲：长线结构、情节走向、伏笔与回收。",
        "chapter": "这次讨论具体章节：场景、节奏、对话与细节。",
        "free": "这次是自由讨论。",
    },
    "en": {
        "character": "This discussion designs a character: looks, temperament, history, abilities, relationships.",
        "setting": "This discussion is about the world: its rules, geography, factions and power system.",
        "outline": "This discussion is about the outline: long arcs, plot direction, foreshadowing and payoff.",
        "chapter": "This discussion is about one chapter: scenes, pacing, dialogue and detail.",
        "free": "This is a free discussion.",
    },
}
CHAT_INSTRUCTIONS = {
    "zh": ("你是小说作者的写作搭档。当前任务 #{id}「{title}」。{focus}\n"
           "下面的设定、事实和大纲是已确认的正典，不要与之矛盾；需要改动时明确指出。用中文回答，简洁具体。"),
    "en": ("You are a novelist's writing partner. Current task #{id}: \"{title}\". "
           "{focus}\nThe settings, facts and plan below are settled canon: do not "
           "contradict them; say so plainly when a change is proposed. Answer concisely and concretely."),
}
SPEAKERS = {"zh": {"user": "作者", "assistant": "助手"}, "en": {"user": "Author", "assistant": "Assistant"}}
HEADINGS = {
    "zh": {"summary": "## 早前讨论摘要 Summary of earlier turns", "digest": "## 尚未摘要的早前讨论 Earlier turns (brief)"},
    "en": {"summary": "## Summary of earlier turns", "digest": "## Earlier turns, in brief"},
}


def language_of(zh: bool) -> str:
    return "zh" if zh else "en"


def chat_instructions(task: dict, zh: bool) -> str:
    """The system instructions of a discussion, fixed for the life of the task (they head the prompt)."""
    language = language_of(zh)
    focus = FOCUS[language]
    kind = task.get("kind") or "free"
    return CHAT_INSTRUCTIONS[language].format(id=task["id"], title=task["title"], focus=focus.get(kind, focus["free"]))
