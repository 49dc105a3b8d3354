"""Noble Houses of the Seabirds (``/work/shared/rules/seabirds.md``).

Not registered as a game yet: so far only ``transactions`` (the reader of typed
Transactions, SEA-39 and SEA-A27) lives here.
"""
