"""Words that say what a name is or what a sentence decides, in Chinese and English web-fiction usage.

These are the language's general signals (a 宗 is a sect, 偷走 moves ownership, 算了 drops an idea),
not phrases from any one story; the extraction passes read them, the model breaks ties.
"""

from __future__ import annotations


from desktop.tasks.pipeline import not_names

ZH_NOT_NAMES, EN_NOT_NAMES = not_names.ZH_NOT_NAMES, not_names.EN_NOT_NAMES  # words that name no one

# A name ending in one of these is most likely of that kind (longest suffix wins).
ZH_SUFFIX_KINDS: dict[str, str] = {
    **dict.fromkeys("宗派帮盟教阁殿宫会门寨堂司府卫军班", "Faction"),  # (班: a troupe, 庆元班, 福兴班)
    **dict.fromkeys(("家族", "世家", "山庄", "王朝", "商会", "学院", "书院", "皇朝", "圣地", "一族", "氏族",
                     "剑派", "剑宗", "魔宗", "魔教", "镖局", "舰队", "公司", "集团", "工作室", "事务所", "俱乐部", "研究所",
                     "组织", "联盟", "协会", "军团",
                     "佣兵团", "骑士团", "商行", "议会", "战队", "小队", "车队", "球队", "卫队", "报社", "日报", "晚报",
                     "篮球队", "足球队", "排球队", "围棋队", "棒球队", "田径队",
                     "早报", "时报", "银行", "管理局", "事务局", "调查局", "安全局", "总局", "分局", "衙门", "公会",
                     "营", "局", "小组", "专案组", "行动组", "工作组", "乐队", "剧团", "戏班", "传媒", "影业",
                     # the old trading houses: 怡和洋行, 日升昌票号, 颜记盐号, 裕昌丝行, 侨批局
                     "洋行", "钱庄", "票号", "银号", "商号", "盐号", "布庄", "绸庄", "粮行", "丝行", "茶行", "米行", "布行",
                     "油行", "药行", "车行", "牙行", "批局", "侨批局",
                     "社", "船帮", "剧社"), "Faction"),  # 鸿兴社, 润余社 (a bare 厂, 团 or 队 ends 化工厂 and 行动队 too)
    **dict.fromkeys("山峰城镇村谷林海岛洲州国域渊崖湖河江关原漠岭坡泽湾港寺庙观洞窟塔楼潭池泉溪涧", "Location"),
    **dict.fromkeys(("大陆", "森林", "山脉", "秘境", "禁地", "平原", "雪原", "沙漠", "京城", "王城", "帝都",
                     "小镇", "山谷", "古城", "客栈", "酒楼", "茶楼", "酒馆", "赌坊", "当铺", "药铺", "基地",
                     "星球", "星带", "星系", "街", "巷", "站", "坊", "渡", "避难所", "医院", "学校", "大学", "中学", "酒店", "饭店",
                     "营地", "要塞", "城堡", "广场", "公园", "码头", "车站", "机场", "监狱", "地牢", "冷宫", "别院",
                     "宅", "苑", "园", "堡", "区",
                     # where work and trade are done, and where the dead lie: 夏至书屋, 黑塘煤窑, 万剑冢, 白石岭水库
                     # (not a bare 铺, 桥 or 滩: 钟表铺, 铁路桥 and 戈壁滩 are any shop, bridge or shore)
                     "书屋", "书场", "书店", "戏院", "剧院", "茶馆", "水库", "隧道", "大坝", "船坞", "农场", "牧场",
                     "林场", "渔场", "盐场", "马场", "祠堂", "会馆", "煤窑", "煤矿", "冢", "墓"), "Location"),
    **dict.fromkeys("剑刀枪戟弓鼎珠符镜印钟扇环戒锤鞭琴笛甲盾铃旗杖伞匕簪槊矛斧钺锏弩镰棍丹丸", "Item"),
    **dict.fromkeys(("玉佩", "令牌", "宝剑", "神剑", "飞剑", "法宝", "灵器", "丹药", "秘籍", "地图", "钥匙", "项链",
                     "手镯", "戒指", "长剑", "双刀", "匕首", "古卷", "残卷", "玉简", "马槊", "长枪", "长矛", "弯刀",
                     "令", "牌", "佩", "玺", "箫", "瓶", "壶", "炉", "盒", "匣", "锦囊", "针", "吊坠", "长命锁",
                     "法袍", "宝甲", "藏宝图", "手札", "账本", "日记", "遗书", "密信", "手枪", "步枪", "狙击枪",
                     "号"), "Item"),  # (a boat: 金龙号, 曙光号; 票号 and 商号 are firms, matched first)
    **dict.fromkeys("诀功术掌拳指步经咒阵", "Ability"),
    **dict.fromkeys(("真人", "道长", "老祖", "散人", "居士", "仙子", "师太", "大师", "禅师", "道人", "老怪",
                     "魔君", "剑仙", "剑圣", "天尊", "嬷嬷", "公公", "娘娘", "婆婆", "大娘"), "Character"),
    **dict.fromkeys(("剑法", "刀法", "枪法", "身法", "心法", "神通", "秘术", "功法", "剑诀", "心经", "剑阵",
                     "炼丹", "炼丹术", "炼器", "阵法", "医术", "毒术", "轻功", "遁术"), "Ability"),
}
# Single characters above that also end ordinary words; as a suffix they need a name-like head.
ZH_WEAK_SUFFIXES = set("门会军府卫林海河关步指经阵甲盾印环街巷站坊渡丹丸令牌佩瓶壶炉盒针宅苑园堡区观社冢墓号")

ZH_PERSON_TITLES = ("师兄", "师姐", "师弟", "师妹", "师父", "师傅", "师尊", "长老", "宗主", "掌门", "门主", "帮主",
                    "公主", "王爷", "少爷", "小姐", "夫人", "姑娘", "前辈", "道长", "真人", "老祖", "将军", "大人")

