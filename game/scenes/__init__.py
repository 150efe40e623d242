"""The scenes: menu, table, results, rules, settings."""
