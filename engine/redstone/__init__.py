"""Redstone of 1.16.5: power (`power`), neighbour and shape updates (`neighbor_updates`), the block tick scheduler
(`scheduler`) and the components, one module per vanilla block family; `components` registers them all."""
