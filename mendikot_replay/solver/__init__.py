"""Double-dummy solving: the search (compiled core and the Python reference, plain minimax) and
the analysis of a whole deal, which returns verdicts."""
