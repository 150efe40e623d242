"""What the contract (the spec's rules.md) fixes, written out once for the tests: they
check the code against these, not against the code's own lists."""

# The ruleset ids, in the spec's order.
RULESET_IDS = (
    "egyptian",
    "egyptian-old",
    "devils-bridge",
    "sbudetsya",
    "nechego",
    "pyramid36",
    "pyramid52",
)
