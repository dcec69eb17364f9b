<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BackgroundLane</name>
    <message>
        <source>Wait for the current background work to finish, or cancel it.</source>
        <translation>请等待当前后台任务完成，或先取消它。</translation>
    </message>
</context>
<context>
    <name>BackupsDialog</name>
    <message>
        <source>Backups</source>
        <translation>备份</translation>
    </message>
    <message>
        <source>Snapshots of this book are taken before every settlement is applied, every 30 minutes while it changes, and whenever you back up by hand. Restoring one keeps the book's current state as a snapshot first.</source>
        <translation>每次应用结算之前、书有改动时每 30 分钟，以及你手动备份时，都会为这本书保存一份快照。恢复某个快照之前，会先把书的当前状态也存为快照。</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Back up now</source>
        <translation>立即备份</translation>
    </message>
    <message>
        <source>Restore…</source>
        <translation>恢复…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Reading the snapshots…</source>
        <translation>正在读取快照…</translation>
    </message>
    <message>
        <source>%1 snapshots.</source>
        <translation>共 %1 个快照。</translation>
    </message>
    <message>
        <source>No snapshots yet: back up now to take the first.</source>
        <translation>还没有快照：点“立即备份”保存第一份。</translation>
    </message>
    <message>
        <source>By hand</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>定时</translation>
    </message>
    <message>
        <source>Before a settlement</source>
        <translation>结算前</translation>
    </message>
    <message>
        <source>Before a restore</source>
        <translation>恢复前</translation>
    </message>
    <message>
        <source>Restore snapshot</source>
        <translation>恢复快照</translation>
    </message>
    <message>
        <source>Put the book back as it was at %1?</source>
        <translation>把书恢复到 %1 时的样子？</translation>
    </message>
    <message>
        <source>The book's current state is kept as a snapshot first, so you can come back to it from this list.</source>
        <translation>会先把书的当前状态存为快照，之后可以从这个列表回到现在的状态。</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>%n snapshot(s).</source>
        <translation>
            <numerusform>共 %n 个快照。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BookUpkeep</name>
    <message>
        <source>Embedding…</source>
        <translation>正在嵌入…</translation>
    </message>
    <message>
        <source>Embedded %1 passages: the whole book is searchable by meaning.</source>
        <translation>已嵌入 %1 个片段：整本书都可以按语义检索了。</translation>
    </message>
    <message>
        <source>Embedding paused; it goes on when the book is next opened.</source>
        <translation>嵌入已暂停，下次打开这本书时会继续。</translation>
    </message>
    <message>
        <source>Embedding postponed: %1</source>
        <translation>嵌入已推迟：%1</translation>
    </message>
    <message>
        <source>%1 new proposals wait for review (Book ▸ Reviews waiting…).</source>
        <translation>%1 个新提案等待审阅（书 ▸ 待审结算…）。</translation>
    </message>
    <message>
        <source>Backing up…</source>
        <translation>正在备份…</translation>
    </message>
    <message>
        <source>Snapshot taken.</source>
        <translation>快照已保存。</translation>
    </message>
    <message>
        <source>Restoring a snapshot…</source>
        <translation>正在恢复快照…</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>正在恢复…</translation>
    </message>
    <message>
        <source>Snapshot restored; the book as it was just before is kept as a snapshot too.</source>
        <translation>快照已恢复；恢复之前的状态也已存为快照。</translation>
    </message>
    <message>
        <source>Scheduled snapshot taken.</source>
        <translation>已保存定时快照。</translation>
    </message>
    <message>
        <source>Scheduled snapshot failed: %1</source>
        <translation>定时快照失败：%1</translation>
    </message>
    <message>
        <source>The book has no chapters yet: import some first (Book ▸ Import chapters…).</source>
        <translation>这本书还没有章节：请先导入（书 ▸ 导入章节…）。</translation>
    </message>
    <message>
        <source>Building the story bible…</source>
        <translation>正在建立设定集…</translation>
    </message>
</context>
<context>
    <name>CandidatePicker</name>
    <message>
        <source>Several drafts — edit one and use it:</source>
        <translation>有几份草稿——改好其中一份再采用：</translation>
    </message>
    <message>
        <source>Use this draft</source>
        <translation>采用这份草稿</translation>
    </message>
    <message>
        <source>Critique:</source>
        <translation>评语：</translation>
    </message>
    <message>
        <source>Draft %1</source>
        <translation>草稿 %1</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No task yet: start one, or just type below — your first words start a task.</source>
        <translation>还没有任务：新建一个，或直接在下方输入——第一句话就会开启一个新任务。</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Inkstone</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>No messages yet. Type below, or start a task with /new.</source>
        <translation>还没有消息。在下面输入，或用 /新建 开始一个任务。</translation>
    </message>
    <message>
        <source>Write to the active task — Enter sends, Shift+Enter for a new line, / for commands</source>
        <translation>写给当前任务——回车发送，Shift+回车换行，输入 / 查看命令</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Show what was sent to the model for the last turn</source>
        <translation>查看上一轮发送给模型的内容</translation>
    </message>
    <message>
        <source>(stopped — the reply was cut here)</source>
        <translation>（已停止——回复在此处截断）</translation>
    </message>
    <message>
        <source>(failed)</source>
        <translation>（失败）</translation>
    </message>
    <message>
        <source>Drop a .txt or .md file here to keep its text as a note in the active task</source>
        <translation>把 .txt 或 .md 文件拖到这里，即可把其中文字作为笔记存入当前任务</translation>
    </message>
    <message>
        <source>Keep a text file's words in the active task as a note, without a reply</source>
        <translation>把文本文件的内容作为笔记存入当前任务，不请模型回复</translation>
    </message>
    <message>
        <source>Note…</source>
        <translation>笔记…</translation>
    </message>
    <message>
        <source>Choosing what to look up in the book's memory…</source>
        <translation>正在决定要查阅哪些记忆…</translation>
    </message>
    <message>
        <source>Looking up %1 …</source>
        <translation>正在查阅 %1 …</translation>
    </message>
    <message>
        <source>Looked up %1 → %2</source>
        <translation>已查阅 %1 → %2</translation>
    </message>
    <message>
        <source>nothing found</source>
        <translation>没有找到</translation>
    </message>
    <message>
        <source>The reply only repeated the look-ups; asking for a real answer…</source>
        <translation>回复只是罗列了查到的资料，正在请模型真正作答…</translation>
    </message>
    <message>
        <source>The reply repeated the previous one; trying again…</source>
        <translation>回复与上一条重复，正在重新生成…</translation>
    </message>
    <message>
        <source>memory search</source>
        <translation>检索记忆</translation>
    </message>
    <message>
        <source>an entity's facts</source>
        <translation>人物事物状态</translation>
    </message>
    <message>
        <source>the settings library</source>
        <translation>设定库</translation>
    </message>
    <message>
        <source>manuscript excerpts</source>
        <translation>原文摘录</translation>
    </message>
    <message>
        <source>the plan's progress</source>
        <translation>大纲进度</translation>
    </message>
    <message>
        <source>chapter %1</source>
        <translation>第%1章</translation>
    </message>
    <message>
        <source>chapters %1–%2</source>
        <translation>第%1–%2章</translation>
    </message>
    <message>
        <source>(nearly the same as the previous reply, even after a second try)</source>
        <translation>（与上一条回复几乎相同，重新生成后仍然如此）</translation>
    </message>
    <message>
        <source>No active task</source>
        <translation>没有进行中的任务</translation>
    </message>
    <message>
        <source>New task…</source>
        <translation>新建任务…</translation>
    </message>
    <message>
        <source>Continue “%1”</source>
        <translation>继续“%1”</translation>
    </message>
    <message>
        <source>No task is active: the last one was settled or closed.</source>
        <translation>当前没有进行中的任务：上一个已结算或关闭。</translation>
    </message>
    <message>
        <source>Continue an open task, start a new one, or just type below — your first words start a task.</source>
        <translation>可以继续一个未完成的任务、新建任务，或直接在下方输入——第一句话就会开启一个新任务。</translation>
    </message>
    <message>
        <source>Main plot</source>
        <translation>回到主线</translation>
    </message>
    <message>
        <source>Back to the main plot: steer the discussion to the outline's current step (Ctrl+Shift+M)</source>
        <translation>回到主线：把讨论拉回大纲当前的步骤（Ctrl+Shift+M）</translation>
    </message>
