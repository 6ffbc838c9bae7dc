"""The scenarios and how they run: ``selection`` (rule set, tags, ``--engine python:``; no
pytest), ``catalogue`` (every scenario's id, tags and place), ``plugin`` and ``steps`` (pytest and
pytest-bdd), ``scenarios`` (the test module that binds every feature file), ``cases`` (the
scenarios as data for runners in other languages)."""
