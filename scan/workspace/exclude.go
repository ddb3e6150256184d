package workspace

// Exclude leaves out the files matching patterns (the syntax of Options.Skip) from a workspace
// already built: a cloned repository's vigil.yaml can only be read once the clone is on disk,
// and its exclude list must still choose the files, as a local folder's does before the walk.
func (w *Workspace) Exclude(patterns []string) error {
	skip, err := newSkipper(patterns)
	if err != nil {
		return err
	}
	if len(skip.pats) == 0 {
		return nil
	}
	kept := w.Files[:0]
	for _, f := range w.Files {
		if skip.skipped(f.Path) {
			w.TotalBytes -= f.Size
			w.TotalLines -= f.Lines
			continue
		}
		kept = append(kept, f)
	}
	w.Files = kept
	w.byPath = make(map[string]int, len(w.Files))
	for i, f := range w.Files {
		w.byPath[f.Path] = i
	}
	return nil
}
