"""ora_api."""
