-- The audit log knows its project, so that a project's admin reads that project's entries only.
ALTER TABLE audit_log ADD COLUMN project VARCHAR(200);

-- Entries from before: those of a thread are its project's; the rest are the project of their user, when the user is
-- limited to a project the store knows (by its name or its key). Entries of unscoped users outside any thread keep no
-- project: only an admin of every project reads them.
UPDATE audit_log SET project = (SELECT t.project FROM threads t WHERE t.id = audit_log.thread_id) WHERE thread_id IS NOT NULL;
UPDATE audit_log SET project = (
  SELECT MIN(p.slug) FROM users u JOIN projects p ON u.project = p.slug OR u.project = p.name WHERE u.name = audit_log.user_name)
WHERE project IS NULL;

CREATE INDEX audit_by_project ON audit_log (project, created_at);
