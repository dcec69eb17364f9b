<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>BackgroundLane</name>
    <message>
        <source>Wait for the current background work to finish, or cancel it.</source>
        <translation />
    </message>
</context>
<context>
    <name>BackupsDialog</name>
    <message>
        <source>Backups</source>
        <translation />
    </message>
    <message>
        <source>Snapshots of this book are taken before every settlement is applied, every 30 minutes while it changes, and whenever you back up by hand. Restoring one keeps the book's current state as a snapshot first.</source>
        <translation />
    </message>
    <message>
        <source>Time</source>
        <translation />
    </message>
    <message>
        <source>Reason</source>
        <translation />
    </message>
    <message>
        <source>Size</source>
        <translation />
    </message>
    <message>
        <source>Back up now</source>
        <translation />
    </message>
    <message>
        <source>Restore…</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Reading the snapshots…</source>
        <translation />
    </message>
    <message>
        <source>%1 snapshots.</source>
        <translation />
    </message>
    <message>
        <source>No snapshots yet: back up now to take the first.</source>
        <translation />
    </message>
    <message>
        <source>By hand</source>
        <translation />
    </message>
    <message>
        <source>Scheduled</source>
        <translation />
    </message>
    <message>
        <source>Before a settlement</source>
        <translation />
    </message>
    <message>
        <source>Before a restore</source>
        <translation />
    </message>
    <message>
        <source>Restore snapshot</source>
        <translation />
    </message>
    <message>
        <source>Put the book back as it was at %1?</source>
        <translation />
    </message>
    <message>
        <source>The book's current state is kept as a snapshot first, so you can come back to it from this list.</source>
        <translation />
    </message>
    <message>
        <source>Restore</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message numerus="yes">
        <source>%n snapshot(s).</source>
        <translation>
            <numerusform>%n snapshot.</numerusform>
            <numerusform>%n snapshots.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BookUpkeep</name>
    <message>
        <source>Embedding…</source>
        <translation />
    </message>
    <message>
        <source>Embedded %1 passages: the whole book is searchable by meaning.</source>
        <translation />
    </message>
    <message>
        <source>Embedding paused; it goes on when the book is next opened.</source>
        <translation />
    </message>
    <message>
        <source>Embedding postponed: %1</source>
        <translation />
    </message>
    <message>
        <source>%1 new proposals wait for review (Book ▸ Reviews waiting…).</source>
        <translation />
    </message>
    <message>
        <source>Backing up…</source>
        <translation />
    </message>
    <message>
        <source>Snapshot taken.</source>
        <translation />
    </message>
    <message>
        <source>Restoring a snapshot…</source>
        <translation />
    </message>
    <message>
        <source>Restoring…</source>
        <translation />
    </message>
    <message>
        <source>Snapshot restored; the book as it was just before is kept as a snapshot too.</source>
        <translation />
    </message>
    <message>
        <source>Scheduled snapshot taken.</source>
        <translation />
    </message>
    <message>
        <source>Scheduled snapshot failed: %1</source>
        <translation />
    </message>
    <message>
        <source>The book has no chapters yet: import some first (Book ▸ Import chapters…).</source>
        <translation />
    </message>
    <message>
        <source>Building the story bible…</source>
        <translation />
    </message>
</context>
<context>
    <name>CandidatePicker</name>
    <message>
        <source>Several drafts — edit one and use it:</source>
        <translation />
    </message>
    <message>
        <source>Use this draft</source>
        <translation />
    </message>
    <message>
        <source>Critique:</source>
        <translation />
    </message>
    <message>
        <source>Draft %1</source>
        <translation />
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No task yet: start one, or just type below — your first words start a task.</source>
        <translation>No task yet: start one, or just type below — your first words start a task.</translation>
    </message>
    <message>
        <source>You</source>
        <translation />
    </message>
    <message>
        <source>Inkstone</source>
        <translation />
    </message>
    <message>
        <source>Tool</source>
        <translation />
    </message>
    <message>
        <source>System</source>
        <translation />
    </message>
    <message>
        <source>No messages yet. Type below, or start a task with /new.</source>
        <translation />
    </message>
    <message>
        <source>Write to the active task — Enter sends, Shift+Enter for a new line, / for commands</source>
        <translation />
    </message>
    <message>
        <source>Send</source>
        <translation />
    </message>
    <message>
        <source>Stop</source>
        <translation />
    </message>
    <message>
        <source>Context</source>
        <translation />
    </message>
    <message>
        <source>Show what was sent to the model for the last turn</source>
        <translation />
    </message>
    <message>
        <source>(stopped — the reply was cut here)</source>
        <translation />
    </message>
    <message>
        <source>(failed)</source>
        <translation />
    </message>
    <message>
        <source>Drop a .txt or .md file here to keep its text as a note in the active task</source>
        <translation />
    </message>
    <message>
        <source>Keep a text file's words in the active task as a note, without a reply</source>
        <translation />
    </message>
    <message>
        <source>Note…</source>
        <translation />
    </message>
    <message>
        <source>Choosing what to look up in the book's memory…</source>
        <translation />
    </message>
    <message>
        <source>Looking up %1 …</source>
        <translation />
    </message>
    <message>
        <source>Looked up %1 → %2</source>
        <translation />
    </message>
    <message>
        <source>nothing found</source>
        <translation />
    </message>
    <message>
        <source>The reply only repeated the look-ups; asking for a real answer…</source>
        <translation />
    </message>
    <message>
        <source>The reply repeated the previous one; trying again…</source>
        <translation />
    </message>
    <message>
        <source>memory search</source>
        <translation />
    </message>
    <message>
        <source>an entity's facts</source>
        <translation />
    </message>
    <message>
        <source>the settings library</source>
        <translation />
    </message>
    <message>
        <source>manuscript excerpts</source>
        <translation />
    </message>
    <message>
        <source>the plan's progress</source>
        <translation />
    </message>
    <message>
        <source>chapter %1</source>
        <translation />
    </message>
    <message>
        <source>chapters %1–%2</source>
        <translation />
    </message>
    <message>
        <source>(nearly the same as the previous reply, even after a second try)</source>
        <translation />
    </message>
    <message>
        <source>No active task</source>
        <translation />
    </message>
    <message>
        <source>New task…</source>
        <translation />
    </message>
    <message>
        <source>Continue “%1”</source>
        <translation />
    </message>
    <message>
        <source>No task is active: the last one was settled or closed.</source>
        <translation />
    </message>
    <message>
        <source>Continue an open task, start a new one, or just type below — your first words start a task.</source>
        <translation />
    </message>
    <message>
        <source>Main plot</source>
        <translation />
    </message>
    <message>
        <source>Back to the main plot: steer the discussion to the outline's current step (Ctrl+Shift+M)</source>
        <translation />
    </message>
</context>
<context>
    <name>ContextDrawer</name>
    <message>
        <source>Section</source>
        <translation />
    </message>
    <message>
        <source>Tokens</source>
        <translation />
    </message>
    <message>
        <source>Nothing sent yet for this task.</source>
        <translation />
    </message>
    <message>
        <source>Mode: %1 · %2 of %3 tokens · %4 earlier messages</source>
        <translation />
    </message>
</context>
<context>
    <name>ExtractDialog</name>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>Build the story bible</source>
        <translation />
    </message>
    <message>
        <source>The model reads the imported chapters in order and proposes the characters, places, relations and events of each. Every chapter becomes a proposal in the review queue, grouped by chapter; nothing enters the story bible until you accept it. Chapters already read are skipped. Cancel stops the work; the chapters not yet read wait for a later run.</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters are queued already.</source>
        <translation />
    </message>
    <message>
        <source>&amp;From chapter</source>
        <translation />
    </message>
    <message>
        <source>&amp;To chapter</source>
        <translation />
    </message>
    <message>
        <source>&amp;Start</source>
        <translation />
    </message>
    <message>
        <source>The first chapter comes after the last one.</source>
        <translation />
    </message>
    <message>
        <source>How long it takes depends on the model and this computer, and it has not been measured here yet: the progress bar shows the time left once the first chapter is read.</source>
        <translation />
    </message>
    <message>
        <source>At most about %1 for these %2 chapters, at the %3 a chapter measured on this computer the last time.</source>
        <translation />
    </message>
