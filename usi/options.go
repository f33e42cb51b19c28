package usi

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"gomate/dfpn"
)

// Option names as declared to the GUI. Names are matched case-insensitively.
const (
	optHash       = "USI_Hash"
	optPonder     = "USI_Ponder"
	optThreads    = "Threads"
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

// defaultThreads is the Threads option's default: the number of cores,
// at least one and at most dfpn.MaxThreads.
func defaultThreads() int { return min(max(runtime.NumCPU(), 1), dfpn.MaxThreads) }

// settings are the current option values.
type settings struct {
	hashMB     int
	ponder     bool
	threads    int // goroutines that search one position (dfpn.Options.Threads)
	nodesLimit uint64
	pvInterval time.Duration
	defender   bool // the side to move is the defender
	firstMate  bool
	// multiPV is how many mating first moves go mate reports (1 = the
	// main line only); checkAlts turns on the alternative-mate check of
	// the main line (see multipv.go).
	multiPV   int
	checkAlts bool
	// techniques holds the rules and the switchable search techniques
	// (dfpn.Techniques), which declare their own options.
	techniques dfpn.Options
}

// defaultSettings are the options' declared defaults.
func defaultSettings() settings {
	var s settings
	for i := range fixedOptions {
		o := &fixedOptions[i]
		o.apply(&s, o.def, 0)
	}
	return s
}

// optionLines are the "option ..." lines sent in answer to "usi": the
// fixed options, then a check option per technique.
func optionLines() []string {
	var lines []string
	for i := range fixedOptions {
		lines = append(lines, fixedOptions[i].line())
	}
	for _, t := range dfpn.Techniques() {
		lines = append(lines, fmt.Sprintf("option name %s type check default %t", t, t.Default()))
	}
	return lines
}

// apply sets the option name to value. It returns a message for an
// "info string" when the name is unknown or the value is bad or was
// clamped; the empty string when all went well. memMB is how much memory
// the table may take on this machine (0 = unknown).
func (s *settings) apply(name, value string, memMB int) string {
	for i := range fixedOptions {
		if o := &fixedOptions[i]; strings.EqualFold(name, o.name) {
			return o.apply(s, value, memMB)
		}
	}
	if t, ok := dfpn.TechniqueByName(name); ok {
		on := s.techniques.Uses(t)
		msg := applyCheck(t.String(), value, &on)
		s.techniques.Set(t, on)
		return msg
	}
	return fmt.Sprintf("unknown option %s ignored", quote(name))
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
	o.Threads = s.threads
	return o
}
