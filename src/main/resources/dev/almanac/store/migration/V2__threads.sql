-- Conversations: a thread holds turns; each turn keeps the answer JSON with its provenance.
CREATE TABLE threads (
  id VARCHAR(64) PRIMARY KEY,
  project VARCHAR(200) NOT NULL REFERENCES projects(slug),
  title VARCHAR(500) NOT NULL,
  created_at VARCHAR(40) NOT NULL,
  updated_at VARCHAR(40) NOT NULL
);

CREATE TABLE turns (
  id VARCHAR(64) PRIMARY KEY,
  thread_id VARCHAR(64) NOT NULL REFERENCES threads(id),
  position INTEGER NOT NULL,
  question TEXT NOT NULL,
  kind VARCHAR(20) NOT NULL,
  answer_text TEXT NOT NULL,
  answer_json TEXT NOT NULL,
  sql_text TEXT,
  confidence VARCHAR(10),
  iterations INTEGER NOT NULL,
  llm_calls INTEGER NOT NULL,
  prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL,
  latency_ms INTEGER NOT NULL,
  created_at VARCHAR(40) NOT NULL
);

CREATE INDEX turns_by_thread ON turns (thread_id, position);
