package scanner

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

// ErrorHandler receives each lexical error with its position.
type ErrorHandler func(pos token.Position, msg string)

// Mode controls what the scanner returns.
type Mode uint

// ScanComments makes the scanner return plain comments as COMMENT tokens;
// by default only doc comments are returned.
const ScanComments Mode = 1 << iota

// Scanner tokenizes one file. Use Init, then call Scan until EOF.
type Scanner struct {
	file *token.File
	src  string
	err  ErrorHandler
	mode Mode
	offs int

	// ErrorCount is the number of errors reported.
	ErrorCount int
}

// Init prepares s to scan src, which belongs to file (whose size must be
// len(src)). The file's line table is filled from src.
func (s *Scanner) Init(file *token.File, src []byte, err ErrorHandler, mode Mode) {
	s.file = file
	s.src = string(src)
	s.err = err
	s.mode = mode
	s.offs = 0
	s.ErrorCount = 0
	file.SetLinesAtLF(src)
	// A byte order mark is not part of the program.
	if len(s.src) >= 3 && s.src[:3] == "\uFEFF" {
		s.offs = 3
	}
	// "#!" opens a shebang line unless it starts an inner attribute "#![".
	if rest := s.src[s.offs:]; len(rest) >= 2 && rest[:2] == "#!" && !isInnerAttrStart(rest[2:]) {
		for s.offs < len(s.src) && s.src[s.offs] != '\n' {
			s.offs++
		}
	}
}

func isInnerAttrStart(rest string) bool {
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case ' ', '\t', '\r', '\n':
			continue
		case '[':
			return true
		}
		return false
	}
	return false
}

func (s *Scanner) error(offs int, msg string) {
	s.ErrorCount++
	if s.err != nil {
		s.err(s.file.Position(s.file.Pos(offs)), msg)
	}
}

func (s *Scanner) peek(n int) byte {
	if s.offs+n < len(s.src) {
		return s.src[s.offs+n]
	}
	return 0
}

func (s *Scanner) tok(kind token.Kind, start int) token.Token {
	return token.Token{Kind: kind, Pos: s.file.Pos(start), Lit: s.src[start:s.offs]}
}

// Scan returns the next token. At the end it returns EOF forever.
func (s *Scanner) Scan() token.Token {
	for {
		s.skipSpace()
		start := s.offs
		if s.offs >= len(s.src) {
			return token.Token{Kind: token.EOF, Pos: s.file.Pos(len(s.src))}
		}
		c := s.src[s.offs]
		switch {
		case c == '/' && s.peek(1) == '/':
			kind := s.lineComment()
			if kind == token.COMMENT && s.mode&ScanComments == 0 {
				continue
			}
			return s.tok(kind, start)
		case c == '/' && s.peek(1) == '*':
			kind := s.blockComment()
			if kind == token.COMMENT && s.mode&ScanComments == 0 {
				continue
			}
			return s.tok(kind, start)
		case c >= '0' && c <= '9':
			return s.tok(s.number(), start)
		case c == '\'':
			return s.tok(s.quote(), start)
		case c == '"':
			s.offs++
			s.quoted('"')
			s.suffix()
			return s.tok(token.STRING, start)
		case c == 'r' || c == 'b' || c == 'c':
			if kind, ok := s.prefixed(); ok {
				return s.tok(kind, start)
			}
			return s.tok(s.ident(), start)
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf:
			if c >= utf8.RuneSelf {
				r, _ := utf8.DecodeRuneInString(s.src[s.offs:])
				if !isIdentStart(r) {
					s.offs += runeLen(s.src[s.offs:])
					s.error(start, "invalid character "+quoteRune(r)+" in source")
					return s.tok(token.ILLEGAL, start)
				}
			}
			return s.tok(s.ident(), start)
		}
		return s.tok(s.operator(), start)
	}
}

func runeLen(s string) int {
	_, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return 1
	}
	return n
}

func quoteRune(r rune) string {
	if r == utf8.RuneError {
		return "(invalid UTF-8)"
	}
	return fmt.Sprintf("%q (%U)", r, r)
}

func isIdentStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= utf8.RuneSelf && unicode.IsLetter(r)
}

func isIdentContinue(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' ||
		r >= utf8.RuneSelf && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))
}

func (s *Scanner) skipSpace() {
	for s.offs < len(s.src) {
		c := s.src[s.offs]
		switch c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			s.offs++
			continue
		}
		if c < utf8.RuneSelf {
			return
		}
		r, n := utf8.DecodeRuneInString(s.src[s.offs:])
		switch r {
		case '\u0085', '\u200e', '\u200f', '\u2028', '\u2029':
			s.offs += n
			continue
		}
		return
	}
}

