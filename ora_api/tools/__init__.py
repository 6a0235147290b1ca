"""The tools behind ``ora selfplay``, ``ora arena`` and ``ora bench``: games between bots
(``selfplay``), tournaments with ratings (``arena``, ``ratings``), the benchmarks of the engine
and of the API (``bench``, ``bench_api``) and their progress bar (``progress``)."""
