package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// A broken or hostile client's frames are skipped; the valid ones around them are read.
func TestCodecSkipsBadFrames(t *testing.T) {
	valid := `{"jsonrpc":"2.0","method":"initialized","params":{}}`
	in := "X-Junk: 1\r\n\r\n" + // no length
		"Content-Length: 3\r\n\r\n{x}" + // not JSON
		"\n\n" + // stray blank lines
		"Content-Length: " + itoa(len(valid)) + "\n\n" + valid // bare LF headers are accepted
	var skipped []string
	c := codec{logf: func(f string, args ...any) { skipped = append(skipped, fmt.Sprintf(f, args...)) }}
	r := bufio.NewReader(strings.NewReader(in))
	var m map[string]any
	if err := c.ReadObject(r, &m); err != nil {
		t.Fatal(err)
	}
	if m["method"] != "initialized" || len(skipped) != 2 {
		t.Errorf("read %v after skipping %v", m, skipped)
	}
	if err := c.ReadObject(bufio.NewReader(strings.NewReader("Content-Length: 99999999999999\r\n\r\n")), &m); err == nil {
		t.Error("a truncated oversized frame was accepted")
	}
	var out strings.Builder
	if err := c.WriteObject(&out, json.RawMessage(valid)); err != nil || out.String() != "Content-Length: "+itoa(len(valid))+"\r\n\r\n"+valid {
		t.Errorf("wrote %q, %v", out.String(), err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
