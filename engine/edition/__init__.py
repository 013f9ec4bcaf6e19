"""Edition files: loading with positions, extends and overlays, schema and semantic validation.

Modules (import from them directly; this package imports nothing). Problems (Mark, Problem,
ProblemsError) and the wording of suggestions live one level up, in `engine.problems` and
`engine.hints`, because the DSL reports problems too and must not import this package.

- `yamlload`: read_yaml -> marked containers (MarkedMap, MarkedSeq), to_plain.
- `loader`: load_edition(ref, variants) -> LoadedEdition; content_hash().
- `listing`: list_builtin() -> the built-in editions and overlays (an index in the user cache).
- `validate`: validate_paths(paths) -> list[Problem] (what `magie validate` runs).
- `merge`: the merge rules; `schema`: the JSON Schema check; `semantic`: checks of meaning;
  `checks`: all checks of a merged tree; `codes`: every problem code with its meaning.
- `pointers`: JSON pointers -> marks; `diff`: differences between two editions;
  `text`: player-facing text in a language.
- `model`: the immutable Edition the engine plays.
- `layout`: where each space is drawn (`board_layout:`), shared by every board renderer.
"""
