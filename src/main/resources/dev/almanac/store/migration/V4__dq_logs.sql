-- One data-quality log row per turn, linked to its thread (seed 004).
CREATE TABLE dq_logs (
  turn_id VARCHAR(64) PRIMARY KEY,
  thread_id VARCHAR(64) NOT NULL REFERENCES threads(id),
  status VARCHAR(20) NOT NULL,
  indicators TEXT NOT NULL,
  used_tables TEXT NOT NULL,
  main_sql TEXT,
  dq_sql TEXT,
  created_at VARCHAR(40) NOT NULL
);

CREATE INDEX dq_logs_by_thread ON dq_logs (thread_id);
