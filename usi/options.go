package usi

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gomate/dfpn"
)

// Option names as declared to the GUI. Names are matched case-insensitively.
const (
	optHash       = "USI_Hash"
	optPonder     = "USI_Ponder"
	optNodesLimit = "NodesLimit"
	optPvInterval = "PvInterval"
	optDefender   = "DefenderToMove"
	optFirstMate  = "FirstMate"
	optRules      = "Rules"
	optMultiPV    = "MultiPV"
	optCheckAlts  = "CheckAlternatives"
)

// Limits of the spin options.
const (
	defaultHashMB = 256
	maxHashMB     = 65536
	maxNodes      = 1_000_000_000_000_000 // below 2^53, exact in a GUI's JavaScript
	defaultPvMs   = 1000
	maxPvMs       = 3_600_000
	maxMultiPV    = 16
)

// settings are the current option values.
type settings struct {
	hashMB     int
	ponder     bool
	nodesLimit uint64
	pvInterval time.Duration
	defender   bool // the side to move is the defender
	firstMate  bool
	// multiPV is how many mating first moves go mate reports (1 = the
	// main line only); checkAlts turns on the alternative-mate check of
	// the main line (see multipv.go).
	multiPV   int
	checkAlts bool
	// techniques holds the switchable search techniques (dfpn.Techniques),
	// which declare their own options.
	techniques dfpn.Options
}

func defaultSettings() settings {
	return settings{hashMB: defaultHashMB, pvInterval: defaultPvMs * time.Millisecond, multiPV: 1}
}

// optionLines are the "option ..." lines sent in answer to "usi".
func optionLines() []string {
	lines := []string{
		fmt.Sprintf("option name %s type spin default %d min 1 max %d", optHash, defaultHashMB, maxHashMB),
		"option name " + optPonder + " type check default false",
		fmt.Sprintf("option name %s type spin default 0 min 0 max %d", optNodesLimit, int64(maxNodes)),
		fmt.Sprintf("option name %s type spin default %d min 0 max %d", optPvInterval, defaultPvMs, maxPvMs),
		"option name " + optDefender + " type check default false",
		"option name " + optFirstMate + " type check default false",
		"option name " + optRules + " type combo default tsume var tsume var strict",
		fmt.Sprintf("option name %s type spin default 1 min 1 max %d", optMultiPV, maxMultiPV),
		"option name " + optCheckAlts + " type check default false",
	}
	for _, t := range dfpn.Techniques() {
		lines = append(lines, fmt.Sprintf("option name %s type check default %t", t, t.Default()))
	}
	return lines
}

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

// apply sets the option name to value. It returns a message for an
// "info string" when the name is unknown or the value is bad or was
// clamped; the empty string when all went well. memMB is how much memory
// the table may take on this machine (0 = unknown).
func (s *settings) apply(name, value string, memMB int) string {
	switch {
	case strings.EqualFold(name, optHash):
		return s.applyHash(value, memMB)
	case strings.EqualFold(name, optPonder):
		return applyCheck(optPonder, value, &s.ponder)
	case strings.EqualFold(name, optNodesLimit):
		n, msg := parseSpin(optNodesLimit, value, 0, maxNodes, int64(s.nodesLimit))
		s.nodesLimit = uint64(n)
		return msg
	case strings.EqualFold(name, optPvInterval):
		n, msg := parseSpin(optPvInterval, value, 0, maxPvMs, s.pvInterval.Milliseconds())
		s.pvInterval = time.Duration(n) * time.Millisecond
		return msg
	case strings.EqualFold(name, optDefender):
		return applyCheck(optDefender, value, &s.defender)
	case strings.EqualFold(name, optFirstMate):
		return applyCheck(optFirstMate, value, &s.firstMate)
	case strings.EqualFold(name, optMultiPV):
		n, msg := parseSpin(optMultiPV, value, 1, maxMultiPV, int64(s.multiPV))
		s.multiPV = int(n)
		return msg
	case strings.EqualFold(name, optCheckAlts):
		return applyCheck(optCheckAlts, value, &s.checkAlts)
	case strings.EqualFold(name, optRules):
		r, err := dfpn.ParseRules(value)
		if err != nil {
			return fmt.Sprintf("%s %s is not tsume or strict; keeping %v", optRules, quote(value), s.techniques.Rules)
		}
		s.techniques.Rules = r
		return ""
	}
	if t, ok := dfpn.TechniqueByName(name); ok {
		on := s.techniques.Uses(t)
		msg := applyCheck(t.String(), value, &on)
		s.techniques.Set(t, on)
		return msg
	}
	return fmt.Sprintf("unknown option %s ignored", quote(name))
}

func (s *settings) applyHash(value string, memMB int) string {
	n, msg := parseSpin(optHash, value, 1, maxHashMB, int64(s.hashMB))
	if memMB > 0 && n > int64(memMB) {
		n = int64(max(memMB, 1))
		msg = fmt.Sprintf("%s %s MB is more than this machine can hold; using %d", optHash, quote(value), n)
	}
	s.hashMB = int(n)
	return msg
}

// parseSpin reads a spin value. A value that is not an integer or lies
// below lo is rejected (old is kept); one above hi is clamped to hi.
func parseSpin(name, value string, lo, hi, old int64) (int64, string) {
	n, err := strconv.ParseInt(value, 10, 64)
	switch {
	case err != nil && isDigits(value):
		// Too large for int64: clamp like any value above max.
		return hi, fmt.Sprintf("%s %s is above the maximum %d; using %d", name, quote(value), hi, hi)
	case err != nil:
		return old, fmt.Sprintf("%s %s is not a number; keeping %d", name, quote(value), old)
	case n < lo:
		return old, fmt.Sprintf("%s %d is below the minimum %d; keeping %d", name, n, lo, old)
	case n > hi:
		return hi, fmt.Sprintf("%s %d is above the maximum %d; using %d", name, n, hi, hi)
	}
	return n, ""
}

func isDigits(s string) bool {
	s = strings.TrimPrefix(s, "+")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// applyCheck reads a check value: "true" or "false" in any case.
func applyCheck(name, value string, dst *bool) string {
	switch {
	case strings.EqualFold(value, "true"):
		*dst = true
	case strings.EqualFold(value, "false"):
		*dst = false
	default:
		return fmt.Sprintf("%s %s is not true or false; keeping %t", name, quote(value), *dst)
	}
	return ""
}

// searchOptions maps the settings to the solver's options.
func (s *settings) searchOptions(defender bool) dfpn.Options {
	o := s.techniques
	o.RootIsDefender, o.FirstMate = defender, s.firstMate
	return o
}
