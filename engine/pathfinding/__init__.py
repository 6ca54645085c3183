"""Mob path finding (spec 07, seed 001): path-node types, the walk node maker, the A* search, navigation.

Seed 001 describes 1.19.4; this package implements 1.16.5 and says where 1.16.5 differs."""