</context>
<context>
    <name>DocumentEditor</name>
    <message>
        <source>Edit settlement #%1</source>
        <translation />
    </message>
    <message>
        <source>Retry</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>Not valid JSON: %1</source>
        <translation />
    </message>
    <message>
        <source>A settlement document is a JSON object: { … }</source>
        <translation />
    </message>
    <message>
        <source>Retrying…</source>
        <translation />
    </message>
</context>
<context>
    <name>FailedSettlements</name>
    <message>
        <source>Job #%1 queued again</source>
        <translation />
    </message>
    <message>
        <source>Job #%1 discarded</source>
        <translation />
    </message>
    <message>
        <source>%1 settlements could not be applied and were set aside; the rest of the book is fine.</source>
        <translation />
    </message>
    <message>
        <source>Failed settlements</source>
        <translation />
    </message>
    <message>
        <source>Review them…</source>
        <translation />
    </message>
    <message>
        <source>Later</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 discarded</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 applied</source>
        <translation />
    </message>
</context>
<context>
    <name>FailedSettlementsDialog</name>
    <message>
        <source>Failed work</source>
        <translation />
    </message>
    <message>
        <source>Settlements</source>
        <translation />
    </message>
    <message>
        <source>Background jobs</source>
        <translation />
    </message>
    <message>
        <source>Failed settlements</source>
        <translation />
    </message>
    <message>
        <source>These settlements could not be applied; nothing of them reached the book. Edit the document and retry, or discard it (its document stays in the journal).</source>
        <translation />
    </message>
    <message>
        <source>Settlement</source>
        <translation />
    </message>
    <message>
        <source>Chapter</source>
        <translation />
    </message>
    <message>
        <source>Error</source>
        <translation />
    </message>
    <message>
        <source>Discard</source>
        <translation />
    </message>
    <message>
        <source>Edit and retry…</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>No failed settlements.</source>
        <translation />
    </message>
</context>
<context>
    <name>GraphInspector</name>
    <message>
        <source>Persona…</source>
        <translation>Persona…</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation />
    </message>
    <message>
        <source>Locations</source>
        <translation />
    </message>
    <message>
        <source>Items</source>
        <translation />
    </message>
    <message>
        <source>Factions</source>
        <translation />
    </message>
    <message>
        <source>Abilities</source>
        <translation />
    </message>
    <message>
        <source>Facts</source>
        <translation />
    </message>
    <message>
        <source>Hooks</source>
        <translation />
    </message>
    <message>
        <source>Plan</source>
        <translation />
    </message>
    <message>
        <source>Search names and aliases</source>
        <translation />
    </message>
    <message>
        <source>As of chapter</source>
        <translation />
    </message>
    <message>
        <source>All hooks</source>
        <translation />
    </message>
    <message>
        <source>Unresolved</source>
        <translation />
    </message>
    <message>
        <source>Overdue</source>
        <translation />
    </message>
    <message>
        <source>Hook</source>
        <translation />
    </message>
    <message>
        <source>Status</source>
        <translation />
    </message>
    <message>
        <source>Planted</source>
        <translation />
    </message>
    <message>
        <source>Resolved</source>
        <translation />
    </message>
    <message>
        <source>Due by</source>
        <translation />
    </message>
    <message>
        <source>Involves</source>
        <translation />
    </message>
    <message>
        <source>Show</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>now</source>
        <translation />
    </message>
    <message>
        <source>No facts yet. Settle a task to add some.</source>
        <translation />
    </message>
    <message>
        <source>Click an entity to see its details.</source>
        <translation />
    </message>
    <message>
        <source>Relations</source>
        <translation />
    </message>
    <message>
        <source>Also called</source>
        <translation />
    </message>
    <message>
        <source>first in chapter %1</source>
        <translation />
    </message>
    <message>
        <source>settlement #%1</source>
        <translation />
    </message>
    <message>
        <source>State as of chapter %1</source>
        <translation />
    </message>
    <message>
        <source>State now</source>
        <translation />
    </message>
    <message>
        <source>ch. %1</source>
        <translation />
    </message>
    <message>
        <source>Mentioned in</source>
        <translation />
    </message>
    <message>
        <source>chapters %1–%2</source>
        <translation />
    </message>
    <message>
        <source>since chapter %1</source>
        <translation />
    </message>
    <message>
        <source>from the task “%1”</source>
        <translation />
    </message>
    <message>
        <source>from imported chapter %1</source>
        <translation />
    </message>
    <message>
        <source>from the file %1</source>
        <translation />
    </message>
    <message>
        <source>entered by the author</source>
        <translation />
    </message>
    <message>
        <source>settled %1</source>
        <translation />
    </message>
    <message>
        <source>%1 does not appear until chapter %2.</source>
        <translation />
    </message>
    <message>
        <source>%1 is not yet in the story at chapter %2.</source>
        <translation />
    </message>
    <message>
        <source>Move “As of chapter” later to see it, or click another entity.</source>
        <translation />
    </message>
    <message>
        <source>No hook matches this filter. Choose “All hooks” to see every one.</source>
        <translation />
    </message>
    <message>
        <source>No hooks yet.</source>
        <translation />
    </message>
    <message>
        <source>A hook (foreshadowing) is a question or promise the story plants to pay off later: where the jade came from, a vow to return. Each has the chapter it was planted in, perhaps a chapter it is due by, and the chapter that resolves it.</source>
        <translation />
    </message>
    <message>
        <source>Hooks appear here when a settlement or the extraction of imported chapters finds one: mention a mystery in a task and settle it, or import chapters. An unresolved hook past its due chapter is marked overdue.</source>
        <translation />
    </message>
</context>
<context>
    <name>HealthStrip</name>
    <message>
        <source>Failed jobs</source>
        <translation />
    </message>
    <message>
        <source>Background jobs (extraction, linking names) that failed: retry or discard</source>
        <translation />
    </message>
    <message>
        <source>Entities</source>
        <translation />
    </message>
    <message>
        <source>Relations</source>
        <translation />
    </message>
    <message>
        <source>Hooks</source>
        <translation />
    </message>
    <message>
        <source>Unresolved</source>
        <translation />
    </message>
    <message>
        <source>Overdue</source>
        <translation />
    </message>
    <message>
        <source>Reviews waiting</source>
        <translation />
    </message>
    <message>
        <source>Conflicts</source>
        <translation />
    </message>
    <message>
        <source>Not embedded</source>
        <translation />
    </message>
    <message>
        <source>Characters, places, items, factions and abilities in the fact graph</source>
        <translation />
    </message>
    <message>
        <source>Relations between entities, ended ones included</source>
        <translation />
    </message>
    <message>
        <source>Foreshadowing planted so far</source>
        <translation />
    </message>
    <message>
        <source>Hooks not yet paid off</source>
        <translation />
    </message>
    <message>
        <source>Unresolved hooks past the chapter they were due by</source>
        <translation />
    </message>
    <message>
        <source>Settlements proposed and waiting for your review</source>
        <translation />
    </message>
    <message>
        <source>Proposed items that contradict canon</source>
        <translation />
    </message>
    <message>
        <source>Chapters whose text is not yet searchable by meaning</source>
        <translation />
    </message>
    <message>
        <source>To extract</source>
        <translation />
    </message>
    <message>
        <source>Imported chapters waiting for the model to propose their facts</source>
        <translation />
    </message>
    <message>
        <source>Failed</source>
        <translation />
    </message>
    <message>
        <source>Settlements set aside because applying them failed: retry or discard</source>
        <translation />
    </message>
</context>
<context>
    <name>ImportDrop</name>
    <message>
        <source>Drop chapter files or folders to import them into this book</source>
        <translation />
    </message>
