"""How a character's persona is put before the model when it speaks in that voice, per language."""

from __future__ import annotations

PERSONA_NOTE = {
    "zh": {"heading": "## 人物设定 Persona：{name}", "base": "基础人设（不变的核心）：{text}",
           "evolved": "演变人设（当前）：{text}", "voice": "以此人物口吻说话时，以基础人设为本，体现演变人设中的变化。"},
    "en": {"heading": "## Persona: {name}", "base": "Base persona (the fixed core): {text}",
           "evolved": "Evolved persona (now): {text}",
           "voice": "In this character's voice, stay true to the base and show the changes of the evolved persona."},
}


def persona_note(found: dict, zh: bool) -> str:
    """A note that both parts of a persona shape a character's voice."""
    words = PERSONA_NOTE["zh" if zh else "en"]
    lines = [words["heading"].format(name=found["name"])]
    if found["base"]:
        lines.append(words["base"].format(text=found["base"]))
    if found["evolved"]:
        lines.append(words["evolved"].format(text=found["evolved"]))
    lines.append(words["voice"])
    return "\n".join(lines)
