package api

import (
	"errors"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
)

// handleFileScan is POST /private/api-file-scan/ (SPEC 4.6). file_urls must be URLs this server
// issued through /private/api-get-presigned-url/ to the same client, with the file uploaded;
// nothing is ever fetched from elsewhere.
func (a *API) handleFileScan(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	urls := f.StrList("file_urls", true, scans.MaxFileURLs, scans.MaxURLLen)
	name := strings.TrimSpace(f.Str("project_name", false, scans.MaxNameLen))
	ptype := f.Str("project_type", false, scans.MaxNameLen)
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, f.Err().Error())
		return
	}
	ctx := r.Context()
	client := auth.ClientID(ctx)
	req := scans.Request{ProjectType: ptype, Quick: true}
	var names []string
	seen := map[string]bool{}
	for i, raw := range urls {
		field := fmt.Sprintf("file_urls[%d]", i)
		key, ok := a.Uploads.KeyOf(raw)
		if !ok {
			httpjson.Error(w, http.StatusBadRequest, field+": not an upload URL issued by this server")
			return
		}
		u, err := a.Store.GetUpload(ctx, key)
		if err == nil && u.ClientID == client {
			u, err = a.Uploads.Complete(ctx, u)
		}
		var refused uploads.Refused
		switch {
		case errors.Is(err, store.ErrNotFound) || (err == nil && u.ClientID != client):
			httpjson.Error(w, http.StatusBadRequest, field+": no such upload")
			return
		case errors.As(err, &refused):
			httpjson.Error(w, http.StatusBadRequest, field+": "+refused.Msg)
			return
		case err != nil:
			a.internal(w, r, "reading upload", err)
			return
		case seen[key]:
			httpjson.Error(w, http.StatusBadRequest, field+": given twice")
			return
		case seen["name:"+u.FileName]:
			httpjson.Error(w, http.StatusBadRequest, field+": another file is named "+u.FileName+"; file names must be unique")
			return
		case len(urls) > 1 && strings.EqualFold(path.Ext(u.FileName), ".zip"):
			httpjson.Error(w, http.StatusBadRequest, field+": a .zip archive must be the only file of a scan")
			return
		}
		seen[key], seen["name:"+u.FileName] = true, true
		req.Uploads = append(req.Uploads, key)
		// The report lists the URL without its signature: it names the file, not the right
		// to write it.
		req.FileURLs = append(req.FileURLs, a.Uploads.URL(key))
		names = append(names, u.FileName)
	}
	if name == "" {
		name = names[0]
	}
	p, err := a.Store.EnsureProject(ctx, store.Project{ClientID: client, SourceKey: "upload:" + name, Name: name})
	if err != nil {
		a.internal(w, r, "recording project", err)
		return
	}
	a.startScan(w, r, p, scans.SourceUpload, req)
}