</context>
<context>
    <name>ImportSummary</name>
    <message>
        <source>Import finished</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters imported from %2 files (%3 chunks, %4 characters).</source>
        <translation />
    </message>
    <message>
        <source>Imported</source>
        <translation />
    </message>
    <message>
        <source>Refused</source>
        <translation />
    </message>
    <message>
        <source>Warnings</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters, %2</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Replaced (snapshot %1 taken first)</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1: “%2” → “%3”</source>
        <translation />
    </message>
</context>
<context>
    <name>ItemCard</name>
    <message>
        <source>Accept</source>
        <translation />
    </message>
    <message>
        <source>Edit</source>
        <translation />
    </message>
    <message>
        <source>Steps</source>
        <translation />
    </message>
    <message>
        <source>Character</source>
        <translation />
    </message>
    <message>
        <source>Location</source>
        <translation />
    </message>
    <message>
        <source>Item</source>
        <translation />
    </message>
    <message>
        <source>Faction</source>
        <translation />
    </message>
    <message>
        <source>Ability</source>
        <translation />
    </message>
    <message>
        <source>Hook</source>
        <translation />
    </message>
    <message>
        <source>Unresolved</source>
        <translation />
    </message>
    <message>
        <source>Resolved</source>
        <translation />
    </message>
    <message>
        <source>General outline</source>
        <translation />
    </message>
    <message>
        <source>Long outline</source>
        <translation />
    </message>
    <message>
        <source>Short outline</source>
        <translation />
    </message>
    <message>
        <source>Step</source>
        <translation />
    </message>
    <message>
        <source>Pending</source>
        <translation />
    </message>
    <message>
        <source>In progress</source>
        <translation />
    </message>
    <message>
        <source>Completed</source>
        <translation />
    </message>
    <message>
        <source>Name</source>
        <translation />
    </message>
    <message>
        <source>Kind</source>
        <translation />
    </message>
    <message>
        <source>Aliases</source>
        <translation />
    </message>
    <message>
        <source>Summary</source>
        <translation />
    </message>
    <message>
        <source>First chapter</source>
        <translation />
    </message>
    <message>
        <source>Attributes</source>
        <translation />
    </message>
    <message>
        <source>From</source>
        <translation />
    </message>
    <message>
        <source>Relation</source>
        <translation />
    </message>
    <message>
        <source>To</source>
        <translation />
    </message>
    <message>
        <source>From chapter</source>
        <translation />
    </message>
    <message>
        <source>Ends at chapter</source>
        <translation />
    </message>
    <message>
        <source>Properties</source>
        <translation />
    </message>
    <message>
        <source>Entity</source>
        <translation />
    </message>
    <message>
        <source>State</source>
        <translation />
    </message>
    <message>
        <source>Value</source>
        <translation />
    </message>
    <message>
        <source>Description</source>
        <translation />
    </message>
    <message>
        <source>Status</source>
        <translation />
    </message>
    <message>
        <source>Planted in</source>
        <translation />
    </message>
    <message>
        <source>Resolved in</source>
        <translation />
    </message>
    <message>
        <source>Due by</source>
        <translation />
    </message>
    <message>
        <source>Involves</source>
        <translation />
    </message>
    <message>
        <source>Title</source>
        <translation />
    </message>
    <message>
        <source>Category</source>
        <translation />
    </message>
    <message>
        <source>Text</source>
        <translation />
    </message>
    <message>
        <source>Entities</source>
        <translation />
    </message>
    <message>
        <source>Level</source>
        <translation />
    </message>
    <message>
        <source>Parent</source>
        <translation />
    </message>
    <message>
        <source>Storyline</source>
        <translation />
    </message>
    <message>
        <source>Chapters</source>
        <translation />
    </message>
    <message>
        <source>Canon: %1</source>
        <translation />
    </message>
    <message>
        <source>Source: %1</source>
        <translation />
    </message>
    <message>
        <source>settlement #%1</source>
        <translation />
    </message>
    <message>
        <source>chapter %1</source>
        <translation />
    </message>
    <message>
        <source>task #%1</source>
        <translation />
    </message>
    <message>
        <source>import</source>
        <translation />
    </message>
    <message>
        <source>file %1</source>
        <translation />
    </message>
    <message>
        <source>command line</source>
        <translation />
    </message>
    <message>
        <source>Click to see these words in the discussion</source>
        <translation />
    </message>
    <message>
        <source>No evidence</source>
        <translation />
    </message>
    <message>
        <source>No words in the discussion were found for this item: check it before accepting</source>
        <translation />
    </message>
    <message>
        <source>owns</source>
        <translation />
    </message>
    <message>
        <source>member of</source>
        <translation />
    </message>
    <message>
        <source>leads</source>
        <translation />
    </message>
    <message>
        <source>master of</source>
        <translation />
    </message>
    <message>
        <source>senior of</source>
        <translation />
    </message>
    <message>
        <source>parent of</source>
        <translation />
    </message>
    <message>
        <source>sibling of</source>
        <translation />
    </message>
    <message>
        <source>married to</source>
        <translation />
    </message>
    <message>
        <source>loves</source>
        <translation />
    </message>
    <message>
        <source>hates</source>
        <translation />
    </message>
    <message>
        <source>ally of</source>
        <translation />
    </message>
    <message>
        <source>serves</source>
        <translation />
    </message>
    <message>
        <source>killed</source>
        <translation />
    </message>
    <message>
        <source>located in</source>
        <translation />
    </message>
    <message>
        <source>comes from</source>
        <translation />
    </message>
    <message>
        <source>realm</source>
        <translation />
    </message>
    <message>
        <source>alive</source>
        <translation />
    </message>
    <message>
        <source>injury</source>
        <translation />
    </message>
    <message>
        <source>location</source>
        <translation />
    </message>
    <message>
        <source>appearance</source>
        <translation />
    </message>
    <message>
        <source>age</source>
        <translation />
    </message>
    <message>
        <source>identity</source>
        <translation />
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Book</source>
        <translation />
    </message>
    <message>
        <source>No book open</source>
        <translation />
    </message>
    <message>
        <source>Book ▸ New book… or Open book… to begin</source>
        <translation />
    </message>
    <message>
        <source>No active task</source>
        <translation />
    </message>
    <message>
        <source>main</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>No narrative pointer yet</source>
        <translation />
    </message>
    <message>
        <source>Open or create a book first (Book menu).</source>
        <translation />
    </message>
    <message>
        <source>Restarted “%1” with fresh facts</source>
        <translation />
    </message>
    <message>
        <source>Chapters not yet embedded are searched by keyword only until embedding finishes.</source>
        <translation />
    </message>
    <message>
        <source>Import chapter files</source>
        <translation />
    </message>
    <message>
        <source>Chapters (*.txt *.md *.docx *.epub);;All files (*)</source>
        <translation />
    </message>
    <message>
        <source>Model not loaded</source>
        <translation />
    </message>
    <message>
        <source>Loading model…</source>
        <translation />
    </message>
    <message>
        <source>Model ready</source>
        <translation />
    </message>
    <message>
        <source>Generating…</source>
        <translation />
    </message>
    <message>
        <source>Model error</source>
        <translation />
    </message>
    <message>
        <source>GPU</source>
        <translation />
    </message>
    <message>
        <source>CPU</source>
        <translation />
    </message>
    <message>
        <source>Model busy: building the story bible</source>
        <translation />
    </message>
    <message>
        <source>The new language applies after Inkstone restarts.</source>
        <translation />
    </message>
    <message>
        <source>Back to the main plot</source>
        <translation />
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>Settings library…</source>
        <translation />
    </message>
    <message>
        <source>&amp;Book</source>
        <translation />
    </message>
    <message>
        <source>New book…</source>
        <translation />
    </message>
    <message>
        <source>Open book…</source>
        <translation />
    </message>
    <message>
        <source>Recent books</source>
        <translation />
    </message>
    <message>
        <source>Close book</source>
        <translation />
    </message>
    <message>
        <source>Import chapters…</source>
        <translation />
    </message>
    <message>
        <source>Reviews waiting…</source>
        <translation />
    </message>
    <message>
        <source>Quit</source>
        <translation />
    </message>
    <message>
        <source>&amp;Task</source>
        <translation />
    </message>
    <message>
        <source>T&amp;ools</source>
        <translation />
    </message>
    <message>
        <source>Load model</source>
        <translation />
    </message>
    <message>
        <source>Settings…</source>
        <translation />
    </message>
    <message>
        <source>(none yet)</source>
        <translation />
    </message>
    <message>
        <source>Backups…</source>
        <translation />
    </message>
    <message>
        <source>Add a note from a file…</source>
        <translation />
    </message>
    <message>
        <source>Paste as a note</source>
        <translation />
    </message>
    <message>
        <source>Failed settlements…</source>
        <translation />
    </message>
    <message>
        <source>Build the story bible from imported chapters…</source>
        <translation />
    </message>
    <message>
        <source>Undo a settlement…</source>
        <translation />
    </message>
    <message>
        <source>Audit the manuscript…</source>
        <translation />
    </message>
    <message>
        <source>Search the manuscript…</source>
        <translation />
    </message>
    <message>
        <source>Personas…</source>
        <translation />
    </message>
    <message>
        <source>Export story bible…</source>
        <translation />
    </message>
    <message>
        <source>Back to the main plot</source>
        <translation />
    </message>
