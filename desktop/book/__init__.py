"""A novel on disk: fact graph and plan graph (Kuzu), archive (SQLite + sqlite-vec + FTS5), settlement journal.

Open one with `desktop.book.book.Book`; submodules are imported where used so that reading a
settlement document does not load every database driver.
"""
