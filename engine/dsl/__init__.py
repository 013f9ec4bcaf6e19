"""The effect DSL: one lark grammar for card effects, rule formulas and edition actions.

Placeholder until the DSL lands: `check_edition` finds nothing and `compile_edition` compiles nothing.
"""


def check_edition(tree, locate):  # replaced by the DSL implementation
    return []


def compile_edition(tree, locate):  # replaced by the DSL implementation
    return {}
