-- API users (bearer tokens stored as SHA-256 hashes) and the audit log of executed queries.
CREATE TABLE users (
  name VARCHAR(200) PRIMARY KEY,
  role VARCHAR(20) NOT NULL,
  project VARCHAR(200),
  token_hash VARCHAR(64) NOT NULL UNIQUE,
  created_at VARCHAR(40) NOT NULL
);

CREATE TABLE audit_log (
  id VARCHAR(64) PRIMARY KEY,
  user_name VARCHAR(200) NOT NULL,
  thread_id VARCHAR(64),
  sql_text TEXT NOT NULL,
  created_at VARCHAR(40) NOT NULL
);

CREATE INDEX audit_by_user ON audit_log (user_name, created_at);
