"""The web app's routes, one router per audience: the pages people read (`pages`), the JSON API
programs and the table page's scripts call (`api`), the creator's controls (`admin`) and the
live table (`sockets`). What they ask of a request (the service, the seat, the creator, the
reader's language, a JSON body) is a FastAPI dependency (`dependencies`); the service's typed
refusals become status codes in one handler (`refusals`)."""
