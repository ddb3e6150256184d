package token

import "strconv"

// Token is the kind of a lexical token.
type Token int

// The tokens. Keywords are tokens of their own; words that are keywords only in some contexts
// (from, error, revert, global, layout, at, transient, receive, fallback, ...) and the names of
// elementary types (uint256, address, ...) are scanned as IDENT and recognised by the parser,
// because older code uses many of them as ordinary names.
const (
	ILLEGAL Token = iota
	EOF
	COMMENT

	literalBeg
	IDENT      // foo
	NUMBER     // 123, 0x1f, 1e18, 1_000, .5
	STRING     // "abc", 'abc'
	HEXSTRING  // hex"00ff"
	UNICODESTR // unicode"..."
	literalEnd

	operatorBeg
	ADD // +
	SUB // -
	MUL // *
	QUO // /
	REM // %
	EXP // **

	AND // &
	OR  // |
	XOR // ^
	SHL // <<
	SHR // >>
	SAR // >>>

	ADD_ASSIGN // +=
	SUB_ASSIGN // -=
	MUL_ASSIGN // *=
	QUO_ASSIGN // /=
	REM_ASSIGN // %=
	AND_ASSIGN // &=
	OR_ASSIGN  // |=
	XOR_ASSIGN // ^=
	SHL_ASSIGN // <<=
	SHR_ASSIGN // >>=
	SAR_ASSIGN // >>>=

	LAND // &&
	LOR  // ||
	INC  // ++
	DEC  // --

	EQL    // ==
	LSS    // <
	GTR    // >
	ASSIGN // =
	NOT    // !
	BITNOT // ~

	NEQ         // !=
	LEQ         // <=
	GEQ         // >=
	DARROW      // =>
	ARROW       // ->  (Yul function returns)
	COLONASSIGN // :=  (Yul assignment)

	LPAREN   // (
	LBRACK   // [
	LBRACE   // {
	COMMA    // ,
	PERIOD   // .
	RPAREN   // )
	RBRACK   // ]
	RBRACE   // }
	SEMI     // ;
	COLON    // :
	QUESTION // ?
	operatorEnd

	keywordBeg
	ABSTRACT
	ANONYMOUS
	AS
	ASSEMBLY
	BREAK
	CALLDATA
	CATCH
	CONSTANT
	CONSTRUCTOR
	CONTINUE
	CONTRACT
	DELETE
	DO
	ELSE
	EMIT
	ENUM
	EVENT
	EXTERNAL
	FALSE
	FOR
	FUNCTION
	IF
	IMMUTABLE
	IMPORT
	INDEXED
	INTERFACE
	INTERNAL
	IS
	LIBRARY
	MAPPING
	MEMORY
	MODIFIER
	NEW
	OVERRIDE
	PAYABLE
	PRAGMA
	PRIVATE
	PUBLIC
	PURE
	RETURN
	RETURNS
	STORAGE
	STRUCT
	THROW
	TRUE
	TRY
	TYPE
	UNCHECKED
	USING
	VAR
	VIEW
	VIRTUAL
	WHILE
	keywordEnd
)

