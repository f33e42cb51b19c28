// Package soundcheck checks a generated problem's soundness by another
// path than the generator's (package generate) and the judge's
// (compose.Judge): the tests of generate and of the committed sets under
// problems/ use it.
package soundcheck

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// Verify checks that sfen is a sound problem of plies plies whose main
// line is lineUSI, with fresh solvers: the line replayed
// (dfpn.VerifyMate), the length by a fresh solver's Solve (shortest),
// uniqueness and spare pieces by compose.Check, and every piece necessary
// by solving the position without it, built by editing the SFEN text
// (not by the generator's board code).
func Verify(t testing.TB, sfen, lineUSI string, plies int) {
	t.Helper()
	lim := dfpn.Limits{Time: 20 * time.Second}
	pos, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	line, err := pos.ParseLine(strings.Fields(lineUSI))
	if err != nil || len(line) != plies {
		t.Fatalf("%s: line %q: %v", sfen, lineUSI, err)
	}
	if pos.SideToMove() != position.Black || pos.KingSquare(position.Black) != position.NoSquare || pos.InCheck() {
		t.Errorf("%s: not Black to move without a king and out of check", sfen)
	}
	if err := dfpn.VerifyMate(pos, line, false, dfpn.Tsume); err != nil {
		t.Errorf("%s: the line does not mate: %v", sfen, err)
	}
	res := dfpn.New(16).Solve(pos, dfpn.Options{}, lim)
	if res.Status != dfpn.Mate || !res.Shortest || len(res.PV) != plies {
		t.Errorf("%s: a fresh solve: %v shortest %v, %d plies, want %d", sfen, res.Status, res.Shortest, len(res.PV), plies)
	}
	c := compose.Check(dfpn.New(16), pos, dfpn.Options{}, lim)
	if c.Verdict != compose.Sound || len(c.Alternatives) > 0 || len(c.Line) != plies || !c.Spare.IsEmpty() {
		t.Errorf("%s: a fresh Check: %v %v", sfen, c.Verdict, c.Reasons)
	}
	for _, r := range reducedSFENs(t, sfen) {
		if why := necessary(r.sfen, line, plies, lim); why == "" {
			t.Errorf("%s: the piece %s is not necessary: %s is the same sound problem", sfen, r.what, r.sfen)
		} else {
			t.Logf("  without %s: %s", r.what, why)
		}
	}
}

// necessary tells why the reduced position sfen is not the same sound
// problem as the one with line, "" when it is.
func necessary(sfen string, line []position.Move, plies int, lim dfpn.Limits) string {
	r, err := position.FromSFEN(sfen)
	if err != nil {
		return "illegal"
	}
	if err := dfpn.VerifyMate(r, line, false, dfpn.Tsume); err != nil {
		return "the line fails"
	}
	res := dfpn.New(16).Solve(r, dfpn.Options{}, lim)
	switch {
	case res.Status == dfpn.NoMate:
		return "no mate"
	case res.Status == dfpn.Mate && res.Shortest && len(res.PV) != plies:
		return "another length"
	}
	// Judged along the problem's line: where the reduced position has
	// equally long defences, a judgement along the line its solver took
	// would depend on that choice (compose/necessity.go).
	if j := compose.Judge(dfpn.New(16), r, compose.SoundnessOptions{Plies: plies, Line: line}, lim); j.Verdict != compose.Sound {
		return "not sound: " + strings.Join(j.Reasons, "; ")
	}
	// Sound and as long: necessary only if the line is no longer best.
	if cmp := compose.CompareLine(dfpn.New(16), r, line, dfpn.Options{}, lim); cmp.Invalid != "" || len(cmp.Findings) > 0 {
		return "another answer"
	}
	return ""
}

// reduced is a problem without one of its pieces.
type reduced struct{ what, sfen string }

// reducedSFENs writes the problem sfen without each of its pieces in turn
// (every board piece but White's king, one piece of each kind in Black's
// hand), the piece given to White's hand, by editing the SFEN text.
func reducedSFENs(t testing.TB, sfen string) []reduced {
	t.Helper()
	f := strings.Fields(sfen)
	var cells []string // 81 cells, rank by rank, file 9 to file 1
	for i := 0; i < len(f[0]); i++ {
		ch := f[0][i]
		switch {
		case ch == '/':
		case ch >= '1' && ch <= '9':
			for range int(ch - '0') {
				cells = append(cells, "")
			}
		case ch == '+':
			cells = append(cells, f[0][i:i+2])
			i++
		default:
			cells = append(cells, string(ch))
		}
	}
	if len(cells) != 81 {
		t.Fatalf("%s: %d cells", sfen, len(cells))
	}
	write := func(cells []string, hands string) string {
		if hands == "" {
			hands = "-"
		}
		return position.BoardField(func(f, r int) string { return cells[r*9+8-f] }) + " b " + hands + " 1"
	}
	hands := f[2]
	if hands == "-" {
		hands = ""
	}
	var out []reduced
	for i, c := range cells {
		if c == "" || c == "k" {
			continue
		}
		rest := append([]string(nil), cells...)
		rest[i] = ""
		out = append(out, reduced{c + " on " + string(rune('9'-i%9)) + string(rune('a'+i/9)), write(rest, hands+strings.ToLower(strings.TrimPrefix(c, "+")))})
	}
	// Black's hand: one piece of each kind taken to White's.
	for _, kind := range "RBGSNLP" {
		if n := handCount(hands, kind); n > 0 {
			h := strings.Replace(hands, handTerm(n, kind), handTerm(n-1, kind), 1)
			out = append(out, reduced{string(kind) + " in hand", write(cells, h+strings.ToLower(string(kind)))})
		}
	}
	return out
}

// handCount is how many pieces of the letter kind an SFEN hand field
// holds ("2P": 2).
func handCount(hands string, kind rune) int {
	n := 0
	for _, ch := range hands {
		switch {
		case ch >= '0' && ch <= '9':
			n = n*10 + int(ch-'0')
		case ch == kind:
			return max(n, 1)
		default:
			n = 0
		}
	}
	return 0
}

// handTerm writes n pieces of kind as an SFEN hand term ("", "P", "2P").
func handTerm(n int, kind rune) string {
	switch n {
	case 0:
		return ""
	case 1:
		return string(kind)
	}
	return strconv.Itoa(n) + string(kind)
}
