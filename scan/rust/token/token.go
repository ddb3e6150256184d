package token

import "strconv"

// Kind is the kind of a lexical token.
type Kind uint8

// Token kinds. Multi-character operators are lexed greedily (">>=" is one
// token); the parser splits them where Rust's grammar needs the parts, for
// example the ">>" that closes two generic argument lists.
const (
	ILLEGAL Kind = iota
	EOF
	COMMENT   // a plain comment; only produced in ScanComments mode
	DOC_OUTER // "///" or "/** */": documents the item that follows
	DOC_INNER // "//!" or "/*! */": documents the enclosing item

	literalBeg
	IDENT           // foo, r#foo
	LIFETIME        // 'a, 'static
	INT             // 42, 0xff_u8
	FLOAT           // 1.5, 1e9, 2.0f64
	CHAR            // 'a'
	BYTE            // b'a'
	STRING          // "a"
	BYTE_STRING     // b"a"
	RAW_STRING      // r#"a"#
	RAW_BYTE_STRING // br#"a"#
	C_STRING        // c"a", cr#"a"#
	literalEnd

	operatorBeg
	PLUS     // +
	MINUS    // -
	STAR     // *
	SLASH    // /
	PERCENT  // %
	CARET    // ^
	NOT      // !
	AND      // &
	OR       // |
	ANDAND   // &&
	OROR     // ||
	SHL      // <<
	SHR      // >>
	PLUS_EQ  // +=
	MINUS_EQ // -=
	STAR_EQ  // *=
	SLASH_EQ // /=
	PERC_EQ  // %=
	CARET_EQ // ^=
	AND_EQ   // &=
	OR_EQ    // |=
	SHL_EQ   // <<=
	SHR_EQ   // >>=
	EQ       // =
	EQEQ     // ==
	NE       // !=
	GT       // >
	LT       // <
	GE       // >=
	LE       // <=
	AT       // @
	UNDERSCORE
	DOT       // .
	DOTDOT    // ..
	DOTDOTDOT // ...
	DOTDOTEQ  // ..=
	COMMA     // ,
	SEMI      // ;
	COLON     // :
	PATHSEP   // ::
	RARROW    // ->
	FATARROW  // =>
	POUND     // #
	DOLLAR    // $
	QUESTION  // ?
	TILDE     // ~
	LPAREN    // (
	RPAREN    // )
	LBRACK    // [
	RBRACK    // ]
	LBRACE    // {
	RBRACE    // }
	operatorEnd

	keywordBeg
	AS
	ASYNC
	AWAIT
	BREAK
	CONST
	CONTINUE
	CRATE
	DYN
	ELSE
	ENUM
	EXTERN
	FALSE
	FN
	FOR
	IF
	IMPL
	IN
	LET
	LOOP
	MATCH
	MOD
	MOVE
	MUT
	PUB
	REF
	RETURN
	SELF_VALUE // self
	SELF_TYPE  // Self
	STATIC
	STRUCT
	SUPER
	TRAIT
	TRUE
	TYPE
	UNSAFE
	USE
	WHERE
	WHILE
	// Reserved for future use; lexed as keywords so misuse is reported.
	ABSTRACT
	BECOME
	BOX
	DO
	FINAL
	MACRO
	OVERRIDE
	PRIV
	TYPEOF
	UNSIZED
	VIRTUAL
	YIELD
	TRY
	GEN
	keywordEnd
)

var kindNames = [...]string{
	ILLEGAL:         "ILLEGAL",
	EOF:             "EOF",
	COMMENT:         "COMMENT",
	DOC_OUTER:       "DOC_OUTER",
	DOC_INNER:       "DOC_INNER",
	IDENT:           "IDENT",
	LIFETIME:        "LIFETIME",
	INT:             "INT",
	FLOAT:           "FLOAT",
	CHAR:            "CHAR",
	BYTE:            "BYTE",
	STRING:          "STRING",
	BYTE_STRING:     "BYTE_STRING",
	RAW_STRING:      "RAW_STRING",
	RAW_BYTE_STRING: "RAW_BYTE_STRING",
	C_STRING:        "C_STRING",

	PLUS: "+", MINUS: "-", STAR: "*", SLASH: "/", PERCENT: "%", CARET: "^",
	NOT: "!", AND: "&", OR: "|", ANDAND: "&&", OROR: "||", SHL: "<<", SHR: ">>",
	PLUS_EQ: "+=", MINUS_EQ: "-=", STAR_EQ: "*=", SLASH_EQ: "/=", PERC_EQ: "%=",
	CARET_EQ: "^=", AND_EQ: "&=", OR_EQ: "|=", SHL_EQ: "<<=", SHR_EQ: ">>=",
	EQ: "=", EQEQ: "==", NE: "!=", GT: ">", LT: "<", GE: ">=", LE: "<=",
	AT: "@", UNDERSCORE: "_", DOT: ".", DOTDOT: "..", DOTDOTDOT: "...",
	DOTDOTEQ: "..=", COMMA: ",", SEMI: ";", COLON: ":", PATHSEP: "::",
	RARROW: "->", FATARROW: "=>", POUND: "#", DOLLAR: "$",
	QUESTION: "?", TILDE: "~", LPAREN: "(", RPAREN: ")", LBRACK: "[",
	RBRACK: "]", LBRACE: "{", RBRACE: "}",

	AS: "as", ASYNC: "async", AWAIT: "await", BREAK: "break", CONST: "const",
	CONTINUE: "continue", CRATE: "crate", DYN: "dyn", ELSE: "else", ENUM: "enum",
	EXTERN: "extern", FALSE: "false", FN: "fn", FOR: "for", IF: "if", IMPL: "impl",
	IN: "in", LET: "let", LOOP: "loop", MATCH: "match", MOD: "mod", MOVE: "move",
	MUT: "mut", PUB: "pub", REF: "ref", RETURN: "return", SELF_VALUE: "self",
	SELF_TYPE: "Self", STATIC: "static", STRUCT: "struct", SUPER: "super",
	TRAIT: "trait", TRUE: "true", TYPE: "type", UNSAFE: "unsafe", USE: "use",
	WHERE: "where", WHILE: "while", ABSTRACT: "abstract", BECOME: "become",
	BOX: "box", DO: "do", FINAL: "final", MACRO: "macro", OVERRIDE: "override",
	PRIV: "priv", TYPEOF: "typeof", UNSIZED: "unsized", VIRTUAL: "virtual",
	YIELD: "yield", TRY: "try", GEN: "gen",
}

