package projects

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/vigil-sec/vigil/server/store"
)

// The records are JSON documents in the store. loadJSON and updateJSON are their one reading
// and one changing path.

// loadJSON decodes the document of kind and id into v; a missing document leaves v as it is.
func loadJSON(ctx context.Context, st store.Store, kind, id string, v any) error {
	doc, err := st.GetDocument(ctx, kind, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(doc.Data, v)
}

// updateJSON decodes the document (the zero T when there is none), lets change modify it and
// stores it, as one step against every other update of that document (Store.UpdateDocument).
func updateJSON[T any](ctx context.Context, st store.Store, kind, id string, clientID int64, change func(v *T)) error {
	return st.UpdateDocument(ctx, kind, id, clientID, func(old []byte) ([]byte, error) {
		var v T
		if old != nil {
			if err := json.Unmarshal(old, &v); err != nil {
				return nil, err
			}
		}
		change(&v)
		return json.Marshal(v)
	})
}
