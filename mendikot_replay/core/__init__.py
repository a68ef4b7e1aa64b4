"""The game itself: cards, seats, rules, the engine that plays a deal, the result, match
scoring and the replay timeline. Knows no file format and no view."""