# Role words in "X的<role>是Y" / "Y是X的<role>": (relation, holder is from?) — holder is the one named by the role.
ZH_ROLES: dict[str, tuple[str, bool]] = {
    **dict.fromkeys(("师父", "师傅", "师尊", "恩师", "老师", "导师", "教练", "授业恩师", "座师"), ("MASTER_OF", True)),
    **dict.fromkeys(("徒弟", "弟子", "学生", "传人", "徒儿", "关门弟子", "亲传弟子", "入室弟子", "嫡传弟子"),
                    ("MASTER_OF", False)),
    **dict.fromkeys(("师兄", "师姐", "大师兄", "二师兄", "大师姐"), ("SENIOR_OF", True)),
    **dict.fromkeys(("师弟", "师妹", "小师弟", "小师妹"), ("SENIOR_OF", False)),
    **dict.fromkeys(("父亲", "母亲", "爹", "娘", "爸爸", "妈妈", "生父", "生母", "养父", "养母", "继母", "继父", "父王",
                     "母后", "母妃", "父皇", "亲爹", "亲娘", "老爹", "阿爹", "阿娘", "娘亲", "爹爹", "亲妈", "亲爸", "妈",
                     "爸", "老妈", "老爸"), ("PARENT_OF", True)),
    **dict.fromkeys(("儿子", "女儿", "孩子", "独子", "独女", "长子", "次子", "幼子", "长女", "次女", "幼女", "养女", "养子",
                     "私生子", "私生女", "嫡子", "嫡女", "庶子", "庶女", "小儿子", "小女儿", "大儿子", "大女儿", "独生女",
                     "独生子", "闺女", "大闺女", "小闺女", "千金"),
                    ("PARENT_OF", False)),
    **dict.fromkeys(("哥哥", "姐姐", "弟弟", "妹妹", "兄长", "兄弟", "姐妹", "胞弟", "胞妹", "胞兄", "胞姐", "亲哥", "亲姐",
                     "亲哥哥", "亲姐姐", "亲弟弟", "亲妹妹", "长兄", "长姐", "二哥", "三哥", "二姐", "小妹", "幺妹"),
                    ("SIBLING_OF", True)),
    **dict.fromkeys(("妻子", "丈夫", "夫君", "娘子", "未婚妻", "未婚夫", "道侣", "原配", "元配", "发妻", "正妻", "夫人",
                     "结发妻子", "亡妻", "老婆", "老公", "媳妇", "媳妇儿", "爱人", "太太", "老伴", "老伴儿"),
                    ("MARRIED_TO", True)),
    **dict.fromkeys(("仇人", "死敌", "宿敌", "仇家", "对头", "仇敌", "敌人", "眼中钉"), ("HATES", False)),
    **dict.fromkeys(("朋友", "好友", "挚友", "盟友", "知己", "搭档", "战友", "发小", "闺蜜", "死党", "至交"), ("ALLY_OF", True)),
    **dict.fromkeys(("手下", "仆人", "侍女", "属下", "护卫", "随从", "丫鬟", "书童", "家仆", "心腹", "亲信", "部下", "下属",
                     "跟班", "侍卫", "贴身侍卫", "乳母", "奶娘", "幕僚", "门客", "家臣", "谋士", "副手", "副官", "助理", "秘书", "保镖",
                     "打手", "爪牙", "走狗", "家将", "家丁", "小厮", "侍从", "近侍", "宫女", "贴身丫鬟", "贴身侍女", "马仔"),
                    ("SERVES", True)),
    **dict.fromkeys(("主人", "主子", "少主", "主公", "老板", "东家", "上司", "主上"), ("SERVES", False)),
    **dict.fromkeys(("心上人", "意中人"), ("LOVES", False)),
}
# "<X>的弟子/长老" where X is a faction means membership; "宗主/掌门" means leadership.
ZH_FACTION_MEMBER_ROLES = ("弟子", "长老", "成员", "门人", "护法", "执事", "客卿", "内门弟子", "外门弟子",
                           "核心弟子", "亲传弟子", "圣女", "圣子", "少宗主", "二当家", "三当家", "堂主", "舵主", "香主",
                           "副宗主", "副掌门", "副帮主", "供奉", "杀手", "大弟子", "首席弟子", "少主", "少爷", "小姐",
                           "管家", "将军", "密探", "卧底", "太上长老", "大长老", "二长老", "执法长老", "传功长老",
                           "人",
                           # who works or fights in it
                           "教练", "选手", "队员", "警员", "刑警", "探员", "警官", "员工", "职员", "士兵", "手下",
                           "部下", "打手", "小弟", "伙计", "学徒", "学生", "会员", "副总裁", "副总", "总监", "副队长",
                           "副营长", "副局长", "军官", "谋士", "军师", "护卫", "侍卫", "首发", "替补",
                           "法医", "记者", "编辑", "律师", "医生", "护士", "研究员", "工程师", "少东家", "帮厨")
# what one is to a group from outside it, or no post at all: 蔡鸿逵是怡和洋行的死对头
ZH_NOT_POSTS = frozenset({"仇人", "仇家", "敌人", "死敌", "对头", "死对头", "对手", "眼中钉", "克星", "恩人", "客人", "常客",
                          "贵客", "债主", "靠山", "后台", "叛徒", "希望", "骄傲", "耻辱", "一员", "朋友", "老朋友", "老相识", "旧人"})
ZH_FACTION_LEADER_ROLES = ("宗主", "掌门", "门主", "帮主", "教主", "阁主", "殿主", "族长", "家主", "城主", "首领",
                           "大当家", "寨主", "盟主", "庄主", "谷主", "楼主", "会长", "院长", "老大", "局长", "队长",
                           "社长", "行长", "总裁", "董事长", "主编", "校长", "所长", "部长", "团长", "军长", "舰长",
                           "船长", "司主", "宫主", "山主", "岛主", "统领", "大统领", "主将", "主帅", "统帅", "老板",
                           "掌柜", "总督", "主事",
                           # the head of a unit, a firm, an office, a team
                           "营长", "连长", "排长", "旅长", "师长", "司令", "总司令", "指挥官", "站长", "厂长", "村长",
                           "组长", "班长", "头目", "首脑", "领袖", "主席", "馆主", "坛主", "府主", "洞主",
                           "总舵主", "支队长", "大队长", "中队长", "科长", "处长", "厅长", "主任", "总经理", "店长",
                           "领主", "总长", "镖头", "总镖头", "把头", "教官", "党魁", "魁首", "头子", "头儿", "领头人",
                           "带头人", "话事人", "掌舵人", "东家", "创始人", "创办人", "班主", "窑主", "当家人", "舵把子", "领队",
                           "船主", "矿主", "老总", "总编", "场长", "闸长", "团总", "住持", "方丈")

ZH_JOIN = ("调去", "调到", "调往", "分到", "分配到", "分进", "派到", "招进", "考进了", "拜入", "加入", "进入", "投入", "入了", "投靠", "归顺", "入门", "投了", "投奔", "归入", "混进", "转投", "拜进", "考进", "转签", "签进", "加盟", "转会到",
           "考入", "签约", "签给", "签在", "跳槽到", "跳槽去了", "跳槽去", "跳槽进了")
ZH_OWN = ("用", "使", "持", "握", "佩", "背着", "拿着", "手持", "使用", "祭出", "得到", "获得", "拿到", "收下",
          "捡到", "继承", "有", "带着", "炼成", "接过", "捡起", "拾起", "接手", "收了")
# heading a group: 执掌夜枭, 统领禁军, 一手创立了拾光
ZH_LEAD = ("执掌", "掌管", "统领", "统率", "率领", "领导", "掌控", "坐镇", "掌舵", "创立", "创建", "创办", "一手创立", "接掌",
           "接任", "接手", "接管")
ZH_OWN_NOUNS = ("兵器", "武器", "法宝", "佩剑", "配剑", "本命法宝", "随身")
ZH_GIVE = ("送给", "交给", "传给", "赠给", "给了", "还给", "赐给", "留给", "转给", "卖给", "塞进", "塞给", "递给", "交到", "交予",
           "托付给", "托给", "寄给", "扔给", "扔到", "传到", "传予", "让给")
