package projects

import (
	"encoding/json"
	"fmt"
	"testing"
)

// The check that a project is on top of its client's list reads the first id only, whatever the
// list's length; anything unexpected reads as "not on top" (the list is then rewritten).
func TestFirstListed(t *testing.T) {
	ids := []string{"p1"}
	for i := range 5000 {
		ids = append(ids, fmt.Sprintf("p%d", i+2))
	}
	long, _ := json.Marshal(projectList{IDs: ids})
	for data, want := range map[string]string{
		string(long): "p1",
		`{"other":[1,{"a":"b"}],"ids":["x","y"]}`: "x",
		`{"ids":[]}`:  "",
		`{}`:          "",
		``:            "",
		`{"ids":[1]}`: "",
		`{"ids":"x"}`: "",
		`[`:           "",
	} {
		if got := firstListed([]byte(data)); got != want {
			t.Errorf("firstListed(%.40q) = %q, want %q", data, got, want)
		}
	}
}
