-- progress is the JSON of a running scan's last recorded Progress (phase, files, findings so
-- far), written by the worker and read by every process that shows the scan; '' until then.
ALTER TABLE scans ADD COLUMN progress TEXT NOT NULL DEFAULT '';
