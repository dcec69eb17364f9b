"""Hybrid memory retrieval configured as data: keyword, vector and graph rankings over chunks, settings and facts, fused by RRF."""

from __future__ import annotations

import heapq
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Sequence

from desktop.book.fact_reads import FactReads, reads
from desktop.book.keyword_cover import covering_chapters
from desktop.book.textindex import normalise

if TYPE_CHECKING:
    from desktop.book.archive import Archive
    from desktop.book.facts import FactGraph

__all__ = ["METHODS", "PRESETS", "SCOPES", "Hit", "NamedEntity", "Retriever", "SearchConfig", "rrf"]

METHODS = ("keyword", "vector", "graph")
SCOPES = ("chunks", "settings", "facts")
Hit = dict[str, Any]
EmbedQuery = Callable[[str], Sequence[float]]

# How deep each method's ranking goes before fusion: fusing only the top k of
# each list would drop items that are second-best everywhere, which is what
# RRF is for. With a filter applied after ranking, far more must be fetched.
_DEPTH = 3
_MIN_DEPTH = 30
_FILTERED_DEPTH = 30
_MAX_FILTERED = 1000
_POOL_LIMIT = 5000  # co-occurrence candidates considered for `with_entities`
_MAX_NAMED = 5  # entities named in one query whose neighbourhoods are walked


@dataclass(frozen=True)
class SearchConfig:
    """What to search, how, and with which filters; `k` is per scope (each scope yields at most k hits).

    Methods rank chunks and settings; the facts scope is always a graph walk
    around the entities named in the query (and in `with_entities`).
    """

    methods: tuple[str, ...] = ("keyword", "vector")
    scopes: tuple[str, ...] = ("chunks",)
    k: int = 10
    rrf_k: int = 60
    chapters: tuple[int, int] | None = None  # inclusive range of chapter numbers, chunks only
    with_entities: tuple[str, ...] = ()  # chunks whose entity_list holds ALL of these (aliases resolved)
    category: str | None = None  # settings category
    neighbours: int = 0  # chunks either side of a chunk hit, returned with it
    as_of: int | None = None  # facts as of this chapter; None: as they stand now
    hops: int = 2  # how far the facts walk goes from a named entity (1 or 2)
    # Chunks holding every word typed (or in a chapter whose title does) rank above chunks that only the
    # vector or graph legs found: an author who types 抄检大观园 wants that chapter, not a vague neighbour.
    # RRF still orders each of the two tiers. False: plain RRF over all legs.
    exact_first: bool = True

    def __post_init__(self) -> None:
        # Frozen, yet callers (the CLI, JSON tool calls) hand in lists: keep tuples so configs stay hashable.
        for name in ("methods", "scopes", "with_entities"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.chapters is not None:
            object.__setattr__(self, "chapters", (int(self.chapters[0]), int(self.chapters[1])))
        unknown = [m for m in self.methods if m not in METHODS] + [s for s in self.scopes if s not in SCOPES]
        if unknown:
            raise ValueError(f"unknown search method or scope {', '.join(map(repr, unknown))} "
                             f"(methods: {', '.join(METHODS)}; scopes: {', '.join(SCOPES)})")
        if self.k < 1 or self.rrf_k < 0 or self.neighbours < 0:
            raise ValueError(f"search needs k >= 1, rrf_k >= 0 and neighbours >= 0, got {self.k}, "
                             f"{self.rrf_k}, {self.neighbours}")
        if self.hops not in (1, 2):
            raise ValueError(f"the facts walk goes 1 or 2 hops, not {self.hops}")
        if self.chapters is not None and self.chapters[0] > self.chapters[1]:
            raise ValueError(f"chapter range {self.chapters[0]}-{self.chapters[1]} is empty")


PRESETS: dict[str, SearchConfig] = {
    "hybrid": SearchConfig(),
    "keyword": SearchConfig(methods=("keyword",)),
    "semantic": SearchConfig(methods=("vector",)),
    "graph": SearchConfig(methods=("graph",), scopes=("facts",)),
    "settings": SearchConfig(scopes=("settings",)),
    "everything": SearchConfig(methods=METHODS, scopes=SCOPES, neighbours=1),
}


def rrf(rankings: list[list[Hashable]], k: int = 60) -> list[tuple[Hashable, float]]:
    """Reciprocal-rank fusion: each item scores the sum of 1 / (k + rank) over the rankings it is in (rank from 1).

    Best first; equal scores keep the order in which items were first met,
    reading the rankings in the order given. An item repeated within one
    ranking counts there once, at its best rank.
    """
    scores: dict[Hashable, float] = {}
    for ranking in rankings:
        seen: set[Hashable] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])


