"""Where each figure of spec 09 stands: the register `tools/fidelity_tally.py` counts and `docs/fidelity.md`'s
tally is checked against (tests/engine/test_fidelity_tally.py).

Each entry: status, the tests (`file::function` under tests/engine/) that support it, and for every status but
"reproduced" the reason. Statuses:
- reproduced: a test runs a scene and asserts the figure (to its printed precision, or bit for bit);
- formula: a formula test (the figure is a derivation: a closed form, a minimum, a ratio of measured values);
- contradicted: a test runs the scene and asserts what vanilla's rules give, which is not the printed figure;
- not reproducible: the source does not give what a scene would need (a layout, a mechanism), or the figure is an
  observation without numbers;
- pending: the mechanic is not simulated yet (named in the reason).
"""

from __future__ import annotations

REPRODUCED, FORMULA, CONTRADICTED, NOT_REPRODUCIBLE, PENDING = (
    "reproduced", "formula", "contradicted", "not reproducible", "pending")
STATUSES = (REPRODUCED, FORMULA, CONTRADICTED, NOT_REPRODUCIBLE, PENDING)
REDSTONE = "moves with the redstone work (redstone is not simulated yet)"

FIG = "test_figures.py"
LIV = "test_living_figures.py"
BOAT = "test_boat.py"
CART = "test_minecart.py"
PATH = "test_path_figures.py"

