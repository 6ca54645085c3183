"""The titles of the panels whose modules the first frame does not import: those drawn through
`viewer.panels.deferred` (their modules load when first shown), and the Explosion ledger and Pistons tabs (behind
the Plots tab at the first frame, their modules imported by the whole window's frames). The layout docks them by
title before any of them is imported."""

LEDGER_TITLE = "Explosion ledger"
PISTONS_TITLE = "Pistons"
ANALYSIS_TITLE = "Analysis"
ACTIONS_TITLE = "Actions"
ENTITY_TABLE_TITLE = "Entity table"
