package webhook

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/store"
)

var loopback = netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}

// receiver is a local endpoint that verifies each delivery like a client would and fails the
// first failFirst attempts with 503.
type receiver struct {
	mu        sync.Mutex
	secret    string
	failFirst int
	attempts  int
	ids       []string
	verified  []Event
	headers   []http.Header
	got       chan struct{}
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.attempts++
	rc.ids = append(rc.ids, r.Header.Get("webhook-id"))
	if rc.attempts <= rc.failFirst {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	if err := Verify(rc.secret, r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature"), body, time.Now(), 5*time.Minute); err != nil {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var ev Event
	json.Unmarshal(body, &ev)
	rc.verified = append(rc.verified, ev)
	rc.headers = append(rc.headers, r.Header.Clone())
	rc.got <- struct{}{}
}

func TestDeliveryRetriedSignedAndPersisted(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, _ := st.CreateClient(ctx, "c")
	rc := &receiver{secret: NewSecret(), failFirst: 2, got: make(chan struct{}, 4)}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	if err := ValidateEndpoint(ctx, loopback, srv.URL+"/hook", map[string]string{"X-Team": "sec"}); err != nil {
		t.Fatal(err)
	}
	st.SetEndpoint(ctx, store.Endpoint{ClientID: c.ID, URL: srv.URL + "/hook", Headers: map[string]string{"X-Team": "sec"}, Secret: rc.secret, UpdatedAt: time.Now()})

	d := &Dispatcher{Store: st, Client: NewClient(loopback, 5*time.Second), Backoff: time.Millisecond, Poll: 5 * time.Millisecond}
	ev := Event{Type: EventScanCompleted, ScanID: "s1", ProjectID: "p1", ScanStatus: "scan_done"}
	body, _ := json.Marshal(ev)
	d.init()
	if err := d.Enqueue(ctx, c.ID, ev, body); err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { d.Run(runCtx); close(done) }()
	select {
	case <-rc.got:
	case <-time.After(10 * time.Second):
		t.Fatal("no verified delivery")
	}
	// The attempt is recorded after the receiver answered: wait for the store to say so.
	var del store.Delivery
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		rc.mu.Lock()
		id := rc.ids[0]
		rc.mu.Unlock()
		if del, _ = st.GetDelivery(ctx, id); del.Status != store.DeliveryPending {
			break
		}
	}
	cancel()
	<-done
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.attempts != 3 || rc.ids[0] != rc.ids[2] {
		t.Fatalf("attempts %d ids %v: want 3 attempts with one webhook-id", rc.attempts, rc.ids)
	}
	if rc.verified[0].ScanID != "s1" || rc.headers[0].Get("X-Team") != "sec" {
		t.Fatalf("delivery %+v headers %v", rc.verified[0], rc.headers[0])
	}
	if del.Status != store.DeliveryDelivered || del.Attempts != 3 {
		t.Fatalf("stored delivery: status %s attempts %d", del.Status, del.Attempts)
	}
}

func TestValidateEndpoint(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		url     string
		headers map[string]string
		field   string
	}{
		{"http://127.0.0.1:9/x", nil, "endpoint_url"}, // strict policy: loopback refused
		{"ftp://example.com/x", nil, "endpoint_url"},
		{"not a url", nil, "endpoint_url"},
		{"https://93.184.215.14/x", map[string]string{"Bad Name": "v"}, "endpoint_headers"},
		{"https://93.184.215.14/x", map[string]string{"webhook-signature": "v"}, "endpoint_headers"},
		{"https://93.184.215.14/x", map[string]string{"X-A": "a\r\nInjected: 1"}, "endpoint_headers.X-A"},
	}
	for _, c := range cases {
		err := ValidateEndpoint(ctx, netguard.Policy{}, c.url, c.headers)
		fe, ok := err.(*FieldError)
		if !ok || fe.Field != c.field {
			t.Errorf("%s %v: got %v, want error on %s", c.url, c.headers, err, c.field)
		}
	}
	if err := ValidateEndpoint(ctx, netguard.Policy{}, "https://93.184.215.14/x", map[string]string{"X-Api-Key": "k"}); err != nil {
		t.Errorf("valid endpoint refused: %v", err)
	}
}
