package usi

import (
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/dfpn"
)

func TestParseSetOption(t *testing.T) {
	cases := []struct {
		line, name, value string
		bad               bool
	}{
		{line: "setoption name USI_Hash value 64", name: "USI_Hash", value: "64"},
		{line: "setoption name USI_Ponder value true", name: "USI_Ponder", value: "true"},
		{line: "setoption name SomeString value ", name: "SomeString", value: ""},
		{line: "setoption name SomeString value", name: "SomeString", value: ""},
		{line: "setoption name BookFile value my book.db", name: "BookFile", value: "my book.db"},
		{line: "setoption name EvalDir value  a  b ", name: "EvalDir", value: "a  b"},
		{line: "setoption name X value value", name: "X", value: "value"},
		{line: "setoption\tname\tUSI_Hash\tvalue\t32\r", name: "USI_Hash", value: "32"},
		{line: "  setoption   name   FirstMate   value   true  ", name: "FirstMate", value: "true"},
		{line: "setoption name Clear", name: "Clear", value: ""},
		{line: "setoption name A B value 1", name: "A B", value: "1"},
		{line: "setoption name valueX value 1", name: "valueX", value: "1"},
		{line: "setoption USI_Hash value 64", bad: true},
		{line: "setoption name", bad: true},
		{line: "setoption name value 5", bad: true},
		{line: "setoption", bad: true},
		{line: "setoptionname X", bad: true},
	}
	for _, c := range cases {
		name, value, err := parseSetOption(c.line)
		if c.bad {
			if err == nil {
				t.Errorf("%q: no error (name %q value %q)", c.line, name, value)
			}
			continue
		}
		if err != nil || name != c.name || value != c.value {
			t.Errorf("%q: got %q %q %v, want %q %q", c.line, name, value, err, c.name, c.value)
		}
	}
}

func TestApplyOption(t *testing.T) {
	cases := []struct {
		name, value string
		mem         int
		wantMsg     bool
		check       func(s settings) bool
	}{
		{optHash, "64", 0, false, func(s settings) bool { return s.hashMB == 64 }},
		{"usi_hash", "1", 0, false, func(s settings) bool { return s.hashMB == 1 }},
		{optHash, "0", 0, true, func(s settings) bool { return s.hashMB == defaultHashMB }},
		{optHash, "-5", 0, true, func(s settings) bool { return s.hashMB == defaultHashMB }},
		{optHash, "abc", 0, true, func(s settings) bool { return s.hashMB == defaultHashMB }},
		{optHash, "", 0, true, func(s settings) bool { return s.hashMB == defaultHashMB }},
		{optHash, "12.5", 0, true, func(s settings) bool { return s.hashMB == defaultHashMB }},
		{optHash, "99999999999", 0, true, func(s settings) bool { return s.hashMB == maxHashMB }},
		{optHash, "999999999999999999999999", 0, true, func(s settings) bool { return s.hashMB == maxHashMB }},
		{optHash, "99999999999", 2000, true, func(s settings) bool { return s.hashMB == 2000 }},
		{optHash, "4096", 2000, true, func(s settings) bool { return s.hashMB == 2000 }},
		{optHash, "1024", 2000, false, func(s settings) bool { return s.hashMB == 1024 }},
		{optPonder, "true", 0, false, func(s settings) bool { return s.ponder }},
		{optPonder, "TRUE", 0, false, func(s settings) bool { return s.ponder }},
		{optPonder, "yes", 0, true, func(s settings) bool { return !s.ponder }},
		{optNodesLimit, "12345", 0, false, func(s settings) bool { return s.nodesLimit == 12345 }},
		{optNodesLimit, "-1", 0, true, func(s settings) bool { return s.nodesLimit == 0 }},
		{optNodesLimit, "1e6", 0, true, func(s settings) bool { return s.nodesLimit == 0 }},
		{optPvInterval, "0", 0, false, func(s settings) bool { return s.pvInterval == 0 }},
		{optPvInterval, "250", 0, false, func(s settings) bool { return s.pvInterval == 250*time.Millisecond }},
		{optPvInterval, "9999999999", 0, true, func(s settings) bool { return s.pvInterval == maxPvMs*time.Millisecond }},
		{"defendertomove", "true", 0, false, func(s settings) bool { return s.defender }},
		{optFirstMate, "True", 0, false, func(s settings) bool { return s.firstMate }},
		{optFirstMate, "", 0, true, func(s settings) bool { return !s.firstMate }},
		{optRules, "strict", 0, false, func(s settings) bool { return s.techniques.Rules == dfpn.Strict }},
		{"rules", "TSUME", 0, false, func(s settings) bool { return s.techniques.Rules == dfpn.Tsume }},
		{optRules, "loose", 0, true, func(s settings) bool { return s.techniques.Rules == dfpn.Tsume }},
		{optMultiPV, "3", 0, false, func(s settings) bool { return s.multiPV == 3 }},
		{"multipv", "16", 0, false, func(s settings) bool { return s.multiPV == maxMultiPV }},
		{optMultiPV, "0", 0, true, func(s settings) bool { return s.multiPV == 1 }},
		{optMultiPV, "99", 0, true, func(s settings) bool { return s.multiPV == maxMultiPV }},
		{optMultiPV, "two", 0, true, func(s settings) bool { return s.multiPV == 1 }},
		{optCheckAlts, "true", 0, false, func(s settings) bool { return s.checkAlts }},
		{"checkalternatives", "FALSE", 0, false, func(s settings) bool { return !s.checkAlts }},
		{optCheckAlts, "1", 0, true, func(s settings) bool { return !s.checkAlts }},
		{optThreads, "4", 0, false, func(s settings) bool { return s.threads == 4 }},
		{"threads", "1", 0, false, func(s settings) bool { return s.threads == 1 }},
		{optThreads, "0", 0, true, func(s settings) bool { return s.threads == defaultThreads() }},
		{optThreads, "-2", 0, true, func(s settings) bool { return s.threads == defaultThreads() }},
		{optThreads, "257", 0, true, func(s settings) bool { return s.threads == dfpn.MaxThreads }},
		{optThreads, "four", 0, true, func(s settings) bool { return s.threads == defaultThreads() }},
		{"Hash", "4", 0, true, func(s settings) bool { return reflect.DeepEqual(s, defaultSettings()) }},
		{"SomeString", "", 0, true, func(s settings) bool { return reflect.DeepEqual(s, defaultSettings()) }},
	}
	for _, c := range cases {
		s := defaultSettings()
		msg := s.apply(c.name, c.value, c.mem)
		if (msg != "") != c.wantMsg {
			t.Errorf("%s=%q: message %q, want one: %v", c.name, c.value, msg, c.wantMsg)
		}
		if !c.check(s) {
			t.Errorf("%s=%q: settings %+v", c.name, c.value, s)
		}
		if strings.ContainsAny(msg, "\n\r") {
			t.Errorf("%s=%q: message spans lines: %q", c.name, c.value, msg)
		}
	}
}

