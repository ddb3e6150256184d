package scanner

import (
	"fmt"

	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// ErrorHandler receives scanning errors. It may be nil.
type ErrorHandler func(pos token.Position, msg string)

// Mode controls what the scanner returns.
type Mode uint

// ScanComments makes Scan return COMMENT tokens instead of skipping them.
const ScanComments Mode = 1 << iota

const eof = -1

// Scanner holds the state of a scan over one source file. The zero value is not usable; call Init.
type Scanner struct {
	file *token.File
	src  []byte
	err  ErrorHandler
	mode Mode

	ch       int // current byte, or eof
	offset   int // offset of ch
	rdOffset int // offset after ch

	// ErrorCount counts the errors reported so far.
	ErrorCount int

	// names holds one copy of each identifier of the file: a name is written many times
	// (every use of a variable), and its tokens and nodes share one string. Copies of the
	// scanner made for look-ahead share it.
	names map[string]string
}

// Init prepares s to scan src, the content of file. The file's line table is set from src.
func (s *Scanner) Init(file *token.File, src []byte, err ErrorHandler, mode Mode) {
	if file.Size() != len(src) {
		panic(fmt.Sprintf("scanner: file size %d does not match source length %d", file.Size(), len(src)))
	}
	file.SetLinesForContent(src)
	*s = Scanner{file: file, src: src, err: err, mode: mode, names: map[string]string{}}
	// Skip a UTF-8 byte order mark.
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.rdOffset = 3
	}
	s.next()
}

// Silence stops error reporting; used on copies made for look-ahead.
func (s *Scanner) Silence() { s.err = nil }

// Offset returns the offset of the next byte to be scanned.
func (s *Scanner) Offset() int { return s.offset }

// Source returns the source being scanned.
func (s *Scanner) Source() []byte { return s.src }

func (s *Scanner) next() {
	if s.rdOffset < len(s.src) {
		s.offset = s.rdOffset
		s.ch = int(s.src[s.rdOffset])
		s.rdOffset++
		return
	}
	s.offset = len(s.src)
	s.ch = eof
}

func (s *Scanner) peek() int {
	if s.rdOffset < len(s.src) {
		return int(s.src[s.rdOffset])
	}
	return eof
}

func (s *Scanner) error(offset int, msg string) {
	if s.err != nil {
		s.err(s.file.Position(s.file.Pos(offset)), msg)
	}
	s.ErrorCount++
}

func isLetter(ch int) bool {
	return 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || ch == '_' || ch == '$'
}

func isDigit(ch int) bool { return '0' <= ch && ch <= '9' }

func isHex(ch int) bool {
	return '0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'f' || 'A' <= ch && ch <= 'F'
}

// terminator returns the length of the line terminator at the current byte, or 0.
func (s *Scanner) terminator() int {
	if s.ch == eof {
		return 0
	}
	return source.TerminatorLen(s.src, s.offset)
}

// skip advances n bytes.
func (s *Scanner) skip(n int) {
	for ; n > 0; n-- {
		s.next()
	}
}

// skipWhitespace skips what the compiler calls whitespace (space, tab, LF, CR). The other line
// terminators (VT, FF, NEL, LS, PS) end a // comment but are not whitespace to the compiler,
// which rejects them as invalid tokens. They are reported the same way here, then skipped like
// whitespace so that the code after them is still parsed and analysed.
func (s *Scanner) skipWhitespace() {
	for {
		switch s.ch {
		case ' ', '\t', '\n', '\r':
			s.next()
			continue
		}
		n := s.terminator()
		if n == 0 {
			return
		}
		s.error(s.offset, fmt.Sprintf("line terminator %s is not valid outside comments", describe(s.src[s.offset:s.offset+n])))
		s.skip(n)
	}
}

