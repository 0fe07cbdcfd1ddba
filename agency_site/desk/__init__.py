"""The leads desk: the team works its leads in the site, signed in (docs/architecture.md §7).

Server side only; the desk's Reflex pages and state call the functions listed at the end of
this docstring (they are kept importable without Reflex). Sign-in happens over HTTP
(`desk/http.py`), everything after over the websocket, each event checking its session.
"""
