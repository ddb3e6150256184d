package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/webhook"
)

// handleTagWebhook is POST /api-tag-webhook/ (SPEC 4.13, Token scheme). It stores the client's
// endpoint and headers and answers the endpoint's signing secret, kept across re-tagging so
// that receivers need not change it.
func (a *API) handleTagWebhook(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: "+err.Error())
		return
	}
	endpoint := strings.TrimSpace(f.Str("endpoint_url", true, scans.MaxURLLen))
	headers := f.StringMap("endpoint_headers", 64)
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: "+f.Err().Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if err := webhook.ValidateEndpoint(ctx, a.Policy, endpoint, headers); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: "+err.Error())
		return
	}
	client := auth.ClientID(r.Context())
	secret := webhook.NewSecret()
	if old, err := a.Store.GetEndpoint(r.Context(), client); err == nil {
		secret = old.Secret
	} else if !errors.Is(err, store.ErrNotFound) {
		a.internal(w, r, "reading webhook endpoint", err)
		return
	}
	if headers == nil {
		headers = map[string]string{}
	}
	if err := a.Store.SetEndpoint(r.Context(), store.Endpoint{ClientID: client, URL: endpoint, Headers: headers,
		Secret: secret, UpdatedAt: time.Now().UTC()}); err != nil {
		a.internal(w, r, "storing webhook endpoint", err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{
		"status":         "success",
		"message":        "webhook endpoint tagged successfully",
		"signing_secret": secret,
	})
}
