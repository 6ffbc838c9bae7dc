"""What a run found: ``outcomes`` (the outcome names and the summary line), ``expectations`` (an
engine's known failures), ``junit`` and ``html`` (the report files)."""
