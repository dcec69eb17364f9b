"""Every prompt the engine sends, keyed by language, beside its few-shot examples."""
