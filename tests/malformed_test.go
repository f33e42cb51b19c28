package tests

import (
	"strings"
	"testing"
	"time"

	"gomate/usi/usiclient"
)

// TestMalformedInput: every kind of bad input gets one info string (blank
// lines get nothing: they are not commands), the engine keeps serving, and
// a real problem is solved correctly afterwards.
func TestMalformedInput(t *testing.T) {
	e := startReady(t)
	cases := []struct {
		name  string
		lines []string
		want  int // info strings expected before readyok
	}{
		{"bad sfen", []string{"position sfen xyz/9 b - 1"}, 1},
		{"sfen with too few fields", []string{"position sfen 9/9/9"}, 1},
		{"illegal move in the moves tail", []string{"position startpos moves 7g7f 3c3d 7f7e 7e7d 7d7c"}, 1},
		{"unreadable move", []string{"position sfen " + mate1Black + " moves 7i6gxx"}, 1},
		{"position without arguments", []string{"position"}, 1},
		{"unknown command", []string{"frobnicate now"}, 1},
		{"binary junk", []string{"\x00\x01\x02\xff\xfe\x1b[31m junk \x7f"}, 1},
		{"very long line", []string{strings.Repeat("position startpos moves ", 100000)}, 1},
		{"setoption without name", []string{"setoption USI_Hash value 16"}, 1},
		{"setoption with nothing", []string{"setoption"}, 1},
		{"USI_Hash not a number", []string{"setoption name USI_Hash value abc"}, 1},
		{"USI_Hash negative", []string{"setoption name USI_Hash value -5"}, 1},
		// An absurd size is clamped; a sane one follows before isready so
		// the test never allocates a huge table.
		{"USI_Hash absurd", []string{"setoption name USI_Hash value 99999999999", "setoption name USI_Hash value 16"}, 1},
		{"USI_Hash beyond 64 bits", []string{"setoption name USI_Hash value 123456789012345678901234567890", "setoption name USI_Hash value 16"}, 1},
		{"check option not a boolean", []string{"setoption name USI_Ponder value perhaps"}, 1},
		{"spin option below its minimum", []string{"setoption name Threads value 0"}, 1},
		{"unknown option", []string{"setoption name Hash value 2"}, 1},
		{"empty lines", []string{"", "   ", "\t", "\r"}, 0},
		{"stop when idle", []string{"stop"}, 0},
		{"ponderhit and gameover when idle", []string{"ponderhit", "gameover win"}, 0},
	}
	for _, c := range cases {
		e.Send(c.lines...)
		got := e.Sync()
		if len(got) != c.want || usiclient.Count(got, "info string ") != c.want {
			t.Errorf("%s: got %q, want %d info string(s)", c.name, got, c.want)
		}
	}
	// A bad position clears the old one: go mate must not answer for it.
	e.Send("position sfen "+mate1Black, "position sfen "+mate1Black+" moves 1a1b", "go mate 1000")
	got := e.Until("checkmate", 5*time.Second)
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("go mate after a bad position: %q", got)
	}
	// DefenderToMove on a side with no king: nothing to mate, not an
	// internal error (the search used to panic in its expansion).
	e.Send("setoption name DefenderToMove value true",
		"position sfen 5k3/n4l3/5+R3/2+B6/3P5/1S7/9/9/9 w SL2Prb4g2s3n2l15p 36 moves P*6c", "go mate 5000")
	got = e.Until("checkmate", 10*time.Second)
	if got[len(got)-1] != "checkmate nomate" || usiclient.Count(got, "info string no answer") != 0 {
		t.Errorf("defender without a king: %q", got)
	}
	e.Send("setoption name DefenderToMove value false")
	// The engine still solves, after every kind of junk.
	for _, sfen := range []string{mate1Black, mate1White} {
		e.Send("usinewgame", "position sfen "+sfen, "go mate 10000")
		got := e.Until("checkmate", 15*time.Second)
		verifyCheckmate(t, sfen, got[len(got)-1])
	}
	e.Send("quit")
	if !e.WaitExit(5 * time.Second) {
		t.Fatal("no exit after quit")
	}
}
