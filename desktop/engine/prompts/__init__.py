"""Every prompt the app sends a model, keyed by language ("zh", "en"), beside its few-shot examples."""
