"""Strategy points: finding them in a replay, writing and reading ``[%point …]``, and the
double-dummy points made from an analysis's verdicts."""
