package repoapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// Bad messages are answered with an error naming the field, and the connection stays usable.
func TestMalformedMessagesKeepConnectionUsable(t *testing.T) {
	e := setup(t, repoapi.Config{MessageBurst: 100}, nil)
	c, _ := e.dial(t)
	scan := func(body string) string {
		return `{"action":"message","payload":{"type":"public_project_scan_initiate","body":` + body + `}}`
	}
	url := fmt.Sprintf("%q", e.repo.URL)
	for _, tc := range []struct{ msg, code, field string }{
		{`{"action":"message","payload":`, "invalid_json", ""},
		{`not json at all`, "invalid_json", ""},
		{`[1,2,3]`, "invalid_message", ""},
		{`"hello"`, "invalid_message", ""},
		{`{}`, "invalid_field", "action"},
		{`{"action":"subscribe","payload":{}}`, "invalid_field", "action"},
		{`{"action":"message"}`, "invalid_field", "payload"},
		{`{"action":"message","payload":[]}`, "invalid_field", "payload"},
		{`{"action":"message","payload":{}}`, "invalid_field", "payload.type"},
		{`{"action":"message","payload":{"type":7}}`, "invalid_field", "payload.type"},
		{`{"action":"message","payload":{"type":"delete_everything","body":{}}}`, "unknown_type", "payload.type"},
		{`{"action":"message","payload":{"type":"public_project_scan_initiate"}}`, "invalid_field", "payload.body"},
		{scan(`{}`), "invalid_field", "payload.body.project_url"},
		{scan(`{"project_url":""}`), "invalid_field", "payload.body.project_url"},
		{scan(`{"project_url":42}`), "invalid_field", "payload.body.project_url"},
		{scan(`{"project_url":"ftp://example.com/x.git"}`), "invalid_field", "payload.body.project_url"},
		{scan(`{"project_url":"file:///etc"}`), "invalid_field", "payload.body.project_url"},
		{scan(`{"project_url":` + url + `,"project_branch":["main"]}`), "invalid_field", "payload.body.project_branch"},
		{scan(`{"project_url":` + url + `,"project_branch":"--upload-pack=evil"}`), "invalid_field", "payload.body.project_branch"},
		{scan(`{"project_url":` + url + `,"project_commit":"HEAD~1"}`), "invalid_field", "payload.body.project_commit"},
		{scan(`{"project_url":` + url + `,"project_type":"old"}`), "invalid_field", "payload.body.project_type"},
		{scan(`{"project_url":` + url + `,"project_visibility":"secret"}`), "invalid_field", "payload.body.project_visibility"},
		{scan(`{"project_url":` + url + `,"project_visibility":"private"}`), "private_repository", "payload.body.project_visibility"},
		{scan(`{"project_url":` + url + `,"scanner_type":"python"}`), "invalid_field", "payload.body.scanner_type"},
		{scan(`{"project_url":` + url + `,"skip_file_paths":"tests/"}`), "invalid_field", "payload.body.skip_file_paths"},
		{scan(`{"project_url":` + url + `,"skip_file_paths":["ok/",3]}`), "invalid_field", "payload.body.skip_file_paths[1]"},
		{scan(`{"project_url":` + url + `,"project_name":"` + strings.Repeat("n", 300) + `"}`), "invalid_field", "payload.body.project_name"},
		{`{"action":"message","payload":{"type":"generate_report","body":{"scan_id":"x"}}}`, "invalid_field", "payload.body.project_id"},
		{`{"action":"message","payload":{"type":"generate_report","body":{"project_id":"p"}}}`, "invalid_field", "payload.body.scan_id"},
		{`{"action":"message","payload":{"type":"generate_report","body":{"project_id":"p","scan_id":"s","report_id":5}}}`, "invalid_field", "payload.body.report_id"},
		{`{"action":"message","payload":{"type":"generate_report","body":{"project_id":"p","scan_id":"s","connection_id":{}}}}`, "invalid_field", "payload.body.connection_id"},
	} {
		c.sendRaw(tc.msg)
		m := c.expectError(tc.code, tc.field)
		if tc.field == "" {
			if _, ok := m["payload"].(map[string]any)["field"]; ok {
				t.Errorf("%s: unexpected field in %v", tc.msg, m)
			}
		}
	}
	// Still usable: a real scan goes through.
	c.send(initiate(e.repo.URL, nil))
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusInProgress {
		t.Fatalf("after errors: %+v", s.Payload)
	}
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusDone {
		t.Fatalf("after errors: %+v", s.Payload)
	}
}

func TestOversizeMessages(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	c, _ := e.dial(t)
	// Over 64 KiB: dropped with an error, the connection stays.
	c.sendRaw(`{"action":"message","payload":{"type":"x","pad":"` + strings.Repeat("a", 70<<10) + `"}}`)
	c.expectError("message_too_large", "")
	c.sendRaw(`{}`)
	c.expectError("invalid_field", "action")
	// Over the hard limit (1 MiB): the connection is closed with 1009. The server may close
	// while the client is still writing, so the write may fail and the close frame may be
	// lost to the reset that follows; the connection must end either way.
	go c.ws.Write(bounded(t), websocket.MessageText, []byte(strings.Repeat("a", 2<<20)))
	_, _, err := c.ws.Read(bounded(t))
	if err == nil || (websocket.CloseStatus(err) != -1 && websocket.CloseStatus(err) != websocket.StatusMessageTooBig) {
		t.Fatalf("want the connection closed with 1009, got %v", err)
	}
}

func TestRateLimit(t *testing.T) {
	// A bucket of 3 that refills once in 1000 s: the fourth message is over the limit.
	e := setup(t, repoapi.Config{MessagesPerSecond: 0.001, MessageBurst: 3}, nil)
	c, _ := e.dial(t)
	for i := 0; i < 3; i++ {
		c.sendRaw(`{}`)
		c.expectError("invalid_field", "action")
	}
	c.send(initiate(e.repo.URL, nil))
	c.expectError("rate_limited", "")
	c.sendRaw(`{}`)
	c.expectError("rate_limited", "")
}

// A private address is refused by the server's network policy (ErrInput), named as the
// project_url field.
func TestPrivateAddressRefused(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil, func(c *server.Config) { c.AllowPrivateNetworks = false })
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	m := c.expectError("invalid_field", "payload.body.project_url")
	if m["request_uuid"] == "" {
		t.Fatalf("error after the request was accepted carries its request_uuid: %v", m)
	}
}

// gate holds StartRepoScan until released, so a scan can be kept "in flight" on a connection.
type gate struct {
	*repoapi.ServerScans
	entered chan struct{}
	release chan struct{}
}

func (g *gate) StartRepoScan(ctx context.Context, req repoapi.ScanRequest) (string, string, error) {
	g.entered <- struct{}{}
	select {
	case <-g.release:
	case <-ctx.Done():
		return "", "", ctx.Err()
	}
	return g.ServerScans.StartRepoScan(ctx, req)
}

func TestTooManyScansPerConnection(t *testing.T) {
	g := &gate{entered: make(chan struct{}, 4), release: make(chan struct{})}
	e := setup(t, repoapi.Config{MaxJobs: 1}, func(s *server.Server) repoapi.Scans { g.ServerScans = s.RepoScans(); return g })
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	<-g.entered
	c.send(initiate(e.repo.URL, nil))
	c.expectError("too_many_scans", "")
	close(g.release)
	c.readStatus()
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusDone {
		t.Fatalf("%+v", s.Payload)
	}
	// The slot is free again.
	c.send(initiate(e.repo.URL, nil))
	<-g.entered
	c.readStatus()
	c.readStatus()
}
