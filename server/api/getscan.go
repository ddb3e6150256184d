package api

import (
	"errors"
	"net/http"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// notFoundMsg is the one answer for a scan that does not exist, belongs to another client, or
// does not match the project_id, client_id or scan_type sent: callers cannot tell them apart.
const notFoundMsg = "invalid request: no scan matches scan_id for this client"

// handleGetScan is POST /private/api-get-scan/ (SPEC 4.5).
func (a *API) handleGetScan(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: "+err.Error())
		return
	}
	scanID := f.Str("scan_id", true, scans.MaxNameLen)
	projectID := f.Str("project_id", false, scans.MaxNameLen)
	scanType := f.Str("scan_type", false, scans.MaxNameLen)
	clientID, hasClient := f.Int("client_id")
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: "+f.Err().Error())
		return
	}
	caller := auth.ClientID(r.Context())
	if hasClient && clientID != caller {
		httpjson.Error(w, http.StatusBadRequest, notFoundMsg)
		return
	}
	rep, err := a.Scans.Load(r.Context(), caller, scanID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		httpjson.Error(w, http.StatusBadRequest, notFoundMsg)
		return
	case err != nil:
		a.internal(w, r, "reading scan", err)
		return
	case projectID != "" && projectID != rep.ProjectID, scanType != "" && scanType != rep.ScanType:
		httpjson.Error(w, http.StatusBadRequest, notFoundMsg)
		return
	}
	httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
}
