package projects

import (
	"context"
	"time"

	"github.com/vigil-sec/vigil/report"
)

// Note is what a project remembers about a bug hash besides its status: the latest comment and
// the decisions so far, oldest first.
type Note struct {
	Status  string        `json:"status"`
	Comment string        `json:"comment"`
	History []NoteHistory `json:"history"`
}

// NoteHistory is one triage decision.
type NoteHistory struct {
	At      string `json:"at"` // report.Timestamp
	Status  string `json:"status"`
	Comment string `json:"comment"`
	By      string `json:"by"` // the key's name
}

// maxHistory bounds the decisions a note keeps (the latest).
const maxHistory = 50

// Notes returns the project's triage notes by bug hash. The caller has checked that the
// project is the client's.
func (r Records) Notes(ctx context.Context, projectID string) (map[string]Note, error) {
	notes := map[string]Note{}
	return notes, loadJSON(ctx, r.Store, docTriageNotes, projectID, &notes)
}

// Triage sets the bug hash's status for the project (the store carries it to later scans) and
// records the comment and the decision in the project's notes.
func (r Records) Triage(ctx context.Context, clientID int64, projectID, bugHash, status, comment, by string) error {
	if err := r.Store.SetBugStatus(ctx, clientID, projectID, bugHash, status); err != nil {
		return err
	}
	return updateJSON(ctx, r.Store, docTriageNotes, projectID, clientID, func(notes *map[string]Note) {
		if *notes == nil {
			*notes = map[string]Note{}
		}
		n := (*notes)[bugHash]
		n.Status, n.Comment = status, comment
		n.History = append(n.History, NoteHistory{At: report.Timestamp(time.Now()), Status: status, Comment: comment, By: by})
		if len(n.History) > maxHistory {
			n.History = n.History[len(n.History)-maxHistory:]
		}
		(*notes)[bugHash] = n
	})
}

// ApplyComments fills the findings' comment from the project's triage notes, so the JSON and
// the reports carry what the dashboard recorded.
func (r Records) ApplyComments(ctx context.Context, rep *report.ScanReport) error {
	notes, err := r.Notes(ctx, rep.ProjectID)
	if err != nil || len(notes) == 0 {
		return err
	}
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if n, ok := notes[f.BugHash]; ok && n.Comment != "" {
				f.Comment = n.Comment
			}
		}
	}
	return nil
}
