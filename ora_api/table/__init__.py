"""The table: what the server keeps around a game's rules, below the service that joins it.
Seats, invitations, spectators and the games' summaries (``lobby``, ``summaries``,
``join_retry``), a hot game and its legal-move pages (``hot``), a move's request id
(``retries``), clocks (``clocks``), take-backs and seat replacements stored (``table_events``),
turn notices and webhooks (``notices``) and bot seats (``bot_seats``, ``bot_pool``). No rule
lives here: they are asked of ``ora_rules``."""