# ID: (status, tests, reason)
REGISTER: dict[str, tuple[str, tuple[str, ...], str]] = {
    # --- TNT (spec 09 §1) ---
    "T1": (REPRODUCED, (f"{FIG}::test_t1_apex_height_after_4_ticks",), ""),
    "T2": (REPRODUCED, (f"{FIG}::test_t2_lands_after_9_ticks",), ""),
    "T3": (REPRODUCED, (f"{FIG}::test_t3_rest_distance_with_squared_move_threshold",),
           "the distance; the printed '41 gt' is inconsistent with it (AMBIGUITY-M1)"),
    "T4": (REPRODUCED, (f"{FIG}::test_t4_fall_before_exploding_in_the_air",), ""),
    "T5": (CONTRADICTED, (f"{FIG}::test_t5_fall_and_offset_under_a_ceiling",),
           "the fall is reproduced; the offset is 1 − 0.98⁸⁰ = 0.80135115, the printed 0.80164885 has transposed "
           "digits (AMBIGUITY-N3)"),
    "T6": (REPRODUCED, (f"{FIG}::test_t6_explosion_centre_is_0_06125_above_the_tnt",), ""),
    "T7": (REPRODUCED, (f"{FIG}::test_t7_tnt_sample_points_shift_south_east",), ""),
    "T8": (REPRODUCED, (f"{FIG}::test_t8_tnt_has_27_sample_points_in_an_explosion",), ""),
    "T9": (REPRODUCED, (f"{FIG}::test_t9_summoned_tnt_explodes_in_its_first_tick",), ""),
    # --- explosions, cramming, leash (§2) ---
    "X1": (REPRODUCED, (f"{FIG}::test_x1_pearl_at_0_79_m_gets_0_90125_per_tnt",), ""),
    "X2": (REPRODUCED, (f"{FIG}::test_c13_x2_carpet_trick_shell_flies_over_60_km_from_1860_tnt",), ""),
    "X3": (FORMULA, (f"{FIG}::test_x3_blast_protection_thresholds_old_and_new",),
           "the thresholds of the knockback transform, tested on the engine's function over a grid of impulses"),
    "X4": (REPRODUCED, (f"{LIV}::test_x4_maximum_cramming_impulse",), ""),
    "X5": (REPRODUCED, (f"{CART}::test_x5_a_mob_pushes_a_cart_0_05_and_takes_a_quarter",), ""),
    "X6": (REPRODUCED, ("test_leash.py::test_x6_hanging_mob_comes_to_rest_where_the_y_pull_balances_gravity",
                        "test_leash.py::test_x6_a_mob_placed_inside_the_rest_band_never_moves"), ""),
    "X7": (REPRODUCED, ("test_leash.py::test_x7_axis_aligned_pull_is_0_4",), ""),
    "X8": (NOT_REPRODUCIBLE, (), "'hundreds of metres' is a video observation: the number, kind and packing of "
           "the entities are not given"),
    # --- living entities (§3) ---
    "L1": (REPRODUCED, (f"{LIV}::test_l1_l7_terminal_walking_on_ordinary_blocks",), ""),
    "L2": (REPRODUCED, (f"{LIV}::test_l2_coefficient_at_slipperiness_0_8_on_slime_while_sneaking",), ""),
    "L3": (CONTRADICTED, (f"{LIV}::test_l3_l8_ice_contradicts_the_printed_2_2103",),
           "(6.2.1) at s = 0.98 is 2.12104, not 2.2103 (AMBIGUITY-L12)"),
    "L4": (REPRODUCED, (f"{LIV}::test_l4_l9_blue_ice",), ""),
    "L5": (FORMULA, (f"{LIV}::test_l5_minimum_of_the_coefficient_is_a_formula",),
           "a minimum of (6.2.1) at s = 75/91: no block has that slipperiness"),
    "L6": (CONTRADICTED, (f"{LIV}::test_l6_l10_walking_on_slime_contradicts_0_58807",),
           "a player on slime alternates 0.68661 / 0.69985 × Ms·fwd (on the ground every other tick), "
           "not 0.58807"),
    "L7": (REPRODUCED, (f"{LIV}::test_l1_l7_terminal_walking_on_ordinary_blocks",), ""),
    "L8": (CONTRADICTED, (f"{LIV}::test_l3_l8_ice_contradicts_the_printed_2_2103",),
           "4.157 m/s with the 0.98 input; the printed 4.242 leaves it out (AMBIGUITY-L14)"),
    "L9": (CONTRADICTED, (f"{LIV}::test_l4_l9_blue_ice",),
           "4.376 m/s with the 0.98 input; the printed 4.464 leaves it out, as L8 (AMBIGUITY-L14)"),
    "L10": (CONTRADICTED, (f"{LIV}::test_l6_l10_walking_on_slime_contradicts_0_58807",),
            "the two-tick mean is 1.3587 m/s, not 1.176 (1.153 with the 0.98 input)"),
    "L11": (REPRODUCED, (f"{LIV}::test_l11_walking_in_the_air",), ""),
    "L12": (REPRODUCED, (f"{LIV}::test_l12_sprinting_on_ordinary_ground",), ""),
    "L13": (REPRODUCED, (f"{LIV}::test_l13_sneaking_is_0_3_and_diagonal_sneaking_root_2_faster",), ""),
    "L14": (REPRODUCED, (f"{LIV}::test_l14_l15_mob_speed_law",
                         "test_move_control.py::test_walking_speed_follows_the_square_law_l14"), ""),
    "L15": (CONTRADICTED, (f"{LIV}::test_l14_l15_mob_speed_law",
                           "test_move_control.py::test_walking_speed_is_linear_above_one_l15"),
            "above 1 the input is normalised: 2.2026·SPD, not the printed ≈ 2.16·SPD (AMBIGUITY-L13)"),
    "L16": (PENDING, (), "zombie melee reach needs MeleeAttackGoal (attack goals are not simulated); 1.16.5's "
            "reach is √((2·0.6)² + target width) between feet, 1.428 m against a player"),
    "L17": (REPRODUCED, (f"{LIV}::test_l17_l19_elytra_terminal_speeds",), ""),
    "L18": (FORMULA, (f"{LIV}::test_l18_optimal_pitch_is_a_formula",),
            "the maximum of (6.3.6); the tick simulation at that pitch is L17"),
    "L19": (REPRODUCED, (f"{LIV}::test_l17_l19_elytra_terminal_speeds",),
            "3.38383907 by simulation (spec 09's check); the source prints 3.38383913"),
    "L20": (REPRODUCED, (f"{LIV}::test_l20_pitch_sweep_peaks_between_53_and_54_degrees",), ""),
    "L21": (REPRODUCED, (f"{LIV}::test_l21_underwater_floor_walking_with_depth_strider_3_equals_land",), ""),
    "L22": (REPRODUCED, (f"{LIV}::test_l22_dolphins_grace_water_drag_is_0_04",), ""),
    "L23": (REPRODUCED, (f"{LIV}::test_l23_horizontal_air_drag_is_0_09",), ""),
    # --- specific entities (§4) ---
    "E1": (REPRODUCED, (f"{BOAT}::test_boat_on_water_reaches_0_4_and_floats_at_a_fixed_depth",), ""),
    "E2": (REPRODUCED, (f"{BOAT}::test_boat_on_land_converges_to_the_terminal_speed_of_its_slipperiness",), ""),
    "E3": (REPRODUCED, (f"{BOAT}::test_boat_on_land_converges_to_the_terminal_speed_of_its_slipperiness",), ""),
    "E4": (REPRODUCED, (f"{BOAT}::test_boat_on_land_converges_to_the_terminal_speed_of_its_slipperiness",), ""),
    "E5": (REPRODUCED, (f"{BOAT}::test_boat_on_slime_blocks_reaches_the_measured_0_05907_figure_e5",), ""),
    "E6": (REPRODUCED, (f"{BOAT}::test_bubble_column_after_60_ticks_lifts_0_6_or_2_7_with_a_player",), ""),
    "E7": (REPRODUCED, (f"{BOAT}::test_boat_falls_without_drag_into_water_figure_e7",), ""),
    "E8": (NOT_REPRODUCIBLE, (f"{FIG}::test_e8_a_flat_channel_with_a_source_every_8_blocks_stalls_the_item",),
           "the 125 m channel's water layout is not given; the obvious one (a source every 8 blocks on a flat "
           "floor) stalls the item at the first level-7 cell"),
    "E9": (NOT_REPRODUCIBLE, (f"{FIG}::test_e8_a_flat_channel_with_a_source_every_8_blocks_stalls_the_item",),
           "as E8, on blue ice"),
    "E10": (REPRODUCED, (f"{FIG}::test_e10_fireball_acceleration_half_life_is_13_51_ticks",), ""),
    "E11": (REPRODUCED, (f"{CART}::test_stacked_minecarts_overflow_to_infinity_within_20_m_figure_e11",), ""),
    "E12": (REPRODUCED, (f"{CART}::test_300_stacked_minecarts_overflow_in_less_than_a_second_figure_e12",), ""),
    "E13": (CONTRADICTED, (f"{CART}::test_off_rail_cap_is_per_axis_so_the_speed_reaches_0_4_sqrt2_figure_e13",),
            "the per-axis cap gives 0.4·√2 = 0.566 m/gt, not the printed 4√2 (AMBIGUITY-N8)"),
    "E14": (REPRODUCED, ("test_tnt_minecart.py::"
                        "test_stacked_cart_crash_power_is_4_plus_7_5_times_next_double_figure_e14",),
            ""),
    "E15": (REPRODUCED, (f"{LIV}::test_e15_player_launched_by_tnt_summoned_at_its_feet",),
            "the measured ≈ 45.9 m/gt; the source's theory 45.99625 is not reached (AMBIGUITY-A2)"),
    "E16": (PENDING, (), "arrow damage on living entities (an arrow's hit does not call damage on mobs yet) and "
            "the wither's and the dragon's health and armour are not simulated; the 80-TNT cannon's layout is "
            "not given either"),
    "E17": (REPRODUCED, ("test_bow.py::test_full_20_tick_draw_shoots_at_3_and_critical",),
            "at full charge (AMBIGUITY-N9: the code's curve, not 0.15 × ticks)"),
    # --- projectiles and pearls (§5) ---
    "P1": (REPRODUCED, (f"{FIG}::test_p1_best_pearl_pitch_is_about_minus_39_for_about_53_m",), ""),
    "P2": (REPRODUCED, (f"{FIG}::test_p2_pearl_launched_up_at_1_m_per_gt_returns_after_62_ticks",), ""),
    "P3": (REPRODUCED, ("test_solve.py::test_p3_flat_shot_pearl_heights",), ""),
    "P4": (NOT_REPRODUCIBLE, ("test_pearl_cannon_heights.py::test_p4_eye_to_explosion_centre",),
           "the fraction 0.3456984188109 comes from a second, clamped launch whose start height and flight time "
           "the text does not give; the eye-to-centre −0.0030516 at that fraction is reproduced by a scene"),
    "P5": (REPRODUCED, ("test_pearl_cannon_heights.py::test_p5_second_launch_one_tick_earlier",), ""),
    "P6": (NOT_REPRODUCIBLE, (), "range of a built cannon: duplicators, centring arrays, pile positions and "
           "flight time not given"),
    "P7": (NOT_REPRODUCIBLE, (), "range of a built cannon: layout not given"),
    "P8": (NOT_REPRODUCIBLE, (), "a 'rough calculation' with no stated inputs"),
    "P9": (NOT_REPRODUCIBLE, (), "needs the 320-TNT array's layout from the thesis world, not in the seeds"),
    "P10": (REPRODUCED, ("test_piston.py::test_p10_pearl_ends_0_01_above_the_slime_b36_top_with_motion_1",), ""),
    # --- TNT cannon (§6) ---
    "C1": (NOT_REPRODUCIBLE, (), "a built cannon (Fig. 8.1.1) measured in game: its TNT count, layout and "
           "redstone timing are not given, so neither its < 30 % efficiency nor its 50 m range can be rebuilt"),
    "C2": (NOT_REPRODUCIBLE, (), "a built dispenser cannon: its TNT count and layout are not given (54.7 %, "
           "177 m, < 1 m deviation are measurements of it)"),
    "C3": (REPRODUCED, (f"{FIG}::test_c3_c4_c5_motion_and_height_for_a_10_km_shot",
                        f"{FIG}::test_c3_c5_a_stacked_cannon_fires_a_shell_10_km_back_to_its_height"), ""),
    "C4": (CONTRADICTED, (f"{FIG}::test_c3_c4_c5_motion_and_height_for_a_10_km_shot",),
           "returning to the launch height after 80 gt needs 2.03 m/gt, not 'about 1.9' (loose)"),
    "C5": (REPRODUCED, (f"{FIG}::test_c3_c4_c5_motion_and_height_for_a_10_km_shot",
                        f"{FIG}::test_c3_c5_a_stacked_cannon_fires_a_shell_10_km_back_to_its_height"), ""),
    "C6": (REPRODUCED, (f"{FIG}::test_c6_c7_c9_c10_drop_heights_and_the_honey_to_enchanting_table_gap",), ""),
    "C7": (REPRODUCED, (f"{FIG}::test_c6_c7_c9_c10_drop_heights_and_the_honey_to_enchanting_table_gap",), ""),
    "C8": (NOT_REPRODUCIBLE, (f"{FIG}::test_c3_c5_a_stacked_cannon_fires_a_shell_10_km_back_to_its_height",),
           "exposure 100 % is reproduced; the 87.2 % radius utilisation needs a mean distance (1.024 m) the thesis "
           "does not describe: the 1 m layout gives 87.5 % (AMBIGUITY-A1)"),
    "C9": (REPRODUCED, (f"{FIG}::test_c6_c7_c9_c10_drop_heights_and_the_honey_to_enchanting_table_gap",), ""),
    "C10": (REPRODUCED, (f"{FIG}::test_c6_c7_c9_c10_drop_heights_and_the_honey_to_enchanting_table_gap",),
            "as |Motion| after one free-fall tick; which tick the thesis means is not stated"),
    "C11": (REPRODUCED, (f"{FIG}::test_c11_c12_74_gt_flight",), ""),
    "C12": (FORMULA, (f"{FIG}::test_c11_c12_74_gt_flight",),
            "84.414 % is the printed 0.872 × a ratio of two simulated flights; the measured 10 453 m needs the "
            "built cannon"),
    "C13": (REPRODUCED, (f"{FIG}::test_c13_x2_carpet_trick_shell_flies_over_60_km_from_1860_tnt",), ""),
    "C14": (NOT_REPRODUCIBLE, (), "an earlier design from a research log: no layout, TNT count or efficiency"),
    # --- pistons, shulkers, misc. (§7) ---
    "M1": (NOT_REPRODUCIBLE, ("test_versions.py::test_version_1_11_has_no_piston_clamp_but_refuses_its_entity_ticks",),
           "1.11 lacks the clamp (a flag), but its entity ticks are refused (docs/versions.md); the ≤ 16 m/gt bound "
           "is an entity-management bug the thesis cites (ref. [6]) without its mechanism, and a chain of pistons "
           "firing in one tick " + REDSTONE),
    "M2": (REPRODUCED, ("test_living.py::"
                        "test_m2_elder_guardian_is_driven_through_the_lower_slime_row_and_launched_down",),
           ""),
    "M3": (REPRODUCED, ("test_living.py::"
                        "test_m3_section_bug_hides_the_skeleton_on_the_chest_at_y_31_but_not_one_block_higher",),
           ""),
    "M4": (REPRODUCED, ("test_piston.py::test_m4_zero_tick_retraction_leaves_the_entity_0_02_in_front_of_the_piston",),
           ""),
    "M5": (REPRODUCED, ("test_shulker.py::test_m5_the_lid_opens_in_10_gt_by_0_1_and_travels_0_5_then_closes_in_10_gt",),
           ""),
    "M6": (REPRODUCED, (f"{FIG}::test_m6_slime_stepped_on_ratio_lies_in_0_4_to_0_42",), ""),
    "M7": (REPRODUCED, ("test_shulker.py::"
                        "test_m7_sinking_armor_stand_moves_a_twentieth_of_each_push_and_ends_inside_the_box",),
           ""),
    "M8": (PENDING, (), "nether portals are not simulated (one dimension; only the end portal removes an entity)"),
    "M9": (PENDING, (), "the End is not simulated: an end portal removes the entity with a `dimension_change` "
           "event, no position in the End"),
    "M10": (PENDING, (), "nether portals and their delay are not simulated"),
    "M11": (PENDING, (), "saving and reloading chunks (NBT) is not simulated; a scene's `motion` is the state "
            "before its first tick, not a reload"),
    "M12": (NOT_REPRODUCIBLE, (), "an observation without numbers: which entities, how packed, and what 'lines' "
            "means are not given; cramming itself is simulated (test_cramming.py)"),
    "M13": (REPRODUCED, (f"{FIG}::test_m13_sine_table_mean_error_is_of_order_1e_5",), ""),
    "M14": (FORMULA, (f"{FIG}::test_m14_double_precision_digits_and_round_off_at_the_world_border",),
            "properties of IEEE doubles, with a TNT moved at the world border"),
    # --- path finding (§8) ---
    "N1": (REPRODUCED, (f"{PATH}::test_n1_node_reached_threshold",), ""),
    "N2": (REPRODUCED, (f"{PATH}::test_n2_villager_refuses_a_drop_of_four",), ""),
    "N3": (REPRODUCED, (f"{PATH}::test_n3_heuristic_is_one_and_a_half_times_the_distance",), ""),
    "N4": (REPRODUCED, (f"{PATH}::test_n4_node_budget_is_sixteen_times_the_follow_range",
                        f"{PATH}::test_n4_walked_distance_ends_a_zombie_search_before_its_budget"), ""),
}
