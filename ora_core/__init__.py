"""ora_core: the model. Its first import puts the compiled core in place where one is built
for these sources (ora_core/compiled.py)."""

from ora_core import compiled

compiled.install()