</context>
<context>
    <name>BookOpener</name>
    <message>
        <source>The last book is gone: %1</source>
        <translation />
    </message>
    <message>
        <source>Created %1</source>
        <translation />
    </message>
    <message>
        <source>Open a book folder</source>
        <translation />
    </message>
    <message>
        <source>Opening %1…</source>
        <translation />
    </message>
    <message>
        <source>Opened %1</source>
        <translation />
    </message>
</context>
<context>
    <name>ReviewDesk</name>
    <message>
        <source>Settling the task…</source>
        <translation />
    </message>
    <message>
        <source>Settlement rejected; nothing was written.</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 applied: %2</source>
        <translation />
    </message>
    <message>
        <source>No settlement is waiting for review.</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 (%2)</source>
        <translation />
    </message>
</context>
<context>
    <name>NewBookDialog</name>
    <message>
        <source>New book</source>
        <translation />
    </message>
    <message>
        <source>The novel's title</source>
        <translation />
    </message>
    <message>
        <source>Chinese</source>
        <translation />
    </message>
    <message>
        <source>English</source>
        <translation />
    </message>
    <message>
        <source>Browse…</source>
        <translation />
    </message>
    <message>
        <source>Title</source>
        <translation />
    </message>
    <message>
        <source>Language</source>
        <translation />
    </message>
    <message>
        <source>Folder</source>
        <translation />
    </message>
    <message>
        <source>Create</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>The book will be the folder %1</source>
        <translation />
    </message>
    <message>
        <source>Choose where to keep the book</source>
        <translation />
    </message>
</context>
<context>
    <name>NewTaskDialog</name>
    <message>
        <source>New task</source>
        <translation />
    </message>
    <message>
        <source>e.g. Design the character Zhang San</source>
        <translation />
    </message>
    <message>
        <source>Free discussion</source>
        <translation />
    </message>
    <message>
        <source>Character</source>
        <translation />
    </message>
    <message>
        <source>Setting</source>
        <translation />
    </message>
    <message>
        <source>Outline</source>
        <translation />
    </message>
    <message>
        <source>Chapter</source>
        <translation />
    </message>
    <message>
        <source>Title</source>
        <translation />
    </message>
    <message>
        <source>Kind</source>
        <translation />
    </message>
    <message>
        <source>Create</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
</context>
<context>
    <name>PlanView</name>
    <message>
        <source>General outline</source>
        <translation />
    </message>
    <message>
        <source>Long outline</source>
        <translation />
    </message>
    <message>
        <source>Short outline</source>
        <translation />
    </message>
    <message>
        <source>Step</source>
        <translation />
    </message>
    <message>
        <source>Pending</source>
        <translation />
    </message>
    <message>
        <source>In progress</source>
        <translation />
    </message>
    <message>
        <source>Completed</source>
        <translation />
    </message>
    <message>
        <source>Outline</source>
        <translation />
    </message>
    <message>
        <source>Status</source>
        <translation />
    </message>
    <message>
        <source>Chapters</source>
        <translation />
    </message>
    <message>
        <source>Storyline</source>
        <translation />
    </message>
    <message>
        <source>Storylines</source>
        <translation />
    </message>
    <message>
        <source>The narrative pointer: where the story is now</source>
        <translation />
    </message>
    <message>
        <source>main</source>
        <translation />
    </message>
    <message>
        <source>No plan yet. Outlines arrive through settlements, or add a general outline here (Insert).</source>
        <translation />
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>Importing</source>
        <translation />
    </message>
    <message>
        <source>Embedding</source>
        <translation />
    </message>
    <message>
        <source>Settling</source>
        <translation />
    </message>
    <message>
        <source>Extracting facts</source>
        <translation />
    </message>
    <message>
        <source>Checking the model</source>
        <translation />
    </message>
    <message>
        <source>Assembling the model</source>
        <translation />
    </message>
    <message>
        <source>Cancelling…</source>
        <translation />
    </message>
    <message>
        <source>%1 left</source>
        <translation />
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation />
    </message>
    <message>
        <source>OK</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>Chat model</source>
        <translation />
    </message>
    <message>
        <source>Bundled default model</source>
        <translation />
    </message>
    <message>
        <source>A GGUF model file</source>
        <translation />
    </message>
    <message>
        <source>An OpenAI-compatible server</source>
        <translation />
    </message>
    <message>
        <source>Path to a .gguf file</source>
        <translation />
    </message>
    <message>
        <source>Browse…</source>
        <translation />
    </message>
    <message>
        <source>Server address</source>
        <translation />
    </message>
    <message>
        <source>Model name</source>
        <translation />
    </message>
    <message>
        <source>API key</source>
        <translation />
    </message>
    <message>
        <source>Engine</source>
        <translation />
    </message>
    <message>
        <source>Automatic (all layers when a GPU is usable)</source>
        <translation />
    </message>
    <message>
        <source>CPU only</source>
        <translation />
    </message>
    <message>
        <source>A number of layers</source>
        <translation />
    </message>
    <message>
        <source> tokens</source>
        <translation />
    </message>
    <message>
        <source>Automatic</source>
        <translation />
    </message>
    <message>
        <source>Bundled multilingual default</source>
        <translation />
    </message>
    <message>
        <source>GPU layers</source>
        <translation />
    </message>
    <message>
        <source>Context size</source>
        <translation />
    </message>
    <message>
        <source>Threads</source>
        <translation />
    </message>
    <message>
        <source>Embedding model</source>
        <translation />
    </message>
    <message>
        <source>Window</source>
        <translation />
    </message>
    <message>
        <source>Follow the system</source>
        <translation />
    </message>
    <message>
        <source>Light</source>
        <translation />
    </message>
    <message>
        <source>Dark</source>
        <translation />
    </message>
    <message>
        <source>A new language shows after Inkstone restarts.</source>
        <translation />
    </message>
    <message>
        <source>Language</source>
        <translation />
    </message>
    <message>
        <source>Theme</source>
        <translation />
    </message>
    <message>
        <source>Choose a GGUF model</source>
        <translation />
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation />
    </message>
    <message>
        <source>Choose a sentence-transformers model folder</source>
        <translation />
    </message>
