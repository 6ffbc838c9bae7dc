"""Where the bundled material lives: the rule files and regulations (spec/), the scenarios
(features/) and the engine authors' folder (conformance/: the protocol's schemas and documents).

In a checkout (installed editable, or not installed at all) they are the folders at the top of the
repository, beside ``truco_dsl/``; a plain ``pip install .`` ships them inside the package
(``truco_dsl/spec``, ``truco_dsl/features``, ``truco_dsl/conformance_kit``: pyproject.toml) and they
are found there. They hold data and documents only, never code.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _folder(installed: str, checkout: str) -> Path:
    """The folder inside the installed package if it is there, else the checkout's top-level one."""
    inside = _PACKAGE / installed
    return inside if inside.is_dir() else _PACKAGE.parent / checkout


#: spec/: sources/ (the regulations split into clauses), rulesets/, schema/
SPEC_DIR = _folder("spec", "spec")
RULESETS_DIR = SPEC_DIR / "rulesets"
SOURCES_DIR = SPEC_DIR / "sources"
#: features/: the scenarios, a folder per regulation
FEATURES_DIR = _folder("features", "features")
#: conformance/: PROTOCOL.md, STEPS.md, schema/ (the protocol, state, report, cases, expectations)
CONFORMANCE_KIT_DIR = _folder("conformance_kit", "conformance")
SCHEMA_DIR = CONFORMANCE_KIT_DIR / "schema"
#: conformance/perft/: the move counts of each bundled rule set (truco conform --perft)
PERFT_DIR = CONFORMANCE_KIT_DIR / "perft"
