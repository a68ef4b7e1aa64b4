"""A deal on a board with no screen: the session every front end drives (see session.py)."""
