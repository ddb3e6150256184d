package pdf

import (
	"fmt"
	"strings"
	"sync"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Font families registered in every document.
const (
	sans = "gosans"
	mono = "gomono"
)

// coverage is the set of runes the embedded fonts draw. The Go fonts share one character set
// (WGL4 and more), so the regular face stands for all of them.
var coverage = sync.OnceValue(func() map[rune]bool {
	set := map[rune]bool{}
	for _, ttf := range [][]byte{goregular.TTF, gomono.TTF} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			continue
		}
		var buf sfnt.Buffer
		for r := rune(0x20); r <= 0xFFFF; r++ {
			if i, err := f.GlyphIndex(&buf, r); err == nil && i != 0 {
				set[r] = true
			}
		}
	}
	return set
})

// printable returns s with every character the fonts cannot draw written as <U+XXXX>. fpdf
// indexes a 64K width table by rune, so anything outside the Basic Multilingual Plane would also
// make it panic.
func printable(s string) string {
	cov := coverage()
	ok := true
	for _, r := range s {
		if r != '\n' && !cov[r] {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == '\n' || cov[r] {
			b.WriteRune(r)
			continue
		}
		if r == '\t' {
			b.WriteString("    ")
			continue
		}
		fmt.Fprintf(&b, "<U+%04X>", r)
	}
	return b.String()
}

// addFonts registers the embedded Go fonts: no font files are read at run time.
func addFonts(f *fpdf.Fpdf) {
	f.AddUTF8FontFromBytes(sans, "", goregular.TTF)
	f.AddUTF8FontFromBytes(sans, "B", gobold.TTF)
	f.AddUTF8FontFromBytes(sans, "I", goitalic.TTF)
	f.AddUTF8FontFromBytes(mono, "", gomono.TTF)
	f.AddUTF8FontFromBytes(mono, "B", gomonobold.TTF)
}