def _fuse(rankings: dict[str, list[Hashable]], rrf_k: int, tiers: Sequence[Iterable[Hashable]] = (),
          ordered: frozenset[int] = frozenset()) -> list[tuple[Hashable, float, dict[str, int]]]:
    """rrf over named rankings, each result with the rank it had in every ranking that holds it; items of the
    first tier come first, then those of the second..., then the rest (each group keeps its rrf order, but a
    tier whose index is in `ordered` keeps its own)."""
    positions = {name: {} for name in rankings}
    for name, ranking in rankings.items():
        for rank, item in enumerate(ranking, start=1):
            positions[name].setdefault(item, rank)
    fused = rrf(list(rankings.values()), rrf_k)
    tier_of: dict[Hashable, tuple[int, int]] = {}
    for index, tier in enumerate(tiers):
        for position, item in enumerate(tier):
            tier_of.setdefault(item, (index, position if index in ordered else 0))
    if tier_of:
        last = (len(tiers), 0)
        fused.sort(key=lambda pair: tier_of.get(pair[0], last))  # stable: rrf order where positions tie
    return [(item, score, {name: ranks[item] for name, ranks in positions.items() if item in ranks})
            for item, score in fused]


def _keyword_query(query: str) -> str:
    # Punctuation separates terms: "林动，青锋剑" asks for chunks holding both
    # words, not for the exact string with a comma (terms are ANDed by the index).
    return "".join(" " if unicodedata.category(ch)[0] in "PSZ" else ch for ch in query)


def _depth(k: int, filtered: bool) -> int:
    if filtered:
        return min(max(k * _FILTERED_DEPTH, 200), _MAX_FILTERED)
    return max(k * _DEPTH, _MIN_DEPTH)


def _valid_at(row: dict, as_of: int | None) -> bool:
    if as_of is None:
        return row["valid_to"] is None
    return row["valid_from"] <= as_of and (row["valid_to"] is None or row["valid_to"] > as_of)


@dataclass(frozen=True)
class NamedEntity:
    """An entity of the fact graph found in a text: its canonical name and the spelling that was found."""

    kind: str
    id: str
    name: str
    surface: str


@dataclass
class _Query:
    """One search in progress: the text, its config, and what is worked out at most once for it."""

    text: str
    config: SearchConfig
    named: list[NamedEntity]
    vector: Sequence[float] | None = None
    vector_done: bool = False
    settings_rows: dict[int, dict] | None = field(default=None)
    headings: list[dict] | None = None  # the chapters' titles and heading lines, read once per search


