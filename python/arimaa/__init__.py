"""An exact and fast Arimaa rules engine: the Rust crate ``arimaa`` for Python.

Everything but the PettingZoo environment (``arimaa.pettingzoo``, with the optional
extra ``pip install "arimaa[pettingzoo]"``) lives in the Rust extension
``arimaa._arimaa`` and is re-exported here; its classes name ``arimaa`` as their module,
so pickles read ``arimaa.Position`` and so on.
"""

from ._arimaa import *  # noqa: F401,F403
