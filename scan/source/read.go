package source

import (
	"io"
	"io/fs"
)

// ReadAtMost reads f to its end, but no more than max+1 bytes (one more than the limit, so
// that the caller can tell a file over the limit). The buffer is sized from f's Stat, so a
// file is read into one allocation instead of io.ReadAll's doubling buffers.
func ReadAtMost(f fs.File, max int64) ([]byte, error) {
	size := int64(512)
	if info, err := f.Stat(); err == nil && info.Size() > 0 {
		size = min(info.Size(), max) + 1 // the extra byte sees the end of file, or a grown file
	}
	buf := make([]byte, 0, size)
	r := io.LimitReader(f, max+1)
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grew while read: let append pick a larger buffer
		}
	}
}
