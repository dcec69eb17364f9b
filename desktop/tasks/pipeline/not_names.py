"""Words that look like names and name no one: the writer's shorthand, roles, pronouns, what a family calls
its own."""

ZH_NOT_NAMES = {
    "世界观", "大陆", "小传", "人物小传", "皇帝", "皇上", "公司", "客户公司",
    "拍卖会", "宴会", "大会", "庙会", "集会", "聚会", "晚会", "舞会", "年会", "酒会", "诗会", "灯会", "花会",  # events
    "中风", "心梗", "脑溢血", "肺病", "肺痨", "痨病", "瘟疫", "天花", "霍乱", "伤寒", "风寒", "高烧", "心脏病",  # illnesses
    "主角", "女主", "男主", "配角", "反派", "作者", "助手", "读者", "评论区", "书评区", "大家", "我们", "你们", "他们", "她们", "自己",
    "弟子", "师兄", "师姐", "师父", "师傅", "师弟", "师妹", "长老", "宗门", "门派", "山门", "城门", "大门", "法术", "功法",
    "武功", "魔法", "剑法", "心法", "宝剑", "一把", "这个", "那个", "什么", "时候", "后来", "现在", "以后", "之前",
    "第一", "设定", "伏笔", "大纲", "剧情", "章节", "本章", "下一章", "结局", "高潮", "开端", "发展", "身世", "来历",
    "秘密", "真相", "世界", "天下", "江湖", "人物", "角色", "名字", "境界", "修为", "等级", "父亲", "母亲", "兄弟",
    "朋友", "仇人", "家族", "敌人", "对手", "少年", "少女", "老人", "姑娘", "公子", "小姐", "夫人", "一道", "一块",
    "寒门", "平民", "贵族", "孤儿", "散修", "凡人", "修士", "灵根", "丹田", "经脉", "功力", "实力", "左脸", "右脸",
    "梁子", "上香", "烧香", "磕头", "敬茶", "跑腿", "打杂",  # a grudge and the rites: 结过梁子, 给祖师爷上香; errands
    "明白", "好的", "收到", "了解", "记下", "可以", "不错", "没错", "一起", "这里", "那里", "地方", "东西", "事情", "问题", "想法", "时间", "意思", "感觉", "最后", "然后", "还是",
}

EN_NOT_NAMES = {
    "i", "we", "you", "he", "she", "it", "they", "the", "a", "an", "and", "but", "or", "so", "then", "after",
    "before", "when", "while", "if", "maybe", "perhaps", "let's", "lets", "ok", "okay", "yes", "no", "also",
    "actually", "now", "later", "first", "next", "finally", "chapter", "book", "act", "volume", "part", "this",
    "that", "these", "those", "there", "here", "what", "who", "why", "how", "where", "in", "on", "at", "by",
    "with", "for", "from", "to", "of", "as", "our", "my", "his", "her", "their", "its", "one", "two", "three",
    "good", "great", "sure", "right", "well", "hmm", "oh", "wait", "still", "instead", "because", "though",
    "since", "until", "once", "every", "each", "some", "any", "all", "both", "none", "nothing", "everyone",
    "author", "assistant", "hook", "setting", "outline", "plot", "arc", "scene", "step", "steps", "start",
    "development", "climax", "ending", "note", "idea", "rule", "rules", "magic", "world", "story", "sounds",
    "like", "love", "keep", "make", "give", "drop", "scrap", "forget", "remember", "should", "could", "would",
    "will", "can", "might", "must", "is", "was", "are", "were", "be", "do", "does", "did", "have", "has", "had",
    "not", "never", "always", "only", "just", "very", "much", "more", "most", "less", "least", "new", "old",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "god", "dear", "thanks",
    "thank", "please", "sorry", "hello", "hi", "deal", "done", "fine", "nice", "cool", "agreed", "exactly",
    "volume", "prologue", "epilogue", "interlude", "english", "chinese", "hmm,", "yeah", "nah", "gonna",
    "i'll", "i'm", "i've", "i'd", "she's", "he's", "it's", "that's", "there's", "we're", "they're", "let's",
    "you're", "we'll", "she'll", "he'll", "don't", "can't", "won't", "isn't", "doesn't",
    # peoples, tongues and faiths are capitalised adjectives, not anyone in the story ("an Italian doctor")
    "italian", "french", "irish", "scottish", "scots", "welsh", "german", "spanish", "dutch", "russian",
    "american", "british", "japanese", "korean", "roman", "greek", "norman", "saxon", "viking", "celtic",
    "catholic", "protestant", "christian", "jewish", "muslim", "anglican", "puritan", "victorian", "georgian",
    "edwardian", "regency", "parisian", "european", "african", "asian", "indian", "arab", "persian", "turkish",
    "polish", "swedish", "norwegian", "danish", "portuguese", "mexican", "canadian", "australian", "egyptian",
    "latin", "elvish", "dwarvish", "northern", "southern", "eastern", "western",
    "january", "february", "march", "july", "september", "october", "november", "december", "christmas",
    "easter", "midsummer", "michaelmas",
    # an outline's own words and a few more pronouns
    "twist", "turn", "opening", "resolution", "midpoint", "finale", "beat", "beats", "hooks", "your", "yours",
    "mine", "ours", "theirs", "ch", "chap", "ch.", "pov",
    # what a family calls its own ("Where's Mama?"): a relation said, not a name
    "mama", "papa", "mamma", "pappa", "mum", "mom", "mummy", "mommy", "dad", "daddy", "grandma", "grandpa", "granny",
    "nana", "nan", "gran", "grandad", "granddad",
}
