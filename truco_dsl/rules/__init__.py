"""Rule sets: load rule files (YAML → schema → extends → RuleSet) and read spec/sources."""

from truco_dsl.rules.loader import available_rulesets, check_files, is_bundled, load_ruleset
from truco_dsl.rules.model import Clause, RuleSet
from truco_dsl.rules.sources import SourceClause, load_sources

__all__ = ["Clause", "RuleSet", "SourceClause", "available_rulesets", "check_files", "is_bundled", "load_ruleset", "load_sources"]