// identRun advances over identifier characters.
func (s *Scanner) identRun() {
	for s.offs < len(s.src) {
		c := s.src[s.offs]
		if c < utf8.RuneSelf {
			if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				s.offs++
				continue
			}
			return
		}
		r, n := utf8.DecodeRuneInString(s.src[s.offs:])
		if !isIdentContinue(r) {
			return
		}
		s.offs += n
	}
}

func (s *Scanner) ident() token.Kind {
	start := s.offs
	s.identRun()
	lit := s.src[start:s.offs]
	if lit == "_" {
		return token.UNDERSCORE
	}
	return token.Lookup(lit)
}

// prefixed handles r#ident, r"..", r#".."#, b'..', b"..", br"..", c"..",
// cr"..". It reports false when the text is a plain identifier.
func (s *Scanner) prefixed() (token.Kind, bool) {
	start := s.offs
	c := s.src[s.offs]
	switch {
	case c == 'r' && s.peek(1) == '#' && s.peek(2) != '#' && s.peek(2) != '"':
		// Raw identifier: r#match names an item called "match".
		s.offs += 2
		if s.offs >= len(s.src) {
			s.error(start, "raw identifier has no name")
			return token.ILLEGAL, true
		}
		r, _ := utf8.DecodeRuneInString(s.src[s.offs:])
		if !isIdentStart(r) {
			s.error(start, "raw identifier has no name")
			return token.ILLEGAL, true
		}
		s.identRun()
		return token.IDENT, true
	case c == 'r' && (s.peek(1) == '"' || s.peek(1) == '#'):
		s.offs++
		s.rawString(start)
		return token.RAW_STRING, true
	case c == 'b' && s.peek(1) == '\'':
		s.offs += 2
		s.charBody(start)
		return token.BYTE, true
	case c == 'b' && s.peek(1) == '"':
		s.offs += 2
		s.quoted('"')
		s.suffix()
		return token.BYTE_STRING, true
	case c == 'b' && s.peek(1) == 'r' && (s.peek(2) == '"' || s.peek(2) == '#'):
		s.offs += 2
		s.rawString(start)
		return token.RAW_BYTE_STRING, true
	case c == 'c' && s.peek(1) == '"':
		s.offs += 2
		s.quoted('"')
		s.suffix()
		return token.C_STRING, true
	case c == 'c' && s.peek(1) == 'r' && (s.peek(2) == '"' || s.peek(2) == '#'):
		s.offs += 2
		s.rawString(start)
		return token.C_STRING, true
	}
	return 0, false
}

// rawString scans #*"..."#* with s.offs at the first '#' or '"'.
func (s *Scanner) rawString(start int) {
	hashes := 0
	for s.offs < len(s.src) && s.src[s.offs] == '#' {
		hashes++
		s.offs++
	}
	if s.offs >= len(s.src) || s.src[s.offs] != '"' {
		s.error(start, "raw string is missing its opening quote")
		return
	}
	s.offs++
	for s.offs < len(s.src) {
		if s.src[s.offs] == '"' {
			n := 0
			for n < hashes && s.offs+1+n < len(s.src) && s.src[s.offs+1+n] == '#' {
				n++
			}
			if n == hashes {
				s.offs += 1 + hashes
				s.suffix()
				return
			}
		}
		s.offs++
	}
	s.error(start, "raw string literal not terminated")
}

// quoted scans to the closing quote, honouring backslash escapes. s.offs
// is just past the opening quote.
func (s *Scanner) quoted(q byte) {
	start := s.offs - 1
	for s.offs < len(s.src) {
		c := s.src[s.offs]
		s.offs++
		if c == '\\' {
			if s.offs < len(s.src) {
				s.offs++
			}
			continue
		}
		if c == q {
			return
		}
	}
	s.error(start, "string literal not terminated")
}

// suffix consumes a literal suffix such as u64 or f32.
func (s *Scanner) suffix() {
	if s.offs < len(s.src) {
		r, _ := utf8.DecodeRuneInString(s.src[s.offs:])
		if isIdentStart(r) {
			s.identRun()
		}
	}
}

// charBody scans the rest of a char or byte literal after its opening quote.
func (s *Scanner) charBody(start int) {
	if s.offs < len(s.src) && s.src[s.offs] == '\\' {
		s.offs += 2
		// Escapes like \u{1F600} run to the closing quote.
		for s.offs < len(s.src) && s.src[s.offs] != '\'' && s.src[s.offs] != '\n' && s.offs-start < 16 {
			s.offs++
		}
	} else if s.offs < len(s.src) {
		s.offs += runeLen(s.src[s.offs:])
	}
	if s.offs < len(s.src) && s.src[s.offs] == '\'' {
		s.offs++
		s.suffix()
		return
	}
	if s.offs > len(s.src) {
		s.offs = len(s.src)
	}
	s.error(start, "character literal not terminated")
}

