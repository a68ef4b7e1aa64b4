"""Computer players (random, rule of thumb, PIMC), random deals and positions, and simulated
collections."""
