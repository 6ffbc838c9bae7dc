"""The engine under test: ``adapter`` (the ``EngineAdapter`` interface and the reference engine
behind it), ``protocol`` (the JSON-lines messages and the server side), ``process`` (an engine
program behind the protocol), ``transcript`` (what was asked and replied), ``gat_games`` (a
third-party engine's adapter). Nothing here imports pytest."""
