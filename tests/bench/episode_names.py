"""`inkstone bench episode_names`: famous episodes asked for exactly as readers name them, run together with no
spaces (黛玉葬花, 宝玉挨打) and in plain English, not in the words the text uses; how often each way of searching
puts the episode's chapter first. The companion of `bench episodes`, whose queries are text words."""

from __future__ import annotations

from tests.bench.episodes import NOVELS, add_arguments, ensure_book, score_book  # noqa: F401 — add_arguments

# (the episode's common name, its chapter in the corpus edition). Checked against the corpus headings: 红楼梦
# numbers 第一回…第一二零回 as the import does; Pride and Prejudice is Chapter 1…61.
NAMES: dict[str, list[tuple[str, int]]] = {
    "zh": [
        ("黛玉葬花", 27),  # 埋香冢飞燕泣残红 (葬花吟)
        ("宝钗扑蝶", 27),  # 滴翠亭杨妃戏彩蝶
        ("刘姥姥一进荣国府", 6),
        ("宝玉挨打", 33),  # 不肖种种大承笞挞: the text never says 挨打
        ("晴雯撕扇", 31),  # 撕扇子作千金一笑
        ("元妃省亲", 18),  # 贾元春归省庆元宵
        ("抄检大观园", 74),
        ("黛玉焚稿", 97),
        ("湘云醉卧", 62),  # 憨湘云醉眠芍药茵
        ("晴雯补裘", 52),  # 勇晴雯病补雀金裘
        ("凤姐泼醋", 44),
        ("平儿理妆", 44),
        ("香菱学诗", 48),
        ("协理宁国府", 13),
        ("毒设相思局", 12),
        ("探春理家", 56),  # 敏探春兴利除宿弊
        ("尤二姐吞金", 69),  # 觉大限吞生金自逝
        ("宝玉悟禅机", 22),
        ("林黛玉进贾府", 3),  # 荣国府收养林黛玉
    ],
    "en": [
        ("Netherfield ball", 18),
        ("Darcy proposes to Elizabeth at Hunsford", 34),
        ("Lydia elopes with Wickham", 46),
        ("Lady Catherine visits Longbourn", 56),
        ("Mr. Collins proposes to Elizabeth", 19),
        ("Darcy's letter", 35),
        ("Elizabeth visits Pemberley", 43),
        ("Jane falls ill at Netherfield", 7),
        ("Charlotte accepts Mr. Collins", 22),
    ],
}


def run(args) -> dict:
    from desktop.engine.embed import open_embedder  # deferred: only this bench's run loads the model

    embedder = open_embedder(args.settings)
    embedder.load()
    books = {"zh": args.zh_book, "en": args.en_book}
    result = {"embedder": embedder.name}
    for language, episodes in NAMES.items():
        path = books[language] or ensure_book(args.workdir / language, language, NOVELS[language], lambda: embedder)
        result[language] = score_book(path, episodes, embedder)
    return result
