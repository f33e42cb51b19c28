package usiclient

import (
	"strings"
	"testing"
)

func TestCheckLine(t *testing.T) {
	for l, ok := range map[string]bool{
		"":                                  true,
		"checkmate 7i6g 5a4a":               true,
		"info string pv and string":         true,
		"info depth 1 score mate 1 pv 7i6g": true,
		"checkmate  7i6g":                   false,
		"checkmate 7i6g ":                   false,
		" info":                             false,
		"info\tstring":                      false,
		"checkmate":                         false,
		"info nodes 1 string x pv 7i6g":     false,
		"info nodes 1 pv 7i6g string":       false,
	} {
		if err := CheckLine(l); (err == nil) != ok {
			t.Errorf("%q: %v", l, err)
		}
	}
}

// TestParseCheckmate: each line's kind and moves, space-separated, or
// "error".
func TestParseCheckmate(t *testing.T) {
	for line, want := range map[string]string{
		"checkmate 7i6g":            "moves 7i6g",
		"checkmate G*5b 5a4a 5b4b":  "moves G*5b 5a4a 5b4b",
		"checkmate nomate":          "nomate",
		"checkmate timeout":         "timeout",
		"checkmate notimplemented":  "notimplemented",
		"checkmate G*5b  5a4a 5b4b": "error", // double space
		"checkmate  G*5b":           "error",
		"checkmate G*5b ":           "error", // trailing space
		"checkmate ":                "error",
		"checkmate":                 "error", // bare: ShogiHome ignores it
		"checkmatenomate":           "error",
	} {
		kind, moves, err := ParseCheckmate(line)
		got := strings.Join(append([]string{kind}, moves...), " ")
		if err != nil {
			got = "error"
		}
		if got != want {
			t.Errorf("%q: got %q (%v), want %q", line, got, err, want)
		}
	}
}
