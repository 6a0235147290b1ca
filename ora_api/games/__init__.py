"""The stored games as the server reads them, below the table: ``projection`` (the
``game.state`` view of a folded state), ``subscribers`` (their sinks and what each was pushed),
``follower`` (the appends of other processes on the same database) and ``storehealth`` (whether
the store answers)."""
