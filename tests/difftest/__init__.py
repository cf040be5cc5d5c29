"""Differential testing of the dashboard against real Flink 2.3.

A seeded generator (``generator``) writes varied ``CREATE VIEW`` statements over a fixed schema
(``schema.sql``); a mutator (``mutator``) turns some into statements Flink rejects. Real Flink
(``flink_side``, one warm JVM, answers cached on disk) and the dashboard's executor
(``dashboard_side``) both answer ``CREATE VIEW``, ``SHOW CREATE VIEW`` and ``DESCRIBE`` for each,
and ``compare`` classifies every difference. ``reducer`` shrinks a disagreeing statement.
Run ``python -m tests.difftest --seed N --count K``.

The generator, mutator, reducer and Flink side import no Django.
"""
