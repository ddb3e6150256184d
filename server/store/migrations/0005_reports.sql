-- Downloadable reports: the id of a scan's latest generated report, and why generation failed.
ALTER TABLE scans ADD COLUMN report_id TEXT NOT NULL DEFAULT '';
ALTER TABLE scans ADD COLUMN reporting_err_msg TEXT NOT NULL DEFAULT '';
