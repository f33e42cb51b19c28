package usiclient

import (
	"slices"
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

func TestParseCheckmate(t *testing.T) {
	tests := []struct {
		line  string
		kind  string
		moves []string
		bad   bool
	}{
		{line: "checkmate 7i6g", kind: KindMoves, moves: []string{"7i6g"}},
		{line: "checkmate G*5b 5a4a 5b4b", kind: KindMoves, moves: []string{"G*5b", "5a4a", "5b4b"}},
		{line: "checkmate nomate", kind: KindNomate},
		{line: "checkmate timeout", kind: KindTimeout},
		{line: "checkmate notimplemented", kind: KindNotImplemented},
		{line: "checkmate G*5b  5a4a 5b4b", bad: true}, // double space
		{line: "checkmate  G*5b", bad: true},
		{line: "checkmate G*5b ", bad: true}, // trailing space
		{line: "checkmate ", bad: true},
		{line: "checkmate", bad: true}, // bare: ShogiHome ignores it
		{line: "checkmatenomate", bad: true},
	}
	for _, tt := range tests {
		kind, moves, err := ParseCheckmate(tt.line)
		if tt.bad {
			if err == nil {
				t.Errorf("%q: no error, got %s %q", tt.line, kind, moves)
			}
			continue
		}
		if err != nil || kind != tt.kind || !slices.Equal(moves, tt.moves) {
			t.Errorf("%q: got %s %q %v, want %s %q", tt.line, kind, moves, err, tt.kind, tt.moves)
		}
	}
}
