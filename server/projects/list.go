package projects

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/vigil-sec/vigil/server/store"
)

// Document kinds.
const (
	docProjects    = "dashboard_projects"
	docTriageNotes = "triage_notes"
)

// Records reads and changes the records over a store.
type Records struct{ Store store.Store }

// projectList is the dashboard_projects document: the client's project ids, newest first.
type projectList struct {
	IDs []string `json:"ids"`
}

func (r Records) loadList(ctx context.Context, clientID int64) (projectList, error) {
	var l projectList
	return l, loadJSON(ctx, r.Store, docProjects, strconv.FormatInt(clientID, 10), &l)
}

// updateList changes the client's project list as one step against every other change, in
// any process sharing the database.
func (r Records) updateList(ctx context.Context, clientID int64, change func(ids []string) []string) error {
	return updateJSON(ctx, r.Store, docProjects, strconv.FormatInt(clientID, 10), clientID, func(l *projectList) {
		l.IDs = change(l.IDs)
	})
}

// Listed puts a project at the top of its client's list (every scan queued calls it, so
// projects scanned through the API show too).
func (r Records) Listed(ctx context.Context, p store.Project) error {
	doc, err := r.Store.GetDocument(ctx, docProjects, strconv.FormatInt(p.ClientID, 10))
	if err == nil && firstListed(doc.Data) == p.ID {
		return nil // already on top: most scans are rescans, and reading is cheaper than a write
	}
	return r.updateList(ctx, p.ClientID, func(ids []string) []string {
		return append([]string{p.ID}, slices.DeleteFunc(ids, func(id string) bool { return id == p.ID })...)
	})
}

// Unlisted takes a deleted project off its client's list.
func (r Records) Unlisted(ctx context.Context, clientID int64, projectID string) error {
	return r.updateList(ctx, clientID, func(ids []string) []string {
		return slices.DeleteFunc(ids, func(id string) bool { return id == projectID })
	})
}

// firstListed returns the first id of a stored project list, or "" (then the caller updates
// the list), without decoding the rest: the list grows with the client's projects, and every
// scan asks.
func firstListed(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return ""
		}
		if key != "ids" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return ""
			}
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') || !dec.More() {
			return ""
		}
		var id string
		if dec.Decode(&id) != nil {
			return ""
		}
		return id
	}
	return ""
}

// List returns the client's projects, newest first; a listed project that no longer exists
// is skipped.
func (r Records) List(ctx context.Context, clientID int64) ([]store.Project, error) {
	l, err := r.loadList(ctx, clientID)
	if err != nil {
		return nil, err
	}
	var out []store.Project
	for _, id := range l.IDs {
		p, err := r.Store.GetProject(ctx, clientID, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
