"""Numpy engines stepping many games in lockstep, row by row equal to the scalar engines:
`amigo_rules.batch.verflixxt`, `amigo_rules.batch.verflixxt_hoch` and
`amigo_rules.batch.exxtra` (the same functions in each).
"""
