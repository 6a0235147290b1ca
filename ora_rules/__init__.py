"""ora_rules."""
