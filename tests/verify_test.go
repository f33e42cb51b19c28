package tests

import (
	"strings"
	"testing"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// The checks of the engine's answers: its checkmate lines and the pv of
// its info lines must be mates from the position searched.

// verifyCheckmate parses a checkmate line the way ShogiHome does
// (usiclient.ParseCheckmate: the prefix "checkmate ", then a split on
// single spaces, so a double space is an empty move and fails) and checks
// it is a mate under strict rules: every move legal, every attacker move a
// check, the last move the attacker's and the defender mated. It returns
// the number of plies.
func verifyCheckmate(t testing.TB, sfen, line string) int {
	t.Helper()
	kind, moves, err := usiclient.ParseCheckmate(line)
	if err != nil || kind != usiclient.KindMoves {
		t.Fatalf("no mating line: %q (%v)", line, err)
	}
	return len(verifyLine(t, sfen, line, moves, dfpn.Strict))
}

// infoPV returns the moves after "pv" on an info line, checked by
// verifyLine under the engine's default rules (tsume).
func infoPV(t *testing.T, sfen, line string) []string {
	t.Helper()
	_, text, ok := strings.Cut(line, " pv ")
	if !ok {
		t.Fatalf("no pv in %q", line)
	}
	names := strings.Split(text, " ")
	verifyLine(t, sfen, line, names, dfpn.Tsume)
	return names
}

// verifyLine reads moves (of line, for messages) from sfen and checks
// them with dfpn.VerifyMate under rules.
func verifyLine(t testing.TB, sfen, line string, moves []string, rules dfpn.Rules) []position.Move {
	t.Helper()
	root := mustPos(t, sfen)
	ms, err := root.ParseLine(moves)
	if err == nil {
		err = dfpn.VerifyMate(root, ms, false, rules)
	}
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return ms
}

// mustPos parses an SFEN.
func mustPos(t testing.TB, sfen string) *position.Position {
	t.Helper()
	p, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
