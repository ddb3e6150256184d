-- Upload quotas count a client's uploads on every pre-signed URL and upload.
CREATE INDEX uploads_client ON uploads(client_id);
