package web

import (
	"net/http"
	"strings"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
)

type blockScanView struct {
	Address, Platform, Chain string
	Error                    string
}

// blockScanPage is GET /block-scan: the form for a deployed contract.
func (h *Handler) blockScanPage(w http.ResponseWriter, r *http.Request, s *session) {
	h.render(w, r, http.StatusOK, "blockscan", blockScanView{Platform: "etherscan", Chain: "mainnet"})
}

// blockScan is POST /block-scan: queue the scan and show its page.
func (h *Handler) blockScan(w http.ResponseWriter, r *http.Request, s *session) {
	v := blockScanView{Address: strings.TrimSpace(r.PostFormValue("address")),
		Platform: strings.TrimSpace(r.PostFormValue("platform")), Chain: strings.TrimSpace(r.PostFormValue("chain"))}
	id, err := h.cfg.Backend.BlockScan(r.Context(), s.clientID, v.Address, v.Platform, v.Chain)
	if err != nil {
		h.refused(w, r, "blockscan", err, func(msg string) any { v.Error = msg; return v })
		return
	}
	http.Redirect(w, r, "/scans/"+pathEscape(id), http.StatusSeeOther)
}

type tokenScanView struct {
	Mint  string
	Error string
}

// tokenScanPage is GET /token-scan: the form for a Solana mint.
func (h *Handler) tokenScanPage(w http.ResponseWriter, r *http.Request, s *session) {
	h.render(w, r, http.StatusOK, "tokenscan", tokenScanView{})
}

// tokenScan is POST /token-scan: a token scan runs while the request waits (it reads a few
// accounts), then its result page shows.
func (h *Handler) tokenScan(w http.ResponseWriter, r *http.Request, s *session) {
	v := tokenScanView{Mint: strings.TrimSpace(r.PostFormValue("mint"))}
	id, err := h.cfg.Backend.TokenScan(r.Context(), s.clientID, v.Mint)
	if err != nil {
		h.refused(w, r, "tokenscan", err, func(msg string) any { v.Error = msg; return v })
		return
	}
	http.Redirect(w, r, "/token-scans/"+pathEscape(id), http.StatusSeeOther)
}

type tokenResultView struct{ Report *solana.Report }

func (v tokenResultView) title() string {
	if n := v.Report.Metadata.TokenName; n != "" {
		return "Token scan of " + n
	}
	return "Token scan"
}

// tokenResultPage is GET /token-scans/{id}.
func (h *Handler) tokenResultPage(w http.ResponseWriter, r *http.Request, s *session) {
	rep, err := h.cfg.Backend.TokenReport(r.Context(), s.clientID, r.PathValue("id"))
	if err != nil {
		h.notFound(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, "tokenresult", tokenResultView{Report: rep})
}

// refused shows a form again with why its scan could not start; with sets the message on the
// form's data. Errors that are not the user's are a 500.
func (h *Handler) refused(w http.ResponseWriter, r *http.Request, page string, err error, with func(msg string) any) {
	msg, ok := userError(err)
	if !ok {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return
	}
	h.render(w, r, http.StatusBadRequest, page, with(msg))
}
