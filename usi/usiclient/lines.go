package usiclient

import (
	"fmt"
	"strings"
)

// CheckLine checks a line of engine output against the text rules GUIs
// rely on: single spaces and no other white space around or inside the
// tokens, pv and string (which take the rest of an info line) never on
// one line, and no bare "checkmate". The empty line (a keep-alive) passes.
func CheckLine(l string) error {
	if l == "" {
		return nil
	}
	if strings.Contains(l, "  ") || strings.TrimSpace(l) != l || strings.ContainsAny(l, "\t\r") {
		return fmt.Errorf("badly spaced line %q", l)
	}
	if l == "checkmate" {
		return fmt.Errorf("bare checkmate line")
	}
	f := strings.Split(l, " ")
	hasPV, hasString := false, false
	for _, tok := range f {
		hasPV = hasPV || tok == "pv"
		hasString = hasString || tok == "string"
	}
	if f[0] == "info" && hasPV && hasString && !strings.HasPrefix(l, "info string") {
		return fmt.Errorf("pv and string on one line: %q", l)
	}
	return nil
}

// Count returns how many of lines start with prefix.
func Count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// The kinds of checkmate answers.
const (
	KindMoves          = "moves" // a mating line
	KindNomate         = "nomate"
	KindTimeout        = "timeout"
	KindNotImplemented = "notimplemented"
)

// ParseCheckmate reads a checkmate line the way ShogiHome does: it must
// start with "checkmate " and the rest is split on single spaces, so any
// empty token (a double or trailing space) makes the line malformed. It
// returns the kind of answer and, for a mating line, its moves.
func ParseCheckmate(line string) (kind string, moves []string, err error) {
	rest, ok := strings.CutPrefix(line, "checkmate ")
	if !ok {
		return "", nil, fmt.Errorf("malformed: %q has no \"checkmate \" prefix (a GUI would wait forever)", line)
	}
	toks := strings.Split(rest, " ")
	for i, t := range toks {
		if t == "" {
			return "", nil, fmt.Errorf("malformed: empty token %d in %q (double or trailing space)", i+1, line)
		}
	}
	if len(toks) == 1 {
		switch toks[0] {
		case KindNomate, KindTimeout, KindNotImplemented:
			return toks[0], nil, nil
		}
	}
	return KindMoves, toks, nil
}
