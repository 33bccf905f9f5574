-- Where each thread was started: web (the web app), api (another client of the HTTP API), cli (the
-- command line and its REPL), eval (an eval run), mcp (an MCP client). The web app lists the web and
-- API conversations unless asked for the others. Threads from before, and any thread started without
-- an origin, count as the command line's.
ALTER TABLE threads ADD COLUMN origin VARCHAR(20) NOT NULL DEFAULT 'cli';

-- Eval runs of early versions kept a thread per golden question: a thread titled as a golden question of
-- a run of its project and started while that run ran (to the second; a run that never finished, on the
-- day it started) was that run's.
UPDATE threads SET origin = 'eval' WHERE EXISTS (
  SELECT 1 FROM eval_runs r JOIN eval_results e ON e.run_id = r.id
  WHERE r.project = threads.project
    AND threads.title = substr(e.question, 1, 200)
    AND substr(threads.created_at, 1, 19) >= substr(r.started_at, 1, 19)
    AND substr(threads.created_at, 1, 19) <= coalesce(substr(r.finished_at, 1, 19), substr(r.started_at, 1, 10) || 'T23:59:59'));

CREATE INDEX threads_by_project ON threads (project, origin, updated_at);
