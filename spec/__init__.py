"""Bundled specification: rule files, their schema, and the regulations split into clauses."""
