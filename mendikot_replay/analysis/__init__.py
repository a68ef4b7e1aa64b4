"""What a deal teaches, in one layer above the solver and the players: the double-dummy
analysis of a whole deal (:mod:`.double_dummy`: each card's outcome, the mistakes, the
decisive card), the single-dummy chances of one position (:mod:`.odds`) and of a whole deal
(:mod:`.chances`), and the strategy points found in a replay (:mod:`.points`)."""
