"""The web front end (`magie serve`) and the board picture; fastapi is imported only by `app`."""