</context>
<context>
    <name>SettlementReview</name>
    <message>
        <source>Review settlement #%1</source>
        <translation />
    </message>
    <message>
        <source>Review settlement</source>
        <translation />
    </message>
    <message>
        <source>new</source>
        <translation />
    </message>
    <message>
        <source>changes</source>
        <translation />
    </message>
    <message>
        <source>closes</source>
        <translation />
    </message>
    <message>
        <source>conflict</source>
        <translation />
    </message>
    <message>
        <source>unchanged</source>
        <translation />
    </message>
    <message>
        <source>Entities</source>
        <translation />
    </message>
    <message>
        <source>Relations</source>
        <translation />
    </message>
    <message>
        <source>Ended relations</source>
        <translation />
    </message>
    <message>
        <source>States</source>
        <translation />
    </message>
    <message>
        <source>Hooks</source>
        <translation />
    </message>
    <message>
        <source>Setting entries</source>
        <translation />
    </message>
    <message>
        <source>Plan</source>
        <translation />
    </message>
    <message>
        <source>Story chapter</source>
        <translation />
    </message>
    <message>
        <source>Accept all</source>
        <translation />
    </message>
    <message>
        <source>Reject all</source>
        <translation />
    </message>
    <message>
        <source>Apply</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>Close without writing anything; the proposal stays waiting</source>
        <translation />
    </message>
    <message>
        <source>Before</source>
        <translation />
    </message>
    <message>
        <source>After applying the accepted items</source>
        <translation />
    </message>
    <message>
        <source>%1 of %2 items accepted</source>
        <translation />
    </message>
    <message>
        <source>Reject settlement</source>
        <translation />
    </message>
    <message>
        <source>Before and after</source>
        <translation />
    </message>
    <message>
        <source>Discussion</source>
        <translation />
    </message>
</context>
<context>
    <name>TaskSidebar</name>
    <message>
        <source>Open</source>
        <translation />
    </message>
    <message>
        <source>Closed (retained)</source>
        <translation />
    </message>
    <message>
        <source>Archived</source>
        <translation />
    </message>
    <message>
        <source>free</source>
        <translation />
    </message>
    <message>
        <source>character</source>
        <translation />
    </message>
    <message>
        <source>setting</source>
        <translation />
    </message>
    <message>
        <source>outline</source>
        <translation />
    </message>
    <message>
        <source>chapter</source>
        <translation />
    </message>
    <message>
        <source>New task…</source>
        <translation />
    </message>
    <message>
        <source>Switch to task</source>
        <translation />
    </message>
    <message>
        <source>Restart task</source>
        <translation />
    </message>
    <message>
        <source>Settle task…</source>
        <translation />
    </message>
    <message>
        <source>New</source>
        <translation />
    </message>
    <message>
        <source>Switch</source>
        <translation />
    </message>
    <message>
        <source>Restart</source>
        <translation />
    </message>
    <message>
        <source>Settle</source>
        <translation />
    </message>
    <message>
        <source>Next open task</source>
        <translation />
    </message>
    <message>
        <source>Previous open task</source>
        <translation />
    </message>
    <message>
        <source>Task</source>
        <translation />
    </message>
    <message>
        <source>Msgs</source>
        <translation />
    </message>
    <message>
        <source>Updated</source>
        <translation />
    </message>
    <message>
        <source>kept until %1</source>
        <translation />
    </message>
</context>
<context>
    <name>bridge</name>
    <message>
        <source>Cancelled.</source>
        <translation />
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation />
    </message>
</context>
<context>
    <name>DiscussionView</name>
    <message>
        <source>Author</source>
        <translation />
    </message>
    <message>
        <source>Author (note)</source>
        <translation />
    </message>
    <message>
        <source>Inkstone</source>
        <translation />
    </message>
    <message>
        <source>The discussion this settlement was made from is not available.</source>
        <translation />
    </message>
</context>
<context>
    <name>NoteKeeper</name>
    <message>
        <source>Keep a text file as a note</source>
        <translation />
    </message>
    <message>
        <source>Text notes (*.txt *.md)</source>
        <translation />
    </message>
    <message>
        <source>The clipboard holds no text to keep.</source>
        <translation />
    </message>
    <message>
        <source>Kept %1 notes (%2 characters) in the active task</source>
        <translation />
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 s</source>
        <translation />
    </message>
    <message>
        <source>%1 min</source>
        <translation />
    </message>
    <message>
        <source>%1 h</source>
        <translation />
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation />
    </message>
</context>
<context>
    <name>ImportFlow</name>
    <message>
        <source>Reading %1 files…</source>
        <translation />
    </message>
    <message>
        <source>The files could not be read: %1</source>
        <translation />
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation />
    </message>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>Reading %n file…</numerusform>
            <numerusform>Reading %n files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Importing %n file(s)…</source>
        <translation>
            <numerusform>Importing %n file…</numerusform>
            <numerusform>Importing %n files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImportPreviewDialog</name>
    <message>
        <source>Import preview</source>
        <translation />
    </message>
    <message>
        <source>Reading %1 files…</source>
        <translation />
    </message>
    <message>
        <source>Chapter</source>
        <translation />
    </message>
    <message>
        <source>Title</source>
        <translation />
    </message>
    <message>
        <source>Characters</source>
        <translation />
    </message>
    <message>
        <source>Status</source>
        <translation />
    </message>
    <message>
        <source>File</source>
        <translation />
    </message>
    <message>
        <source>What</source>
        <translation />
    </message>
    <message>
        <source>Where</source>
        <translation />
    </message>
    <message>
        <source>Sample</source>
        <translation />
    </message>
    <message>
        <source>Line</source>
        <translation />
    </message>
    <message>
        <source>Text</source>
        <translation />
    </message>
    <message>
        <source>Warning</source>
        <translation />
    </message>
    <message>
        <source>&amp;Import</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>&amp;This line is a heading</source>
        <translation />
    </message>
    <message>
        <source>Lines that look like headings but were not split on. Pick one and say it is a heading, then preview again.</source>
        <translation />
    </message>
    <message>
        <source>Heading rule</source>
        <translation />
    </message>
    <message>
        <source>a regular expression, e.g. ^第.+回; empty: the usual headings</source>
        <translation />
    </message>
    <message>
        <source>lines that are headings, one a line</source>
        <translation />
    </message>
    <message>
        <source>Preview &amp;again</source>
        <translation />
    </message>
    <message>
        <source>Heading &amp;pattern</source>
        <translation />
    </message>
    <message>
        <source>&amp;Heading lines</source>
        <translation />
    </message>
    <message>
        <source>%1 (line %2)</source>
        <translation />
    </message>
    <message>
        <source>hard-wrapped lines re-joined</source>
        <translation />
    </message>
    <message>
        <source>not imported: %1</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters (%2 characters) in %3 files: %4 new, %5 unchanged, %6 updated, %7 in conflict.</source>
        <translation />
    </message>
    <message>
        <source>Chapters already in the book hold other text: importing asks what to do.</source>
        <translation />
    </message>
    <message>
        <source>&amp;Chapters (%1)</source>
        <translation />
    </message>
    <message>
        <source>&amp;Suspect headings (%1)</source>
        <translation />
    </message>
    <message>
        <source>&amp;Dropped (%1)</source>
        <translation />
    </message>
    <message>
        <source>&amp;Warnings (%1)</source>
        <translation />
    </message>
    <message>
        <source>new</source>
        <translation />
    </message>
    <message>
        <source>unchanged</source>
        <translation />
    </message>
    <message>
        <source>updated</source>
        <translation />
    </message>
    <message>
        <source>conflict</source>
        <translation />
    </message>
    <message>
        <source>advert</source>
        <translation />
    </message>
    <message>
        <source>web address</source>
        <translation />
    </message>
    <message>
        <source>site notice</source>
        <translation />
    </message>
    <message>
        <source>disclaimer</source>
        <translation />
    </message>
    <message>
        <source>site metadata</source>
        <translation />
    </message>
    <message>
        <source>boilerplate</source>
        <translation />
    </message>
    <message>
        <source>table of contents</source>
        <translation />
    </message>
    <message>
        <source>licence</source>
        <translation />
    </message>
    <message>
        <source>Preview again first: the heading rule was changed</source>
        <translation />
    </message>
    <message>
        <source>The heading pattern is not a valid regular expression: %1</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1: “%2” (%3) would become “%4” (%5)</source>
        <translation />
    </message>
    <message>
        <source>… and %1 more</source>
        <translation />
    </message>
    <message>
        <source>Chapters already in the book</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters of this import already hold other text in the book. Replace them (a snapshot of the book is taken first), or append the imported chapters after the book's last chapter?</source>
        <translation />
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation />
    </message>
    <message>
        <source>&amp;Append after the last chapter</source>
        <translation />
    </message>
    <message>
        <source>The split may be wrong: look at the suspect headings and the warnings, and fix the heading rule below if need be.</source>
        <translation />
    </message>
    <message numerus="yes">
        <source>Reading %n file(s)…</source>
        <translation>
            <numerusform>Reading %n file…</numerusform>
            <numerusform>Reading %n files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewQueue</name>
    <message>
        <source>No settlement is waiting for review.</source>
        <translation />
    </message>
    <message>
        <source>Accepting chapter %1…</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1: %2 items accepted; %3 wait for you.</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1 could not be accepted: %2</source>
        <translation />
    </message>
