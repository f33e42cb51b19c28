package usi

import (
	"strings"
	"testing"
	"time"

	"gomate/position"
)

func TestParseGo(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		line     string
		mate     bool
		mateTime time.Duration
		infinite bool
		ponder   bool
		nodes    uint64
		problems int
	}{
		{line: "go mate 1000", mate: true, mateTime: 1000 * ms},
		{line: "go mate infinite", mate: true},
		{line: "go mate", mate: true},
		{line: "go mate 0", mate: true},
		{line: "go nodes 5000 mate infinite", mate: true, nodes: 5000},
		{line: "go depth 9 mate infinite", mate: true},
		{line: "go depth 9 mate 2000", mate: true, mateTime: 2000 * ms},
		{line: "go mate 1000 nodes 77", mate: true, mateTime: 1000 * ms, nodes: 77},
		{line: "go mate nodes 77", mate: true, nodes: 77},
		{line: "go infinite mate", mate: true},
		{line: "go mate -5", mate: true, problems: 1},
		{line: "go nodes x mate 10", mate: true, mateTime: 10 * ms, problems: 1},
		{line: "go nodes", problems: 1},
		{line: "go"},
		{line: "go infinite", infinite: true},
		{line: "go ponder btime 1000 wtime 1000 byoyomi 1000", ponder: true},
		{line: "go btime 60000 wtime 50000 byoyomi 10000"},
		{line: "go searchmoves 7g7f infinite", infinite: true},
		{line: "go mate 99999999999999999999", mate: true},
	}
	for _, c := range cases {
		g := parseGo(strings.Fields(c.line)[1:])
		if g.mate != c.mate || g.mateTime != c.mateTime || g.infinite != c.infinite || g.ponder != c.ponder || g.nodes != c.nodes || len(g.problems) != c.problems {
			t.Errorf("%q: got %+v", c.line, g)
		}
	}
}

func TestGoBudget(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		line string
		side position.Color
		want time.Duration
	}{
		{"go", position.Black, 0},
		{"go infinite", position.Black, 0},
		{"go movetime 500", position.White, 400 * ms},
		{"go btime 0 wtime 0 byoyomi 3000", position.Black, 2900 * ms},
		{"go btime 30000 wtime 60000 binc 1000 winc 2000", position.White, 3900 * ms},
		{"go btime 1 wtime 1", position.Black, 50 * ms},
	}
	for _, c := range cases {
		g := parseGo(strings.Fields(c.line)[1:])
		if got := g.budget(c.side); got != c.want {
			t.Errorf("%q for %v: %v, want %v", c.line, c.side, got, c.want)
		}
	}
}
