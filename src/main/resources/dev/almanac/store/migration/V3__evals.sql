-- Eval runs over golden questions. A run is written as it goes: a killed run keeps its results.
CREATE TABLE eval_runs (
  id VARCHAR(64) PRIMARY KEY,
  project VARCHAR(200) NOT NULL REFERENCES projects(slug),
  started_at VARCHAR(40) NOT NULL,
  finished_at VARCHAR(40),
  status VARCHAR(20) NOT NULL,
  model VARCHAR(200) NOT NULL,
  filters TEXT NOT NULL,
  knowledge_snapshot TEXT NOT NULL,
  selected INTEGER NOT NULL,
  total INTEGER NOT NULL,
  passed INTEGER NOT NULL,
  owner_pid BIGINT NOT NULL
);

CREATE TABLE eval_results (
  run_id VARCHAR(64) NOT NULL REFERENCES eval_runs(id),
  golden_id VARCHAR(200) NOT NULL,
  question TEXT NOT NULL,
  difficulty VARCHAR(20) NOT NULL,
  tags TEXT NOT NULL,
  passed INTEGER NOT NULL,
  reason TEXT,
  expected_json TEXT NOT NULL,
  actual_json TEXT,
  sql_text TEXT,
  error TEXT,
  latency_ms INTEGER NOT NULL,
  prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  confidence VARCHAR(10),
  PRIMARY KEY (run_id, golden_id)
);