ZH_TAKE = ("夺下", "夺过", "抢下", "抢过", "偷走", "夺走", "抢走", "盗走", "拿走", "骗走", "抢了", "偷了", "夺了", "盗了", "夺得", "抢到")
ZH_LOSE = ("被砸断", "砸断", "被夺", "被偷", "丢了", "弄丢", "遗失", "失去", "毁了", "碎了", "断了", "被毁", "丢失")
ZH_LIVE = ("住在", "生活在", "隐居在", "隐居于", "定居在", "位于", "坐落在", "坐落于", "藏在", "驻扎在", "移居", "迁居",
           "住到", "定居", "落户", "躲在", "藏身在", "藏身于", "坐镇", "盘踞在", "盘踞", "占着", "占据", "驻守", "守在", "常驻", "窝在")
ZH_MOVE = ("来到", "到了", "抵达", "前往", "去了", "赶往", "回到", "逃到", "逃往", "被困在", "困在", "进了", "落脚在",
           "落脚于", "闭关于", "打进", "打入", "关进", "押进", "送进", "住进", "搬进", "搬到", "搬回", "迁到", "流放到",
           "贬到", "贬去", "发配到", "调到", "调去", "回了", "去往", "下放到", "抬到", "抬进", "押到", "押往",
           "跑到", "躲到", "嫁到", "调往", "迁往", "派往", "转到")
# leaving a faction: the membership it had ends (叛出天刀门, 脱离…, 被逐出师门)
# a company or club, which talk shortens to its first word (鼎泰 for 鼎泰集团, 星耀 for 星耀传媒)
ZH_FIRM_ENDS = ("集团", "公司", "科技", "传媒", "影业", "娱乐", "战队", "俱乐部", "银行", "基金", "律所", "工作室")
ZH_LEAVE = ("叛出", "脱离", "离开", "退出", "逐出", "被逐出", "叛离", "背叛", "赶出", "开除出", "辞职离开", "跳槽离开",
            "再没回", "再也没回", "没再回", "再没回过", "再也没回过")
EN_LEAVE = ("leaves", "left", "quits", "quit", "defects from", "defected from", "is expelled from", "was expelled from",
            "deserts", "deserted", "betrays", "betrayed", "thrown out of", "kicked out of", "fired from", "dismissed from",
            "resigns from", "resigned from", "drummed out of", "cast out of", "exiled from", "banished from",
            "struck off", "is out of", "'s out of", "was out of")
ZH_FROM_AFTER = ("出来的", "出身", "长大的", "人士", "人氏", "出生的")
ZH_FROM = ("出身", "来自", "出生在", "出生于", "生于", "生在", "老家在", "故乡是")
ZH_ABILITY = ("得传", "学到", "学成", "修", "练", "学的是", "练的是", "修的是", "修炼的是", "主修", "学会", "修炼", "掌握", "擅长", "精通", "习得", "练成", "领悟", "会用", "施展", "修习", "学了")
ZH_HATE = ("恨", "憎恨", "仇恨", "痛恨", "记恨", "结下死仇", "结仇", "结下仇", "视为死敌", "仇视", "嫉妒", "妒忌", "忌恨")
ZH_KILL = ("杀了", "杀死", "斩杀", "害死", "击杀", "刺死", "毒死", "打死", "除掉", "诛杀", "手刃",
           # a blow and its result: 一刀捅死, 一爪穿心, 一剑封喉
           "捅死", "砍死", "劈死", "砸死", "咬死", "射死", "掐死", "勒死", "撞死", "戳死", "炸死", "闷死", "震死", "斩了",
           "穿心", "封喉", "枭首", "斩首", "枪杀", "击毙", "毒杀", "射杀", "刺杀", "绞杀", "砍杀", "杖毙", "处死",
           "震碎心脉", "震断心脉")
ZH_DEATH = ("当场就没了", "人就没了", "人没了", "死了", "身亡", "陨落", "战死", "去世", "牺牲", "殒命", "丧命", "死去", "被杀", "被害", "死在", "遇害",
            "毙命", "自尽", "病逝", "过世", "离世", "殉", "死亡", "病故", "亡故", "故去", "断气", "咽气", "咽了气",
            "自缢", "上吊", "投井", "暴毙", "毒发身亡", "香消玉殒", "直接死", "当场死", "就死", "死掉",
            "被毒杀", "被杀害", "被刺杀", "被暗杀", "被射杀", "被击杀", "被斩杀", "被灭口", "被害死", "被毒死", "被打死",
            "被杀死", "被勒死", "被掐死", "被烧死", "淹死", "溺死", "摔死",
            # a disaster's and a duty's deaths, and the old words: 谢长根遇难, 冻死在鹰嘴岭, 第42章病殁
            "遇难", "罹难", "丧生", "阵亡", "逝世", "辞世", "身故", "冻死", "饿死", "病死", "烧死", "砸死", "炸死", "病殁")
ZH_REVIVE = ("复活", "没死", "活了过来", "假死")
ZH_INJURY = ("受了重伤", "重伤", "受伤", "负伤", "断了", "瞎了", "中毒", "中了", "经脉尽断", "废了", "伤了", "残废",
             "失明", "骨折", "丹田", "中刀", "中箭", "中枪", "中弹", "中掌", "确诊", "查出", "患上", "扭伤", "烧伤", "烫伤",
             "划伤", "贯穿", "重创", "脑震荡", "心梗", "中风", "脑溢血", "心脏病发", "病倒", "昏迷", "刺伤", "擦伤",
             "砍伤", "咬伤", "抓伤", "割伤", "摔伤", "冻伤", "腱鞘炎",
             # a part lost or torn, an old wound come back: 冻掉了两根脚趾, 视网膜脱落, 手腕的旧伤复发
             "冻掉", "截肢", "旧伤复发", "有旧伤", "落下病根", "脱落", "撕裂", "骨裂", "崴了", "扭了",
             # flogged, a voice lost: 背上皮开肉绽, 第二天嗓子哑了
             "皮开肉绽", "嗓子哑了", "嗓子倒了", "哑了")
ZH_HEAL = ("伤好了", "痊愈", "康复", "治好")
ZH_REALM_VERBS = ("定在", "定为", "设为", "设在", "冲到", "冲上", "升到", "晋入", "迈入", "跨入", "提升到", "突破到", "突破至", "突破", "晋升到", "晋升为", "晋升", "进阶到", "进阶", "踏入", "达到", "到了",
                  "进入", "跌落到", "跌落至", "跌回", "修为是", "境界是", "是", "已是", "已经是", "处于", "停在", "卡在")
ZH_REALM_WORDS = ("炼气", "练气", "筑基", "金丹", "结丹", "元婴", "化神", "炼虚", "合体", "大乘", "渡劫", "炼体",
                  "淬体", "锻体", "通脉", "开光", "融合", "心动", "灵寂", "出窍", "分神", "斗者", "斗师", "大斗师",
                  "斗灵", "斗王", "斗皇", "斗宗", "斗尊", "斗圣", "斗帝", "后天", "先天", "宗师", "大宗师")
