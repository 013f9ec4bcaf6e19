"""The routes of `magie serve` by resource: `pages` (the two pages, the interface's words, health),
`editions` (the editions and their boards), `uploads` (an uploaded edition or save), `games` (a
game's state, decisions and answers, log and save) and `sockets` (live updates). Each module has a
`router`; the shared state comes by dependency (`..server.ServerDep`, `RoomDep`)."""
