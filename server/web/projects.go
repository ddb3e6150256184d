package web

import (
	"errors"
	"html/template"
	"net/http"
	"strings"

	"github.com/vigil-sec/vigil/server/store"
)

type projectsView struct {
	Rows    []projectRow
	Error   string
	Deleted bool   // a project was just deleted
	URL     string // the add form's values, kept when it is shown again with an error
	Branch  string
}

func (v projectsView) Spark(r projectRow) template.HTML { return sparkline(r.Scores) }

// projectsPage is GET /: the client's projects.
func (h *Handler) projectsPage(w http.ResponseWriter, r *http.Request, s *session) {
	h.showProjects(w, r, s, http.StatusOK, projectsView{Deleted: r.URL.Query().Has("deleted")})
}

func (h *Handler) showProjects(w http.ResponseWriter, r *http.Request, s *session, status int, v projectsView) {
	ps, err := h.cfg.Backend.Projects(r.Context(), s.clientID)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return
	}
	for _, p := range ps {
		row, err := h.projectRow(r.Context(), s.clientID, p)
		if err != nil {
			h.fail(w, r, http.StatusInternalServerError, "internal error", err)
			return
		}
		v.Rows = append(v.Rows, row)
	}
	h.render(w, r, status, "projects", v)
}

// addProject is POST /projects: a repository by URL and branch; its first scan starts.
func (h *Handler) addProject(w http.ResponseWriter, r *http.Request, s *session) {
	u, branch := strings.TrimSpace(r.PostFormValue("url")), strings.TrimSpace(r.PostFormValue("branch"))
	if u == "" {
		h.showProjects(w, r, s, http.StatusBadRequest, projectsView{Error: "Give the repository's URL.", Branch: branch})
		return
	}
	id, err := h.cfg.Backend.AddProject(r.Context(), s.clientID, u, branch)
	if err != nil {
		h.scanRefused(w, r, s, err, projectsView{URL: u, Branch: branch})
		return
	}
	http.Redirect(w, r, "/scans/"+pathEscape(id), http.StatusSeeOther)
}

// scanRefused shows the project list again with why a scan could not start.
func (h *Handler) scanRefused(w http.ResponseWriter, r *http.Request, s *session, err error, v projectsView) {
	msg, ok := userError(err)
	if errors.Is(err, store.ErrNotFound) || !ok { // another client's project is not found, as a missing one
		h.notFound(w, r, err)
		return
	}
	v.Error = msg
	status := http.StatusBadRequest
	if errors.Is(err, ErrClientBusy) {
		status = http.StatusTooManyRequests
		w.Header().Set("Retry-After", "10")
	}
	h.showProjects(w, r, s, status, v)
}

// addUpload is POST /projects/upload (multipart): .sol or .zip files scanned as one project.
func (h *Handler) addUpload(w http.ResponseWriter, r *http.Request, s *session) {
	var files []Upload
	if r.MultipartForm != nil {
		for _, fh := range r.MultipartForm.File["files"] {
			f, err := fh.Open()
			if err != nil {
				h.fail(w, r, http.StatusBadRequest, "the upload could not be read", nil)
				return
			}
			defer f.Close()
			files = append(files, Upload{Name: fh.Filename, Data: f})
		}
	}
	if len(files) == 0 {
		h.showProjects(w, r, s, http.StatusBadRequest, projectsView{Error: "Choose at least one .sol or .zip file to upload."})
		return
	}
	id, err := h.cfg.Backend.AddUpload(r.Context(), s.clientID, strings.TrimSpace(r.PostFormValue("name")), files)
	if err != nil {
		h.scanRefused(w, r, s, err, projectsView{})
		return
	}
	http.Redirect(w, r, "/scans/"+pathEscape(id), http.StatusSeeOther)
}

type projectView struct {
	Row   projectRow
	Scans []scanRow
}

func (v projectView) title() string        { return "Project " + v.Row.Project.Name }
func (v projectView) Spark() template.HTML { return sparkline(v.Row.Scores) }

type scanRow struct {
	Scan  store.Scan
	Score string
	Count int
}

// pathProject reads the client's project named by the path, with what the list shows of it;
// it answers the request itself (404, 500) when it returns false.
func (h *Handler) pathProject(w http.ResponseWriter, r *http.Request, s *session) (projectRow, bool) {
	p, err := h.cfg.Store.GetProject(r.Context(), s.clientID, r.PathValue("id"))
	if err != nil {
		h.notFound(w, r, err)
		return projectRow{}, false
	}
	row, err := h.projectRow(r.Context(), s.clientID, p)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return projectRow{}, false
	}
	return row, true
}

// projectPage is GET /projects/{id}: the project's scans.
func (h *Handler) projectPage(w http.ResponseWriter, r *http.Request, s *session) {
	row, ok := h.pathProject(w, r, s)
	if !ok {
		return
	}
	p := row.Project
	scans, err := h.cfg.Store.ProjectScans(r.Context(), s.clientID, p.ID, historyLimit)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return
	}
	v := projectView{Row: row}
	for _, sc := range scans {
		sr := scanRow{Scan: sc}
		if sum := h.summaries.summary(sc); sum != nil {
			sr.Score, sr.Count = sum.ScoreV2, sum.IssuesCount
		}
		sr.Scan.Report = nil // the template needs no report body
		v.Scans = append(v.Scans, sr)
	}
	h.render(w, r, http.StatusOK, "project", v)
}

// rescan is POST /projects/{id}/rescan.
func (h *Handler) rescan(w http.ResponseWriter, r *http.Request, s *session) {
	id, err := h.cfg.Backend.Rescan(r.Context(), s.clientID, r.PathValue("id"))
	if err != nil {
		h.scanRefused(w, r, s, err, projectsView{})
		return
	}
	http.Redirect(w, r, "/scans/"+pathEscape(id), http.StatusSeeOther)
}

// notFound answers a missing (or another client's) object as one: 404, whichever it was.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request, err error) {
	if msg, ok := userError(err); ok {
		status := http.StatusNotFound
		if msg != "not found" {
			status = http.StatusBadRequest
		} else {
			msg = notFoundMessage(r)
		}
		h.fail(w, r, status, msg, nil)
		return
	}
	h.fail(w, r, http.StatusInternalServerError, "internal error", err)
}
