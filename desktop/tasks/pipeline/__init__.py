"""Multi-pass settlement extraction built for a small local model: candidates, kinds, facts, decisions, evidence."""
