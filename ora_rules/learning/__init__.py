"""The learning surface (docs/learning.md): a stable token encoding of the commands and a
fixed-shape observation (``encoding``), a game played token by token (``session``), and the
OpenSpiel game and PettingZoo environment over it (``openspiel``, ``pettingzoo``: the
``learning`` extra)."""
