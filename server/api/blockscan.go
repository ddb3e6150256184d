package api

import (
	"net/http"
	"strings"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// handleBlockScan is POST /private/api-start-scan-block/ (SPEC 4.2): a scan of a deployed
// contract's verified source, with its threat score. Unknown platforms and chains, and invalid
// addresses, are a 400 whose error names the field and lists the valid values.
func (a *API) handleBlockScan(w http.ResponseWriter, r *http.Request) {
	if a.Catalogue == nil {
		httpjson.Error(w, http.StatusNotImplemented, "block scans are not configured on this server")
		return
	}
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	target := scan.BlockTarget{
		Address:  strings.TrimSpace(f.Str("contract_address", true, 64)),
		Platform: strings.TrimSpace(f.Str("contract_platform", true, scans.MaxNameLen)),
		Chain:    strings.TrimSpace(f.Str("contract_chain", true, scans.MaxNameLen)),
	}
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, f.Err().Error())
		return
	}
	addr, platform, chain, err := target.Resolve(a.Catalogue)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), scan.ErrInput.Error()+": "))
		return
	}
	p, err := a.Store.EnsureProject(r.Context(), store.Project{
		ClientID:  auth.ClientID(r.Context()),
		SourceKey: scans.BlockSourceKey(platform.Name, chain.Name, addr),
		Name:      addr,
		URL:       chain.ContractURL(addr),
	})
	if err != nil {
		a.internal(w, r, "recording project", err)
		return
	}
	a.startScan(w, r, p, scans.SourceBlock, scans.Request{Address: addr, Platform: platform.Name, Chain: chain.Name})
}
