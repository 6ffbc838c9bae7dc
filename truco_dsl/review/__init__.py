"""Tools for reviewers of a rule change: what a change does to the text, to every scenario and to
simulated play (``truco diff``, ``truco explain``, ``truco rulebook``). Empty until they land; they
may use the conformance harness (a diff runs scenarios under both rule sets), which never imports
this package."""
