"""The titles of the panels drawn through `viewer.panels.deferred` (their modules load when first shown): the
layout docks them by title before any of them is imported."""

ANALYSIS_TITLE = "Analysis"
ACTIONS_TITLE = "Actions"
ENTITY_TABLE_TITLE = "Entity table"
