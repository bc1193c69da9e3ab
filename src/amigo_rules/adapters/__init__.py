"""Framework adapters: OpenSpiel, PettingZoo and Gymnasium.

Each lives in its own module and imports its framework there, so ``import amigo_rules``
never needs one. Install the framework with the extra of the same name::

    pip install 'amigo-rules[openspiel]'    # amigo_rules.adapters.openspiel
    pip install 'amigo-rules[pettingzoo]'   # amigo_rules.adapters.pettingzoo
    pip install 'amigo-rules[gymnasium]'    # amigo_rules.adapters.gymnasium

The documentation page "Frameworks" shows each with a runnable example.
"""
