"""Entities by vanilla class: one module each; `registry.ENTITY_TYPES` maps vanilla ids to them."""
