package detect

import (
	"regexp"
	"strings"
)

// The static description is the one a catalogue, a SARIF rule or a PDF shows without a
// finding: each placeholder becomes a generic noun phrase in plain text ("a function of a
// contract"), never its key in code font ("function `function name` of `contract name`").
// A placeholder glued to the word or stop before it ("always zero${usage}.") or opening a
// sentence ("... ${why}") is an optional clause of the finding, and is left out.

// staticNouns names what a placeholder stands for when the key alone reads badly.
var staticNouns = map[string]string{
	"call": "external call", "callee": "function", "expr": "expression", "state_var": "state variable",
	"state_vars": "state variables", "variables": "state variables", "account_name": "account",
	"owner_name": "owner account", "other_account": "account", "args": "arguments", "param": "parameter",
	"op": "operation", "sign": "sign", "key": "key",
}

// elided keys hold a phrase of the finding that no generic noun replaces ("is ${how}"): the
// static text elides them; a kind qualifying a noun ("${kind} <code>${variable_name}</code>")
// is left out.
var elided = map[string]string{
	"how": "…", "what": "…", "why": "…", "reason": "…", "problem": "…", "missing": "…", "where": "…",
	"outcome": "…", "got": "…", "want": "…", "unsafe_kind": "…", "sign": "…", "use": "…",
	"range": "…", "mutability": "…", "visibility": "…", "access": "…", "step": "…", "length": "…", "kind": "",
}

// qualifiers read as part of the noun ("State ${variable_name}" is a state variable); roles
// replace it ("Modifier ${function_name}" is a modifier).
var (
	qualifiers = map[string]bool{"state": true, "local": true, "payable": true, "public": true, "external": true,
		"private": true, "internal": true, "storage": true}
	roles = map[string]bool{"modifier": true, "parameter": true, "field": true, "library": true, "event": true}
)

var (
	// a placeholder in code font, with the noun before it when it repeats the placeholder's
	// noun ("Function <code>${function_name}</code>").
	codePlaceholder = regexp.MustCompile(`(?i)((?:\b[a-z]+ ){0,3})(?:<code>\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}</code>|\$\{([a-zA-Z_][a-zA-Z0-9_]*)\})`)
	// a placeholder right after a non-space character, or opening a sentence.
	clausePlaceholder = regexp.MustCompile(`([^\s>(\[{"'])\$\{[a-zA-Z_][a-zA-Z0-9_]*\}|(^|<p>|[.!?] )\$\{[a-zA-Z_][a-zA-Z0-9_]*\}(</p>|$)|[:;] \$\{[a-zA-Z_][a-zA-Z0-9_]*\}([.]?</p>|$)`)
	codeSpan          = regexp.MustCompile(`<code>[^<]*</code>`)
	wholeCode         = regexp.MustCompile(`^<code>\$\{[a-zA-Z_][a-zA-Z0-9_]*\}</code>$`)
	sentenceStart     = regexp.MustCompile(`(^|<p>|[.!?] )([a-z])`)
	doubleSpace       = regexp.MustCompile(`  +`)
	spaceBeforeStop   = regexp.MustCompile(` +([.,;:])`)
)

func staticNoun(key string) string {
	if n, ok := staticNouns[key]; ok {
		return n
	}
	return strings.ReplaceAll(strings.TrimSuffix(key, "_name"), "_", " ")
}

func withArticle(noun string) string {
	if strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss") {
		return noun
	}
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// staticText derives the static text from template HTML with placeholders.
func staticText(desc string) string {
	// Inside a code span that holds more than the placeholder ("require(${param} != ...)") the
	// key reads as an identifier.
	s := codeSpan.ReplaceAllStringFunc(desc, func(span string) string {
		if wholeCode.MatchString(span) {
			return span
		}
		return placeholder.ReplaceAllString(span, "$1")
	})
	s = clausePlaceholder.ReplaceAllStringFunc(s, func(m string) string {
		sub := clausePlaceholder.FindStringSubmatch(m)
		return sub[1] + sub[2] + sub[3] + sub[4]
	})
	s = codePlaceholder.ReplaceAllStringFunc(s, func(m string) string {
		sub := codePlaceholder.FindStringSubmatch(m)
		before, key := strings.Fields(sub[1]), sub[2]+sub[3]
		if k, ok := elided[key]; ok {
			return sub[1] + k
		}
		noun := staticNoun(key)
		last := func() string { return strings.ToLower(before[len(before)-1]) }
		nounWords := strings.Fields(noun)
		if len(before) > 0 && (last() == nounWords[len(nounWords)-1] || roles[last()]) {
			if roles[last()] {
				noun = last()
			}
			before = before[:len(before)-1]
		}
		var adjectives []string
		for len(before) > 0 && qualifiers[last()] && !strings.Contains(noun, last()) {
			adjectives = append([]string{last()}, adjectives...)
			before = before[:len(before)-1]
		}
		for len(before) > 0 && qualifiers[last()] { // "state" of "state variable" already said
			before = before[:len(before)-1]
		}
		phrase := withArticle(strings.Join(append(adjectives, noun), " "))
		if len(before) > 0 {
			switch last() {
			case "the", "a", "an", "each", "every":
				phrase = strings.Join(append(adjectives, noun), " ")
			}
			return strings.Join(before, " ") + " " + phrase
		}
		return phrase
	})
	s = spaceBeforeStop.ReplaceAllString(doubleSpace.ReplaceAllString(s, " "), "$1")
	s = strings.ReplaceAll(strings.ReplaceAll(s, "<p> ", "<p>"), ", ,", ",")
	return sentenceStart.ReplaceAllStringFunc(s, func(m string) string {
		return m[:len(m)-1] + strings.ToUpper(m[len(m)-1:])
	})
}