</context>
<context>
    <name>ContextDrawer</name>
    <message>
        <source>Section</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Nothing sent yet for this task.</source>
        <translation>这个任务还没有发送过内容。</translation>
    </message>
    <message>
        <source>Mode: %1 · %2 of %3 tokens · %4 earlier messages</source>
        <translation>模式：%1 · 已用 %2 / %3 词元 · %4 条历史消息</translation>
    </message>
</context>
<context>
    <name>ExtractDialog</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Build the story bible</source>
        <translation>建立设定集</translation>
    </message>
    <message>
        <source>The model reads the imported chapters in order and proposes the characters, places, relations and events of each. Every chapter becomes a proposal in the review queue, grouped by chapter; nothing enters the story bible until you accept it. Chapters already read are skipped. Cancel stops the work; the chapters not yet read wait for a later run.</source>
        <translation>模型按顺序阅读导入的章节，为每一章提出其中的人物、地点、关系和事件。每一章都会成为审阅队列中的一份提案，按章节分组；在你接受之前，什么都不会进入设定集。已经读过的章节会跳过。“取消”会停止工作，尚未阅读的章节留待下次。</translation>
    </message>
    <message>
        <source>%1 chapters are queued already.</source>
        <translation>已有 %1 个章节在队列中。</translation>
    </message>
    <message>
        <source>&amp;From chapter</source>
        <translation>起始章节(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;To chapter</source>
        <translation>结束章节(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>The first chapter comes after the last one.</source>
        <translation>起始章节在结束章节之后。</translation>
    </message>
    <message>
        <source>How long it takes depends on the model and this computer, and it has not been measured here yet: the progress bar shows the time left once the first chapter is read.</source>
        <translation>所需时间取决于模型和这台电脑，这里还没有测量过：读完第一章后，进度条会显示剩余时间。</translation>
    </message>
    <message>
        <source>At most about %1 for these %2 chapters, at the %3 a chapter measured on this computer the last time.</source>
        <translation>这 %2 章最多约需 %1（按上次在这台电脑上测得的每章 %3 计算）。</translation>
    </message>
</context>
<context>
    <name>DocumentEditor</name>
    <message>
        <source>Edit settlement #%1</source>
        <translation>编辑结算 #%1</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>A settlement document is a JSON object: { … }</source>
        <translation>结算文档须是一个 JSON 对象：{ … }</translation>
    </message>
    <message>
        <source>Retrying…</source>
        <translation>正在重试…</translation>
    </message>
</context>
<context>
    <name>FailedSettlements</name>
    <message>
        <source>Job #%1 queued again</source>
        <translation>任务 #%1 已重新排队</translation>
    </message>
    <message>
        <source>Job #%1 discarded</source>
        <translation>任务 #%1 已放弃</translation>
    </message>
    <message>
        <source>%1 settlements could not be applied and were set aside; the rest of the book is fine.</source>
        <translation>有 %1 个结算未能应用，已搁置；书的其余部分完好无损。</translation>
    </message>
    <message>
        <source>Failed settlements</source>
        <translation>失败的结算</translation>
    </message>
    <message>
        <source>Review them…</source>
        <translation>查看…</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Settlement #%1 discarded</source>
        <translation>已舍弃结算 #%1</translation>
    </message>
    <message>
        <source>Settlement #%1 applied</source>
        <translation>已应用结算 #%1</translation>
    </message>
</context>
<context>
    <name>FailedSettlementsDialog</name>
    <message>
        <source>Failed work</source>
        <translation>失败的工作</translation>
    </message>
    <message>
        <source>Settlements</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Background jobs</source>
        <translation>后台任务</translation>
    </message>
    <message>
        <source>Failed settlements</source>
        <translation>失败的结算</translation>
    </message>
    <message>
        <source>These settlements could not be applied; nothing of them reached the book. Edit the document and retry, or discard it (its document stays in the journal).</source>
        <translation>这些结算未能应用，其中任何内容都没有写入书中。可以编辑文档后重试，或将其舍弃（文档仍保留在日志中）。</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Chapter</source>
        <translation>章</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>舍弃</translation>
    </message>
    <message>
        <source>Edit and retry…</source>
        <translation>编辑并重试…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No failed settlements.</source>
        <translation>没有失败的结算。</translation>
    </message>
</context>
<context>
    <name>GraphInspector</name>
    <message>
        <source>Persona…</source>
        <translation>人设…</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>人物</translation>
    </message>
    <message>
        <source>Locations</source>
        <translation>地点</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>物品</translation>
    </message>
    <message>
        <source>Factions</source>
        <translation>势力</translation>
    </message>
    <message>
        <source>Abilities</source>
        <translation>功法</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Search names and aliases</source>
        <translation>搜索名称和别名</translation>
    </message>
    <message>
        <source>As of chapter</source>
        <translation>截至章节</translation>
    </message>
    <message>
        <source>All hooks</source>
        <translation>全部伏笔</translation>
    </message>
    <message>
        <source>Unresolved</source>
        <translation>未回收</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>逾期</translation>
    </message>
    <message>
        <source>Hook</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Planted</source>
        <translation>埋下</translation>
    </message>
    <message>
        <source>Resolved</source>
        <translation>已回收</translation>
    </message>
    <message>
        <source>Due by</source>
        <translation>最晚回收</translation>
    </message>
    <message>
        <source>Involves</source>
        <translation>涉及</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第 %1 章</translation>
    </message>
    <message>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>No facts yet. Settle a task to add some.</source>
        <translation>还没有事实。结算一个任务来添加。</translation>
    </message>
    <message>
        <source>Click an entity to see its details.</source>
        <translation>点击一个实体查看详情。</translation>
    </message>
    <message>
        <source>Relations</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>Also called</source>
        <translation>又称</translation>
    </message>
    <message>
        <source>first in chapter %1</source>
        <translation>首次出现于第 %1 章</translation>
    </message>
    <message>
        <source>settlement #%1</source>
        <translation>结算 #%1</translation>
    </message>
    <message>
        <source>State as of chapter %1</source>
        <translation>截至第 %1 章的状态</translation>
    </message>
    <message>
        <source>State now</source>
        <translation>当前状态</translation>
    </message>
    <message>
        <source>ch. %1</source>
        <translation>第 %1 章</translation>
    </message>
    <message>
        <source>Mentioned in</source>
        <translation>出现于</translation>
    </message>
    <message>
        <source>chapters %1–%2</source>
        <translation>第 %1–%2 章</translation>
    </message>
    <message>
        <source>since chapter %1</source>
        <translation>自第 %1 章起</translation>
    </message>
    <message>
        <source>from the task “%1”</source>
        <translation>来自任务“%1”</translation>
    </message>
    <message>
        <source>from imported chapter %1</source>
        <translation>来自导入的第%1章</translation>
    </message>
    <message>
        <source>from the file %1</source>
        <translation>来自文件 %1</translation>
    </message>
    <message>
        <source>entered by the author</source>
        <translation>作者录入</translation>
    </message>
    <message>
        <source>settled %1</source>
        <translation>结算于 %1</translation>
    </message>
    <message>
        <source>%1 does not appear until chapter %2.</source>
        <translation>%1 要到第%2章才出场。</translation>
    </message>
    <message>
        <source>%1 is not yet in the story at chapter %2.</source>
        <translation>第%2章时%1还没有出场。</translation>
    </message>
    <message>
        <source>Move “As of chapter” later to see it, or click another entity.</source>
        <translation>把“截至章节”往后移即可看到，或点选其他条目。</translation>
    </message>
    <message>
        <source>No hook matches this filter. Choose “All hooks” to see every one.</source>
        <translation>没有符合此筛选的伏笔。选“全部伏笔”可查看所有伏笔。</translation>
    </message>
    <message>
        <source>No hooks yet.</source>
        <translation>还没有伏笔。</translation>
    </message>
    <message>
        <source>A hook (foreshadowing) is a question or promise the story plants to pay off later: where the jade came from, a vow to return. Each has the chapter it was planted in, perhaps a chapter it is due by, and the chapter that resolves it.</source>
        <translation>伏笔是故事埋下、留待日后回收的疑问或承诺：比如那块玉的来历、一句“我一定回来”。每个伏笔记有埋下的章节，可能有应回收的期限章节，以及回收它的章节。</translation>
    </message>
    <message>
        <source>Hooks appear here when a settlement or the extraction of imported chapters finds one: mention a mystery in a task and settle it, or import chapters. An unresolved hook past its due chapter is marked overdue.</source>
        <translation>结算或导入章节的提取发现伏笔时，它会出现在这里：在任务里谈到一个悬念并结算，或导入章节即可。超过期限仍未回收的伏笔会标为逾期。</translation>
    </message>
</context>
<context>
    <name>HealthStrip</name>
    <message>
        <source>Failed jobs</source>
        <translation>失败任务</translation>
    </message>
    <message>
        <source>Background jobs (extraction, linking names) that failed: retry or discard</source>
        <translation>失败的后台任务（抽取、名字关联）：重试或放弃</translation>
    </message>
    <message>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Relations</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Unresolved</source>
        <translation>未回收</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>逾期</translation>
    </message>
    <message>
        <source>Reviews waiting</source>
        <translation>待审</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Not embedded</source>
        <translation>未嵌入</translation>
    </message>
    <message>
        <source>Characters, places, items, factions and abilities in the fact graph</source>
        <translation>事实图谱中的人物、地点、物品、势力和功法</translation>
    </message>
    <message>
        <source>Relations between entities, ended ones included</source>
        <translation>实体之间的关系，包括已结束的</translation>
    </message>
    <message>
        <source>Foreshadowing planted so far</source>
        <translation>至今埋下的伏笔</translation>
    </message>
    <message>
        <source>Hooks not yet paid off</source>
        <translation>尚未回收的伏笔</translation>
    </message>
    <message>
        <source>Unresolved hooks past the chapter they were due by</source>
        <translation>已过最晚回收章节仍未回收的伏笔</translation>
    </message>
    <message>
        <source>Settlements proposed and waiting for your review</source>
        <translation>等待你审阅的结算提案</translation>
    </message>
    <message>
        <source>Proposed items that contradict canon</source>
        <translation>与正史相矛盾的提议条目</translation>
    </message>
    <message>
        <source>Chapters whose text is not yet searchable by meaning</source>
        <translation>尚不能按语义检索的章节</translation>
    </message>
    <message>
        <source>To extract</source>
        <translation>待提取</translation>
    </message>
    <message>
        <source>Imported chapters waiting for the model to propose their facts</source>
        <translation>等待模型提出事实的导入章节</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Settlements set aside because applying them failed: retry or discard</source>
        <translation>因应用失败而搁置的结算：可重试或舍弃</translation>
    </message>
</context>
<context>
    <name>ImportDrop</name>
    <message>
        <source>Drop chapter files or folders to import them into this book</source>
        <translation>把章节文件或文件夹拖到这里，导入本书</translation>
    </message>
</context>
<context>
    <name>ImportSummary</name>
    <message>
        <source>Import finished</source>
        <translation>导入完成</translation>
    </message>
    <message>
        <source>%1 chapters imported from %2 files (%3 chunks, %4 characters).</source>
        <translation>从 %2 个文件导入了 %1 章（%3 个片段，%4 字）。</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>未导入</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>%1 chapters, %2</source>
        <translation>%1 章，%2</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Replaced (snapshot %1 taken first)</source>
        <translation>已替换（之前已保存快照 %1）</translation>
    </message>
    <message>
        <source>Chapter %1: “%2” → “%3”</source>
        <translation>第 %1 章：“%2” → “%3”</translation>
    </message>
</context>
<context>
    <name>ItemCard</name>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>人物</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>地点</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>物品</translation>
    </message>
    <message>
        <source>Faction</source>
        <translation>势力</translation>
    </message>
    <message>
        <source>Ability</source>
        <translation>功法</translation>
    </message>
    <message>
        <source>Hook</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Unresolved</source>
        <translation>未回收</translation>
    </message>
    <message>
        <source>Resolved</source>
        <translation>已回收</translation>
    </message>
    <message>
        <source>General outline</source>
        <translation>总纲</translation>
    </message>
    <message>
        <source>Long outline</source>
        <translation>长纲</translation>
    </message>
    <message>
        <source>Short outline</source>
        <translation>短纲</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待写</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Aliases</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>简介</translation>
    </message>
    <message>
        <source>First chapter</source>
        <translation>首次出现章节</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>To</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>From chapter</source>
        <translation>起始章节</translation>
    </message>
    <message>
        <source>Ends at chapter</source>
        <translation>结束章节</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Planted in</source>
        <translation>埋于</translation>
    </message>
    <message>
        <source>Resolved in</source>
        <translation>回收于</translation>
    </message>
    <message>
        <source>Due by</source>
        <translation>最晚回收</translation>
    </message>
    <message>
        <source>Involves</source>
        <translation>涉及</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>正文</translation>
    </message>
    <message>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Parent</source>
        <translation>上级</translation>
    </message>
    <message>
        <source>Storyline</source>
        <translation>故事线</translation>
    </message>
    <message>
        <source>Chapters</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Canon: %1</source>
        <translation>正史：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>settlement #%1</source>
        <translation>结算 #%1</translation>
    </message>
    <message>
        <source>chapter %1</source>
        <translation>第 %1 章</translation>
    </message>
    <message>
        <source>task #%1</source>
        <translation>任务 #%1</translation>
    </message>
    <message>
        <source>import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>文件 %1</translation>
    </message>
    <message>
        <source>command line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <source>Click to see these words in the discussion</source>
        <translation>点击在讨论中查看这段原话</translation>
    </message>
    <message>
        <source>No evidence</source>
        <translation>无出处</translation>
    </message>
    <message>
        <source>No words in the discussion were found for this item: check it before accepting</source>
        <translation>讨论中找不到这一项的原话：接受之前请先核对</translation>
    </message>
    <message>
        <source>owns</source>
        <translation>拥有</translation>
    </message>
    <message>
        <source>member of</source>
        <translation>属于</translation>
    </message>
    <message>
        <source>leads</source>
        <translation>领导</translation>
    </message>
    <message>
        <source>master of</source>
        <translation>是其师父</translation>
    </message>
    <message>
        <source>senior of</source>
        <translation>是其师兄/师姐</translation>
    </message>
    <message>
        <source>parent of</source>
        <translation>是其父母</translation>
    </message>
    <message>
        <source>sibling of</source>
        <translation>兄弟姐妹</translation>
    </message>
    <message>
        <source>married to</source>
        <translation>夫妻</translation>
    </message>
    <message>
        <source>loves</source>
        <translation>爱慕</translation>
    </message>
    <message>
        <source>hates</source>
        <translation>仇恨</translation>
    </message>
    <message>
        <source>ally of</source>
        <translation>盟友</translation>
    </message>
    <message>
        <source>serves</source>
        <translation>效力于</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>located in</source>
        <translation>位于</translation>
    </message>
    <message>
        <source>comes from</source>
        <translation>出身于</translation>
    </message>
    <message>
        <source>realm</source>
        <translation>境界</translation>
    </message>
    <message>
        <source>alive</source>
        <translation>生死</translation>
    </message>
    <message>
        <source>injury</source>
        <translation>伤势</translation>
    </message>
    <message>
        <source>location</source>
        <translation>所在</translation>
    </message>
    <message>
        <source>appearance</source>
        <translation>外貌</translation>
    </message>
    <message>
        <source>age</source>
        <translation>年龄</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>身份</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Book</source>
        <translation>书</translation>
    </message>
    <message>
        <source>No book open</source>
        <translation>未打开书</translation>
    </message>
    <message>
        <source>Book ▸ New book… or Open book… to begin</source>
        <translation>从“书 ▸ 新建书…”或“打开书…”开始</translation>
    </message>
    <message>
        <source>No active task</source>
        <translation>没有当前任务</translation>
    </message>
    <message>
        <source>main</source>
        <translation>主线</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第 %1 章</translation>
    </message>
    <message>
        <source>No narrative pointer yet</source>
        <translation>尚无叙事指针</translation>
    </message>
    <message>
        <source>Open or create a book first (Book menu).</source>
        <translation>请先打开或新建一本书（“书”菜单）。</translation>
    </message>
    <message>
        <source>Restarted “%1” with fresh facts</source>
        <translation>已用最新事实重启“%1”</translation>
    </message>
    <message>
        <source>Chapters not yet embedded are searched by keyword only until embedding finishes.</source>
        <translation>未嵌入的章节在嵌入完成前只能按关键词检索。</translation>
    </message>
    <message>
        <source>Import chapter files</source>
        <translation>导入章节文件</translation>
    </message>
    <message>
        <source>Chapters (*.txt *.md *.docx *.epub);;All files (*)</source>
        <translation>章节 (*.txt *.md *.docx *.epub);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Model not loaded</source>
        <translation>模型未加载</translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Model ready</source>
        <translation>模型就绪</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Model error</source>
        <translation>模型出错</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Model busy: building the story bible</source>
        <translation>模型忙碌：正在建立设定集</translation>
    </message>
    <message>
        <source>The new language applies after Inkstone restarts.</source>
        <translation>新的界面语言将在重启 Inkstone 后生效。</translation>
    </message>
    <message>
        <source>Back to the main plot</source>
        <translation>回到主线</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>Settings library…</source>
        <translation>设定库…</translation>
    </message>
    <message>
        <source>&amp;Book</source>
        <translation>书(&amp;B)</translation>
    </message>
    <message>
        <source>New book…</source>
        <translation>新建书…</translation>
    </message>
    <message>
        <source>Open book…</source>
        <translation>打开书…</translation>
    </message>
    <message>
        <source>Recent books</source>
        <translation>最近的书</translation>
    </message>
    <message>
        <source>Close book</source>
        <translation>关闭书</translation>
    </message>
    <message>
        <source>Import chapters…</source>
        <translation>导入章节…</translation>
    </message>
    <message>
        <source>Reviews waiting…</source>
        <translation>待审结算…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>任务(&amp;T)</translation>
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation>工具(&amp;O)</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>加载模型</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Backups…</source>
        <translation>备份…</translation>
    </message>
    <message>
        <source>Add a note from a file…</source>
        <translation>从文件添加笔记…</translation>
    </message>
    <message>
        <source>Paste as a note</source>
        <translation>粘贴为笔记</translation>
    </message>
    <message>
        <source>Failed settlements…</source>
        <translation>失败的结算…</translation>
    </message>
    <message>
        <source>Build the story bible from imported chapters…</source>
        <translation>从导入的章节建立设定集…</translation>
    </message>
    <message>
        <source>Undo a settlement…</source>
        <translation>撤销结算…</translation>
    </message>
    <message>
        <source>Audit the manuscript…</source>
        <translation>审读全书…</translation>
    </message>
    <message>
        <source>Search the manuscript…</source>
        <translation>搜索书稿…</translation>
    </message>
    <message>
        <source>Personas…</source>
        <translation>人设…</translation>
    </message>
    <message>
        <source>Export story bible…</source>
        <translation>导出设定集…</translation>
    </message>
    <message>
        <source>Back to the main plot</source>
        <translation>回到主线</translation>
    </message>
</context>
<context>
    <name>BookOpener</name>
    <message>
        <source>The last book is gone: %1</source>
        <translation>上次打开的书已不存在：%1</translation>
    </message>
    <message>
        <source>Created %1</source>
        <translation>已创建 %1</translation>
    </message>
    <message>
        <source>Open a book folder</source>
        <translation>打开书的文件夹</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开《%1》</translation>
    </message>
</context>
<context>
    <name>ReviewDesk</name>
    <message>
        <source>Settling the task…</source>
        <translation>正在结算任务…</translation>
    </message>
    <message>
        <source>Settlement rejected; nothing was written.</source>
        <translation>已驳回结算，没有写入任何内容。</translation>
    </message>
    <message>
        <source>Settlement #%1 applied: %2</source>
        <translation>结算 #%1 已应用：%2</translation>
    </message>
    <message>
        <source>No settlement is waiting for review.</source>
        <translation>没有等待审阅的结算。</translation>
    </message>
    <message>
        <source>Settlement #%1 (%2)</source>
        <translation>结算 #%1（%2）</translation>
    </message>
</context>
<context>
    <name>NewBookDialog</name>
    <message>
        <source>New book</source>
        <translation>新建书</translation>
    </message>
    <message>
        <source>The novel's title</source>
        <translation>小说标题</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The book will be the folder %1</source>
        <translation>书将保存为文件夹 %1</translation>
    </message>
    <message>
        <source>Choose where to keep the book</source>
        <translation>选择书的存放位置</translation>
    </message>
</context>
<context>
    <name>NewTaskDialog</name>
    <message>
        <source>New task</source>
        <translation>新建任务</translation>
    </message>
    <message>
        <source>e.g. Design the character Zhang San</source>
        <translation>例如：设定人物张三</translation>
    </message>
    <message>
        <source>Free discussion</source>
        <translation>自由讨论</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>人物</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设定</translation>
    </message>
    <message>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>Chapter</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>General outline</source>
        <translation>总纲</translation>
    </message>
    <message>
        <source>Long outline</source>
        <translation>长纲</translation>
    </message>
    <message>
        <source>Short outline</source>
        <translation>短纲</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待写</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Chapters</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Storyline</source>
        <translation>故事线</translation>
    </message>
    <message>
        <source>Storylines</source>
        <translation>故事线</translation>
    </message>
    <message>
        <source>The narrative pointer: where the story is now</source>
        <translation>叙事指针：故事当前所在的位置</translation>
    </message>
    <message>
        <source>main</source>
        <translation>主线</translation>
    </message>
    <message>
        <source>No plan yet. Outlines arrive through settlements, or add a general outline here (Insert).</source>
        <translation>还没有大纲。大纲随结算而来，也可以在这里添加总纲（Insert 键）。</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation>正在嵌入</translation>
    </message>
    <message>
        <source>Settling</source>
        <translation>正在结算</translation>
    </message>
    <message>
        <source>Extracting facts</source>
        <translation>正在提取事实</translation>
    </message>
    <message>
        <source>Checking the model</source>
        <translation>正在校验模型</translation>
    </message>
    <message>
        <source>Assembling the model</source>
        <translation>正在组装模型</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Chat model</source>
        <translation>对话模型</translation>
    </message>
    <message>
        <source>Bundled default model</source>
        <translation>内置默认模型</translation>
    </message>
    <message>
        <source>A GGUF model file</source>
        <translation>GGUF 模型文件</translation>
    </message>
    <message>
        <source>An OpenAI-compatible server</source>
        <translation>OpenAI 兼容的服务器</translation>
    </message>
    <message>
        <source>Path to a .gguf file</source>
        <translation>.gguf 文件路径</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>服务器地址</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Automatic (all layers when a GPU is usable)</source>
        <translation>自动（有可用 GPU 时全部层）</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>A number of layers</source>
        <translation>指定层数</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 词元</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Bundled multilingual default</source>
        <translation>内置多语言默认模型</translation>
    </message>
    <message>
        <source>GPU layers</source>
        <translation>GPU 层数</translation>
    </message>
    <message>
        <source>Context size</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>嵌入模型</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>A new language shows after Inkstone restarts.</source>
        <translation>更换语言将在重启砚台后生效。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Choose a GGUF model</source>
        <translation>选择 GGUF 模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>Choose a sentence-transformers model folder</source>
        <translation>选择 sentence-transformers 模型文件夹</translation>
    </message>
</context>
<context>
    <name>SettlementReview</name>
    <message>
        <source>Review settlement #%1</source>
        <translation>审阅结算 #%1</translation>
    </message>
    <message>
        <source>Review settlement</source>
        <translation>审阅结算</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>closes</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Relations</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>Ended relations</source>
        <translation>结束的关系</translation>
    </message>
    <message>
        <source>States</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Setting entries</source>
        <translation>设定条目</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Story chapter</source>
        <translation>故事章节</translation>
    </message>
    <message>
        <source>Accept all</source>
        <translation>全部接受</translation>
    </message>
    <message>
        <source>Reject all</source>
        <translation>全部拒绝</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close without writing anything; the proposal stays waiting</source>
        <translation>关闭且不写入任何内容；提案继续等待审阅</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>应用前</translation>
    </message>
    <message>
        <source>After applying the accepted items</source>
        <translation>应用已接受条目之后</translation>
    </message>
    <message>
        <source>%1 of %2 items accepted</source>
        <translation>已接受 %1 / %2 条</translation>
    </message>
    <message>
        <source>Reject settlement</source>
        <translation>驳回结算</translation>
    </message>
    <message>
        <source>Before and after</source>
        <translation>前后对比</translation>
    </message>
    <message>
        <source>Discussion</source>
        <translation>讨论</translation>
    </message>
</context>
<context>
    <name>TaskSidebar</name>
    <message>
        <source>Open</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Closed (retained)</source>
        <translation>已关闭（保留中）</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>free</source>
        <translation>自由</translation>
    </message>
    <message>
        <source>character</source>
        <translation>人物</translation>
    </message>
    <message>
        <source>setting</source>
        <translation>设定</translation>
    </message>
    <message>
        <source>outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>chapter</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>New task…</source>
        <translation>新建任务…</translation>
    </message>
    <message>
        <source>Switch to task</source>
        <translation>切换到任务</translation>
    </message>
    <message>
        <source>Restart task</source>
        <translation>重启任务</translation>
    </message>
    <message>
        <source>Settle task…</source>
        <translation>结算任务…</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>切换</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>Settle</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Next open task</source>
        <translation>下一个任务</translation>
    </message>
    <message>
        <source>Previous open task</source>
        <translation>上一个任务</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Msgs</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>kept until %1</source>
        <translation>保留至 %1</translation>
    </message>
</context>
<context>
    <name>bridge</name>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
</context>
<context>
    <name>DiscussionView</name>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Author (note)</source>
        <translation>作者（笔记）</translation>
    </message>
    <message>
        <source>Inkstone</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>The discussion this settlement was made from is not available.</source>
        <translation>这次结算所依据的讨论不可用。</translation>
    </message>
</context>
<context>
    <name>NoteKeeper</name>
    <message>
        <source>Keep a text file as a note</source>
        <translation>把文本文件存为笔记</translation>
    </message>
    <message>
        <source>Text notes (*.txt *.md)</source>
        <translation>文本笔记 (*.txt *.md)</translation>
    </message>
    <message>
        <source>The clipboard holds no text to keep.</source>
        <translation>剪贴板里没有可存的文字。</translation>
    </message>
    <message>
        <source>Kept %1 notes (%2 characters) in the active task</source>
        <translation>已在当前任务中存入 %1 条笔记（%2 字）</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分钟</translation>
    </message>
</context>
<context>
    <name>ImportFlow</name>
    <message>
        <source>Reading %1 files…</source>
        <translation>正在读取 %1 个文件…</translation>
    </message>
    <message>
        <source>The files could not be read: %1</source>
        <translation>无法读取这些文件：%1</translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation>正在导入 %1 个文件…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个文件…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>正在导入 %n 个文件…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportPreviewDialog</name>
    <message>
        <source>Import preview</source>
        <translation>导入预览</translation>
    </message>
    <message>
        <source>Reading %1 files…</source>
        <translation>正在读取 %1 个文件…</translation>
    </message>
    <message>
        <source>Chapter</source>
        <translation>章</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>摘录</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;This line is a heading</source>
        <translation>这一行是标题(&amp;T)</translation>
    </message>
    <message>
        <source>Lines that look like headings but were not split on. Pick one and say it is a heading, then preview again.</source>
        <translation>这些行看起来像标题，但没有在此分章。选中一行并标为标题，然后重新预览。</translation>
    </message>
    <message>
        <source>Heading rule</source>
        <translation>标题规则</translation>
    </message>
    <message>
        <source>a regular expression, e.g. ^第.+回; empty: the usual headings</source>
        <translation>正则表达式，例如 ^第.+回；留空则使用常见标题</translation>
    </message>
    <message>
        <source>lines that are headings, one a line</source>
        <translation>作为标题的行，每行一个</translation>
    </message>
    <message>
        <source>Preview &amp;again</source>
        <translation>重新预览(&amp;A)</translation>
    </message>
    <message>
        <source>Heading &amp;pattern</source>
        <translation>标题模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Heading lines</source>
        <translation>标题行(&amp;H)</translation>
    </message>
    <message>
        <source>%1 (line %2)</source>
        <translation>%1（第 %2 行）</translation>
    </message>
    <message>
        <source>hard-wrapped lines re-joined</source>
        <translation>已重新拼接硬换行</translation>
    </message>
    <message>
        <source>not imported: %1</source>
        <translation>不导入：%1</translation>
    </message>
    <message>
        <source>%1 chapters (%2 characters) in %3 files: %4 new, %5 unchanged, %6 updated, %7 in conflict.</source>
        <translation>%3 个文件中共 %1 章（%2 字）：新章节 %4，未变 %5，已更新 %6，冲突 %7。</translation>
    </message>
    <message>
        <source>Chapters already in the book hold other text: importing asks what to do.</source>
        <translation>书中已有的章节存有其他文字：导入时会询问如何处理。</translation>
    </message>
    <message>
        <source>&amp;Chapters (%1)</source>
        <translation>章节 (%1)(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Suspect headings (%1)</source>
        <translation>疑似标题 (%1)(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Dropped (%1)</source>
        <translation>已去除 (%1)(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Warnings (%1)</source>
        <translation>警告 (%1)(&amp;W)</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新章节</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>已更新</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>advert</source>
        <translation>广告</translation>
    </message>
    <message>
        <source>web address</source>
        <translation>网址</translation>
    </message>
    <message>
        <source>site notice</source>
        <translation>网站声明</translation>
    </message>
    <message>
        <source>disclaimer</source>
        <translation>免责声明</translation>
    </message>
    <message>
        <source>site metadata</source>
        <translation>网站信息</translation>
    </message>
    <message>
        <source>boilerplate</source>
        <translation>套话</translation>
    </message>
    <message>
        <source>table of contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>licence</source>
        <translation>许可文字</translation>
    </message>
    <message>
        <source>Preview again first: the heading rule was changed</source>
        <translation>标题规则已修改：请先重新预览</translation>
    </message>
    <message>
        <source>The heading pattern is not a valid regular expression: %1</source>
        <translation>标题模式不是有效的正则表达式：%1</translation>
    </message>
    <message>
        <source>Chapter %1: “%2” (%3) would become “%4” (%5)</source>
        <translation>第 %1 章：“%2”（%3）将变为“%4”（%5）</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 章</translation>
    </message>
    <message>
        <source>Chapters already in the book</source>
        <translation>书中已有这些章节</translation>
    </message>
    <message>
        <source>%1 chapters of this import already hold other text in the book. Replace them (a snapshot of the book is taken first), or append the imported chapters after the book's last chapter?</source>
        <translation>这次导入中有 %1 章在书中已存有其他文字。要替换它们（会先为这本书保存快照），还是把导入的章节接在书的最后一章之后？</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Append after the last chapter</source>
        <translation>接在最后一章之后(&amp;A)</translation>
    </message>
    <message>
        <source>The split may be wrong: look at the suspect headings and the warnings, and fix the heading rule below if need be.</source>
        <translation>分章可能有误：请查看“疑似标题”和“警告”，必要时在下方修改标题规则。</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个文件…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewQueue</name>
    <message>
        <source>No settlement is waiting for review.</source>
        <translation>没有等待审阅的结算。</translation>
    </message>
    <message>
        <source>Accepting chapter %1…</source>
        <translation>正在接受第 %1 章…</translation>
    </message>
    <message>
        <source>Chapter %1: %2 items accepted; %3 wait for you.</source>
        <translation>第 %1 章：已接受 %2 条；%3 条等你决定。</translation>
    </message>
    <message>
        <source>Chapter %1 could not be accepted: %2</source>
        <translation>第 %1 章无法接受：%2</translation>
    </message>
</context>
<context>
    <name>ReviewQueueDialog</name>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Proposals waiting for your review, grouped by the chapter they were read from. Nothing enters the story bible until you accept it; conflicts with canon always wait for you.</source>
        <translation>等待你审阅的提案，按来源章节分组。在你接受之前，什么都不会进入设定集；与正史冲突的条目总是留给你决定。</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>提案</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Accept new and unchanged</source>
        <translation>接受新增与未变条目(&amp;A)</translation>
    </message>
    <message>
        <source>Apply this chapter's new and unchanged items; changes and conflicts stay in the queue for you</source>
        <translation>应用本章的新增与未变条目；变更和冲突留在队列中等你决定</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No proposal is waiting for review.</source>
        <translation>没有等待审阅的提案。</translation>
    </message>
    <message>
        <source>Task settlements</source>
        <translation>任务结算</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第%1章</translation>
    </message>
    <message>
        <source>Proposal #%1</source>
        <translation>提案 #%1</translation>
    </message>
    <message>
        <source>Settlement #%1 (%2)</source>
        <translation>结算 #%1（%2）</translation>
    </message>
</context>
<context>
    <name>AppliedSettlementsDialog</name>
    <message>
        <source>Undo a settlement</source>
        <translation>撤销结算</translation>
    </message>
    <message>
        <source>Choose a settlement to undo. You will see what it removes and reopens, and which chapters rely on it, before anything changes.</source>
        <translation>选择要撤销的结算。在任何改动发生之前，你会先看到它将移除和重新打开的内容，以及哪些章节依赖它。</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>结算</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Applied</source>
        <translation>应用时间</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>No applied settlement to undo.</source>
        <translation>没有可撤销的已应用结算。</translation>
    </message>
    <message>
        <source>Undo…</source>
        <translation>撤销…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Task #%1</source>
        <translation>任务 #%1</translation>
    </message>
    <message>
        <source>Imported chapter %1</source>
        <translation>导入的第 %1 章</translation>
    </message>
    <message>
        <source>File %1</source>
        <translation>文件 %1</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
</context>
<context>
    <name>ReviewImpactView</name>
    <message>
        <source>acts after the death</source>
        <translation>死后仍在行动</translation>
    </message>
    <message>
        <source>the old owner still holds it</source>
        <translation>旧主人仍持有它</translation>
    </message>
    <message>
        <source>names the old relation</source>
        <translation>提到旧的关系</translation>
    </message>
    <message>
        <source>states the old value</source>
        <translation>写的是旧的取值</translation>
    </message>
    <message>
        <source>treats the hook as still open</source>
        <translation>仍把伏笔当作未解</translation>
    </message>
    <message>
        <source>tells or relies on the death</source>
        <translation>写到或依赖这次死亡</translation>
    </message>
    <message>
        <source>treats the hook as solved</source>
        <translation>把伏笔当作已揭晓</translation>
    </message>
    <message>
        <source>names what the undo removes</source>
        <translation>提到撤销将移除的内容</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Unresolved</source>
        <translation>未解决</translation>
    </message>
    <message>
        <source>Resolved</source>
        <translation>已解决</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>General outline</source>
        <translation>总纲</translation>
    </message>
    <message>
        <source>Long outline</source>
        <translation>长纲</translation>
    </message>
    <message>
        <source>Short outline</source>
        <translation>短纲</translation>
    </message>
    <message>
        <source>Impact</source>
        <translation>影响</translation>
    </message>
    <message>
        <source>Working out what this touches in the chapters already written…</source>
        <translation>正在分析这会影响哪些已写章节…</translation>
    </message>
    <message>
        <source>The impact could not be worked out: %1</source>
        <translation>无法分析影响：%1</translation>
    </message>
    <message>
        <source>Nothing already written relies on a fact this undo takes away.</source>
        <translation>已写的内容都不依赖这次撤销将移除的事实。</translation>
    </message>
    <message>
        <source>This settlement only adds to canon: nothing already written relies on a fact it changes.</source>
        <translation>这次结算只是新增设定：已写的内容都不依赖它改动的事实。</translation>
    </message>
    <message>
        <source>%1 chapters already written rely on facts this changes; %2 plan items and hooks name who is involved.</source>
        <translation>有 %1 个已写章节依赖这里改动的事实；%2 个大纲条目和伏笔提到了相关的人或物。</translation>
    </message>
    <message>
        <source>Impact (%1)</source>
        <translation>影响 (%1)</translation>
    </message>
    <message>
        <source>Facts that change</source>
        <translation>将改变的事实</translation>
    </message>
    <message>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>(chapter %1 on)</source>
        <translation>（自第 %1 章起）</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>…… 另有 %1 项</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第 %1 章</translation>
    </message>
    <message>
        <source>… and %1 more sentences</source>
        <translation>…… 另有 %1 句</translation>
    </message>
    <message>
        <source>… and %1 more chapters</source>
        <translation>…… 另有 %1 章</translation>
    </message>
    <message>
        <source>, chapter %1</source>
        <translation>，第 %1 章</translation>
    </message>
    <message>
        <source>Chapters that rely on the old facts</source>
        <translation>依赖旧事实的章节</translation>
    </message>
    <message>
        <source>%1 dies</source>
        <translation>%1 死亡</translation>
    </message>
    <message>
        <source>%1 no longer holds %2</source>
        <translation>%1 不再持有 %2</translation>
    </message>
    <message>
        <source>%1 and %2: the old relation ends</source>
        <translation>%1 与 %2：旧的关系结束</translation>
    </message>
    <message>
        <source>%1 is no longer %3</source>
        <translation>%1 不再是 %3</translation>
    </message>
    <message>
        <source>the hook %1 is resolved</source>
        <translation>伏笔「%1」揭晓</translation>
    </message>
    <message>
        <source>%1 is no longer dead</source>
        <translation>%1 的死亡被撤回</translation>
    </message>
    <message>
        <source>the hook %1 is open again</source>
        <translation>伏笔「%1」重新未解</translation>
    </message>
    <message>
        <source>%1 leaves canon</source>
        <translation>%1 从正史中移除</translation>
    </message>
    <message>
        <source>the holder the undo removes holds it</source>
        <translation>撤销后不再成立的持有者仍持有它</translation>
    </message>
    <message>
        <source>names the relation the undo removes</source>
        <translation>提到撤销将移除的关系</translation>
    </message>
    <message>
        <source>states the value the undo removes</source>
        <translation>写的是撤销将移除的取值</translation>
    </message>
</context>
<context>
    <name>SettlementUndo</name>
    <message>
        <source>Settlement #%1 undone</source>
        <translation>结算 #%1 已撤销</translation>
    </message>
</context>
<context>
    <name>UndoConfirmDialog</name>
    <message>
        <source>Undo settlement #%1?</source>
        <translation>撤销结算 #%1？</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Hook</source>
        <translation>伏笔</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>关系</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Setting entry</source>
        <translation>设定条目</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Undo settlement</source>
        <translation>撤销结算</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>This settlement cannot be undone yet: %1</source>
        <translation>这次结算暂时不能撤销：%1</translation>
    </message>
    <message>
        <source>Settlement #%1 (%2 items) will be undone everywhere.</source>
        <translation>结算 #%1（%2 个条目）将被全部撤销。</translation>
    </message>
    <message>
        <source>Will be removed</source>
        <translation>将被移除</translation>
    </message>
    <message>
        <source>Will be reopened</source>
        <translation>将重新打开</translation>
    </message>
    <message>
        <source>Will be put back as it was</source>
        <translation>将恢复原样</translation>
    </message>
    <message>
        <source>%1 plan items</source>
        <translation>%1 个大纲节点</translation>
    </message>
    <message>
        <source>It wrote nothing that is still in the book.</source>
        <translation>它写入的内容已不在书中。</translation>
    </message>
    <message>
        <source>(from chapter %1)</source>
        <translation>（自第 %1 章）</translation>
    </message>
</context>
<context>
    <name>AuditDialog</name>
    <message>
        <source>Audit the manuscript</source>
        <translation>审读全书</translation>
    </message>
    <message>
        <source>Each imported chapter is checked against canon as it stood before that chapter: the dead acting, items in other hands, realms going back, solved mysteries reopened, characters in two places, ages and family ties that disagree.</source>
        <translation>逐章对照该章之前已定的设定审读已导入的章节：死者行动、物品落在他人手中、境界倒退、已揭晓的伏笔被当作未解、人物同时身处两地、年龄与亲缘关系前后矛盾。</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审读</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Show dismissed</source>
        <translation>显示已忽略的</translation>
    </message>
    <message>
        <source>Chapters</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Not audited yet.</source>
        <translation>尚未审读。</translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>原句</translation>
    </message>
    <message>
        <source>Canon says</source>
        <translation>设定为</translation>
    </message>
    <message>
        <source>This is intended</source>
        <translation>这是有意为之</translation>
    </message>
    <message>
        <source>Not intended after all</source>
        <translation>取消“有意为之”</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Auditing…</source>
        <translation>正在审读…</translation>
    </message>
    <message>
        <source>Auditing chapter %1 (%2 of %3)…</source>
        <translation>正在审读第%1章（%2/%3）…</translation>
    </message>
    <message>
        <source>This chapter is no longer in the book.</source>
        <translation>这一章已不在书中。</translation>
    </message>
    <message>
        <source>%1 issues in %2 chapters audited of %3.</source>
        <translation>已审读 %2/%3 章，发现 %1 处问题。</translation>
    </message>
    <message>
        <source>%1 dismissed as intended.</source>
        <translation>%1 处已标为有意为之。</translation>
    </message>
    <message>
        <source>Stopped early: audit again to go on (audited chapters are kept).</source>
        <translation>审读提前停止：再次审读即可继续（已审读的章节会保留）。</translation>
    </message>
    <message>
        <source>Chapter %1 %2</source>
        <translation>第%1章 %2</translation>
    </message>
    <message>
        <source>%1
Canon: %2
From: %3</source>
        <translation>%1
设定：%2
来源：%3</translation>
    </message>
    <message>
        <source>The dead act</source>
        <translation>死者行动</translation>
    </message>
    <message>
        <source>Item in other hands</source>
        <translation>物品易手</translation>
    </message>
    <message>
        <source>Realm goes back</source>
        <translation>境界倒退</translation>
    </message>
    <message>
        <source>Solved mystery reopened</source>
        <translation>伏笔已揭晓仍作未解</translation>
    </message>
    <message>
        <source>In two places</source>
        <translation>身处两地</translation>
    </message>
    <message>
        <source>Age disagrees</source>
        <translation>年龄矛盾</translation>
    </message>
    <message>
        <source>Family tie disagrees</source>
        <translation>亲缘矛盾</translation>
    </message>
    <message>
        <source>The model's doubt</source>
        <translation>模型存疑</translation>
    </message>
    <message>
        <source>settlement #%1</source>
        <translation>结算 #%1</translation>
    </message>
    <message>
        <source>read from chapter %1</source>
        <translation>读自第%1章</translation>
    </message>
    <message>
        <source>discussion task %1</source>
        <translation>讨论任务 %1</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>文件 %1</translation>
    </message>
    <message>
        <source>entered by the author</source>
        <translation>作者录入</translation>
    </message>
    <message>
        <source>passages %1</source>
        <translation>段落 %1</translation>
    </message>
    <message>
        <source>messages %1</source>
        <translation>消息 %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>ManuscriptAudit</name>
    <message>
        <source>The book has no chapters yet: import some first (Book ▸ Import chapters…).</source>
        <translation>书中还没有章节：请先导入（书 ▸ 导入章节…）。</translation>
    </message>
    <message>
        <source>Auditing the manuscript…</source>
        <translation>正在审读全书…</translation>
    </message>
</context>
<context>
    <name>RelationWords</name>
    <message>
        <source>owns</source>
        <translation>拥有</translation>
    </message>
    <message>
        <source>member of</source>
        <translation>属于</translation>
    </message>
    <message>
        <source>leads</source>
        <translation>领导</translation>
    </message>
    <message>
        <source>master of</source>
        <translation>师父</translation>
    </message>
    <message>
        <source>senior of</source>
        <translation>师兄/师姐</translation>
    </message>
    <message>
        <source>parent of</source>
        <translation>父母</translation>
    </message>
    <message>
        <source>sibling of</source>
        <translation>兄弟姐妹</translation>
    </message>
    <message>
        <source>married to</source>
        <translation>夫妻</translation>
    </message>
    <message>
        <source>loves</source>
        <translation>爱慕</translation>
    </message>
    <message>
        <source>hates</source>
        <translation>仇恨</translation>
    </message>
    <message>
        <source>ally of</source>
        <translation>盟友</translation>
    </message>
    <message>
        <source>serves</source>
        <translation>侍奉</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>located in</source>
        <translation>位于</translation>
    </message>
    <message>
        <source>lives in</source>
        <translation>住在</translation>
    </message>
    <message>
        <source>is at</source>
        <translation>身在</translation>
    </message>
    <message>
        <source>comes from</source>
        <translation>来自</translation>
    </message>
    <message>
        <source>has ability</source>
        <translation>掌握</translation>
    </message>
    <message>
        <source>knows</source>
        <translation>认识</translation>
    </message>
    <message>
        <source>friend of</source>
        <translation>朋友</translation>
    </message>
    <message>
        <source>enemy of</source>
        <translation>敌对</translation>
    </message>
    <message>
        <source>holds</source>
        <translation>持有</translation>
    </message>
</context>
<context>
    <name>SettingsLibraryDialog</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Save your changes to “%1” first?</source>
        <translation>先保存对“%1”的修改吗？</translation>
    </message>
    <message>
        <source>the new entry</source>
        <translation>新条目</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>共 %1 条</translation>
    </message>
    <message>
        <source>(no category)</source>
        <translation>（未分类）</translation>
    </message>
    <message>
        <source>Add a scale</source>
        <translation>添加等级体系</translation>
    </message>
    <message>
        <source>All entries</source>
        <translation>全部条目</translation>
    </message>
    <message>
        <source>An exact title, or words to search for…</source>
        <translation>输入准确标题，或要搜索的词…</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>分类</translation>
    </message>
    <message>
        <source>Choose an entry to see the scale read from it.</source>
        <translation>选择一个条目，查看从中读出的等级体系。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除确认</translation>
    </message>
    <message>
        <source>Confirm scale</source>
        <translation>确认等级体系</translation>
    </message>
    <message>
        <source>Confirmation cleared: the scale is read from the text again.</source>
        <translation>已清除确认：重新从正文读取等级体系。</translation>
    </message>
    <message>
        <source>Confirmed by you: continuity ranks realms by these levels.</source>
        <translation>已由你确认：连贯性检查按这些等级判断境界高低。</translation>
    </message>
    <message>
        <source>Confirmed by you: this entry defines no scale.</source>
        <translation>已由你确认：此条目不定义等级体系。</translation>
    </message>
    <message>
        <source>Keyword search (the embedder is not loaded)</source>
        <translation>关键词搜索（向量模型未加载）</translation>
    </message>
    <message>
        <source>Look up title</source>
        <translation>按标题查找</translation>
    </message>
    <message>
        <source>New entry</source>
        <translation>新建条目</translation>
    </message>
    <message>
        <source>No scale read from this text. Add one by hand if it defines one.</source>
        <translation>未从正文读出等级体系。如确有，请手动添加。</translation>
    </message>
    <message>
        <source>Nothing found for “%1”.</source>
        <translation>没有找到与“%1”相关的条目。</translation>
    </message>
    <message>
        <source>One scale a row, lowest level first: 炼气 &lt; 筑基 &lt; 金丹</source>
        <translation>每行一个体系，由低到高：炼气 &lt; 筑基 &lt; 金丹</translation>
    </message>
    <message>
        <source>Read from the text, lowest first (not confirmed). Edit a row by double-clicking it.</source>
        <translation>从正文读出，由低到高（未确认）。双击一行可编辑。</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>删除此行</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Saved “%1”.</source>
        <translation>已保存“%1”。</translation>
    </message>
    <message>
        <source>Scale confirmed.</source>
        <translation>等级体系已确认。</translation>
    </message>
    <message>
        <source>Search by meaning</source>
        <translation>语义搜索</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Settings library</source>
        <translation>设定库</translation>
    </message>
    <message>
        <source>Sub-levels: %1</source>
        <translation>小境界：%1</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Use as scale</source>
        <translation>用作等级体系</translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search the manuscript</source>
        <translation>搜索书稿</translation>
    </message>
    <message>
        <source>Words to find, e.g. 祖石 or a line you remember</source>
        <translation>要找的词，如“祖石”，或记得的一句话</translation>
    </message>
    <message>
        <source>Names, separated by spaces or 、</source>
        <translation>人名，用空格或“、”隔开</translation>
    </message>
    <message>
        <source>Hybrid (words and meaning)</source>
        <translation>混合（字词与语义）</translation>
    </message>
    <message>
        <source>Keyword (exact words only)</source>
        <translation>关键词（只找原词）</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>查找(&amp;F)</translation>
    </message>
    <message>
        <source>In &amp;chapters</source>
        <translation>章节范围(&amp;C)</translation>
    </message>
    <message>
        <source>Passages where &amp;all of these appear</source>
        <translation>这些名字全都出现的段落(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Ranking</source>
        <translation>排序方式(&amp;R)</translation>
    </message>
    <message>
        <source>Open chapter</source>
        <translation>打开本章</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Chapter</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Type words to find, or names that must appear together.</source>
        <translation>请输入要找的词，或必须同时出现的人名。</translation>
    </message>
    <message>
        <source>The first chapter comes after the last one.</source>
        <translation>起始章节在结束章节之后。</translation>
    </message>
    <message numerus="yes">
        <source>%n passage(s) found</source>
        <translation>
            <numerusform>找到 %n 个段落</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing found. Try fewer names, a wider chapter range or other words.</source>
        <translation>没有找到。可以少填几个人名、放宽章节范围，或换个说法。</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第%1章</translation>
    </message>
    <message>
        <source>Chapter %1 is not in the manuscript.</source>
        <translation>书稿中没有第%1章。</translation>
    </message>
</context>
<context>
    <name>ChapterTextDialog</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第%1章</translation>
    </message>
</context>
<context>
    <name>BibleExport</name>
    <message>
        <source>Export the story bible into a folder</source>
        <translation>把设定集导出到文件夹</translation>
    </message>
    <message>
        <source>Exporting the story bible…</source>
        <translation>正在导出设定集…</translation>
    </message>
    <message>
        <source>Story bible exported</source>
        <translation>设定集已导出</translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>%1 story bible</source>
        <translation>%1 设定集</translation>
    </message>
    <message numerus="yes">
        <source>The story bible is in %1, with %n settlement(s) as JSON.</source>
        <translation>
            <numerusform>设定集已导出到 %1，另附 %n 份结算的 JSON 文件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PersonasDialog</name>
    <message>
        <source>Personas</source>
        <translation>人设</translation>
    </message>
    <message>
        <source>A character's name</source>
        <translation>角色名</translation>
    </message>
    <message>
        <source>Who this character is at heart: temperament, values, how they speak. Set once; it never changes afterwards.</source>
        <translation>这个角色的本质：性情、信念、说话方式。只能设定一次，此后不再改变。</translation>
    </message>
    <message>
        <source>Set &amp;base persona</source>
        <translation>设定基础人设(&amp;B)</translation>
    </message>
    <message>
        <source>Base persona (fixed core)</source>
        <translation>基础人设（固定内核）</translation>
    </message>
    <message>
        <source>&amp;Update from settled facts</source>
        <translation>根据已结算事实更新(&amp;U)</translation>
    </message>
    <message>
        <source>The model summarises what recent settled facts changed into a new version; the base persona is untouched</source>
        <translation>由模型把最近已结算事实带来的变化归纳成一个新版本；基础人设不受影响</translation>
    </message>
    <message>
        <source>&amp;Revert to this version</source>
        <translation>恢复为此版本(&amp;R)</translation>
    </message>
    <message>
        <source>Evolved persona (versions, newest last)</source>
        <translation>演化人设（各版本，最新在后）</translation>
    </message>
    <message>
        <source>&amp;Character</source>
        <translation>角色(&amp;C)</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>写于</translation>
    </message>
    <message>
        <source>Beginning</source>
        <translation>开头</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Set once: the base never changes; the evolved persona grows from it.</source>
        <translation>已设定：基础人设不再改变，演化人设由它生长而来。</translation>
    </message>
    <message>
        <source>Write the base persona first.</source>
        <translation>请先写下基础人设。</translation>
    </message>
    <message>
        <source>The current version</source>
        <translation>当前版本</translation>
    </message>
    <message>
        <source>%1 has no persona yet: write the base persona, or update to have the model draft an evolved one from settled facts.</source>
        <translation>%1 还没有人设：请写下基础人设，或点“更新”让模型根据已结算事实起草演化人设。</translation>
    </message>
</context>
<context>
    <name>Personas</name>
    <message>
        <source>The model is writing a new version from settled facts…</source>
        <translation>模型正在根据已结算事实撰写新版本…</translation>
    </message>
    <message>
        <source>Updating the persona of %1…</source>
        <translation>正在更新 %1 的人设…</translation>
    </message>
    <message>
        <source>A new version of %1's evolved persona is current.</source>
        <translation>%1 的演化人设已有新版本，并设为当前版本。</translation>
    </message>
    <message>
        <source>Base persona of %1 set.</source>
        <translation>已设定 %1 的基础人设。</translation>
    </message>
    <message>
        <source>Version %1 is current again (kept as a new version).</source>
        <translation>第 %1 版已重新成为当前版本（另存为新版本）。</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome to Inkstone</source>
        <translation>欢迎使用 Inkstone</translation>
    </message>
    <message>
        <source>Your novel's memory: its characters, places, threads and plans, kept as you write. Start a book, open one, or make one from a manuscript you already have.</source>
        <translation>你的小说记忆：人物、地点、伏笔与大纲，边写边记。新建一本书、打开已有的书，或用手头的书稿建一本书。</translation>
    </message>
    <message>
        <source>&amp;New book…</source>
        <translation>新建书(&amp;N)…</translation>
    </message>
    <message>
        <source>O&amp;pen book…</source>
        <translation>打开书(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Import a manuscript…</source>
        <translation>导入书稿(&amp;I)…</translation>
    </message>
    <message>
        <source>Choose chapter files (.txt .md .docx .epub): a new book is made from them, and you see the chapters found before anything is imported</source>
        <translation>选择章节文件（.txt .md .docx .epub）：用它们新建一本书；导入之前会先列出找到的章节</translation>
    </message>
    <message>
        <source>&amp;Recent books</source>
        <translation>最近的书(&amp;R)</translation>
    </message>
    <message>
        <source>No books yet — your recent books will be listed here.</source>
        <translation>还没有书——最近打开的书会列在这里。</translation>
    </message>
    <message>
        <source>Model not loaded yet</source>
        <translation>模型尚未加载</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Model ready</source>
        <translation>模型就绪</translation>
    </message>
    <message>
        <source>Model busy</source>
        <translation>模型忙碌中</translation>
    </message>
    <message>
        <source>The model could not be loaded</source>
        <translation>模型无法加载</translation>
    </message>
    <message>
        <source>Tools ▸ Settings… to choose another model.</source>
        <translation>可在 工具 ▸ 设置… 中选择其他模型。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>找不到</translation>
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <source>Choose the manuscript's files</source>
        <translation>选择书稿文件</translation>
    </message>
    <message>
        <source>Chapters (*.txt *.md *.docx *.epub);;All files (*)</source>
        <translation>章节 (*.txt *.md *.docx *.epub);;所有文件 (*)</translation>
    </message>
    <message>
        <source>New book from a manuscript</source>
        <translation>用书稿新建书</translation>
    </message>
</context>
<context>
    <name>FailedJobsTab</name>
    <message>
        <source>Fact extraction</source>
        <translation>事实抽取</translation>
    </message>
    <message>
        <source>Linking names in chapters</source>
        <translation>章节中的名字关联</translation>
    </message>
    <message>
        <source>Relinking changed names</source>
        <translation>重新关联改动的名字</translation>
    </message>
    <message>
        <source>Embedding</source>
        <translation>向量化</translation>
    </message>
    <message>
        <source>Background work that failed; the book itself is unharmed. Retry queues it again (extraction then runs with the next extraction); Discard gives it up.</source>
        <translation>这些后台任务失败了；书本身没有受损。“重试”把它重新排队（抽取会在下次抽取时运行）；“放弃”则不再处理。</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>About</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>&amp;Retry job</source>
        <translation>重试任务(&amp;R)</translation>
    </message>
    <message>
        <source>D&amp;iscard job</source>
        <translation>放弃任务(&amp;I)</translation>
    </message>
    <message>
        <source>Chapter %1</source>
        <translation>第%1章</translation>
    </message>
    <message>
        <source>Chapters %1</source>
        <translation>第%1章</translation>
    </message>
    <message>
        <source>No failed jobs.</source>
        <translation>没有失败的后台任务。</translation>
    </message>
</context>
<context>
    <name>PlanEditor</name>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>New general outline…</source>
        <translation>新建总纲…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Put the pointer here</source>
        <translation>把叙事指针放在这里</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Set status</source>
        <translation>设置状态</translation>
    </message>
    <message>
        <source>Add general outline…</source>
        <translation>添加总纲…</translation>
    </message>
    <message>
        <source>Add long outline…</source>
        <translation>添加长纲…</translation>
    </message>
    <message>
        <source>Add short outline…</source>
        <translation>添加短纲…</translation>
    </message>
    <message>
        <source>Add step…</source>
        <translation>添加步骤…</translation>
    </message>
    <message>
        <source>Move under</source>
        <translation>移到…之下</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>New general outline</source>
        <translation>新建总纲</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
</context>
</TS>
