"""The table of any board game: the title, the clock (an hourglass per turn or each
player's time bank), every player's counters at a glance, and the end as the game
says (points, places, won or lost together)."""
