"""Redstone of 1.16.5 to 1.18.2 (the versions table's `redstone` row): power (`power`), neighbour and shape updates
(`neighbor_updates`), the block tick scheduler (`scheduler`) and the components, one module per vanilla block
family; `components` registers them all."""
