"""The desktop window: the only package that imports PySide6 (with app.py, the composition root)."""
