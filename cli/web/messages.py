"""The words the pages' script shows (served in the game's language by `GET /api/ui`). Their
translations are in the interface catalogue (cli/locale) with every other message."""

UI_MESSAGES = (
    "Add a seat", "Also with", "Auction", "Bid", "Board", "Bot {n}", "Cash", "Download the save",
    "Each person opens their own link (keep it secret: it is their seat).", "Edition",
    "Everybody plays at this browser", "Game log", "Game over", "House rules", "Language",
    "Manage between the other players' turns", "New game",
    "Nothing to decide now.", "Offer the trade", "Partner", "Pass", "Player", "Players", "Propose a trade",
    "Reconnecting…", "Round", "Seats", "Seed", "Start the game", "Still in", "The game is ready",
    "Title deeds", "Where", "Winner", "You are watching this game.", "You get", "You give", "You give to",
    "You get from", "Your move",
    "bankrupt", "bot", "from", "in jail", "person",
    "Bank", "IOUs out",
    # the table, a deed's panel and the end of the game
    "Build", "Build evenly to {n}",
    "Build, sell or mortgage on a deed's panel: click a marked space or a deed", "Building costs", "Close",
    "Landings on the board (heat map)", "Latest", "Lift the mortgage", "More actions", "Mortgage",
    "Mortgage value", "Net worth", "Net worth by round", "Owner", "Price", "Rent", "Rent paid",
    "Rent received", "Sell a building", "Sell to the bank", "The bank holds it", "no buildings",
    "not your turn", "answer the question above first", "not in this decision", "house", "hotel", "mortgaged",
    "Rent, times the throw", "Trades", "gives", "waiting for the answer", "accepted", "rejected",
    "Counter-offer", "A counter-offer rejects this one and opens the trade form with it turned round at your next move",
    # the studio: its page, a seeded game turn by turn, the balance report
    "Studio", "Open", "Open a file", "File name", "Download the edition", "A seeded game", "Bot", "Play",
    "To the start", "Back", "Next turn", "To the end", "Balance report", "Games", "Errors: {n}", "Warnings: {n}",
    "No errors · Warnings: {n}", "No problems", "error", "warning", "Checking…", "Playing…", "Step {k} of {n}",
    "stopped by the studio's limit", "Games played: {n} of {asked} (seed {seed}, {bot})", "Win rate by seat",
    "Win rate", "First player", "expected", "Game length (rounds)", "mean", "median", "Payback by group (rounds)",
    "Group", "deeds only", "soonest", "Cost", "uploaded",
    # room settings on the new-game form, the rules of the table and the analytics on the board
    "Rules of the game", "Change a rule from the edition's default; a changed rule is marked and every seat sees it.",
    "Rules of this table", "The edition's rules, no setting changed.", "edition's default", "yes", "no",
    "Landing odds and payback on the board", "per throw", "Payback in rounds: {n}", "Payback in rounds",
    "Computing…", "players at the table",
    "Exact long-run odds of ending a throw on each space; payback: the rounds until a deed's rent from the "
    "other players repays its price and buildings.",
    # timers, absent players, the lobby and spectators (timers.py, lobby.py)
    "open seat (the lobby)", "Decision time (seconds)", "Games waiting for players", "No game waits for players.",
    "Waiting for players", "Start now with bots in the open seats", "Your name", "Open seats", "Join", "s left",
    "A bot answers for you while you are away", "Take my seat back", "Seats (host)", "answered by a bot",
    "Hand the seat back", "Hand the seat to a bot", "Link for spectators",
    # what a screen reader says of the board and the dice
    "Dice", "Buildings", "Here",
)
