"""In a review, a new entity and the items that name it stand or fall together.

Unticking 寒铁剑 unticks 林风 OWNS 寒铁剑 (which could not be applied without it) and 寒铁剑's states; ticking
that relation again brings 寒铁剑 back. An entity canon already holds is not tied: its items apply without it.
"""

from __future__ import annotations

_NAMING = {"relations": ("from", "to"), "ends": ("from", "to"), "states": ("entity",)}


def names_of(section: str, item: dict) -> set[str]:
    """The entity names an item of this section refers to."""
    return {item[field] for field in _NAMING.get(section, ()) if item.get(field)}


class EntityLinks:
    """Keeps the accept boxes of new entities and the items naming them consistent as the author ticks."""

    def __init__(self, cards: dict[str, list]):
        self.entities = {card.value().get("name"): card for card in cards.get("entities", [])
                         if (card.info.get("class") or "new") == "new"}
        self.dependents = [card for section in _NAMING for card in cards.get(section, [])]
        self._following = False
        for card in [*self.entities.values(), *self.dependents]:
            card.accept_box.toggled.connect(lambda accepted, c=card: self.follow(c, accepted))

    def follow(self, card, accepted: bool) -> None:
        if self._following:  # the ticks this makes are the author's one choice, not new ones to follow
            return
        self._following = True
        try:
            if card.section == "entities" and not accepted:
                name = card.value().get("name")
                for dependent in self.dependents:
                    if name in names_of(dependent.section, dependent.value()):
                        dependent.set_accepted(False)
            elif card.section != "entities" and accepted:
                for name in names_of(card.section, card.value()):
                    if name in self.entities:
                        self.entities[name].set_accepted(True)
        finally:
            self._following = False
