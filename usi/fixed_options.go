package usi

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gomate/dfpn"
)

// optionKind is a USI option's type.
type optionKind string

// The types of the fixed options.
const (
	spinOption  optionKind = "spin"
	checkOption optionKind = "check"
	comboOption optionKind = "combo"
)

// fixedOption is one of the engine's own USI options (the techniques'
// come from dfpn.Techniques). Each is declared once, in fixedOptions: its
// "option" line, its default and what setoption does with it are read
// from its row.
type fixedOption struct {
	name string
	kind optionKind
	def  string // the default, as sent to the GUI
	// docDef is the default as the README states it, for a default that
	// depends on the machine ("" = def).
	docDef string
	// min and max bound a spin option: below min a value is refused,
	// above max it is clamped.
	min, max int64
	// memoryBound clamps a spin option to the memory the machine has
	// for the table (the table's size).
	memoryBound bool
	vars        []string // a combo option's values
	// Where the value is stored, by kind: spin reads and writes a spin
	// option's value, check points at a check option's, and combo reads
	// and parses a combo option's (an error for a value not among vars).
	spin  spinField
	check func(*settings) *bool
	combo comboField
}

// spinField reads and writes a spin option's value in the settings.
type spinField struct {
	get func(*settings) int64
	set func(*settings, int64)
}

// comboField reads a combo option's value from the settings and parses
// one into them; a value it refuses leaves them as they were.
type comboField struct {
	get func(*settings) string
	set func(*settings, string) error
}

// intField is the spinField of an integer field of the settings.
func intField[T int | uint64](field func(*settings) *T) spinField {
	return spinField{
		get: func(s *settings) int64 { return int64(*field(s)) },
		set: func(s *settings, n int64) { *field(s) = T(n) },
	}
}

// fixedOptions are the fixed options, in the order they are sent.
var fixedOptions = [...]fixedOption{
	{name: optHash, kind: spinOption, def: strconv.Itoa(defaultHashMB), min: 1, max: maxHashMB, memoryBound: true,
		spin: intField(func(s *settings) *int { return &s.hashMB })},
	{name: optPonder, kind: checkOption, def: "false",
		check: func(s *settings) *bool { return &s.ponder }},
	{name: optThreads, kind: spinOption, def: strconv.Itoa(defaultThreads()), docDef: "cores", min: 1, max: dfpn.MaxThreads,
		spin: intField(func(s *settings) *int { return &s.threads })},
	{name: optNodesLimit, kind: spinOption, def: "0", min: 0, max: maxNodes,
		spin: intField(func(s *settings) *uint64 { return &s.nodesLimit })},
	{name: optPvInterval, kind: spinOption, def: strconv.Itoa(defaultPvMs), min: 0, max: maxPvMs,
		spin: spinField{
			get: func(s *settings) int64 { return s.pvInterval.Milliseconds() },
			set: func(s *settings, ms int64) { s.pvInterval = time.Duration(ms) * time.Millisecond },
		}},
	{name: optDefender, kind: checkOption, def: "false",
		check: func(s *settings) *bool { return &s.defender }},
	{name: optFirstMate, kind: checkOption, def: "false",
		check: func(s *settings) *bool { return &s.firstMate }},
	{name: optRules, kind: comboOption, def: dfpn.Tsume.String(), vars: []string{dfpn.Tsume.String(), dfpn.Strict.String()},
		combo: comboField{
			get: func(s *settings) string { return s.techniques.Rules.String() },
			set: func(s *settings, v string) error {
				r, err := dfpn.ParseRules(v)
				if err == nil {
					s.techniques.Rules = r
				}
				return err
			},
		}},
	{name: optMultiPV, kind: spinOption, def: "1", min: 1, max: maxMultiPV,
		spin: intField(func(s *settings) *int { return &s.multiPV })},
	{name: optCheckAlts, kind: checkOption, def: "false",
		check: func(s *settings) *bool { return &s.checkAlts }},
}

// line is the option's "option" line.
func (o *fixedOption) line() string {
	l := fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, o.def)
	switch o.kind {
	case spinOption:
		l += fmt.Sprintf(" min %d max %d", o.min, o.max)
	case comboOption:
		for _, v := range o.vars {
			l += " var " + v
		}
	}
	return l
}

// apply sets the option to value in s, and returns what an "info string"
// says of a bad or clamped value ("" when all went well). memMB is how
// much memory the table may take on this machine (0 = unknown).
func (o *fixedOption) apply(s *settings, value string, memMB int) string {
	switch o.kind {
	case checkOption:
		return applyCheck(o.name, value, o.check(s))
	case comboOption:
		if err := o.combo.set(s, value); err != nil {
			return fmt.Sprintf("%s %s is not %s; keeping %s", o.name, quote(value), strings.Join(o.vars, " or "), o.combo.get(s))
		}
		return ""
	}
	n, msg := parseSpin(o.name, value, o.min, o.max, o.spin.get(s))
	if o.memoryBound && memMB > 0 && n > int64(memMB) {
		n = int64(memMB)
		msg = fmt.Sprintf("%s %s MB is more than this machine can hold; using %d", o.name, quote(value), n)
	}
	o.spin.set(s, n)
	return msg
}