</context>
<context>
    <name>ReviewQueueDialog</name>
    <message>
        <source>Review queue</source>
        <translation />
    </message>
    <message>
        <source>Proposals waiting for your review, grouped by the chapter they were read from. Nothing enters the story bible until you accept it; conflicts with canon always wait for you.</source>
        <translation />
    </message>
    <message>
        <source>Proposal</source>
        <translation />
    </message>
    <message>
        <source>New</source>
        <translation />
    </message>
    <message>
        <source>Unchanged</source>
        <translation />
    </message>
    <message>
        <source>Changes</source>
        <translation />
    </message>
    <message>
        <source>Conflicts</source>
        <translation />
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation />
    </message>
    <message>
        <source>&amp;Accept new and unchanged</source>
        <translation />
    </message>
    <message>
        <source>Apply this chapter's new and unchanged items; changes and conflicts stay in the queue for you</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>No proposal is waiting for review.</source>
        <translation />
    </message>
    <message>
        <source>Task settlements</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>Proposal #%1</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 (%2)</source>
        <translation />
    </message>
</context>
<context>
    <name>AppliedSettlementsDialog</name>
    <message>
        <source>Undo a settlement</source>
        <translation />
    </message>
    <message>
        <source>Choose a settlement to undo. You will see what it removes and reopens, and which chapters rely on it, before anything changes.</source>
        <translation />
    </message>
    <message>
        <source>Settlement</source>
        <translation />
    </message>
    <message>
        <source>Source</source>
        <translation />
    </message>
    <message>
        <source>Applied</source>
        <translation />
    </message>
    <message>
        <source>Items</source>
        <translation />
    </message>
    <message>
        <source>No applied settlement to undo.</source>
        <translation />
    </message>
    <message>
        <source>Undo…</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Task #%1</source>
        <translation />
    </message>
    <message>
        <source>Imported chapter %1</source>
        <translation />
    </message>
    <message>
        <source>File %1</source>
        <translation />
    </message>
    <message>
        <source>Command line</source>
        <translation />
    </message>
</context>
<context>
    <name>ReviewImpactView</name>
    <message>
        <source>acts after the death</source>
        <translation />
    </message>
    <message>
        <source>the old owner still holds it</source>
        <translation />
    </message>
    <message>
        <source>names the old relation</source>
        <translation />
    </message>
    <message>
        <source>states the old value</source>
        <translation />
    </message>
    <message>
        <source>treats the hook as still open</source>
        <translation />
    </message>
    <message>
        <source>tells or relies on the death</source>
        <translation />
    </message>
    <message>
        <source>treats the hook as solved</source>
        <translation />
    </message>
    <message>
        <source>names what the undo removes</source>
        <translation />
    </message>
    <message>
        <source>Pending</source>
        <translation />
    </message>
    <message>
        <source>In progress</source>
        <translation />
    </message>
    <message>
        <source>Completed</source>
        <translation />
    </message>
    <message>
        <source>Unresolved</source>
        <translation />
    </message>
    <message>
        <source>Resolved</source>
        <translation />
    </message>
    <message>
        <source>Step</source>
        <translation />
    </message>
    <message>
        <source>General outline</source>
        <translation />
    </message>
    <message>
        <source>Long outline</source>
        <translation />
    </message>
    <message>
        <source>Short outline</source>
        <translation />
    </message>
    <message>
        <source>Impact</source>
        <translation />
    </message>
    <message>
        <source>Working out what this touches in the chapters already written…</source>
        <translation />
    </message>
    <message>
        <source>The impact could not be worked out: %1</source>
        <translation />
    </message>
    <message>
        <source>Nothing already written relies on a fact this undo takes away.</source>
        <translation />
    </message>
    <message>
        <source>This settlement only adds to canon: nothing already written relies on a fact it changes.</source>
        <translation />
    </message>
    <message>
        <source>%1 chapters already written rely on facts this changes; %2 plan items and hooks name who is involved.</source>
        <translation />
    </message>
    <message>
        <source>Impact (%1)</source>
        <translation />
    </message>
    <message>
        <source>Facts that change</source>
        <translation />
    </message>
    <message>
        <source>Outline</source>
        <translation />
    </message>
    <message>
        <source>Hooks</source>
        <translation />
    </message>
    <message>
        <source>(chapter %1 on)</source>
        <translation />
    </message>
    <message>
        <source>… and %1 more</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>… and %1 more sentences</source>
        <translation />
    </message>
    <message>
        <source>… and %1 more chapters</source>
        <translation />
    </message>
    <message>
        <source>, chapter %1</source>
        <translation />
    </message>
    <message>
        <source>Chapters that rely on the old facts</source>
        <translation />
    </message>
    <message>
        <source>%1 dies</source>
        <translation />
    </message>
    <message>
        <source>%1 no longer holds %2</source>
        <translation />
    </message>
    <message>
        <source>%1 and %2: the old relation ends</source>
        <translation />
    </message>
    <message>
        <source>%1 is no longer %3</source>
        <translation />
    </message>
    <message>
        <source>the hook %1 is resolved</source>
        <translation />
    </message>
    <message>
        <source>%1 is no longer dead</source>
        <translation />
    </message>
    <message>
        <source>the hook %1 is open again</source>
        <translation />
    </message>
    <message>
        <source>%1 leaves canon</source>
        <translation />
    </message>
    <message>
        <source>the holder the undo removes holds it</source>
        <translation />
    </message>
    <message>
        <source>names the relation the undo removes</source>
        <translation />
    </message>
    <message>
        <source>states the value the undo removes</source>
        <translation />
    </message>
</context>
<context>
    <name>SettlementUndo</name>
    <message>
        <source>Settlement #%1 undone</source>
        <translation />
    </message>
</context>
<context>
    <name>UndoConfirmDialog</name>
    <message>
        <source>Undo settlement #%1?</source>
        <translation />
    </message>
    <message>
        <source>Entity</source>
        <translation />
    </message>
    <message>
        <source>Hook</source>
        <translation />
    </message>
    <message>
        <source>Relation</source>
        <translation />
    </message>
    <message>
        <source>State</source>
        <translation />
    </message>
    <message>
        <source>Outline</source>
        <translation />
    </message>
    <message>
        <source>Step</source>
        <translation />
    </message>
    <message>
        <source>Setting entry</source>
        <translation />
    </message>
    <message>
        <source>Task</source>
        <translation />
    </message>
    <message>
        <source>Undo settlement</source>
        <translation />
    </message>
    <message>
        <source>Cancel</source>
        <translation />
    </message>
    <message>
        <source>This settlement cannot be undone yet: %1</source>
        <translation />
    </message>
    <message>
        <source>Settlement #%1 (%2 items) will be undone everywhere.</source>
        <translation />
    </message>
    <message>
        <source>Will be removed</source>
        <translation />
    </message>
    <message>
        <source>Will be reopened</source>
        <translation />
    </message>
    <message>
        <source>Will be put back as it was</source>
        <translation />
    </message>
    <message>
        <source>%1 plan items</source>
        <translation />
    </message>
    <message>
        <source>It wrote nothing that is still in the book.</source>
        <translation />
    </message>
    <message>
        <source>(from chapter %1)</source>
        <translation />
    </message>
