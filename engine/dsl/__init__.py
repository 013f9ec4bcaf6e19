"""The effect DSL: one lark grammar for card effects, rule formulas and edition actions.

Public API:
    check_edition(tree, locate) -> list[Problem]
    analyse_edition(tree, locate) -> EditionAnalysis             (its problems; compiled without parsing again)
    compile_edition(tree, locate, analysis=None) -> dict[str, Callable]   (JSON pointer -> function)
    check_snippet(text, context, names=None, ...) -> list[Problem]
    compile_snippet(text, context, names=None, ...) -> Callable
    EditionNames.from_tree(tree)                                  (the ids a snippet may use)
    CONTEXTS, POINTERS                                            (where DSL is used; signatures)

The pipeline: parser.py (grammar.lark, with indentation.py, builder.py -> nodes.py; errors worded
by syntax_messages.py) -> checker.py (names, types) -> codegen.py (Python source, compiled once)
running with prelude.py's helpers against runtime.GameRuntime; failures.py places run-time errors
at the DSL text. pipeline.py runs it all over an edition. Reference: docs/dsl.md.
"""

from .contexts import CONTEXTS, POINTERS, Context
from .names import EditionNames
from .pipeline import (
                       EditionAnalysis,
                       Snippet,
                       analyse_edition,
                       check_edition,
                       check_snippet,
                       compile_edition,
                       compile_snippet,
                       find_snippets,
)

__all__ = [
    "CONTEXTS", "POINTERS", "Context", "EditionAnalysis", "EditionNames", "Snippet",
    "analyse_edition", "check_edition", "check_snippet", "compile_edition", "compile_snippet", "find_snippets",
]