// Scan returns the next token: its position, kind, and literal text for identifiers, literals
// and comments (numbers and strings keep their source spelling, quotes included).
func (s *Scanner) Scan() (pos token.Pos, tok token.Token, lit string) {
scanAgain:
	s.skipWhitespace()
	start := s.offset
	pos = s.file.Pos(start)
	ch := s.ch
	switch {
	case isLetter(ch):
		lit = s.scanIdentifier()
		if (s.ch == '"' || s.ch == '\'') && (lit == "hex" || lit == "unicode") {
			s.scanString()
			if lit == "hex" {
				tok = token.HEXSTRING
				s.checkHexString(start+3, s.offset)
			} else {
				tok = token.UNICODESTR
			}
			lit = string(s.src[start:s.offset])
			return
		}
		if len(lit) > 1 {
			tok = token.Lookup(lit)
		} else {
			tok = token.IDENT
		}
		return
	case isDigit(ch) || ch == '.' && isDigit(s.peek()):
		s.scanNumber()
		return pos, token.NUMBER, string(s.src[start:s.offset])
	}
	s.next()
	switch ch {
	case eof:
		tok = token.EOF
	case '"', '\'':
		s.offset, s.rdOffset = start, start
		s.next()
		s.scanString()
		tok, lit = token.STRING, string(s.src[start:s.offset])
	case '/':
		if s.ch == '/' || s.ch == '*' {
			s.scanComment(start)
			if s.mode&ScanComments == 0 {
				goto scanAgain
			}
			return pos, token.COMMENT, string(s.src[start:s.offset])
		}
		tok = s.switch2(token.QUO, token.QUO_ASSIGN)
	case '+':
		tok = s.switch3(token.ADD, token.ADD_ASSIGN, '+', token.INC)
	case '-':
		if s.ch == '>' {
			s.next()
			tok = token.ARROW
		} else {
			tok = s.switch3(token.SUB, token.SUB_ASSIGN, '-', token.DEC)
		}
	case '*':
		tok = s.switch3(token.MUL, token.MUL_ASSIGN, '*', token.EXP)
	case '%':
		tok = s.switch2(token.REM, token.REM_ASSIGN)
	case '&':
		tok = s.switch3(token.AND, token.AND_ASSIGN, '&', token.LAND)
	case '|':
		tok = s.switch3(token.OR, token.OR_ASSIGN, '|', token.LOR)
	case '^':
		tok = s.switch2(token.XOR, token.XOR_ASSIGN)
	case '<':
		if s.ch == '<' {
			s.next()
			tok = s.switch2(token.SHL, token.SHL_ASSIGN)
		} else {
			tok = s.switch2(token.LSS, token.LEQ)
		}
	case '>':
		switch s.ch {
		case '>':
			s.next()
			if s.ch == '>' {
				s.next()
				tok = s.switch2(token.SAR, token.SAR_ASSIGN)
			} else {
				tok = s.switch2(token.SHR, token.SHR_ASSIGN)
			}
		default:
			tok = s.switch2(token.GTR, token.GEQ)
		}
	case '=':
		switch s.ch {
		case '=':
			s.next()
			tok = token.EQL
		case '>':
			s.next()
			tok = token.DARROW
		default:
			tok = token.ASSIGN
		}
	case '!':
		tok = s.switch2(token.NOT, token.NEQ)
	case '~':
		tok = token.BITNOT
	case ':':
		tok = s.switch2(token.COLON, token.COLONASSIGN)
	case '?':
		tok = token.QUESTION
	case ',':
		tok = token.COMMA
	case '.':
		tok = token.PERIOD
	case '(':
		tok = token.LPAREN
	case ')':
		tok = token.RPAREN
	case '[':
		tok = token.LBRACK
	case ']':
		tok = token.RBRACK
	case '{':
		tok = token.LBRACE
	case '}':
		tok = token.RBRACE
	case ';':
		tok = token.SEMI
	default:
		// Skip a whole UTF-8 sequence so that one stray character gives one error.
		for s.ch >= 0x80 && s.ch < 0xC0 {
			s.next()
		}
		s.error(start, fmt.Sprintf("illegal character %s", describe(s.src[start:s.offset])))
		tok, lit = token.ILLEGAL, string(s.src[start:s.offset])
	}
	return
}

func describe(b []byte) string {
	if len(b) == 1 && b[0] >= 0x20 && b[0] < 0x7f {
		return fmt.Sprintf("%q", string(b))
	}
	r := []rune(string(b))
	if len(r) == 1 && r[0] != 0xFFFD {
		return fmt.Sprintf("%U", r[0])
	}
	return fmt.Sprintf("%#x", b)
}

// switch2 returns tok1 if the current byte is '=', else tok0.
func (s *Scanner) switch2(tok0, tok1 token.Token) token.Token {
	if s.ch == '=' {
		s.next()
		return tok1
	}
	return tok0
}

// switch3 is switch2 with one more choice: the current byte ch2 gives tok2.
func (s *Scanner) switch3(tok0, tok1 token.Token, ch2 int, tok2 token.Token) token.Token {
	if s.ch == '=' {
		s.next()
		return tok1
	}
	if s.ch == ch2 {
		s.next()
		return tok2
	}
	return tok0
}

