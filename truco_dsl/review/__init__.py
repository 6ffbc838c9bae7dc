"""Tools for reviewers of a rule change: what a change does to the text, to every scenario and to
simulated play. ``revisions`` (a side of a diff: an id, a file, ``FILE@GITREV``), ``text``,
``behaviour`` and ``diff`` (``truco diff``), ``explain`` (``truco explain``), ``rulebook`` and its
templates (``truco rulebook``). They use the conformance harness (exported cases, the reference
adapter) and the simulation, which never import this package."""