ZH_REALM_SUFFIXES = "境期层重阶级品段"
# offices and trades that say who someone is (宰相萧伯言, 钱满仓就是赌坊老板); kinship and teacher words are
# relations (ZH_ROLES), and heading a faction is its LEADS relation, so neither is a title here
ZH_TITLES = ("冠军", "亚军", "宰相", "丞相", "首辅", "太师", "太傅", "尚书", "侍郎", "御史", "知府", "知州", "知县", "县令", "县丞", "太守",
             "刺史", "巡抚", "总督", "大将军", "将军", "元帅", "都督", "统领", "校尉", "都尉", "总兵", "千户", "百户", "总捕头",
             "捕头", "捕快", "仵作", "掌柜", "老板", "老板娘", "东家", "账房", "镖头", "镖师", "工程师", "医生", "医师",
             "大夫", "郎中", "药师", "炼丹师", "炼器师", "阵法师", "符师", "驯兽师", "教授", "船长", "舰长", "队长", "局长",
             "探长", "警长", "侦探", "记者", "律师", "国师", "护法", "长老", "堂主", "舵主", "香主", "执事", "散修", "杀手",
             "刺客", "管家", "侍卫", "统帅", "军师", "谋士", "二当家", "三当家", "首席弟子", "大弟子", "亲传弟子", "圣女",
             "圣子", "少主", "少宗主", "指挥官", "司令", "教头", "总教头", "山长", "哨兵", "师爷",
             # a company's, an army's, a police force's and a team's posts, and trades of a modern city
             "董事长", "董事", "总经理", "副总经理", "经理", "总裁", "副总裁", "总监", "主管", "主任", "秘书", "助理",
             "厂长", "站长", "所长", "院长", "校长", "主编", "店主", "店长", "团长", "营长", "连长", "排长", "军长", "师长",
             "旅长", "支队长", "大队长", "中队长", "刑警", "警官", "警员", "法医", "教练", "队员", "特务", "间谍", "歌女",
             "可汗", "大巫", "巫师", "护士", "老师", "班主任", "程序员", "黑客", "经纪人", "庙祝", "锅头", "渔霸", "恶霸",
             # a court's ranks, its eunuchs and its scholars
             "皇帝", "女帝", "皇后", "太后", "皇贵妃", "贵妃", "妃子", "贵人", "常在", "昭仪", "婕妤", "才人", "摄政王", "亲王",
             "郡王", "王妃", "郡主", "世子", "皇子", "驸马", "掌印太监", "大太监", "总管太监", "次辅",
             "阁老", "大学士", "学士", "翰林", "状元", "探花", "榜眼", "副将", "参将", "偏将", "都统", "提督", "副统领",
             # trades and stage roles the word endings above do not say
             "主播", "网红", "助播", "青衣", "花旦", "武生", "老生", "小生", "丑角", "班主", "锅头", "马锅头", "赶马人",
             "马夫", "窑主", "船老大", "渔民", "大掌柜", "二掌柜", "账房", "学徒", "镖师", "向导", "司机", "富户",
             "少东家", "学生", "伙计", "丫鬟", "土匪", "创始人", "老板娘", "村医", "郎中", "先生", "账房", "伙夫",
             "出马仙", "土匪头子", "山大王", "船工", "纤夫", "挑夫", "脚夫",
             # a team's places, a palace's servants, a prefecture's and an arsenal's officers, an advisor
             "门将", "后卫", "前锋", "中锋", "边锋", "中场", "太监", "宫女", "掌事姑姑", "掌事宫女", "同知", "通判",
             "推官", "主簿", "典史", "少监", "顾问", "总工", "淑妃", "德妃", "贤妃", "惠妃",
             "答应", "美人", "名誉董事长", "王子", "大王子", "二王子", "少校", "中校", "上校", "大校", "指导员", "副厂长",
             # a ship's officers, carriers and spies
             "大副", "二副", "三副", "管带", "管轮", "水手", "背夫", "车夫", "船夫", "更夫", "暗探", "密探", "探子", "线人",
             "卧底")
# 掌门信物叫青冥令, 团伙叫沙耗子, 地宫叫黑将军墓: the noun a name is given for says what kind of thing it is
ZH_NAMED_AS_KIND = {**dict.fromkeys(("功法", "心法", "剑法", "刀法", "枪法", "拳法", "掌法", "身法", "神通", "秘术", "阵法",
                                       "绝学", "医术", "武功", "绝技", "能力", "异能", "天赋", "技能"), "Ability"),
                     **dict.fromkeys(("兵器", "武器", "法宝", "佩剑", "宝物", "信物", "燃料", "矿石", "材料", "药剂", "毒药",
                                      "丹药", "芯片", "装置", "道具", "神器", "钥匙", "宝石"), "Item"),
                     **dict.fromkeys(("组织", "帮派", "门派", "势力", "公司", "战队", "乐队", "社团", "团伙", "团体", "公会",
                                      "小队", "队伍", "家族", "商号", "宗门", "教派", "帮会", "戏班"), "Faction"),
                     **dict.fromkeys(("星球", "城市", "小镇", "村子", "基地", "据点", "星系", "地宫", "古墓", "墓", "村", "镇",
                                      "院子", "小院", "宅子", "庄子", "山谷", "山洞", "岛", "遗址", "副本", "寨子", "地方"),
                                     "Location")}

# A trade or post ZH_TITLES does not name (捉妖师, 乘务长, 调查员, 主厨, 门客): a Chinese agent noun ends in
# one of these; the words after it end so and are no one's post (擅长, 兄长, 即使, 拜师).
ZH_AGENT_ENDS = "师员长厨匠官使客工医警商手士"  # (医: 兽医, 军医, 牙医; 警: 骑警, 乘警, 片警; 商: 茶商, 俄商; 手: 车手, 舵手; 士: 博士)
ZH_NOT_AGENTS = ("报警", "预警", "火警", "示警", "拉警", "擅长", "成长", "兄长", "家长", "特长", "专长", "增长", "延长", "生长", "助长", "漫长", "修长", "细长",
                 "见长", "拉长", "很长", "太长", "最长", "更长", "加工", "分工", "施工", "开工", "手工", "人工", "罢工", "打工", "即使",
                 "假使", "致使", "促使", "迫使", "驱使", "指使", "请客", "做客", "好客", "器官", "五官", "感官", "出师",
                 "拜师", "为师", "班师", "下厨", "动员", "人员", "满员", "成员", "会员", "天使",
                 "就医", "求医", "行医", "学医", "从医", "投医", "看医", "送医", "中医", "西医",
                 "协商", "磋商", "会商", "智商", "情商", "经商", "通商", "招商", "从商", "参商", "巴士", "的士", "男士",
                 "女士", "人士", "烈士", "瑞士", "出手", "动手", "下手", "双手", "左手", "右手", "一手", "两手", "拿手", "拍手",
                 "握手", "插手", "联手", "亲手", "伸手", "失手", "到手", "接手", "着手", "顺手", "随手", "放手", "住手", "分手",
                 "空手", "徒手", "人手", "得手", "转手", "脱手", "携手", "交手", "还手", "回手", "举手", "摆手", "挥手", "招手",
                 "洗手", "经手", "上手", "入手", "过手", "拉手", "扶手", "把手", "抓手", "对手", "搭手", "妙手", "辣手", "毒手",
                 "棘手", "黑手",  # … and what one did or is to a story's crime, or how good one is, is no post
                 "凶手", "高手", "鬼手", "收手", "老手", "新手", "能手", "好手", "神手")


