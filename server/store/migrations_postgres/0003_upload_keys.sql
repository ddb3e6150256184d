-- The API key that issued each upload URL (0: none recorded, uploads from before), so that
-- revoking the key ends the URLs it issued: RevokeKey makes them expire at the revocation.
ALTER TABLE uploads ADD COLUMN key_id BIGINT NOT NULL DEFAULT 0;
CREATE INDEX uploads_key ON uploads(key_id) WHERE key_id <> 0;
