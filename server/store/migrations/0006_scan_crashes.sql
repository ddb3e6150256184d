-- Crash bookkeeping: running is 1 from the start of an attempt until it ends or the server
-- stops gracefully, so that a scan still marked running at the next start was running when the
-- process died; crashes counts such deaths (a poison input is quarantined, then failed).
ALTER TABLE scans ADD COLUMN running INTEGER NOT NULL DEFAULT 0;
ALTER TABLE scans ADD COLUMN crashes INTEGER NOT NULL DEFAULT 0;