def zh_post(word: str) -> bool:
    """A title or trade: one the lists name, or an agent noun of two to four characters."""
    return word in ZH_TITLES or 2 <= len(word) <= 4 and word[-1] in ZH_AGENT_ENDS and not word.endswith(ZH_NOT_AGENTS)


ZH_APPEARANCE = ("疤", "胎记", "伤痕", "刺青", "纹身", "独眼", "白发", "银发", "红发", "金发", "异瞳", "眼睛", "瞳", "头发",
                 "长发", "短发", "痣", "面具", "面纱", "眼罩", "跛", "瘸", "金牙", "眼镜", "麻子", "胡子", "络腮胡", "胡须", "翳")

HOOK_CUES_ZH = ("伏笔", "悬念", "埋下", "埋个", "埋一个", "钩子", "留个", "留一个", "之谜", "的秘密", "的来历", "的身世",
                "的真相", "的下落", "暗示", "谜团", "线索", "秘密", "留待以后", "留到以后", "以后再收", "留个尾巴",
                "卷土重来", "没交代", "先不说是什么", "先不揭", "留着以后", "留着后面", "以后再用", "后面再用",
                "下落不明", "来历不明", "身份不明", "先埋着", "先别说破", "不说破", "暂不揭晓", "留到下一卷", "没人知道",
                "先不解释", "后面再揭", "以后再揭", "卖个关子", "留个悬念", "是个谜", "谁也不知道", "不点破", "按下不表",
                "个坑", "挖坑", "埋坑", "坑第", "后面会炸", "以后会炸", "埋雷", "再揭", "从不解释", "从来不解释", "别写清楚", "先别揭",
                "身份未明", "去向不明", "下落成谜", "扣子",
                # a question left for a later chapter: "留到第35章", "先不说", "生死不明", "最大的谜"
                "留到第", "先不说", "生死不明", "生死未卜", "最大的谜")
HOOK_RESOLVE_ZH = ("揭开", "揭晓", "揭示", "揭露", "真相大白", "回收", "解开", "填坑", "填上", "收回", "兑现", "原来是",
                   "终于知道", "水落石出", "交代清楚", "说明白", "坑填了", "填了坑", "把坑填", "收掉", "揭出来", "一并交代",
                   "一起交代", "就解释", "坑就在", "这个坑第", "这个坑就", "这坑就")
SETTING_CUES_ZH = ("设定", "世界观", "规则", "体系", "分为", "从低到高", "由低到高", "等级", "划分", "大陆", "地理",
                   "规矩", "禁忌", "法则", "制度", "传说中", "天下", "境界划分", "每个人", "所有人", "必须")

CHANGE_CUES_ZH = ("算了", "不对", "改成", "改为", "换成", "改一下", "还是", "不要", "不用", "别", "删掉", "去掉", "取消",
                  "不再", "重新", "改主意", "改了", "换一个", "换个", "不行", "放弃", "撤回", "作废", "拿掉", "不写")

