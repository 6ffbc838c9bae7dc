"""Rule sets: load rule files (YAML → schema → extends → RuleSet) and read spec/sources."""

from truco_dsl.rules.loader import Problem, RulesetError, available_rulesets, check_files, load_ruleset
from truco_dsl.rules.location import FEATURES_DIR, RULESETS_DIR, SPEC_DIR, Place
from truco_dsl.rules.model import Clause, RuleSet
from truco_dsl.rules.sources import SourceClause, load_sources

__all__ = [
    "Clause", "FEATURES_DIR", "Place", "Problem", "RULESETS_DIR", "RuleSet", "RulesetError", "SPEC_DIR",
    "SourceClause", "available_rulesets", "check_files", "load_ruleset", "load_sources",
]
