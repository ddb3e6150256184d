-- Fair scheduling: owner is who a scan counts against ("key:<id>" for an API key or a dashboard
-- session, "addr:<address>" for the anonymous surfaces, '' for none); dispatched says its job
-- is in the queue. A client's scans past its share of the workers wait undispatched, so that no
-- client holds more workers than its share and another client's scan is queued behind at most
-- the shares of the others. Scans from before are dispatched (their jobs exist).
ALTER TABLE scans ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE scans ADD COLUMN dispatched BOOLEAN NOT NULL DEFAULT true;
CREATE INDEX scans_owner_unfinished ON scans(owner, status) WHERE status IN ('queued', 'scan_in_progress');
-- A key's shares of the queue and of the workers (`vigil keys quota`); 0: the server's defaults.
ALTER TABLE api_keys ADD COLUMN max_queued INTEGER NOT NULL DEFAULT 0;
ALTER TABLE api_keys ADD COLUMN max_running INTEGER NOT NULL DEFAULT 0;