// String returns the operator or keyword text, or the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsLiteral reports whether k is an identifier, lifetime or literal.
func (k Kind) IsLiteral() bool { return literalBeg < k && k < literalEnd }

// IsOperator reports whether k is punctuation.
func (k Kind) IsOperator() bool { return operatorBeg < k && k < operatorEnd }

// IsKeyword reports whether k is a keyword.
func (k Kind) IsKeyword() bool { return keywordBeg < k && k < keywordEnd }

// IsDoc reports whether k is a doc comment.
func (k Kind) IsDoc() bool { return k == DOC_OUTER || k == DOC_INNER }

// Lookup maps an identifier to its keyword kind, or IDENT. A switch on
// constant strings compiles to a binary search, faster than a map for the
// many short identifiers of real code.
func Lookup(ident string) Kind {
	if len(ident) < 2 || len(ident) > 8 {
		return IDENT
	}
	switch ident {
	case "as":
		return AS
	case "async":
		return ASYNC
	case "await":
		return AWAIT
	case "break":
		return BREAK
	case "const":
		return CONST
	case "continue":
		return CONTINUE
	case "crate":
		return CRATE
	case "dyn":
		return DYN
	case "else":
		return ELSE
	case "enum":
		return ENUM
	case "extern":
		return EXTERN
	case "false":
		return FALSE
	case "fn":
		return FN
	case "for":
		return FOR
	case "if":
		return IF
	case "impl":
		return IMPL
	case "in":
		return IN
	case "let":
		return LET
	case "loop":
		return LOOP
	case "match":
		return MATCH
	case "mod":
		return MOD
	case "move":
		return MOVE
	case "mut":
		return MUT
	case "pub":
		return PUB
	case "ref":
		return REF
	case "return":
		return RETURN
	case "self":
		return SELF_VALUE
	case "Self":
		return SELF_TYPE
	case "static":
		return STATIC
	case "struct":
		return STRUCT
	case "super":
		return SUPER
	case "trait":
		return TRAIT
	case "true":
		return TRUE
	case "type":
		return TYPE
	case "unsafe":
		return UNSAFE
	case "use":
		return USE
	case "where":
		return WHERE
	case "while":
		return WHILE
	case "abstract":
		return ABSTRACT
	case "become":
		return BECOME
	case "box":
		return BOX
	case "do":
		return DO
	case "final":
		return FINAL
	case "macro":
		return MACRO
	case "override":
		return OVERRIDE
	case "priv":
		return PRIV
	case "typeof":
		return TYPEOF
	case "unsized":
		return UNSIZED
	case "virtual":
		return VIRTUAL
	case "yield":
		return YIELD
	case "try":
		return TRY
	}
	// "gen" is reserved only from edition 2024; real programs of older
	// editions use it as a name, so it stays an identifier.
	return IDENT
}

// Token is one lexical token. Lit is the exact source text (for operators
// and keywords too), a substring of the source so it costs no allocation.
type Token struct {
	Kind Kind
	Pos  Pos
	Lit  string
}

// End returns the position just after the token.
func (t Token) End() Pos { return t.Pos + Pos(len(t.Lit)) }

// Binary precedences, lowest first, as in the Rust reference.
const (
	PrecLowest  = 0
	PrecAssign  = 1
	PrecRange   = 2
	PrecOrOr    = 3
	PrecAndAnd  = 4
	PrecCompare = 5
	PrecOr      = 6
	PrecXor     = 7
	PrecAnd     = 8
	PrecShift   = 9
	PrecAdd     = 10
	PrecMul     = 11
	PrecCast    = 12
)

// BinaryPrec returns the precedence of k as a binary operator, or 0.
func (k Kind) BinaryPrec() int {
	switch k {
	case OROR:
		return PrecOrOr
	case ANDAND:
		return PrecAndAnd
	case EQEQ, NE, LT, GT, LE, GE:
		return PrecCompare
	case OR:
		return PrecOr
	case CARET:
		return PrecXor
	case AND:
		return PrecAnd
	case SHL, SHR:
		return PrecShift
	case PLUS, MINUS:
		return PrecAdd
	case STAR, SLASH, PERCENT:
		return PrecMul
	}
	return 0
}

// IsAssign reports whether k is "=" or a compound assignment.
func (k Kind) IsAssign() bool {
	switch k {
	case EQ, PLUS_EQ, MINUS_EQ, STAR_EQ, SLASH_EQ, PERC_EQ, CARET_EQ, AND_EQ, OR_EQ, SHL_EQ, SHR_EQ:
		return true
	}
	return false
}

// IsArithmetic reports whether k is an integer arithmetic operator that can
// overflow, underflow or divide by zero, including compound assignments.
func (k Kind) IsArithmetic() bool {
	switch k {
	case PLUS, MINUS, STAR, SLASH, PERCENT, SHL, SHR,
		PLUS_EQ, MINUS_EQ, STAR_EQ, SLASH_EQ, PERC_EQ, SHL_EQ, SHR_EQ:
		return true
	}
	return false
}