</context>
<context>
    <name>AuditDialog</name>
    <message>
        <source>Audit the manuscript</source>
        <translation />
    </message>
    <message>
        <source>Each imported chapter is checked against canon as it stood before that chapter: the dead acting, items in other hands, realms going back, solved mysteries reopened, characters in two places, ages and family ties that disagree.</source>
        <translation />
    </message>
    <message>
        <source>Audit</source>
        <translation />
    </message>
    <message>
        <source>Stop</source>
        <translation />
    </message>
    <message>
        <source>Show dismissed</source>
        <translation />
    </message>
    <message>
        <source>Chapters</source>
        <translation />
    </message>
    <message>
        <source>Not audited yet.</source>
        <translation />
    </message>
    <message>
        <source>Issue</source>
        <translation />
    </message>
    <message>
        <source>Sentence</source>
        <translation />
    </message>
    <message>
        <source>Canon says</source>
        <translation />
    </message>
    <message>
        <source>This is intended</source>
        <translation />
    </message>
    <message>
        <source>Not intended after all</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Auditing…</source>
        <translation />
    </message>
    <message>
        <source>Auditing chapter %1 (%2 of %3)…</source>
        <translation />
    </message>
    <message>
        <source>This chapter is no longer in the book.</source>
        <translation />
    </message>
    <message>
        <source>%1 issues in %2 chapters audited of %3.</source>
        <translation />
    </message>
    <message>
        <source>%1 dismissed as intended.</source>
        <translation />
    </message>
    <message>
        <source>Stopped early: audit again to go on (audited chapters are kept).</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1 %2</source>
        <translation />
    </message>
    <message>
        <source>%1
Canon: %2
From: %3</source>
        <translation />
    </message>
    <message>
        <source>The dead act</source>
        <translation />
    </message>
    <message>
        <source>Item in other hands</source>
        <translation />
    </message>
    <message>
        <source>Realm goes back</source>
        <translation />
    </message>
    <message>
        <source>Solved mystery reopened</source>
        <translation />
    </message>
    <message>
        <source>In two places</source>
        <translation />
    </message>
    <message>
        <source>Age disagrees</source>
        <translation />
    </message>
    <message>
        <source>Family tie disagrees</source>
        <translation />
    </message>
    <message>
        <source>The model's doubt</source>
        <translation />
    </message>
    <message>
        <source>settlement #%1</source>
        <translation />
    </message>
    <message>
        <source>read from chapter %1</source>
        <translation />
    </message>
    <message>
        <source>discussion task %1</source>
        <translation />
    </message>
    <message>
        <source>file %1</source>
        <translation />
    </message>
    <message>
        <source>entered by the author</source>
        <translation />
    </message>
    <message>
        <source>passages %1</source>
        <translation />
    </message>
    <message>
        <source>messages %1</source>
        <translation />
    </message>
    <message>
        <source>unknown</source>
        <translation />
    </message>
</context>
<context>
    <name>ManuscriptAudit</name>
    <message>
        <source>The book has no chapters yet: import some first (Book ▸ Import chapters…).</source>
        <translation />
    </message>
    <message>
        <source>Auditing the manuscript…</source>
        <translation />
    </message>
</context>
<context>
    <name>RelationWords</name>
    <message>
        <source>owns</source>
        <translation />
    </message>
    <message>
        <source>member of</source>
        <translation />
    </message>
    <message>
        <source>leads</source>
        <translation />
    </message>
    <message>
        <source>master of</source>
        <translation />
    </message>
    <message>
        <source>senior of</source>
        <translation />
    </message>
    <message>
        <source>parent of</source>
        <translation />
    </message>
    <message>
        <source>sibling of</source>
        <translation />
    </message>
    <message>
        <source>married to</source>
        <translation />
    </message>
    <message>
        <source>loves</source>
        <translation />
    </message>
    <message>
        <source>hates</source>
        <translation />
    </message>
    <message>
        <source>ally of</source>
        <translation />
    </message>
    <message>
        <source>serves</source>
        <translation />
    </message>
    <message>
        <source>killed</source>
        <translation />
    </message>
    <message>
        <source>located in</source>
        <translation />
    </message>
    <message>
        <source>lives in</source>
        <translation />
    </message>
    <message>
        <source>is at</source>
        <translation />
    </message>
    <message>
        <source>comes from</source>
        <translation />
    </message>
    <message>
        <source>has ability</source>
        <translation />
    </message>
    <message>
        <source>knows</source>
        <translation />
    </message>
    <message>
        <source>friend of</source>
        <translation />
    </message>
    <message>
        <source>enemy of</source>
        <translation />
    </message>
    <message>
        <source>holds</source>
        <translation />
    </message>
</context>
<context>
    <name>SettingsLibraryDialog</name>
    <message>
        <source>Unsaved changes</source>
        <translation />
    </message>
    <message>
        <source>Save your changes to “%1” first?</source>
        <translation />
    </message>
    <message>
        <source>the new entry</source>
        <translation />
    </message>
    <message>
        <source>%1 entries</source>
        <translation />
    </message>
    <message>
        <source>(no category)</source>
        <translation />
    </message>
    <message>
        <source>Add a scale</source>
        <translation />
    </message>
    <message>
        <source>All entries</source>
        <translation />
    </message>
    <message>
        <source>An exact title, or words to search for…</source>
        <translation />
    </message>
    <message>
        <source>Category</source>
        <translation />
    </message>
    <message>
        <source>Choose an entry to see the scale read from it.</source>
        <translation />
    </message>
    <message>
        <source>Clear</source>
        <translation />
    </message>
    <message>
        <source>Confirm scale</source>
        <translation />
    </message>
    <message>
        <source>Confirmation cleared: the scale is read from the text again.</source>
        <translation />
    </message>
    <message>
        <source>Confirmed by you: continuity ranks realms by these levels.</source>
        <translation />
    </message>
    <message>
        <source>Confirmed by you: this entry defines no scale.</source>
        <translation />
    </message>
    <message>
        <source>Keyword search (the embedder is not loaded)</source>
        <translation />
    </message>
    <message>
        <source>Look up title</source>
        <translation />
    </message>
    <message>
        <source>New entry</source>
        <translation />
    </message>
    <message>
        <source>No scale read from this text. Add one by hand if it defines one.</source>
        <translation />
    </message>
    <message>
        <source>Nothing found for “%1”.</source>
        <translation />
    </message>
    <message>
        <source>One scale a row, lowest level first: 炼气 &lt; 筑基 &lt; 金丹</source>
        <translation />
    </message>
    <message>
        <source>Read from the text, lowest first (not confirmed). Edit a row by double-clicking it.</source>
        <translation />
    </message>
    <message>
        <source>Remove row</source>
        <translation />
    </message>
    <message>
        <source>Save</source>
        <translation />
    </message>
    <message>
        <source>Saved “%1”.</source>
        <translation />
    </message>
    <message>
        <source>Scale confirmed.</source>
        <translation />
    </message>
    <message>
        <source>Search by meaning</source>
        <translation />
    </message>
    <message>
        <source>Search results</source>
        <translation />
    </message>
    <message>
        <source>Search</source>
        <translation />
    </message>
    <message>
        <source>Searching…</source>
        <translation />
    </message>
    <message>
        <source>Settings library</source>
        <translation />
    </message>
    <message>
        <source>Sub-levels: %1</source>
        <translation />
    </message>
    <message>
        <source>Title</source>
        <translation />
    </message>
    <message>
        <source>Use as scale</source>
        <translation />
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search the manuscript</source>
        <translation />
    </message>
    <message>
        <source>Words to find, e.g. 祖石 or a line you remember</source>
        <translation />
    </message>
    <message>
        <source>Names, separated by spaces or 、</source>
        <translation />
    </message>
    <message>
        <source>Hybrid (words and meaning)</source>
        <translation />
    </message>
    <message>
        <source>Keyword (exact words only)</source>
        <translation />
    </message>
    <message>
        <source>Search</source>
        <translation />
    </message>
    <message>
        <source>&amp;Find</source>
        <translation />
    </message>
    <message>
        <source>In &amp;chapters</source>
        <translation />
    </message>
    <message>
        <source>Passages where &amp;all of these appear</source>
        <translation />
    </message>
    <message>
        <source>&amp;Ranking</source>
        <translation />
    </message>
    <message>
        <source>Open chapter</source>
        <translation />
    </message>
    <message>
        <source>any</source>
        <translation />
    </message>
    <message>
        <source>Searching…</source>
        <translation />
    </message>
    <message>
        <source>to</source>
        <translation />
    </message>
    <message>
        <source>Chapter</source>
        <translation />
    </message>
    <message>
        <source>Passage</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Type words to find, or names that must appear together.</source>
        <translation />
    </message>
    <message>
        <source>The first chapter comes after the last one.</source>
        <translation />
    </message>
    <message numerus="yes">
        <source>%n passage(s) found</source>
        <translation>
            <numerusform>%n passage found</numerusform>
            <numerusform>%n passages found</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing found. Try fewer names, a wider chapter range or other words.</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1 is not in the manuscript.</source>
        <translation />
    </message>
