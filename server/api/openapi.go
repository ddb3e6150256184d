package api

import (
	_ "embed"
	"net/http"
)

// openAPI documents every route of the private API, its bodies, answers and errors.
//
//go:embed openapi.json
var openAPI []byte

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Write(openAPI)
}