var tokens = [...]string{
	ILLEGAL: "ILLEGAL",
	EOF:     "EOF",
	COMMENT: "COMMENT",

	IDENT:      "IDENT",
	NUMBER:     "NUMBER",
	STRING:     "STRING",
	HEXSTRING:  "HEXSTRING",
	UNICODESTR: "UNICODESTR",

	ADD: "+", SUB: "-", MUL: "*", QUO: "/", REM: "%", EXP: "**",
	AND: "&", OR: "|", XOR: "^", SHL: "<<", SHR: ">>", SAR: ">>>",
	ADD_ASSIGN: "+=", SUB_ASSIGN: "-=", MUL_ASSIGN: "*=", QUO_ASSIGN: "/=", REM_ASSIGN: "%=",
	AND_ASSIGN: "&=", OR_ASSIGN: "|=", XOR_ASSIGN: "^=", SHL_ASSIGN: "<<=", SHR_ASSIGN: ">>=",
	SAR_ASSIGN: ">>>=",
	LAND:       "&&", LOR: "||", INC: "++", DEC: "--",
	EQL: "==", LSS: "<", GTR: ">", ASSIGN: "=", NOT: "!", BITNOT: "~",
	NEQ: "!=", LEQ: "<=", GEQ: ">=", DARROW: "=>", ARROW: "->", COLONASSIGN: ":=",
	LPAREN: "(", LBRACK: "[", LBRACE: "{", COMMA: ",", PERIOD: ".",
	RPAREN: ")", RBRACK: "]", RBRACE: "}", SEMI: ";", COLON: ":", QUESTION: "?",

	ABSTRACT:    "abstract",
	ANONYMOUS:   "anonymous",
	AS:          "as",
	ASSEMBLY:    "assembly",
	BREAK:       "break",
	CALLDATA:    "calldata",
	CATCH:       "catch",
	CONSTANT:    "constant",
	CONSTRUCTOR: "constructor",
	CONTINUE:    "continue",
	CONTRACT:    "contract",
	DELETE:      "delete",
	DO:          "do",
	ELSE:        "else",
	EMIT:        "emit",
	ENUM:        "enum",
	EVENT:       "event",
	EXTERNAL:    "external",
	FALSE:       "false",
	FOR:         "for",
	FUNCTION:    "function",
	IF:          "if",
	IMMUTABLE:   "immutable",
	IMPORT:      "import",
	INDEXED:     "indexed",
	INTERFACE:   "interface",
	INTERNAL:    "internal",
	IS:          "is",
	LIBRARY:     "library",
	MAPPING:     "mapping",
	MEMORY:      "memory",
	MODIFIER:    "modifier",
	NEW:         "new",
	OVERRIDE:    "override",
	PAYABLE:     "payable",
	PRAGMA:      "pragma",
	PRIVATE:     "private",
	PUBLIC:      "public",
	PURE:        "pure",
	RETURN:      "return",
	RETURNS:     "returns",
	STORAGE:     "storage",
	STRUCT:      "struct",
	THROW:       "throw",
	TRUE:        "true",
	TRY:         "try",
	TYPE:        "type",
	UNCHECKED:   "unchecked",
	USING:       "using",
	VAR:         "var",
	VIEW:        "view",
	VIRTUAL:     "virtual",
	WHILE:       "while",
}

// String returns the token's source text for operators and keywords, or its class name.
func (t Token) String() string {
	if 0 <= t && int(t) < len(tokens) && tokens[t] != "" {
		return tokens[t]
	}
	return "token(" + strconv.Itoa(int(t)) + ")"
}

// IsLiteral reports whether t is an identifier or a basic literal.
func (t Token) IsLiteral() bool { return literalBeg < t && t < literalEnd }

// IsOperator reports whether t is an operator or delimiter.
func (t Token) IsOperator() bool { return operatorBeg < t && t < operatorEnd }

// IsKeyword reports whether t is a reserved keyword.
func (t Token) IsKeyword() bool { return keywordBeg < t && t < keywordEnd }

// IsAssign reports whether t is = or a compound assignment operator.
func (t Token) IsAssign() bool { return t == ASSIGN || (ADD_ASSIGN <= t && t <= SAR_ASSIGN) }

// AssignOp returns the binary operator of a compound assignment (+= gives +), or ILLEGAL.
func (t Token) AssignOp() Token {
	switch {
	case ADD_ASSIGN <= t && t <= REM_ASSIGN:
		return ADD + (t - ADD_ASSIGN)
	case AND_ASSIGN <= t && t <= SAR_ASSIGN:
		return AND + (t - AND_ASSIGN)
	}
	return ILLEGAL
}

var keywords map[string]Token

func init() {
	keywords = make(map[string]Token, keywordEnd-keywordBeg)
	for t := keywordBeg + 1; t < keywordEnd; t++ {
		keywords[tokens[t]] = t
	}
}

// Lookup maps a word to its keyword token, or IDENT.
func Lookup(word string) Token {
	if t, ok := keywords[word]; ok {
		return t
	}
	return IDENT
}

// Precedence returns the binding strength of a binary operator (higher binds tighter), or 0.
// The order is Solidity's, not C's: bitwise operators bind tighter than comparisons.
func (t Token) Precedence() int {
	switch t {
	case LOR:
		return 1
	case LAND:
		return 2
	case EQL, NEQ:
		return 3
	case LSS, GTR, LEQ, GEQ:
		return 4
	case OR:
		return 5
	case XOR:
		return 6
	case AND:
		return 7
	case SHL, SHR, SAR:
		return 8
	case ADD, SUB:
		return 9
	case MUL, QUO, REM:
		return 10
	case EXP:
		return 11
	}
	return 0
}
