package scan

import (
	"context"
	"fmt"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// readSources is the read stage: each language takes its files and reads what it analyses. It
// returns the languages with something to analyse and the size of their input, which the
// memory budget's estimate starts from.
func readSources(ctx context.Context, ws *workspace.Workspace, sel *selection, lines *sourceLines) ([]language, int64, error) {
	var active []language
	var size int64
	for i, l := range languages {
		files := sel.byLang[i]
		if len(files) == 0 {
			continue
		}
		fe := l.new(sel)
		n, err := fe.read(ctx, ws, files, lines)
		if err != nil {
			return nil, 0, err
		}
		size += n
		if fe.active() {
			active = append(active, fe)
		}
	}
	if len(active) == 0 {
		if sel.opts.Lang != "" {
			return nil, 0, fmt.Errorf("%w (with --lang %s)", workspace.ErrNoSources, sel.opts.Lang)
		}
		return nil, 0, workspace.ErrNoSources
	}
	return active, size, nil
}