// quote decides between a char literal and a lifetime or label.
func (s *Scanner) quote() token.Kind {
	start := s.offs
	s.offs++
	if s.offs >= len(s.src) {
		s.error(start, "character literal not terminated")
		return token.ILLEGAL
	}
	if s.src[s.offs] == '\\' {
		s.charBody(start)
		return token.CHAR
	}
	r, n := utf8.DecodeRuneInString(s.src[s.offs:])
	if s.offs+n < len(s.src) && s.src[s.offs+n] == '\'' {
		s.offs += n + 1
		s.suffix()
		return token.CHAR
	}
	if isIdentStart(r) || r >= '0' && r <= '9' {
		s.offs += n
		s.identRun()
		if s.offs < len(s.src) && s.src[s.offs] == '\'' {
			// 'ab' is a malformed char literal, not a lifetime.
			s.offs++
			s.error(start, "character literal may only contain one codepoint")
			return token.CHAR
		}
		return token.LIFETIME
	}
	s.charBody(start)
	return token.CHAR
}

func isDigitOrUnderscore(c byte, base int) bool {
	switch {
	case c == '_':
		return true
	case base == 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	case base == 8:
		return c >= '0' && c <= '7'
	case base == 2:
		return c == '0' || c == '1'
	}
	return c >= '0' && c <= '9'
}

func (s *Scanner) digits(base int) {
	for s.offs < len(s.src) && isDigitOrUnderscore(s.src[s.offs], base) {
		s.offs++
	}
}

func (s *Scanner) number() token.Kind {
	start := s.offs
	if s.src[s.offs] == '0' {
		base := 0
		switch s.peek(1) {
		case 'x':
			base = 16
		case 'o':
			base = 8
		case 'b':
			base = 2
		}
		if base != 0 {
			s.offs += 2
			d := s.offs
			s.digits(base)
			// Digits beyond the base (0b102) are an error, but scanning on
			// keeps the literal in one token.
			for s.offs < len(s.src) && s.src[s.offs] >= '0' && s.src[s.offs] <= '9' {
				s.offs++
				s.error(start, "invalid digit in number literal")
			}
			if s.offs == d {
				s.error(start, "number literal has no digits")
			}
			s.suffix()
			return token.INT
		}
	}
	kind := token.INT
	s.digits(10)
	if s.offs < len(s.src) && s.src[s.offs] == '.' {
		next := s.peek(1)
		// 1..2 is a range and 1.foo() a method call; 1. and 1.5 are floats.
		if next != '.' && !(next == '_' || next >= 'a' && next <= 'z' || next >= 'A' && next <= 'Z' || next >= utf8.RuneSelf) {
			kind = token.FLOAT
			s.offs++
			if s.offs < len(s.src) && s.src[s.offs] >= '0' && s.src[s.offs] <= '9' {
				s.digits(10)
			}
		}
	}
	if c := s.peek(0); c == 'e' || c == 'E' {
		n := 1
		if d := s.peek(1); d == '+' || d == '-' {
			n = 2
		}
		if d := s.peek(n); d >= '0' && d <= '9' || d == '_' {
			kind = token.FLOAT
			s.offs += n
			s.digits(10)
		}
	}
	sufStart := s.offs
	s.suffix()
	if sufStart < s.offs && s.src[sufStart] == 'f' && kind == token.INT {
		kind = token.FLOAT
	}
	return kind
}

func (s *Scanner) lineComment() token.Kind {
	start := s.offs
	for s.offs < len(s.src) && s.src[s.offs] != '\n' {
		s.offs++
	}
	text := s.src[start:s.offs]
	kind := token.COMMENT
	switch {
	case len(text) >= 3 && text[2] == '/' && (len(text) == 3 || text[3] != '/'):
		kind = token.DOC_OUTER
	case len(text) >= 3 && text[2] == '!':
		kind = token.DOC_INNER
	}
	s.checkBareCR(start, text, kind)
	return kind
}

// checkBareCR reports a carriage return not followed by a line feed inside a comment. Rust
// ends a // comment at LF only, so the text after a lone CR is still comment to rustc, while
// editors and review tools show it as a new line of code (rust-lang/rust#7946). rustc rejects
// it in doc comments ("bare CR not allowed in doc-comment"); in plain comments it is legal, but
// it is reported all the same, naming file and line, so that code that looks live and is not
// compiled (or the reverse) cannot slip past a reader.
func (s *Scanner) checkBareCR(start int, text string, kind token.Kind) {
	for i := 0; i < len(text); i++ {
		if text[i] != '\r' || start+i+1 < len(s.src) && s.src[start+i+1] == '\n' {
			continue
		}
		if kind == token.COMMENT {
			s.error(start+i, "bare CR in comment: rustc reads the rest of the line as comment, though editors show it as a new line")
		} else {
			s.error(start+i, "bare CR not allowed in doc comment")
		}
		return
	}
}