func (s *Scanner) scanIdentifier() string {
	start := s.offset
	for isLetter(s.ch) || isDigit(s.ch) {
		s.next()
	}
	word := s.src[start:s.offset]
	if name, ok := s.names[string(word)]; ok { // the conversion does not allocate
		return name
	}
	name := string(word)
	s.names[name] = name
	return name
}

func (s *Scanner) scanDigits(hex bool) {
	for isDigit(s.ch) || s.ch == '_' || hex && isHex(s.ch) {
		s.next()
	}
}

func (s *Scanner) scanNumber() {
	start := s.offset
	if s.ch == '0' && (s.peek() == 'x' || s.peek() == 'X') {
		s.next()
		s.next()
		if !isHex(s.ch) {
			s.error(start, "hexadecimal number has no digits")
		}
		s.scanDigits(true)
	} else {
		s.scanDigits(false)
		if s.ch == '.' && isDigit(s.peek()) {
			s.next()
			s.scanDigits(false)
		}
		if s.ch == 'e' || s.ch == 'E' {
			if p := s.peek(); isDigit(p) || p == '-' || p == '_' {
				s.next()
				if s.ch == '-' {
					s.next()
				}
				s.scanDigits(false)
			}
		}
	}
	s.checkNumber(start)
	if isLetter(s.ch) {
		// 123abc: report once and swallow the rest so that the parser sees one bad number.
		s.error(start, fmt.Sprintf("invalid character %q in number", rune(s.ch)))
		for isLetter(s.ch) || isDigit(s.ch) {
			s.next()
		}
	}
}

// checkNumber reports octal-looking numbers (0123), which the compiler's scanner rejects.
// Misplaced '_' separators are left to the semantic checks, as the compiler does.
func (s *Scanner) checkNumber(start int) {
	lit := s.src[start:s.offset]
	if len(lit) > 1 && lit[0] == '0' && isDigit(int(lit[1])) {
		s.error(start, "octal numbers are not allowed")
	}
}

// scanString scans a quoted string starting at the current quote byte.
func (s *Scanner) scanString() {
	start := s.offset
	quote := s.ch
	s.next()
	for {
		switch s.ch {
		case quote:
			s.next()
			return
		case '\\':
			s.next()
			s.scanEscape()
		case eof:
			s.error(start, "string literal not terminated")
			return
		default:
			// Any line terminator ends the literal, as in the compiler.
			if s.terminator() > 0 {
				s.error(start, "string literal not terminated")
				return
			}
			s.next()
		}
	}
}

// scanEscape checks the escape sequence after a backslash. Besides the escapes of current
// Solidity it accepts \b, \f and \v, which older compilers did.
func (s *Scanner) scanEscape() {
	start := s.offset - 1
	switch s.ch {
	case '\\', '\'', '"', 'n', 'r', 't', 'b', 'f', 'v', '\n':
		s.next()
	case '\r':
		s.next()
		if s.ch == '\n' {
			s.next()
		}
	case 'x', 'u':
		n := 2
		if s.ch == 'u' {
			n = 4
		}
		s.next()
		for i := 0; i < n; i++ {
			if !isHex(s.ch) {
				s.error(start, "invalid escape sequence")
				return
			}
			s.next()
		}
	case eof:
	default:
		s.error(start, "invalid escape sequence")
		// A backslash does not continue a literal over VT, FF, NEL, LS or PS: leave the
		// terminator to end it.
		if s.terminator() == 0 {
			s.next()
		}
	}
}

// checkHexString checks the body of hex"..." (from the opening quote to the end).
func (s *Scanner) checkHexString(from, to int) {
	if to-from < 2 {
		return
	}
	body := s.src[from+1 : to-1]
	digits := 0
	for i, c := range body {
		switch {
		case isHex(int(c)):
			digits++
		case c == '_' && i > 0 && i < len(body)-1 && digits%2 == 0:
		default:
			s.error(from+1+i, fmt.Sprintf("invalid character %q in hex string", rune(c)))
			return
		}
	}
	if digits%2 != 0 {
		s.error(from, "hex string has an odd number of digits")
	}
}

func (s *Scanner) scanComment(start int) {
	if s.ch == '/' {
		// A // comment (and a /// doc comment) ends at any line terminator, CR, VT, FF, NEL, LS
		// and PS included, exactly as in the compiler: code after a lone CR is code.
		for s.ch != eof && s.terminator() == 0 {
			s.next()
		}
		return
	}
	s.next() // the '*'
	for s.ch != eof {
		ch := s.ch
		s.next()
		if ch == '*' && s.ch == '/' {
			s.next()
			return
		}
	}
	s.error(start, "comment not terminated")
}
