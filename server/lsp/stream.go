package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// maxMessageBytes bounds one message: a didOpen carries a whole file, and the workspace limits
// refuse source files far smaller than this.
const maxMessageBytes = 256 << 20

// codec is the LSP base protocol (Content-Length headers, then a JSON body) for jsonrpc2,
// tolerant of what a broken or hostile client sends: a frame without a length, over the
// bound, or whose body is not a JSON-RPC message is skipped with a log line, and the next
// frame is read, instead of ending the session (jsonrpc2.VSCodeObjectCodec ends it).
type codec struct {
	logf func(format string, args ...any)
}

func (c codec) WriteObject(w io.Writer, obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

func (c codec) ReadObject(r *bufio.Reader, v any) error {
	for {
		length, err := readHeaders(r)
		if err != nil {
			return err // the stream itself failed or ended
		}
		switch {
		case length < 0:
			c.logf("skipped a message without a valid Content-Length header")
			continue
		case length > maxMessageBytes:
			c.logf("skipped a message of %d bytes (over %d)", length, maxMessageBytes)
			if _, err := io.CopyN(io.Discard, r, length); err != nil {
				return err
			}
			continue
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return err
		}
		// Decode into a fresh value first: a body that fails half-way must not leave part of
		// itself in v for the next message.
		probe := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := json.Unmarshal(body, probe); err != nil {
			c.logf("skipped a message that is not JSON-RPC: %v", err)
			continue
		}
		return json.Unmarshal(body, v)
	}
}

// readHeaders reads one header block and returns its Content-Length, or -1 when it has none
// or an invalid one. Lines may end with CR LF (the protocol) or a bare LF (lenient).
func readHeaders(r *bufio.Reader) (int64, error) {
	length := int64(-1)
	for lines := 0; ; {
		line, err := readLine(r)
		if err != nil {
			return 0, err
		}
		if line == "" {
			if lines == 0 {
				continue // stray blank lines between messages
			}
			return length, nil
		}
		lines++
		if len(line) > 1024 || lines > 64 {
			length = -1 // not a header block: keep reading until a blank line resynchronises
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				n = -1
			}
			length = n
		}
	}
}

// maxHeaderLine bounds one header line; a longer line is kept only up to it.
const maxHeaderLine = 4096

// readLine reads a line without its terminator, keeping at most maxHeaderLine bytes of it so
// that a stream without line breaks cannot fill the memory.
func readLine(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		chunk, err := r.ReadSlice('\n')
		if b.Len() < maxHeaderLine {
			b.Write(chunk[:min(len(chunk), maxHeaderLine-b.Len())])
		}
		switch err {
		case nil:
			return strings.TrimRight(b.String(), "\r\n"), nil
		case bufio.ErrBufferFull:
			continue
		default:
			return "", err
		}
	}
}
