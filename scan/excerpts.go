package scan

import "github.com/vigil-sec/vigil/report"

// excerptContext is how many lines around a finding are kept for downloadable reports.
const excerptContext = 8

// excerpts keeps the lines around each finding, so that a report generated later (when the
// workspace is gone) can still show the code. The lines of a file are marked first and its map
// made at its final size: filled finding by finding, it grew and rehashed several times.
func excerpts(groups []*report.Group, lines func(path string) []string) map[string]map[int]string {
	marked := map[string][]bool{} // by file, whether each line (from 1) is kept
	var order []string            // files in the order first met
	for _, g := range groups {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				keep, seen := marked[loc.FilePath]
				if !seen {
					if src := lines(loc.FilePath); src != nil {
						keep = make([]bool, len(src)+1)
					}
					marked[loc.FilePath] = keep
					order = append(order, loc.FilePath)
				}
				if keep == nil {
					continue
				}
				for i := range loc.LineNosStart {
					end := loc.LineNosStart[i]
					if i < len(loc.LineNosEnd) {
						end = loc.LineNosEnd[i]
					}
					for l := max(1, loc.LineNosStart[i]-excerptContext); l <= min(len(keep)-1, end+excerptContext); l++ {
						keep[l] = true
					}
				}
			}
		}
	}
	out := make(map[string]map[int]string, len(order))
	for _, path := range order {
		keep := marked[path]
		if keep == nil {
			continue
		}
		n := 0
		for _, k := range keep {
			if k {
				n++
			}
		}
		src, m := lines(path), make(map[int]string, n)
		for l, k := range keep {
			if k {
				m[l] = src[l-1]
			}
		}
		out[path] = m
	}
	return out
}
