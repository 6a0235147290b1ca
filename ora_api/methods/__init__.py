"""The API's methods by family, each module with its params and results beside its handlers:
``lobby`` (game.create, game.join, game.spectate_token, game.list), ``play`` (game.move,
game.state, game.legal_moves, game.complete, game.events, game.score), ``projections``
(game.view, rules.catalog), ``subscriptions`` (game.subscribe, game.unsubscribe), ``words``
(rules.lookup, game.log, game.explain, game.moves, game.diff) and ``records`` (game.export,
game.import, game.verify). ``ora_api.jsonrpc.common`` holds what they share with the service:
the application errors and the docs of fields. Each family fills a registry of its own
(``METHODS``); ``ora_api.api`` joins them into ``API``, so nothing here imports the whole."""
