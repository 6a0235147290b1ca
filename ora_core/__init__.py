"""ora_core."""
