-- Servers that share an app store act as one service.

-- Moves with every import of a project's knowledge: a server that sees it move loads the knowledge again.
ALTER TABLE projects ADD COLUMN knowledge_version INTEGER NOT NULL DEFAULT 0;

-- One running eval run per project: the unique index over running runs is the claim that only one
-- server (or command) can hold. Its owner (host and process) beats while it runs, so that a run
-- whose owner died is found stale and set aside. Runs left running by earlier versions never beat.
ALTER TABLE eval_runs ADD COLUMN owner_host VARCHAR(255) NOT NULL DEFAULT '';
ALTER TABLE eval_runs ADD COLUMN heartbeat_ms BIGINT NOT NULL DEFAULT 0;
UPDATE eval_runs SET status = 'incomplete' WHERE status = 'running';
CREATE UNIQUE INDEX eval_runs_one_running ON eval_runs (project) WHERE status = 'running';

-- Questions per user in the sliding minute: when (epoch milliseconds, comma-separated) the user's
-- questions of the last minute were asked.
CREATE TABLE rate_limits (
  user_name VARCHAR(200) PRIMARY KEY,
  recent TEXT NOT NULL
);