</context>
<context>
    <name>ChapterTextDialog</name>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
</context>
<context>
    <name>BibleExport</name>
    <message>
        <source>Export the story bible into a folder</source>
        <translation />
    </message>
    <message>
        <source>Exporting the story bible…</source>
        <translation />
    </message>
    <message>
        <source>Story bible exported</source>
        <translation />
    </message>
    <message>
        <source>Show folder</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>%1 story bible</source>
        <translation />
    </message>
    <message numerus="yes">
        <source>The story bible is in %1, with %n settlement(s) as JSON.</source>
        <translation>
            <numerusform>The story bible is in %1, with %n settlement as JSON.</numerusform>
            <numerusform>The story bible is in %1, with %n settlements as JSON.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PersonasDialog</name>
    <message>
        <source>Personas</source>
        <translation />
    </message>
    <message>
        <source>A character's name</source>
        <translation />
    </message>
    <message>
        <source>Who this character is at heart: temperament, values, how they speak. Set once; it never changes afterwards.</source>
        <translation />
    </message>
    <message>
        <source>Set &amp;base persona</source>
        <translation />
    </message>
    <message>
        <source>Base persona (fixed core)</source>
        <translation />
    </message>
    <message>
        <source>&amp;Update from settled facts</source>
        <translation />
    </message>
    <message>
        <source>The model summarises what recent settled facts changed into a new version; the base persona is untouched</source>
        <translation />
    </message>
    <message>
        <source>&amp;Revert to this version</source>
        <translation />
    </message>
    <message>
        <source>Evolved persona (versions, newest last)</source>
        <translation />
    </message>
    <message>
        <source>&amp;Character</source>
        <translation />
    </message>
    <message>
        <source>Version</source>
        <translation />
    </message>
    <message>
        <source>Written</source>
        <translation />
    </message>
    <message>
        <source>Beginning</source>
        <translation />
    </message>
    <message>
        <source>Close</source>
        <translation />
    </message>
    <message>
        <source>Set once: the base never changes; the evolved persona grows from it.</source>
        <translation />
    </message>
    <message>
        <source>Write the base persona first.</source>
        <translation />
    </message>
    <message>
        <source>The current version</source>
        <translation />
    </message>
    <message>
        <source>%1 has no persona yet: write the base persona, or update to have the model draft an evolved one from settled facts.</source>
        <translation />
    </message>
</context>
<context>
    <name>Personas</name>
    <message>
        <source>The model is writing a new version from settled facts…</source>
        <translation />
    </message>
    <message>
        <source>Updating the persona of %1…</source>
        <translation />
    </message>
    <message>
        <source>A new version of %1's evolved persona is current.</source>
        <translation />
    </message>
    <message>
        <source>Base persona of %1 set.</source>
        <translation />
    </message>
    <message>
        <source>Version %1 is current again (kept as a new version).</source>
        <translation />
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome to Inkstone</source>
        <translation />
    </message>
    <message>
        <source>Your novel's memory: its characters, places, threads and plans, kept as you write. Start a book, open one, or make one from a manuscript you already have.</source>
        <translation />
    </message>
    <message>
        <source>&amp;New book…</source>
        <translation />
    </message>
    <message>
        <source>O&amp;pen book…</source>
        <translation />
    </message>
    <message>
        <source>&amp;Import a manuscript…</source>
        <translation />
    </message>
    <message>
        <source>Choose chapter files (.txt .md .docx .epub): a new book is made from them, and you see the chapters found before anything is imported</source>
        <translation />
    </message>
    <message>
        <source>&amp;Recent books</source>
        <translation />
    </message>
    <message>
        <source>No books yet — your recent books will be listed here.</source>
        <translation />
    </message>
    <message>
        <source>Model not loaded yet</source>
        <translation />
    </message>
    <message>
        <source>Loading the model…</source>
        <translation />
    </message>
    <message>
        <source>Model ready</source>
        <translation />
    </message>
    <message>
        <source>Model busy</source>
        <translation />
    </message>
    <message>
        <source>The model could not be loaded</source>
        <translation />
    </message>
    <message>
        <source>Tools ▸ Settings… to choose another model.</source>
        <translation />
    </message>
    <message>
        <source>GPU</source>
        <translation />
    </message>
    <message>
        <source>CPU</source>
        <translation />
    </message>
    <message>
        <source>not found</source>
        <translation />
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <source>Choose the manuscript's files</source>
        <translation />
    </message>
    <message>
        <source>Chapters (*.txt *.md *.docx *.epub);;All files (*)</source>
        <translation />
    </message>
    <message>
        <source>New book from a manuscript</source>
        <translation />
    </message>
</context>
<context>
    <name>FailedJobsTab</name>
    <message>
        <source>Fact extraction</source>
        <translation />
    </message>
    <message>
        <source>Linking names in chapters</source>
        <translation />
    </message>
    <message>
        <source>Relinking changed names</source>
        <translation />
    </message>
    <message>
        <source>Embedding</source>
        <translation />
    </message>
    <message>
        <source>Background work that failed; the book itself is unharmed. Retry queues it again (extraction then runs with the next extraction); Discard gives it up.</source>
        <translation />
    </message>
    <message>
        <source>Job</source>
        <translation />
    </message>
    <message>
        <source>Kind</source>
        <translation />
    </message>
    <message>
        <source>About</source>
        <translation />
    </message>
    <message>
        <source>Error</source>
        <translation />
    </message>
    <message>
        <source>&amp;Retry job</source>
        <translation />
    </message>
    <message>
        <source>D&amp;iscard job</source>
        <translation />
    </message>
    <message>
        <source>Chapter %1</source>
        <translation />
    </message>
    <message>
        <source>Chapters %1</source>
        <translation />
    </message>
    <message>
        <source>No failed jobs.</source>
        <translation />
    </message>
</context>
<context>
    <name>PlanEditor</name>
    <message>
        <source>Add…</source>
        <translation />
    </message>
    <message>
        <source>New general outline…</source>
        <translation />
    </message>
    <message>
        <source>Rename…</source>
        <translation />
    </message>
    <message>
        <source>Move up</source>
        <translation />
    </message>
    <message>
        <source>Move down</source>
        <translation />
    </message>
    <message>
        <source>Put the pointer here</source>
        <translation />
    </message>
    <message>
        <source>Status</source>
        <translation />
    </message>
    <message>
        <source>Set status</source>
        <translation />
    </message>
    <message>
        <source>Add general outline…</source>
        <translation />
    </message>
    <message>
        <source>Add long outline…</source>
        <translation />
    </message>
    <message>
        <source>Add short outline…</source>
        <translation />
    </message>
    <message>
        <source>Add step…</source>
        <translation />
    </message>
    <message>
        <source>Move under</source>
        <translation />
    </message>
    <message>
        <source>Name:</source>
        <translation />
    </message>
    <message>
        <source>New general outline</source>
        <translation />
    </message>
    <message>
        <source>Rename</source>
        <translation />
    </message>
    <message>
        <source>New name:</source>
        <translation />
    </message>
</context>
</TS>