# English: a capitalised span ending in one of these head words is most likely of that kind.
EN_HEAD_KINDS: dict[str, str] = {
    **dict.fromkeys(("order", "guild", "brotherhood", "sisterhood", "society", "academy", "sect", "clan", "company",
                     "council", "church", "legion", "watch", "league", "circle", "house", "family", "tribe",
                     "army", "guard", "court", "cult", "syndicate", "alliance", "union", "school", "college",
                     "authority", "agency", "bureau", "ministry", "directorate", "corps", "senate", "institute",
                     "crew", "gang", "fleet", "navy", "commission", "tribunal", "inquisition", "consortium",
                     "cartel", "coven", "collective", "firm", "bank", "conclave", "cabal", "assembly", "parliament",
                     "household", "department", "police", "service", "unit", "squad", "team", "band", "party",
                     "movement", "resistance", "rebellion", "front", "network", "dynasty", "republic",
                     "federation", "confederacy", "coalition", "pact", "accord", "concordance", "compact",
                     "faith", "knights", "guards", "wardens", "rangers", "riders", "hunters", "keepers",
                     "pirates", "raiders", "thieves", "assassins", "brethren", "faithful", "club", "newspaper",
                     "gazette", "herald", "times", "press", "studio", "agency", "office", "syndicate", "group",
                     "boys", "outfit", "corporation", "holdings", "industries", "enterprises", "haulage",
                     "foundation", "committee", "mob", "posse",
                     # a firm called by its trade: Halvard Minerals, Keystone Petroleum, Stadler Paving, Lenclos Frères
                     "minerals", "mining", "petroleum", "oil", "steel", "motors", "records", "pictures", "films",
                     "paving", "construction", "builders", "shipping", "freight", "transport", "lines", "tailors",
                     "pharmacy", "dispensary", "imports", "exports", "trading", "traders",
                     "supply", "supplies", "manufacturing", "textiles", "fisheries", "insurance", "partners",
                     "associates", "brothers", "sons", "frères", "inc", "inc.", "ltd", "ltd.", "llc", "plc", "co.",
                     "congregation", "ministries", "mission", "outfitters", "ironworks", "foundry", "cannery",
                     "airways", "airlines", "board", "monopoly", "exchange", "bourse"),
                    "Faction"),
    **dict.fromkeys(("vale", "valley", "mountain", "mountains", "city", "town", "village", "forest", "wood",
                     "woods", "lake", "river", "sea", "isle", "island", "islands", "keep", "castle", "hall",
                     "park", "abbey", "manor", "tower", "pass", "peak", "peaks", "marsh", "desert", "kingdom",
                     "empire", "street", "square", "harbour", "harbor", "port", "bay", "coast", "hills", "moor",
                     "fen", "reach", "wastes", "point", "cove", "cliffs", "rock", "quay", "docks", "market",
                     "station", "outpost", "colony", "hub", "base",
                     "quarter", "row", "lane", "saltmarsh", "citadel", "temple", "library", "palace", "court", "gate",
                     "bridge", "shire", "county", "lodge", "house", "inn", "tavern", "fortress", "ruins", "ford",
                     "marches", "march", "crossing", "heath", "downs", "spire", "falls", "springs", "barrow",
                     "hollow", "glen", "dale", "fields", "plains", "steppe", "canyon", "gorge", "heights", "haven",
                     "wharf", "pier", "gardens", "priory", "cathedral", "chapel", "monastery", "convent", "prison",
                     "mine", "mines", "mill", "estate", "grange", "sound", "straits", "shoals", "reef", "atoll",
                     "orchard", "farm", "ranch", "vineyard", "garden", "cemetery", "graveyard", "hospital",
                     "asylum", "workhouse", "museum", "gallery", "theatre", "theater", "hotel", "pub", "cafe",
                     "shop", "bakery", "warehouse", "factory", "alley", "road", "avenue", "mews", "terrace",
                     "cottage", "farmhouse", "villa", "chateau", "cabin", "camp", "fort", "cave", "caves", "grove",
                     "meadow", "creek", "brook", "pond", "loch", "fjord", "glacier", "jungle", "swamp", "bog",
                     "ocean", "gulf", "strait", "channel", "cape", "peninsula", "continent", "province", "region",
                     "district", "borough", "parish", "nebula", "sector", "belt", "expanse", "deeps", "depths",
                     "rift", "barrens", "highlands", "lowlands", "wilds", "fells", "tor", "crag", "sanctum",
                     "diner", "saloon", "speakeasy", "restaurant", "casino", "nightclub", "brewery", "distillery",
                     "clinic", "infirmary", "barracks", "motel", "airfield", "lighthouse", "observatory",
                     "laboratory", "dam", "rocks", "ridge", "hill", "beach", "lagoon", "dunes", "plateau", "mesa",
                     "butte", "yard", "yards", "dock", "bazaar", "pit", "colliery", "quarry", "airport", "airstrip",
                     "oilfield", "goldfield", "diggings", "claim", "homestead", "plantation",
                     # the land's own words: Lick Fork, Mawgan Teeth (not Pike or Moon, which are surnames too)
                     "fork", "gulch", "gap", "bluff", "flats", "landing", "junction", "siding", "depot", "teeth",
                     "needles", "shallows", "narrows", "bend", "rapids", "firth", "tarn", "stadium", "arena",
                     "concession", "harbors", "harbours"),
                    "Location"),
    **dict.fromkeys(("sword", "blade", "ring", "amulet", "staff", "bow", "crown", "stone", "orb", "tome", "book",
                     "dagger", "spear", "shield", "hook", "crossbow", "longbow", "ship", "barge", "cloak", "locket", "key", "map", "letter", "mirror", "lantern",
                     "chalice", "scroll", "compass", "pendant", "necklace", "axe", "hammer", "wand", "helm",
                     "box", "casket", "ledger", "diary", "journal", "coin", "medal", "brooch", "bracelet", "gun",
                     "pistol", "rifle", "revolver", "knife", "emeralds", "rubies", "diamonds", "pearls", "jewels",
                     "tiara", "painting", "portrait", "statue", "idol", "relic", "artifact", "artefact", "device",
                     "longsword", "greatsword", "rapier", "sabre", "saber", "cutlass", "mace", "flail", "halberd",
                     "glaive", "trident", "gauntlet", "gauntlets", "armour", "armor", "seal", "sigil", "codex",
                     "grimoire", "manuscript", "deed", "charter", "cipher", "flask", "vial", "phial",
                     "talisman", "totem", "heart", "eye", "blade", "egg", "lamp", "bell", "horn", "harp", "lute",
                     "violin", "clock", "music box", "crystal", "gem", "sapphire", "emerald", "ruby",
                     "diamond", "pearl", "opal"),
                    "Item"),
    **dict.fromkeys(("technique", "art", "arts", "step", "strike", "fist", "palm", "spell", "sight", "form",
                     "stance", "curse", "blessing", "magic", "sorcery", "ward", "binding", "song", "craft", "lore"),
                    "Ability"),
}
EN_PERSON_TITLES = ("mr", "mrs", "miss", "ms", "lady", "lord", "sir", "captain", "master", "elder", "king", "notary",
                    "magistrate",
                    "queen", "prince", "princess", "duke", "duchess", "count", "countess", "colonel", "doctor",
                    "dr", "aunt", "uncle", "father", "mother", "brother", "sister", "saint", "professor",
                    "general", "baron", "earl", "emperor", "empress", "director", "inspector", "warden",
                    "magister", "provost", "marquess", "viscount", "commander", "sergeant", "lieutenant", "major",
                    "abbot", "abbess", "bishop", "chancellor", "minister", "sheriff", "mayor", "detective",
                    "ser", "dame", "madam", "madame", "monsieur", "mademoiselle", "herr", "frau", "reverend", "rev",
                    "vicar", "archbishop", "cardinal", "prior", "prioress", "archmagister", "admiral", "marshal",
                    "governor", "judge", "constable", "superintendent", "commissioner", "ensign", "corporal",
                    "headmaster", "headmistress", "matron", "nurse", "granny", "grandpa", "grandma", "archduke",
                    "archduchess", "dowager", "laird", "jarl", "thane", "sultan", "emir", "khan", "tsar", "senator",
                    "chief", "officer", "agent", "professor", "prof", "ds", "di", "dci", "dsi", "sgt", "private",
                    "pte", "cpl", "lt", "capt", "col", "deacon", "pastor", "canon", "mother", "sensei", "district",
                    "attorney", "deputy", "coroner", "solicitor", "barrister", "messer", "signor", "signora", "signore",
                    "señor", "señora", "senhor", "senhora", "mynheer", "frère", "frere", "père", "pere", "mère", "soeur",
                    "sœur", "maître", "maitre", "fra", "padre", "dom", "don", "dona", "doña", "fräulein", "pasha", "efendi",
                    "effendi", "sheikh", "shaikh", "mullah", "imam", "rabbi", "hajji")
# ranks and posts: alone, capitalised, they are someone's title ("made a full Warden"), never a name of their own
EN_RANK_WORDS = frozenset((*EN_PERSON_TITLES, "adept", "apprentice", "novice", "acolyte", "initiate", "archmage",
                           "mage", "regent", "steward", "knight", "squire", "constable", "magistrate", "senator",
                           "admiral", "marshal", "officer", "agent"))
