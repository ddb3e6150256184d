// Package uploads keeps the files clients upload for file scans (SPEC 4.4, 4.6): a slot in
// the store per pre-signed URL, the file in the blob store (package blob) under blobs/<key>.
// The URLs are the blob store's own pre-signed PUTs when it signs them (S3), else the
// server's: PUT {public_url}/uploads/<key>?expires=&signature=, an HMAC with the
// deployment's signing key. Either way the same rules hold: .sol files up to max_file_bytes,
// .zip archives up to max_archive_bytes, a quota of slots and bytes per client, and files
// kept Retention after their URL expires, then swept.
package uploads
