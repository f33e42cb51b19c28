package usi

import (
	"fmt"
	"strings"
)

// parseSetOption splits the text of a setoption command into the option
// name and its value: "setoption name <id> [value <x>]". The value is
// everything after the "value" token, inner spaces kept and outer space
// trimmed, so "value " with nothing after it gives an empty value.
func parseSetOption(line string) (name, value string, err error) {
	rest, ok := cutToken(line, "setoption")
	if !ok {
		return "", "", fmt.Errorf("setoption: not a setoption command")
	}
	rest, ok = cutToken(rest, "name")
	if !ok {
		return "", "", fmt.Errorf("setoption: missing \"name\"")
	}
	namePart, valuePart, hasValue := cutAtToken(rest, "value")
	name = strings.Join(strings.Fields(namePart), " ")
	if name == "" {
		return "", "", fmt.Errorf("setoption: missing option name")
	}
	if hasValue {
		value = strings.TrimSpace(valuePart)
	}
	return name, value, nil
}

// cutToken removes the leading whitespace and the first token of s if that
// token is tok, and reports whether it was.
func cutToken(s, tok string) (string, bool) {
	s = strings.TrimLeft(s, " \t\r\n\v\f")
	if !strings.HasPrefix(s, tok) {
		return s, false
	}
	after := s[len(tok):]
	if after != "" && !isSpace(after[0]) {
		return s, false
	}
	return after, true
}

// cutAtToken splits s around the first whitespace-delimited token equal to
// tok: the text before it and the text after it.
func cutAtToken(s, tok string) (before, after string, found bool) {
	i := 0
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i && s[i:j] == tok {
			return s[:i], s[j:], true
		}
		i = j
	}
	return s, "", false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}
