"""Analysis of editions and simulations: exact landing odds (a Markov chain built from the
edition's board, dice, movement cards, doubles and jail rules), the economics of deeds,
statistics with confidence intervals, comparisons and reports.

Light modules (pure Python): `movement` (card movements from the DSL syntax tree), `markov`
(the chain and its solution), `economics` (rents and payback), `stats` (Wilson intervals,
percentiles, tests). The HTML reports (matplotlib, extra `magie[analysis]`) are in
`magie.cli.report`.
"""
