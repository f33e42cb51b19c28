package position

import (
	"math/rand/v2"
	"testing"
)

// randomHand returns a hand with random counts within each field's range.
func randomHand(rng *rand.Rand) Hand {
	var h Hand
	for _, pt := range HandTypes {
		h = h.Set(pt, rng.IntN(maxCount[pt]+1))
	}
	return h
}

// TestHandOps checks the packed hand operations against kind-by-kind
// arithmetic on random hands.
func TestHandOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 20000; i++ {
		a, b := randomHand(rng), randomHand(rng)
		covers, total := true, 0
		for _, pt := range HandTypes {
			ca, cb := a.Count(pt), b.Count(pt)
			covers = covers && ca >= cb
			total += ca
			if got := a.Min(b).Count(pt); got != min(ca, cb) {
				t.Fatalf("%v.Min(%v) has %d %v", a, b, got, pt)
			}
			if got := a.Max(b).Count(pt); got != max(ca, cb) {
				t.Fatalf("%v.Max(%v) has %d %v", a, b, got, pt)
			}
			if a.Has(pt) != (ca > 0) || a.Without(pt).Count(pt) != 0 {
				t.Fatalf("%v: Has/Without %v wrong", a, pt)
			}
			if ca < maxCount[pt] && a.Add(pt).Count(pt) != ca+1 {
				t.Fatalf("%v.Add(%v) wrong", a, pt)
			}
			if ca > 0 && a.Sub(pt).Count(pt) != ca-1 {
				t.Fatalf("%v.Sub(%v) wrong", a, pt)
			}
			for _, o := range HandTypes { // other fields untouched
				if o != pt && a.Set(pt, cb).Count(o) != a.Count(o) {
					t.Fatalf("%v.Set(%v) changed %v", a, pt, o)
				}
			}
		}
		if a.Covers(b) != covers {
			t.Fatalf("%v.Covers(%v) = %v, want %v", a, b, a.Covers(b), covers)
		}
		if a.Total() != total || a.IsEmpty() != (total == 0) {
			t.Fatalf("%v: Total %d, want %d", a, a.Total(), total)
		}
	}
}

// TestBitboardOps checks Pop, Count, More, Has, Set and Clear against a
// plain list of squares.
func TestBitboardOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 5000; i++ {
		var b Bitboard
		in := map[Square]bool{}
		for k := rng.IntN(10); k > 0; k-- {
			s := Square(rng.IntN(NumSquares))
			b.Set(s)
			in[s] = true
		}
		if b.Count() != len(in) || b.More() != (len(in) > 1) || b.Any() != (len(in) > 0) {
			t.Fatalf("%v: Count %d More %v, want %d squares", b, b.Count(), b.More(), len(in))
		}
		for s := Square(0); s < NumSquares; s++ {
			if b.Has(s) != in[s] || SquareBB(s).Intersects(b) != in[s] {
				t.Fatalf("Has(%v) = %v", s, b.Has(s))
			}
		}
		if b.Not().Count() != NumSquares-len(in) || b.Or(b.Not()) != AllSquares {
			t.Fatalf("Not of %v wrong", b)
		}
		prev := Square(-1)
		for c := b; c.Any(); {
			s := c.Pop()
			if !in[s] || s <= prev {
				t.Fatalf("Pop gave %v after %v", s, prev)
			}
			prev = s
			c2 := b
			c2.Clear(s)
			if c2.Has(s) || c2.Count() != b.Count()-1 {
				t.Fatalf("Clear(%v) wrong", s)
			}
		}
	}
}

// TestClone: a clone is independent of its original.
func TestClone(t *testing.T) {
	p := Startpos()
	m, _ := p.ParseMove("7g7f")
	p.DoMove(m)
	q := p.Clone()
	before := stateOf(p)
	m2, _ := q.ParseMove("3c3d")
	q.DoMove(m2)
	if stateOf(p) != before || q.Ply() != 2 || p.Ply() != 1 {
		t.Fatalf("clone shares state: %s / %s", p.SFEN(), q.SFEN())
	}
	q.UndoMove()
	q.UndoMove()
	if q.SFEN() != StartSFEN || p.LastMove() != m {
		t.Fatalf("clone history: %s, original last move %v", q.SFEN(), p.LastMove())
	}
}

// TestCopyFrom: a copy has the position but not the history, its moves
// leave the original alone, and copying into a grown buffer allocates
// nothing.
func TestCopyFrom(t *testing.T) {
	p := Startpos()
	m, _ := p.ParseMove("7g7f")
	p.DoMove(m)
	q := Startpos()
	q.CopyFrom(p)
	if q.SFEN() != p.SFEN() || q.Key() != p.Key() || q.Ply() != 0 {
		t.Fatalf("copy %s (ply %d), want %s with no history", q.SFEN(), q.Ply(), p.SFEN())
	}
	before := stateOf(p)
	m2, _ := q.ParseMove("3c3d")
	q.DoMove(m2)
	if stateOf(p) != before || p.Ply() != 1 || p.LastMove() != m {
		t.Fatalf("copy shares state: %s / %s", p.SFEN(), q.SFEN())
	}
	q.UndoMove()
	if q.SFEN() != p.SFEN() {
		t.Fatalf("undo in the copy: %s, want %s", q.SFEN(), p.SFEN())
	}
	if n := testing.AllocsPerRun(100, func() { q.CopyFrom(p); q.DoMove(m2); q.UndoMove() }); n != 0 {
		t.Errorf("CopyFrom: %v allocations per run", n)
	}
}

// TestStrings checks the text forms of squares, pieces and moves.
func TestStrings(t *testing.T) {
	tests := []struct{ got, want string }{
		{NewSquare(6, 6).String(), "7g"},
		{NewSquare(0, 0).String(), "1a"},
		{NoSquare.String(), "--"},
		{NewPiece(Black, Horse).String(), "+B"},
		{NewPiece(White, ProPawn).String(), "+p"},
		{NewPiece(White, King).String(), "k"},
		{NoPiece.String(), "."},
		{NewMove(NewSquare(7, 7), NewSquare(1, 1), NewPiece(Black, Bishop), true).String(), "8h2b+"},
		{NewDrop(NewPiece(White, Pawn), NewSquare(4, 4)).String(), "P*5e"},
		{NoMove.String(), "none"},
		{PassMove.String(), "pass"},
		{Hand(0).String(), "-"},
		{Black.String() + White.String(), "bw"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
