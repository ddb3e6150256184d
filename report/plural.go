package report

import "strconv"

// Plural counts a noun for a reader: "1 file", "2 files", "0 issues". The noun takes an s.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
