-- ML_PREDICT over a model (#15): Flink plans such a view only with a provider of the model on
-- its classpath; the oracle has one for 'openai' (tests/model_provider.py). A view depends on
-- the model it calls; Flink stores the model's name as written.
CREATE CATALOG g_mlp WITH ('type' = 'generic_in_memory', 'default-database' = 'main');
USE CATALOG g_mlp;
CREATE TABLE t (id INT, text STRING, n INT NOT NULL) WITH ('connector' = 'datagen');
CREATE MODEL m1 INPUT (text STRING) OUTPUT (label STRING) WITH ('provider' = 'openai', 'task' = 'classification');
CREATE MODEL m2 INPUT (text STRING, n INT) OUTPUT (label STRING, score DOUBLE NOT NULL) WITH ('provider' = 'openai', 'task' = 'classification');
CREATE MODEL m3 INPUT (x STRING) OUTPUT (id STRING) WITH ('provider' = 'openai', 'task' = 'text_generation');

CREATE VIEW v_bare AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(text));
SHOW CREATE VIEW v_bare;
DESCRIBE v_bare;
CREATE VIEW v_table AS SELECT * FROM TABLE(ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(text)));
SHOW CREATE VIEW v_table;
CREATE VIEW v_alias AS SELECT id, label FROM ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(text)) AS p WHERE p.id > 1;
SHOW CREATE VIEW v_alias;
DESCRIBE v_alias;
CREATE VIEW v_named AS SELECT * FROM TABLE(ML_PREDICT(INPUT => TABLE t, MODEL => MODEL m1, ARGS => DESCRIPTOR(text)));
SHOW CREATE VIEW v_named;
CREATE VIEW v_config AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(text), MAP['async', 'true']);
SHOW CREATE VIEW v_config;
CREATE VIEW v_two_inputs AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m2, DESCRIPTOR(text, n));
DESCRIBE v_two_inputs;
CREATE VIEW v_renamed_output AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m3, DESCRIPTOR(text));
DESCRIBE v_renamed_output;
CREATE VIEW v_qualified AS SELECT * FROM ML_PREDICT(TABLE t, MODEL g_mlp.main.m1, DESCRIPTOR(text));
SHOW CREATE VIEW v_qualified;
CREATE VIEW v_over_view AS SELECT label FROM ML_PREDICT(TABLE v_alias, MODEL m1, DESCRIPTOR(label));
SHOW CREATE VIEW v_over_view;

-- what Flink refuses
CREATE VIEW v_count AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m2, DESCRIPTOR(text));
CREATE VIEW v_type AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(id));
CREATE VIEW v_no_model AS SELECT * FROM ML_PREDICT(TABLE t, MODEL nosuch, DESCRIPTOR(text));
CREATE VIEW v_no_column AS SELECT * FROM ML_PREDICT(TABLE t, MODEL m1, DESCRIPTOR(nosuch));
CREATE VIEW v_query_input AS SELECT * FROM ML_PREDICT(TABLE (SELECT id, text FROM t), MODEL m1, DESCRIPTOR(text));