// blockComment scans a possibly nested /* */ comment.
func (s *Scanner) blockComment() token.Kind {
	start := s.offs
	s.offs += 2
	depth := 1
	for s.offs < len(s.src) && depth > 0 {
		switch {
		case s.src[s.offs] == '/' && s.peek(1) == '*':
			depth++
			s.offs += 2
		case s.src[s.offs] == '*' && s.peek(1) == '/':
			depth--
			s.offs += 2
		default:
			s.offs++
		}
	}
	if depth > 0 {
		s.error(start, "block comment not terminated")
		return token.COMMENT
	}
	text := s.src[start:s.offs]
	switch {
	case len(text) >= 5 && text[2] == '*' && text[3] != '*' && text != "/**/":
		s.checkBareCR(start, text, token.DOC_OUTER)
		return token.DOC_OUTER
	case len(text) >= 5 && text[2] == '!':
		s.checkBareCR(start, text, token.DOC_INNER)
		return token.DOC_INNER
	}
	return token.COMMENT
}

func (s *Scanner) operator() token.Kind {
	start := s.offs
	c := s.src[s.offs]
	s.offs++
	two := func(next byte, k2, k1 token.Kind) token.Kind {
		if s.peek(0) == next {
			s.offs++
			return k2
		}
		return k1
	}
	switch c {
	case '+':
		return two('=', token.PLUS_EQ, token.PLUS)
	case '-':
		if s.peek(0) == '>' {
			s.offs++
			return token.RARROW
		}
		return two('=', token.MINUS_EQ, token.MINUS)
	case '*':
		return two('=', token.STAR_EQ, token.STAR)
	case '/':
		return two('=', token.SLASH_EQ, token.SLASH)
	case '%':
		return two('=', token.PERC_EQ, token.PERCENT)
	case '^':
		return two('=', token.CARET_EQ, token.CARET)
	case '!':
		return two('=', token.NE, token.NOT)
	case '&':
		if s.peek(0) == '&' {
			s.offs++
			return token.ANDAND
		}
		return two('=', token.AND_EQ, token.AND)
	case '|':
		if s.peek(0) == '|' {
			s.offs++
			return token.OROR
		}
		return two('=', token.OR_EQ, token.OR)
	case '<':
		if s.peek(0) == '<' {
			s.offs++
			return two('=', token.SHL_EQ, token.SHL)
		}
		return two('=', token.LE, token.LT)
	case '>':
		if s.peek(0) == '>' {
			s.offs++
			return two('=', token.SHR_EQ, token.SHR)
		}
		return two('=', token.GE, token.GT)
	case '=':
		if s.peek(0) == '>' {
			s.offs++
			return token.FATARROW
		}
		return two('=', token.EQEQ, token.EQ)
	case '.':
		if s.peek(0) == '.' {
			s.offs++
			switch s.peek(0) {
			case '.':
				s.offs++
				return token.DOTDOTDOT
			case '=':
				s.offs++
				return token.DOTDOTEQ
			}
			return token.DOTDOT
		}
		return token.DOT
	case ':':
		return two(':', token.PATHSEP, token.COLON)
	case '@':
		return token.AT
	case ',':
		return token.COMMA
	case ';':
		return token.SEMI
	case '#':
		return token.POUND
	case '$':
		return token.DOLLAR
	case '?':
		return token.QUESTION
	case '~':
		return token.TILDE
	case '(':
		return token.LPAREN
	case ')':
		return token.RPAREN
	case '[':
		return token.LBRACK
	case ']':
		return token.RBRACK
	case '{':
		return token.LBRACE
	case '}':
		return token.RBRACE
	}
	// Skip the whole (possibly multi-byte) character so the next scan
	// starts on a character boundary.
	s.offs = start + runeLen(s.src[start:])
	r, _ := utf8.DecodeRuneInString(s.src[start:])
	s.error(start, "invalid character "+quoteRune(r)+" in source")
	return token.ILLEGAL
}

// Tokenize scans all of src into a slice ending with one EOF token.
func Tokenize(file *token.File, src []byte, err ErrorHandler, mode Mode) []token.Token {
	var s Scanner
	s.Init(file, src, err, mode)
	// Rust code averages about 7 bytes a token; a little more room than that avoids growing
	// the slice for most files without reserving twice what is needed.
	toks := make([]token.Token, 0, len(src)/6+1)
	for {
		t := s.Scan()
		toks = append(toks, t)
		if t.Kind == token.EOF {
			return toks
		}
	}
}
