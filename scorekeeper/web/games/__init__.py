"""Games: the games list, a new game, the scoreboard, its chart and Game menu."""
