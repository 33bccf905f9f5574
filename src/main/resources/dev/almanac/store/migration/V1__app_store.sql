-- Almanac app store. Portable SQL: runs unchanged on SQLite and PostgreSQL. Keys are text chosen by
-- the application (no auto-increment), times are ISO-8601 text, booleans are 0/1 integers.

CREATE TABLE projects (
  slug VARCHAR(200) PRIMARY KEY,
  name VARCHAR(500) NOT NULL,
  source_url VARCHAR(2000) NOT NULL,
  knowledge_dir VARCHAR(2000),
  created_at VARCHAR(40) NOT NULL,
  updated_at VARCHAR(40) NOT NULL
);

-- Curated knowledge from files: table notes, metrics, verified queries, business rules, golden
-- queries. One row per item; body is the item as JSON.
CREATE TABLE knowledge_items (
  project VARCHAR(200) NOT NULL REFERENCES projects(slug),
  kind VARCHAR(20) NOT NULL,
  name VARCHAR(500) NOT NULL,
  position INTEGER NOT NULL,
  body TEXT NOT NULL,
  source_file VARCHAR(1000),
  updated_at VARCHAR(40) NOT NULL,
  PRIMARY KEY (project, kind, name)
);

CREATE TABLE knowledge_imports (
  project VARCHAR(200) NOT NULL REFERENCES projects(slug),
  imported_at VARCHAR(40) NOT NULL,
  fingerprint VARCHAR(100) NOT NULL,
  items INTEGER NOT NULL,
  PRIMARY KEY (project, imported_at)
);

-- Corrections the agent learned from its own mistakes.
CREATE TABLE learnings (
  id VARCHAR(64) PRIMARY KEY,
  project VARCHAR(200) NOT NULL REFERENCES projects(slug),
  description TEXT NOT NULL,
  category VARCHAR(100) NOT NULL,
  tables_used TEXT NOT NULL,
  original_sql TEXT,
  corrected_sql TEXT,
  confidence DOUBLE PRECISION NOT NULL,
  times_applied INTEGER NOT NULL,
  active INTEGER NOT NULL,
  created_at VARCHAR(40) NOT NULL,
  updated_at VARCHAR(40) NOT NULL
);

CREATE INDEX learnings_by_project ON learnings (project, active);