class Retriever:
    """Searches one book's archive and fact graph; query embedding is the caller's function (None: no vectors)."""

    def __init__(self, archive: "Archive", facts: "FactGraph | None", embed_query: EmbedQuery | None):
        self.archive = archive
        self.facts = facts
        self.embed_query = embed_query
        self._names_revision: int | None = None
        self._surfaces: list[tuple[str, str, NamedEntity]] = []
        self._headings_seen: tuple[tuple, list[dict]] | None = None

    # -- public -----------------------------------------------------------------

    def search(self, query: str, config: SearchConfig = PRESETS["hybrid"]) -> list[Hit]:
        """Hits for `query`, scope by scope in the order of `config.scopes`, each scope best first."""
        named = self.named_entities(query)
        for wanted in config.with_entities:
            found = self._resolve(wanted)
            if found is not None and all(found.id != n.id for n in named):
                named.append(found)
        q = _Query(query, config, named)
        hits: list[Hit] = []
        for scope in config.scopes:
            if scope == "chunks":
                hits += self._chunk_hits(q)
            elif scope == "settings":
                hits += self._setting_hits(q)
            else:
                hits += self._fact_hits(q)
        return hits

    def chapters_before(self, chapter: int, n: int = 5) -> list[dict]:
        """The `n` chapters (with text) right before `chapter`, in story order: what a new chapter continues from."""
        return self.archive.chapters_before(chapter, n)

    def named_entities(self, text: str) -> list[NamedEntity]:
        """Entities (not hooks) whose name or alias occurs in `text`, longest spelling first, in order of appearance.

        A spelling inside a longer one that was already found does not count
        again (林动天 is not also 林动). Case is ignored for Latin names.
        """
        remaining = text.casefold()
        found: dict[str, tuple[int, NamedEntity]] = {}
        for folded, spelling, entity in self._known_surfaces():
            at = remaining.find(folded)
            if at < 0:
                continue
            remaining = remaining.replace(folded, "\0" * len(folded))
            if entity.id not in found or at < found[entity.id][0]:
                found[entity.id] = (at, NamedEntity(entity.kind, entity.id, entity.name, spelling))
        return [entity for _, entity in sorted(found.values(), key=lambda pair: pair[0])]

    # -- names ----------------------------------------------------------------------

    def _known_surfaces(self) -> list[tuple[str, str, NamedEntity]]:
        """(casefolded spelling, spelling, entity), longest first; rebuilt only after the graph changed (a settlement
        applied or undone moves its generation), never per search, and shared by every retriever of the book."""
        if self.facts is None:
            return []
        revision = self.facts.generation
        if revision != self._names_revision:
            self._surfaces = [(folded, spelling, NamedEntity(row["kind"], row["id"], row["name"], row["name"]))
                              for folded, spelling, row in self._reads().surfaces()]
            self._names_revision = revision
        return self._surfaces

    def _resolve(self, name: str) -> NamedEntity | None:
        if self.facts is None:
            return None
        found = self._reads().resolve(name)
        if found is None or found[0] == "Hook":
            return None
        row = self._reads().name_of(found[1])
        return NamedEntity(found[0], found[1], row["name"], name) if row else None

    def _reads(self) -> FactReads:
        return reads(self.facts)

    def _canonical(self, name: str) -> str:
        """The name chunks record for whoever `name` (a name or an alias) is; unknown names stay as given."""
        found = self._resolve(name)
        return found.name if found else name

    def _vector(self, q: _Query) -> Sequence[float] | None:
        if not q.vector_done:
            q.vector_done = True
            if self.embed_query is not None and q.text.strip():
                q.vector = self.embed_query(q.text)
        return q.vector

    # -- chunks -----------------------------------------------------------------------

    def _chunk_hits(self, q: _Query) -> list[Hit]:
        config = q.config
        pool: list[int] | None = None
        if config.with_entities:
            names = list(dict.fromkeys(self._canonical(name) for name in config.with_entities))
            pool = [row["id"] for row in self.archive.chunks_mentioning(names, chapters=config.chapters,
                                                                         limit=_POOL_LIMIT)]
            if not pool:
                return []
        depth = _depth(config.k, filtered=pool is not None)
        rankings: dict[str, list[Hashable]] = {}
        exact: list[Hashable] = []
        if "keyword" in config.methods:
            exact, rankings["keyword"] = self._chunk_keyword_ranking(q, depth)
            rankings["title"] = self._chunk_title_ranking(q, rankings["keyword"])
            if not exact:
                # Words no one chunk holds as typed (晴雯撕扇): chapters holding them between title and text.
                rankings["chapter"] = covering_chapters(self.archive, _keyword_query(q.text).split(),
                                                        chapters=config.chapters, limit=depth,
                                                        headings=self._headings(q))
        if "vector" in config.methods and self._vector(q) is not None:
            rankings["vector"] = [i for i, _ in self.archive.vector_search(q.vector, depth, chapters=config.chapters)]
        if "graph" in config.methods:
            rankings["graph"] = self._chunk_graph_ranking(q, depth)
        if pool is not None:
            allowed = set(pool)
            rankings = {name: [i for i in ranking if i in allowed] for name, ranking in rankings.items()}
            if not q.text.strip():
                # No words to rank by: "chunks where A and B both appear", in story order.
                rankings["entities"] = pool
        rankings = {name: ranking for name, ranking in rankings.items() if ranking}
        # A chapter whose title holds the words, then chunks holding them all, then chapters holding them all
        # (see keyword_cover), then the rest.
        # The chapters keep their own order: a vector neighbour that happens to be one of them is no better.
        tiers = [rankings.get("title", []), exact, rankings.get("chapter", [])] if config.exact_first else []
        if pool is not None:
            tiers = [[i for i in tier if i in allowed] for tier in tiers]
        fused = _fuse(rankings, config.rrf_k, tiers, ordered=frozenset({2}))[: config.k]
        windows = self.archive.chunk_windows([chunk_id for chunk_id, _, _ in fused], config.neighbours)
        return [self._chunk_hit(chunk_id, score, sources, windows[chunk_id], config)
                for chunk_id, score, sources in fused if chunk_id in windows]

    def _chunk_keyword_ranking(self, q: _Query, depth: int) -> tuple[list[Hashable], list[Hashable]]:
        """(the chunks holding every word of the query, the whole keyword ranking: those, then chunks holding
        the names of entities the query mentions)."""
        chapters = q.config.chapters
        words = _keyword_query(q.text)
        ranking = [i for i, _ in self.archive.keyword_search(words, depth, chapters=chapters)]
        exact = list(ranking)
        names = " ".join(dict.fromkeys(entity.surface for entity in q.named))
        if len(ranking) < depth and names and names.split() != words.split():
            # A question in running Chinese ("林动的剑后来去了哪里") matches no
            # chunk as one phrase; the names in it are words, and good ones.
            seen = set(ranking)
            ranking += [i for i, _ in self.archive.keyword_search(names, depth, chapters=chapters) if i not in seen]
        return exact, ranking[:depth]

    def _chunk_title_ranking(self, q: _Query, keyword: list[Hashable]) -> list[Hashable]:
        """One chunk for each chapter whose title or heading line holds every word of the query, in story
        order: the chunk the keyword leg ranked best in that chapter, else the chapter's first chunk."""
        terms = normalise(_keyword_query(q.text)).split()
        if not terms:
            return []
        chapters = [row for row in self._headings(q)
                    if row["first_chunk"] is not None
                    and all(term in normalise(f"{row['title'] or ''} {row['heading'] or ''}") for term in terms)]
        if not chapters:
            return []
        best: dict[int, Hashable] = {}
        if keyword:
            wanted = {row["id"] for row in chapters}
            for chunk_id, window in self.archive.chunk_windows(keyword).items():
                chapter_id = window[0]["chapter_id"]
                if chapter_id in wanted:
                    rank = keyword.index(chunk_id)
                    if chapter_id not in best or rank < keyword.index(best[chapter_id]):
                        best[chapter_id] = chunk_id
        return [best.get(row["id"], row["first_chunk"]) for row in chapters]

    def _headings(self, q: _Query) -> list[dict]:
        """The chapters' titles and heading lines: read once per search, and kept across searches until the
        archive writes anything (its generation moves after every write transaction)."""
        if q.headings is None:
            key = (getattr(self.archive, "generation", None), q.config.chapters)  # taken before the read
            if key[0] is not None and self._headings_seen is not None and self._headings_seen[0] == key:
                q.headings = self._headings_seen[1]
            else:
                q.headings = self.archive.chapter_headings(q.config.chapters)
                self._headings_seen = (key, q.headings)
        return q.headings

    def _chunk_graph_ranking(self, q: _Query, depth: int) -> list[Hashable]:
        """Chunks mentioning every entity named in the query, earliest first (where they met, what they did)."""
        names = list(dict.fromkeys(entity.name for entity in q.named))
        rows = self.archive.chunks_mentioning(names, chapters=q.config.chapters, limit=depth)
        return [row["id"] for row in rows]

    @staticmethod
    def _chunk_hit(chunk_id: int, score: float, sources: dict[str, int], window: list[dict],
                   config: SearchConfig) -> Hit:
        row = next(c for c in window if c["id"] == chunk_id)
        hit = {
            "kind": "chunk", "id": chunk_id, "score": score, "chapter_id": row["chapter_id"],
            "chapter_number": row["chapter_number"], "chapter_title": row["chapter_title"], "text": row["text"],
            "seq": row["seq"], "entity_list": row["entity_list"], "sources": sources,
        }
        if config.neighbours:
            hit["neighbours"] = [c for c in window if c["id"] != chunk_id]
        return hit

    # -- settings ----------------------------------------------------------------------

    def _setting_hits(self, q: _Query) -> list[Hit]:
        config = q.config
        filtered = config.category is not None
        depth = _depth(config.k, filtered)
        rankings: dict[str, list[Hashable]] = {}
        if "keyword" in config.methods:
            rankings["keyword"] = [i for i, _ in self.archive.settings_keyword_search(_keyword_query(q.text), depth)]
        if "vector" in config.methods and self._vector(q) is not None:
            rankings["vector"] = [i for i, _ in self.archive.settings_vector_search(q.vector, depth)]
        if "graph" in config.methods and q.named:
            names = {spelling for entity in q.named for spelling in (entity.name, entity.surface)}
            rankings["graph"] = [row["id"] for row in self._settings_rows(q).values()
                                 if names & set(row["entities"] or [])]
        if filtered:
            rows = self._settings_rows(q)
            rankings = {name: [i for i in ranking if i in rows] for name, ranking in rankings.items()}
        rankings = {name: ranking for name, ranking in rankings.items() if ranking}
        hits = []
        for setting_id, score, sources in _fuse(rankings, config.rrf_k)[: config.k]:
            row = (q.settings_rows or {}).get(setting_id) or self.archive.setting_by_id(setting_id) or {}
            hits.append({
                "kind": "setting", "id": setting_id, "score": score, "chapter_id": None, "chapter_number": None,
                "chapter_title": None, "title": row.get("title"), "category": row.get("category"),
                "text": f"{row.get('title', '')}\n{row.get('body', '')}", "sources": sources,
            })
        return hits

    def _settings_rows(self, q: _Query) -> dict[int, dict]:
        """Current settings entries (of the config's category), read once per search."""
        if q.settings_rows is None:
            q.settings_rows = {row["id"]: row for row in self.archive.settings(q.config.category)}
        return q.settings_rows

    # -- facts -------------------------------------------------------------------------

    def _fact_hits(self, q: _Query) -> list[Hit]:
        if self.facts is None or not q.named:
            return []
        config = q.config
        facts = _FactLines(self._reads(), q.named[:_MAX_NAMED], config.as_of, config.hops)
        hits = []
        for rank, (fact_id, line, chapter, detail) in enumerate(facts.ranked(config.k), start=1):
            hits.append({
                "kind": "fact", "id": fact_id, "score": 1.0 / (config.rrf_k + rank), "chapter_id": None,
                "chapter_number": chapter, "chapter_title": None, "text": line, "fact": detail,
                "sources": {"graph": rank},
            })
        return hits


