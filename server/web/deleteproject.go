package web

import (
	"errors"
	"net/http"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// Deleting a project deletes everything kept about it, so it is asked for on a page of its
// own that says so (it works with JavaScript off, where a confirm() dialog would not).

type deleteView struct {
	Row   projectRow
	Error string
}

func (v deleteView) title() string { return "Delete " + v.Row.Project.Name }

// Busy says a scan of the project is queued or running, which holds the delete.
func (v deleteView) Busy() bool {
	return v.Row.Latest != nil && (v.Row.Latest.Status == report.StatusQueued || v.Row.Latest.Status == report.StatusInProgress)
}

// busyMessage is shown when the store refuses the delete for an unfinished scan.
const busyMessage = "A scan of this project is queued or running. Delete the project once it has finished."

// deletePage is GET /projects/{id}/delete: what deleting the project removes, and the button.
func (h *Handler) deletePage(w http.ResponseWriter, r *http.Request, s *session) {
	h.showDelete(w, r, s, http.StatusOK, "")
}

func (h *Handler) showDelete(w http.ResponseWriter, r *http.Request, s *session, status int, msg string) {
	row, ok := h.pathProject(w, r, s)
	if !ok {
		return
	}
	h.render(w, r, status, "deleteproject", deleteView{Row: row, Error: msg})
}

// deleteProject is POST /projects/{id}/delete.
func (h *Handler) deleteProject(w http.ResponseWriter, r *http.Request, s *session) {
	err := h.cfg.Backend.DeleteProject(r.Context(), s.clientID, r.PathValue("id"))
	switch {
	case errors.Is(err, store.ErrConflict):
		h.showDelete(w, r, s, http.StatusConflict, busyMessage)
	case err != nil:
		h.notFound(w, r, err) // a missing, already deleted or another client's project: 404
	default:
		http.Redirect(w, r, "/?deleted=1", http.StatusSeeOther)
	}
}
