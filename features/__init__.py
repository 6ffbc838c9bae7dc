"""Bundled conformance scenarios (Gherkin), one folder per regulation."""