Fact = tuple[str, str, "int | None", dict]  # id, line, chapter, detail


def _latest_first(edge: dict) -> tuple:
    return -(edge["valid_from"] or 0), edge["type"], edge["from"], edge["to"]


class _FactLines:
    """The facts around some named entities as of a chapter, as short lines ranked by how close they are."""

    def __init__(self, facts: FactReads, named: list[NamedEntity], as_of: int | None, hops: int):
        self.facts = facts
        self.named = named
        self.as_of = as_of
        self.hops = hops
        self.ids = {entity.id for entity in named}

    def ranked(self, limit: int) -> list[Fact]:
        """States of the named, relations among them, their own relations, their unresolved hooks, then
        relations further out; the latest first within each. Only the first `limit` are read or rendered
        beyond the walk itself (a main character's two-hop neighbourhood runs to thousands of relations)."""
        facts = self._states()
        if len(facts) >= limit:
            return facts[:limit]
        between, direct, further = self._relations(limit)
        facts += [self._relation_line(edge) for edge in (between + direct)[: limit - len(facts)]]
        if len(facts) < limit:
            facts += self._hooks()
        facts += [self._relation_line(edge) for edge in further[: max(0, limit - len(facts))]]
        return facts[:limit]

    def _states(self) -> list[Fact]:
        lines = []
        for entity in self.named:
            for row in self.facts.state_history(entity.id):
                if not _valid_at(row, self.as_of):
                    continue
                line = f"{entity.name} · {row['key']}: {row['value']} (since ch {row['valid_from']})"
                detail = {"entity": entity.name, "key": row["key"], "value": row["value"],
                          "valid_from": row["valid_from"], "valid_to": row["valid_to"]}
                lines.append((f"state:{entity.id}:{row['key']}:{row['valid_from']}", line, row["valid_from"], detail))
        return lines

    def _relations(self, limit: int) -> tuple[list[dict], list[dict], list[dict]]:
        """The first `limit` edges between two named entities, touching one, and further out; each latest first
        (ties by type and names, so the order never depends on how the graph happened to store them)."""
        edges: dict[tuple, dict] = {}
        for entity in self.named:
            for edge in self.facts.neighbourhood_edges(entity.id, self.hops, self.as_of):
                edges[(edge["a"], edge["b"], edge["type"], edge["valid_from"])] = edge
        groups: tuple[list[dict], list[dict], list[dict]] = ([], [], [])
        for edge in edges.values():
            groups[2 - len({edge["a"], edge["b"]} & self.ids)].append(edge)
        # A main character's two hops run to a thousand edges or more: pick the first few, never sort them all.
        first = (lambda group: heapq.nsmallest(limit, group, key=_latest_first))
        return first(groups[0]), first(groups[1]), first(groups[2])

    @staticmethod
    def _relation_line(edge: dict) -> Fact:
        line = f"{edge['from']} —{edge['type']}→ {edge['to']} (from ch {edge['valid_from']})"
        detail = {"type": edge["type"], "from": edge["from"], "to": edge["to"],
                  "valid_from": edge["valid_from"], "valid_to": edge["valid_to"]}
        return f"relation:{edge['a']}:{edge['type']}:{edge['b']}:{edge['valid_from']}", line, edge["valid_from"], detail

    def _hooks(self) -> list[Fact]:
        names = {entity.name for entity in self.named}
        lines = []
        for hook in self.facts.unresolved_hooks(self.as_of):
            if not names & set(hook["involves"]):
                continue
            due = f", due by ch {hook['due_by']}" if hook["due_by"] is not None else ""
            line = (f"hook {hook['name']}: {hook['description'] or ''} "
                    f"(planted ch {hook['planted_in']}, unresolved{due})")
            lines.append((f"hook:{hook['id']}", line, hook["planted_in"], dict(hook)))
        return lines
