package rate

import (
	"strings"
	"testing"

	"gomate/position"
)

// line parses the USI moves of a line from pos.
func line(t *testing.T, pos *position.Position, moves string) []position.Move {
	t.Helper()
	l, err := pos.ParseLine(strings.Fields(moves))
	check(t, err)
	return l
}

// mustSFEN parses an SFEN.
func mustSFEN(t *testing.T, sfen string) *position.Position {
	t.Helper()
	p, err := position.FromSFEN(sfen)
	check(t, err)
	return p
}

// check fails the test on an error.
func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestFeaturesOf counts the features of hand-written lines; the expected
// counts are read off the moves (the lines need not be mates).
func TestFeaturesOf(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             Features
	}{{
		// The king on 5a, a rook on 9i, a lance on 1i, a defender's pawn
		// on 1c. S*5b is taken by the king (a sacrifice, a drop next to
		// the king); 9i9b is a rook's move of seven squares into the zone
		// without promoting; 1i1c+ takes the pawn and promotes after six
		// squares. At the start the king's five neighbours are free.
		name: "sacrifice, non-promotion, capture with promotion",
		sfen: "4k4/9/8p/9/9/9/9/9/R7L b S 1", line: "S*5b 5a5b 9i9b 5b4c 1i1c+",
		want: Features{Plies: 5, Sacrifices: 1, Captures: 1, Promotions: 1, NonPromotions: 1, Drops: 1,
			DistantMoves: 2, KingFreedom: 5, BoardPieces: 4},
	}, {
		// A rook dropped four squares below the king: a distant drop.
		name: "distant drop",
		sfen: "4k4/9/9/9/9/9/9/9/9 b R 1", line: "R*5e",
		want: Features{Plies: 1, Drops: 1, DistantMoves: 1, KingFreedom: 5, BoardPieces: 1},
	}, {
		// Head gold: G*5b, guarded by the pawn on 5c, which also takes
		// 5b from the king's freedom (4a, 6a, 4b, 6b left). Not taken, so
		// not a sacrifice.
		name: "head gold",
		sfen: "4k4/9/4P4/9/9/9/9/9/9 b G 1", line: "G*5b",
		want: Features{Plies: 1, Drops: 1, KingFreedom: 4, BoardPieces: 2},
	}, {
		// The king on 1a beside its own knight on 2a; a black rook on 4b
		// sees 3b, 2b and 1b, so the king has no free square. 4b1b is a
		// rook's move of three squares in the zone that does not promote,
		// and the king takes it: a sacrifice.
		name: "rook sacrifice without promotion",
		sfen: "7nk/5R3/9/9/9/9/9/9/9 b - 1", line: "4b1b 1a1b",
		want: Features{Plies: 2, Sacrifices: 1, NonPromotions: 1, DistantMoves: 1, KingFreedom: 0, BoardPieces: 3},
	}} {
		pos := mustSFEN(t, c.sfen)
		before := pos.Key()
		got := FeaturesOf(pos, line(t, pos, c.line))
		if got != c.want {
			t.Errorf("%s: got %+v\nwant %+v", c.name, got, c.want)
		}
		if pos.Key() != before || pos.Ply() != 0 {
			t.Errorf("%s: the position was not restored", c.name)
		}
	}
}
