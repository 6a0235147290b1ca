"""The spec set: what ``specs/`` holds (``model``) and how its files are read and checked
(``fields``, ``cards``, ``board``, ``wonders``, ``read``). It knows no effect node: the effect
vocabulary's parser is handed in by :func:`ora_rules.specs.load_rules`, the public door."""