func TestOptionLinesDeclareEveryOption(t *testing.T) {
	for _, l := range optionLines() {
		f := strings.Fields(l)
		if len(f) < 6 || f[0] != "option" || f[1] != "name" || f[3] != "type" {
			t.Errorf("malformed %q", l)
			continue
		}
		s := defaultSettings()
		def := f[5+0]
		if f[4] == "spin" || f[4] == "check" || f[4] == "combo" {
			def = f[6]
		}
		if msg := s.apply(f[2], def, 0); msg != "" || !reflect.DeepEqual(s, defaultSettings()) {
			t.Errorf("%s: setting the declared default %q: %q, %+v", f[2], def, msg, s)
		}
	}
}

// TestThreadsReachEverySearch: the Threads option reaches the options of
// every search of a go mate, MultiPV's too; by default it is the number
// of cores (at most 256), and a value above 256 is clamped with an info
// string.
func TestThreadsReachEverySearch(t *testing.T) {
	f, h := startFake(t, solveMates1)
	h.Send("position sfen "+fourMates, "go mate 1000")
	h.Until("checkmate", wait)
	h.Send("setoption name Threads value 3", "setoption name MultiPV value 3", "go mate 1000")
	h.Until("checkmate", wait)
	h.Send("setoption name Threads value 1000")
	if got := h.Until("info string", wait); got[len(got)-1] != "info string Threads 1000 is above the maximum 256; using 256" {
		t.Errorf("Threads 1000: %q", got)
	}
	h.Send("setoption name MultiPV value 1", "go mate 1000")
	h.Until("checkmate", wait)

	_, opts, _ := f.calls()
	var threads []int
	for _, o := range opts {
		threads = append(threads, o.Threads)
	}
	// One search, three (the main line and two more first moves), one.
	want := []int{min(runtime.NumCPU(), 256), 3, 3, 3, 256}
	if !slices.Equal(threads, want) {
		t.Errorf("the searches' Threads %v, want %v", threads, want)
	}
}