# "New POV character …": the writer's shorthand, not anybody in the story
EN_SHORTHAND = frozenset(("pov", "npc", "mc", "oc", "fmc", "mmc", "bbeg", "au", "hq", "ai", "pc"))
EN_ROLES: dict[str, tuple[str, bool]] = {
    **dict.fromkeys(("master", "teacher", "mentor", "tutor", "trainer", "instructor", "sensei", "coach"), ("MASTER_OF", True)),
    **dict.fromkeys(("apprentice", "student", "disciple", "pupil", "protege", "protégé"), ("MASTER_OF", False)),
    **dict.fromkeys(("senior",), ("SENIOR_OF", True)),
    **dict.fromkeys(("father", "mother", "dad", "mum", "mom", "papa", "mama", "stepfather", "stepmother", "da", "mam",
                     "daddy", "mammy", "mummy", "mommy", "adoptive father", "adoptive mother", "foster father", "foster mother"), ("PARENT_OF", True)),
    **dict.fromkeys(("son", "daughter", "child", "heir", "stepson", "stepdaughter", "adopted son", "adopted daughter",
                     "eldest son", "eldest daughter", "youngest son", "youngest daughter", "only son", "only daughter",
                     "firstborn"), ("PARENT_OF", False)),
    **dict.fromkeys(("brother", "sister", "twin", "sibling", "older brother", "older sister", "younger brother",
                     "younger sister", "elder brother", "elder sister", "big brother", "big sister", "little brother",
                     "little sister", "kid brother", "kid sister", "twin brother", "twin sister", "half-brother",
                     "half-sister", "stepbrother", "stepsister"), ("SIBLING_OF", True)),
    **dict.fromkeys(("wife", "husband", "spouse", "fiancee", "fiancé", "fiance", "betrothed"), ("MARRIED_TO", True)),
    **dict.fromkeys(("enemy", "nemesis", "rival", "arch-enemy", "archenemy", "archrival", "arch-rival", "foe",
                     "sworn enemy"), ("HATES", False)),
    **dict.fromkeys(("friend", "ally", "best friend", "companion", "confidant", "comrade", "sidekick", "accomplice",
                     "best mate"), ("ALLY_OF", True)),
    **dict.fromkeys(("lover", "sweetheart", "girlfriend", "boyfriend", "paramour", "beloved"), ("LOVES", True)),
    **dict.fromkeys(("servant", "maid", "squire", "bodyguard", "steward", "valet", "retainer", "lieutenant",
                     "enforcer", "henchman", "right hand", "right-hand man", "fixer", "aide", "secretary", "butler",
                     "footman", "housekeeper", "lady's maid", "manservant", "page", "lackey", "deputy", "assistant",
                     "driver", "chauffeur", "attendant", "handmaid", "handmaiden", "gunman", "muscle", "goon", "thug",
                     "hired lad", "hired man", "hired hand", "hired gun", "journeyman", "foreman", "stooge", "errand boy"),
                    ("SERVES", True)),
    **dict.fromkeys(("boss", "employer", "liege"), ("SERVES", False)),
}
EN_JOIN = ("joins", "joined", "join", "runs with", "ran with", "rides with", "sails with", "is a member of", "was a member of", "belongs to", "enlisted in",
           "is sworn to", "serves in", "is part of", "is one of", "enters", "entered", "works for", "runs for",
           "fights for", "spies for", "working for", "worked for", "sworn to", "stays with", "stayed with",
           "goes over to", "went over to", "defects to", "defected to", "crosses over to", "signs with", "signed with",
           "signs for", "signed for", "transfers to", "transferred to", "travels with", "travelled with", "traveled with",
           "tours with", "toured with", "plays for", "played for", "rides for", "rode for", "drives for", "drove for",
           "sworn into", "sworn in to", "initiated into", "inducted into", "recruited into", "recruited by", "hired by",
           "taken on by", "signed by", "hired on at", "taken on at", "apprenticed at", "enrolled at", "enrolls at",
           # a trade plied for a firm: "who spins for Lennie's Mill", "sings for the Apollo"
           "spins for", "spun for", "weaves for", "wove for", "sews for", "sings for", "sang for", "writes for",
           "wrote for", "cooks for", "cooked for", "scouts for", "scouted for", "clerks for", "clerked for",
           "works at", "worked at", "labours for", "labors for")
EN_LEAD = ("leads", "led", "heads", "captains", "captained", "rules", "commands", "founded", "is the head of", "is the leader of",
           "is the master of", "leading", "heading", "takes control of", "took control of", "takes charge of",
           "took charge of", "in charge of", "seizes control of", "seized control of")
EN_OWN = ("owns", "wields", "carries", "to carry", "to wield", "to own", "to keep", "holds", "has", "keeps", "bears", "wears", "inherits", "inherited",
          "finds", "found", "gets", "got", "receives", "received", "takes up", "uses", "ends up with", "ended up with",
          "winds up with", "walks off with", "walked off with", "picks up", "picked up", "earns", "earned", "is awarded",
          "buys", "bought", "purchases", "purchased", "acquires", "acquired")
EN_GIVE = ("gives", "gave", "hands", "handed", "passes", "passed", "sells", "sold", "trades", "traded", "lends", "lent", "returns",
           "returned", "bequeaths", "left", "leaves", "wills", "willed")
EN_TAKE = ("steals", "stole", "stolen", "lifts", "lifted", "pinches", "pinched", "nicks", "nicked", "swipes", "swiped",
           "filches", "filched", "takes", "took", "seizes", "seized", "snatches", "snatched", "loots",
           "looted", "wins", "won", "robs", "robbed", "pockets", "pocketed")
EN_LOSE = ("loses", "lost", "breaks", "broke", "destroyed", "shattered")
EN_LIVE = ("based at", "based in", "headquartered in", "sits in", "lies at", "operates from", "lives in", "lives at", "lived in", "is based in", "is based at", "resides in", "resides at",
           "is located in", "lies in", "stands in", "settles in", "settled in", "hides in", "is stationed at")
EN_MOVE = ("travels to", "travelled to", "traveled to", "goes to", "went to", "arrives at", "arrived at",
           "arrives in", "arrived in", "reaches", "reached", "flees to", "fled to", "moves to", "moved to",
           "returns to", "returned to", "is imprisoned in", "is trapped in", "is now in", "is now at", "sails for",
           "sailed for", "leaves for", "left for", "heads for", "headed for", "sets off for", "set off for", "ships out to",
           # two who go together: "Hinrik and Signy sail for Danzig"
           "travel to", "go to", "flee to", "move to", "sail for", "leave for", "head for", "return to", "arrive in",
           "arrive at",
           # sent, taken or gone off somewhere: "shipped home to Pittsburgh", "exiled to Didymoteichon"
           "shipped home to", "shipped to", "sent home to", "sent to", "exiled to", "banished to", "taken to",
           "transferred to", "posted to", "escapes to", "escaped to", "goes down to", "went down to", "goes up to",
           "went up to", "heads to", "headed to", "is living in")
EN_FROM = ("comes from", "came from", "comes up from", "came up from", "comes down from", "came down from", "is from",
           "was born in", "born in", "hails from", "grew up in", "native of")
EN_ABILITY = ("skilled at", "skilled in", "good at", "picked up", "trained in", "versed in", "learns", "learned",
              "learnt", "masters", "mastered", "knows", "can use", "can cast", "studies",
              "studied", "practises", "practices", "is skilled in", "is skilled at", "uses the", "has mastered",
              "can", "is able to", "knows how to", "gains", "gained", "wakes", "woke", "awakens", "awakened", "unlocks",
              "unlocked", "develops", "developed", "has", "has the")
EN_KILL = ("kills", "killed", "murders", "murdered", "slays", "slew", "slain", "executes", "executed",
           "poisons", "poisoned", "stabs", "stabbed", "shoots", "shot", "strangles", "strangled", "smothers",
           "smothered", "beheads", "beheaded", "guns down", "gunned down", "bludgeons", "bludgeoned")
EN_DEATH = ("dies", "died", "is dead", "was killed", "is killed", "gets killed", "perishes", "perished",
            "is slain", "was slain", "passes away", "passed away", "drowns", "drowned", "falls in battle", "dead")
EN_REALM = ("reaches", "reached", "breaks through to", "broke through to", "advances to", "advanced to",
            "ascends to", "rises to", "rose to", "is promoted to", "was promoted to", "is now a", "is now an",
            "falls back to", "fell back to", "drops to", "dropped to", "is a", "is an")
