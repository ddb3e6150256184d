package source

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestReadAtMost(t *testing.T) {
	fsys := fstest.MapFS{"a": {Data: []byte(strings.Repeat("x", 1000))}, "empty": {}}
	for _, c := range []struct {
		name string
		max  int64
		want int
	}{{"a", 2000, 1000}, {"a", 1000, 1000}, {"a", 999, 1000}, {"a", 10, 11}, {"empty", 10, 0}} {
		f, err := fsys.Open(c.name)
		if err != nil {
			t.Fatal(err)
		}
		data, err := ReadAtMost(f, c.max)
		f.Close()
		if err != nil || len(data) != c.want {
			t.Errorf("%s max %d: %d bytes, %v; want %d", c.name, c.max, len(data), err, c.want)
		}
	}
}
