"""The clause expression language: grammar, vocabulary and compiler."""

from truco_dsl.lang.compiler import Condition, Statements, compile_condition, compile_hook, compile_statements
from truco_dsl.lang.vocabulary import BUILTINS, HOOKS, ROOTS

__all__ = ["BUILTINS", "HOOKS", "ROOTS", "Condition", "Statements", "compile_condition", "compile_hook", "compile_statements"]