EN_REALM_WORDS = ("rank", "realm", "tier", "level", "stage", "grade", "circle", "ring", "degree")

HOOK_CUES_EN = ("foreshadow", "hook", "mystery", "secret", "hint", "plant", "set up", "setup", "clue", "riddle",
                "unexplained", "nobody knows", "no one knows", "question of", "payoff later", "pay off later",
                "thread", "answered by", "pay it off", "opening a new one", "loose end", "will be back",
                "comes back later", "refuses to open", "not until", "save it for later", "save that for later",
                "keep it for later", "keep that for later", "don't explain", "never explained", "stays open",
                "left open", "stays unknown", "stays unexplained", "stays unanswered", "left unexplained",
                "not deciding", "don't know yet", "haven't decided who", "deliberately unexplained",
                "no explanation", "without explanation", "not answering that", "doesn't tell anyone",
                "tells no one", "haven't decided why", "haven't decided what", "haven't decided how",
                "don't want the reader to know", "the reader doesn't know", "reader won't know", "readers won't know",
                "leave that open", "leave this open", "open question", "drop little hints", "drop hints",
                "reader to suspect", "we don't find out", "reader won't find out")
# an assistant's question that asks for a hook: "Anything you want left unexplained?" / "她死前要不要留点什么？"
# (not a question about a mystery already there: "So why did he set the fire?" asks for its payoff)
HOOK_ASKS_EN = ("clue", "hook", "foreshadow", "unexplained", "unanswered", "plant", "open question", "loose end",
                "leave open", "left open")
HOOK_ASKS_ZH = ("伏笔", "悬念", "线索", "钩子", "留点什么", "留下什么", "留个", "埋")
HOOK_RESOLVE_EN = ("reveal", "revealed", "reveals", "resolve", "resolved", "resolves", "pay off", "pays off",
                   "paid off", "turns out", "explained", "answer", "finally learn", "solved", "uncovered", "close the",
                   "closes the", "closed the", "solves the", "cracks the", "pay it off", "pays it off", "paid it off",
                   "pay that off", "pays that off", "pay this off")
SETTING_CUES_EN = ("setting", "world", "rule", "rules", "system", "ranks", "lowest first", "from lowest", "tiers",
                   "every", "nobody can", "no one can", "must", "magic", "law", "laws", "geography", "continent",
                   "the land", "realm", "kingdom", "costs", "price of", "works like", "is forbidden", "forbidden")

CHANGE_CUES_EN = ("actually", "instead", "scrap", "change it", "changed my mind", "on second thought", "rather",
                  "not anymore", "no longer", "forget", "drop", "scratch that", "let's not", "let us not",
                  "replace", "swap", "make it", "no,", "never mind", "cut the", "remove", "undo", "not a", "not the")

# The commonest Chinese surnames: a name that repeats and starts with one of these is most likely a person.
ZH_SURNAMES = set("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔"
                  "钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤柳楚萧燕"
                  "葛岳关俞祝柯纪梅凌裴霍骆辛靳柴鲍祁滕饶穆卓褚戚岑晏佟臧卞姬栾隋巫寇桑甄虞敖巩佘邝鞠荆冀胥栗鄢蔺阚"
                  "屠禹狄芮扈晁邸雍辜裘邰嵇湛檀倪庞颜聂詹耿焦甘舒阮童毕裴苗翁冉蓝蒙喻蒲屈艾尤缪项娄窦费卜席柏瞿桂闵邬"  # (two-character surnames are ZH_COMPOUND_SURNAMES: 上, 门, 东 alone begin words, not names)
                  # rarer surnames of the classics and of web novels, none of them an everyday word's first character
                  "甄封詹尤邢霍晏柴祝阮闵娄颜骆樊虞裘缪嵇裴荀芮靳糜巫焦栾蔺屠翟逄姬冉郦濮扈冀瞿阎庾耿寇阙蔚聂晁阚鞠竺"
                  "厉温俞鲍岑倪滕殷邬卞臧祁狄庞纪屈项季梅凌柯宁甘戎蒲卓乔桑庄艾戈辛饶荆凤谷池秋"
                  "褚卫施戚窦章鲁苗费廉毕傅伍穆蓝席洪翁鄂赖")
ZH_COMPOUND_SURNAMES = ("慕容", "欧阳", "上官", "司马", "诸葛", "南宫", "独孤", "令狐", "东方", "西门", "皇甫", "公孙", "端木",
                        "闻人", "宇文", "长孙", "尉迟", "呼延", "轩辕", "夏侯", "百里", "钟离", "澹台", "司徒", "司空",
                        "太史", "拓跋", "赫连", "万俟", "左丘", "东郭", "公冶", "申屠", "濮阳", "淳于", "单于")


def surnamed(word: str) -> bool:
    """Whether a word opens with a surname, one character (林) or two (慕容)."""
    return word.startswith(ZH_COMPOUND_SURNAMES) or word[:1] in ZH_SURNAMES


ZH_PERSON_NEXT = set("在说道的是和把被夺握看走笑点摇站坐拿将对向跟与也都已又便就却只还才曾")

ZH_MARRY = ("娶了", "嫁给", "嫁了", "成亲", "结为夫妻", "成婚", "完婚", "结婚", "订婚", "定亲")
ZH_LOVE = ("喜欢", "爱慕", "暗恋", "爱上", "倾心", "心仪", "看上", "钟情", "深爱", "爱着", "恋着", "迷恋", "思慕", "痴恋",
           "单恋", "倾慕")
ZH_ALLY_AFTER = ("成了朋友", "是朋友", "成为朋友", "结拜", "结为兄弟", "是好友", "成了好友", "交好", "结盟", "是生死之交",
                 "是结拜兄弟", "是结义兄弟", "是八拜之交", "是至交", "是知己", "是挚友", "是莫逆之交", "是一伙的", "一条心",
                 "穿一条裤子", "串通一气", "早有勾结", "勾结", "联手", "结成同盟")
ZH_SERVE = ("侍奉", "服侍", "伺候", "效忠", "追随", "跟着", "听命于", "为…效力", "效力", "效命", "投效", "忠于", "只忠于")

# how the name of a rule, penalty or levy ends (灭灯之罚, 呼吸税): a setting of the world, never someone in it
RULE_NAME_ENDS = ("之罚", "之刑", "之约", "之誓", "之律", "之规", "之禁", "税", "禁令", "律令", "规矩", "法则")


EN_FEMALE_TITLES = ("lady", "mrs", "mrs.", "miss", "ms", "ms.", "sister", "mother", "queen", "princess", "duchess",
                    "countess", "baroness", "dame", "madam", "aunt", "abbess", "empress", "widow", "madame",
                    "mademoiselle", "frau", "signora", "señora", "senora")
EN_MALE_TITLES = ("lord", "mr", "mr.", "sir", "brother", "father", "king", "prince", "duke", "count", "baron",
                  "uncle", "abbot", "emperor", "master", "monsieur", "herr", "signor", "señor", "senor", "don")
