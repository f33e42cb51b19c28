package position

// Tests of Retractions: soundness (every retraction is a legal move of a
// legal prior position leading back), completeness (every legal move of
// every position of a corpus is found from the position after it, once),
// hand-checked lists, and zero allocations. To fuzz:
//
//	go test -run=NONE -fuzz=FuzzRetractions -fuzztime=30s ./position

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// checkRetraction checks one retraction r of p: the prior position Q is
// consistent and legal (its SFEN parses, so FromSFEN's validation holds:
// no dead piece, no two pawns on a file, the side not to move not in
// check), its side to move is the mover, r.Move is one of Q's legal moves,
// r.Captured stands on the destination, and Q after r.Move is p. It also
// checks that Retract and Unretract in place agree with Prior and restore
// p exactly. p is left as it was.
func checkRetraction(p *Position, r Retraction) error {
	q := p.Prior(r)
	if err := checkInternal(q); err != nil {
		return fmt.Errorf("prior of %v: %v", r, err)
	}
	if q.side != p.side.Opp() {
		return fmt.Errorf("prior of %v: side to move %v", r, q.side)
	}
	v, err := FromSFEN(q.SFEN())
	if err != nil {
		return fmt.Errorf("prior of %v is not a legal position: %v", r, err)
	}
	if v.Key() != q.Key() {
		return fmt.Errorf("prior of %v: key %x, from its SFEN %x", r, q.Key(), v.Key())
	}
	m := r.Move
	if m.IsDrop() {
		if r.Captured != NoPiece {
			return fmt.Errorf("%v: a drop with a capture", r)
		}
	} else if q.board[m.To()] != r.Captured {
		return fmt.Errorf("%v: %v stands on %v in Q", r, q.board[m.To()], m.To())
	}
	if !q.IsLegal(m) {
		return fmt.Errorf("%v is not a legal move of Q %s", r, q.SFEN())
	}
	q.DoMove(m)
	if q.board != p.board || q.hands != p.hands || q.side != p.side ||
		q.Key() != p.Key() || q.BoardKey() != p.BoardKey() || q.checkers != p.checkers ||
		sfenKey(q.SFEN()) != sfenKey(p.SFEN()) {
		return fmt.Errorf("%v: Q after the move is %s, want %s", r, q.SFEN(), p.SFEN())
	}
	q.UndoMove()
	c := p.Clone()
	before := stateOf(c)
	c.Retract(r)
	if c.board != q.board || c.hands != q.hands || c.side != q.side || c.Key() != q.Key() ||
		c.BoardKey() != q.BoardKey() || c.checkers != q.checkers || c.kings != q.kings {
		return fmt.Errorf("%v: Retract gives %s, Prior %s", r, c.SFEN(), q.SFEN())
	}
	if err := checkInternal(c); err != nil {
		return fmt.Errorf("after Retract(%v): %v", r, err)
	}
	c.Unretract(r)
	if stateOf(c) != before {
		return fmt.Errorf("Unretract(%v) gives %s, want %s", r, c.SFEN(), p.SFEN())
	}
	return nil
}

// retractionDuplicates returns the retractions that occur more than once.
func retractionDuplicates(rs []Retraction) []Retraction {
	s := slices.Clone(rs)
	slices.SortFunc(s, func(a, b Retraction) int {
		if a.Move != b.Move {
			return int(int64(a.Move) - int64(b.Move))
		}
		return int(a.Captured) - int(b.Captured)
	})
	var d []Retraction
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] && (len(d) == 0 || d[len(d)-1] != s[i]) {
			d = append(d, s[i])
		}
	}
	return d
}

// checkAllRetractions checks every retraction of p for soundness and the
// list for duplicates, and returns how many there were.
func checkAllRetractions(p *Position) (int, error) {
	before := stateOf(p)
	rs := p.Retractions(make([]Retraction, 0, MaxRetractions))
	if stateOf(p) != before {
		return 0, fmt.Errorf("Retractions changed the position")
	}
	if len(rs) > MaxRetractions {
		return 0, fmt.Errorf("%d retractions, more than MaxRetractions", len(rs))
	}
	if d := retractionDuplicates(rs); len(d) > 0 {
		return 0, fmt.Errorf("duplicates %v", d)
	}
	for _, r := range rs {
		if err := checkRetraction(p, r); err != nil {
			return 0, err
		}
	}
	return len(rs), nil
}

// checkComplete plays every legal move m of q and checks that the position
// after it lists (q, m) exactly once among its retractions. It returns the
// number of moves checked. (Duplicates in general are checkAllRetractions'
// concern: sorting every list here would double the test's time.)
func checkComplete(q *Position, buf []Retraction) (int, error) {
	var mbuf [MaxMoves]Move
	moves := q.GenerateLegal(mbuf[:0])
	for _, m := range moves {
		want := Retraction{Move: m}
		if !m.IsDrop() {
			want.Captured = q.board[m.To()]
		}
		q.DoMove(m)
		rs := q.Retractions(buf[:0])
		n := 0
		for _, r := range rs {
			if r == want {
				n++
			}
		}
		var err error
		if n != 1 {
			err = fmt.Errorf("%s after %v: retraction %v found %d times", q.SFEN(), m, want, n)
		}
		q.UndoMove()
		if err != nil {
			return 0, err
		}
	}
	return len(moves), nil
}

// retractCorpus returns the positions the completeness test starts from:
// the start and perft positions, the rule cases (tsume positions without
// the attacker's king and with full hands among them), the pawn-drop
// mates, classic problems, every 20th position of the strict mate sets and
// of the move-list file, and every position of short random games from a
// few of those.
func retractCorpus(t *testing.T) []*Position {
	var sfens []string
	for _, r := range readTSV(t, "movegen/perft.tsv") {
		sfens = append(sfens, r["sfen"])
	}
	for _, f := range []string{"rules/rule_cases.tsv", "rules/pawn_drop_mate.tsv", "classic/zukou100.tsv", "classic/long_problems.tsv"} {
		for _, r := range readTSV(t, f) {
			sfens = append(sfens, r["sfen"])
		}
	}
	for _, f := range mateFiles {
		for i, l := range readLines(t, f) {
			if i%20 == 0 {
				sfens = append(sfens, l)
			}
		}
	}
	for i, c := range readMoveLists(t, "movegen/legal_moves.txt") {
		if i%20 == 0 {
			sfens = append(sfens, c.sfen)
		}
	}
	seen := map[string]bool{}
	var ps []*Position
	add := func(p *Position) {
		k := sfenKey(p.SFEN())
		if seen[k] {
			return
		}
		seen[k] = true
		q := mustSFEN(t, p.SFEN())
		ps = append(ps, q)
	}
	var roots []*Position
	for _, s := range sfens {
		p, err := FromSFEN(s)
		if err != nil {
			continue // some rule cases have more pieces than a game
		}
		add(p)
		roots = append(roots, p)
	}
	// Random games: every fifth root, four games of eight plies each.
	rng := rand.New(rand.NewPCG(37, 1))
	var buf [MaxMoves]Move
	for i := 0; i < len(roots); i += 5 {
		for g := 0; g < 4; g++ {
			p := roots[i].Clone()
			for ply := 0; ply < 8; ply++ {
				moves := p.GenerateLegal(buf[:0])
				if len(moves) == 0 {
					break
				}
				p.DoMove(moves[rng.IntN(len(moves))])
				add(p)
			}
		}
	}
	return ps
}

// TestRetractionsComplete: for every legal move m of every corpus position
// Q, the position after m lists (Q, m) exactly once; and every retraction
// of every fourth corpus position (of all with GOMATE_LONG=1) is sound and
// listed once.
func TestRetractionsComplete(t *testing.T) {
	ps := retractCorpus(t)
	soundEvery := 4
	if longMode() {
		soundEvery = 1
	}
	buf := make([]Retraction, 0, MaxRetractions)
	pairs, sound := 0, 0
	var kinds struct{ drops, captures, promoCaptures, unpromotions, pawnDrops, noKing int }
	for i, q := range ps {
		n, err := checkComplete(q, buf)
		if err != nil {
			t.Fatal(err)
		}
		pairs += n
		if i%soundEvery == 0 {
			k, err := checkAllRetractions(q)
			if err != nil {
				t.Fatalf("%s: %v", q.SFEN(), err)
			}
			sound += k
		}
		if q.kings[Black] == NoSquare || q.kings[White] == NoSquare {
			kinds.noKing++
		}
		for _, r := range q.Retractions(buf[:0]) {
			switch {
			case r.Move.IsDrop():
				kinds.drops++
				if r.Move.DropType() == Pawn {
					kinds.pawnDrops++
				}
			case r.Captured.Type().IsPromoted():
				kinds.promoCaptures++
			case r.Captured != NoPiece:
				kinds.captures++
			}
			if r.Move.IsPromotion() {
				kinds.unpromotions++
			}
		}
	}
	t.Logf("%d positions (%d without a king), %d (Q, m) pairs found back once each, %d retractions sound and unique",
		len(ps), kinds.noKing, pairs, sound)
	t.Logf("the corpus positions' retractions: %d drops (%d pawn), %d captures, %d of promoted pieces, %d promotions",
		kinds.drops, kinds.pawnDrops, kinds.captures, kinds.promoCaptures, kinds.unpromotions)
	if pairs < 10000 || kinds.noKing == 0 || kinds.promoCaptures == 0 || kinds.unpromotions == 0 || kinds.pawnDrops == 0 {
		t.Errorf("the corpus misses a case: %d pairs, %+v", pairs, kinds)
	}
}

// retractionSet renders retractions as sorted text.
func retractionSet(rs []Retraction) []string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = r.String()
	}
	slices.Sort(s)
	return s
}

// withSuffixes returns every move text followed by every suffix.
func withSuffixes(moves []string, suffixes ...string) []string {
	var s []string
	for _, m := range moves {
		for _, x := range suffixes {
			s = append(s, m+x)
		}
	}
	return s
}

// TestRetractionLists compares small positions with lists made by hand.
func TestRetractionLists(t *testing.T) {
	kingSteps := func(suffix string) []string {
		var s []string
		for _, f := range []string{"4h", "5h", "6h", "4i", "6i"} {
			s = append(s, f+"5i"+suffix)
		}
		return s
	}
	tests := []struct {
		name, sfen string
		want       []string
	}{
		{"lone pawn: a drop, a step, the king's five steps",
			"4k4/9/9/9/4P4/9/9/9/4K4 w - 1",
			append([]string{"P*5e", "5f5e"}, kingSteps("")...)},
		{"a gold in hand: each board move may have taken a gold",
			"4k4/9/9/9/4P4/9/9/9/4K4 w G 1",
			append(append([]string{"P*5e", "5f5e", "5f5exg"}, kingSteps("")...), kingSteps("xg")...)},
		{"a lance in hand: no White lance on rank i, a promoted one may be",
			"4k4/9/9/9/4P4/9/9/9/4K4 w L 1",
			append(append([]string{"P*5e", "5f5e", "5f5exl", "5f5ex+l"}, kingSteps("")...), kingSteps("x+l")...)},
		{"a tokin: five gold steps (not from 5b, checking), and the promotion 5d5c+",
			"4k4/9/4+P4/9/9/9/9/9/4K4 w - 1",
			append([]string{"4c5c", "6c5c", "4d5c", "5d5c", "6d5c", "5d5c+"}, kingSteps("")...)},
		{"a tokin and a pawn on its file: it did not promote on this move",
			"4k4/9/4+P4/9/9/9/4P4/9/4K4 w - 1",
			append([]string{"4c5c", "6c5c", "4d5c", "5d5c", "6d5c", "P*5g", "5h5g"}, kingSteps("")...)},
		{"a mating pawn: not dropped (illegal), so it stepped; the king did not move (the pawn would check)",
			"kn7/P8/1K7/9/9/9/9/9/9 w - 1",
			[]string{"9c9b"}},
		{"the same pawn, not mating: dropped or stepped",
			"k8/P8/1K7/9/9/9/9/9/9 w - 1",
			[]string{"P*9b", "9c9b"}},
		{"the side to move is in check by two steppers: no single move explains it",
			"4k4/3G1G3/9/9/9/9/9/9/4K4 w - 1",
			nil},
		{"a rook check: dropped, or moved along rank i, or opened by the bishop leaving file 5",
			"4k4/9/9/9/9/9/5B3/9/4R4 w - 1",
			[]string{"R*5i", "1i5i", "2i5i", "3i5i", "4i5i", "6i5i", "7i5i", "8i5i", "9i5i", "5h4g", "5f4g"}},
		{"no king, a knight in hand: a silver dropped, or stepped taking nothing, a knight or a promoted one",
			"9/9/9/9/4S4/9/9/9/9 w N 1",
			append(withSuffixes([]string{"4d5e", "6d5e", "4f5e", "5f5e", "6f5e"}, "", "xn", "x+n"), "S*5e")},
		{"no king, a bishop in hand: a promoted silver stepped as itself or promoted, maybe taking a bishop",
			"9/9/4+S4/9/9/9/9/9/9 w B 1",
			withSuffixes([]string{"4c5c", "6c5c", "4d5c", "5d5c", "6d5c", "5b5c", "4d5c+", "5d5c+", "6d5c+", "4b5c+", "6b5c+"}, "", "xb", "x+b")},
	}
	for _, tc := range tests {
		p := mustSFEN(t, tc.sfen)
		rs := p.Retractions(nil)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if d := diffMoves(retractionSet(rs), want); d != "" {
			t.Errorf("%s: %s: %s", tc.name, tc.sfen, d)
		}
		if _, err := checkAllRetractions(p); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	// A position whose side not to move is in check cannot come from a
	// legal move (FromSFEN refuses it; here the side is switched by hand).
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/4r4/4K4 b - 1")
	p.side = White
	p.boardKey ^= zobristSide
	p.checkers = p.attackersOfKing(White)
	if rs := p.Retractions(nil); len(rs) != 0 {
		t.Errorf("Black in check, not to move: retractions %v", rs)
	}
}

// TestRetractionsNoPawnDropMate: after each illegal mating pawn drop of
// the rule data (played with DoMove, which does not check legality), the
// drop is not a retraction, though the position is checkmate.
func TestRetractionsNoPawnDropMate(t *testing.T) {
	for _, r := range readTSV(t, "rules/pawn_drop_mate.tsv") {
		p := mustSFEN(t, r["sfen"])
		m, err := parseDropText(p, r["pawn_drop_move"])
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
		if !p.InCheck() || !p.isMated() {
			t.Fatalf("%s after %v: not checkmate", r["sfen"], m)
		}
		for _, x := range p.Retractions(nil) {
			if x.Move == m {
				t.Errorf("%s: the mating drop %v is listed", r["sfen"], m)
			}
		}
	}
}

// parseDropText builds a pawn drop such as "P*5b" for the side to move.
func parseDropText(p *Position, s string) (Move, error) {
	if len(s) != 4 || !strings.HasPrefix(s, "P*") {
		return NoMove, fmt.Errorf("not a pawn drop: %q", s)
	}
	f, r := int(s[2]-'1'), int(s[3]-'a')
	if !onBoard(f, r) {
		return NoMove, fmt.Errorf("bad square in %q", s)
	}
	return NewDrop(NewPiece(p.side, Pawn), NewSquare(f, r)), nil
}

// TestRetractionsZeroAllocs: Retractions, Retract and Unretract allocate
// nothing once the buffer and the history have room.
func TestRetractionsZeroAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation may allocate")
	}
	p := mustSFEN(t, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	mate := mustSFEN(t, "kn7/P8/1K7/9/9/9/9/9/9 w - 1")
	buf := make([]Retraction, 0, MaxRetractions)
	rs := p.Retractions(nil)
	if len(rs) == 0 {
		t.Fatal("no retraction")
	}
	r := rs[len(rs)/2]
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"Retractions", func() { p.Retractions(buf[:0]) }},
		{"Retractions (pawn mate)", func() { mate.Retractions(buf[:0]) }},
		{"Retract+Unretract", func() { p.Retract(r); p.Unretract(r) }},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != 0 {
			t.Errorf("%s: %v allocations per run", tc.name, n)
		}
	}
}

// retractFuzzSeeds seed FuzzRetractions: positions with promoted pieces,
// big hands, no king, checks and mates.
var retractFuzzSeeds = []string{
	StartSFEN,
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	"8k/9/7+R1/9/9/9/9/9/9 w P 1",
	"+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 w 9P 200",
	"kn7/P8/1K7/9/9/9/9/9/9 w - 1",
	"4k4/9/2B1R4/9/9/9/9/9/4K4 w 2G 1",
	"9/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1",
	"ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
	"1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 w SP2gn2l11p 1",
}

// FuzzRetractions: for any accepted SFEN, every retraction is sound and
// listed once, and every legal move of the position is found back from the
// position after it.
func FuzzRetractions(f *testing.F) {
	for _, s := range retractFuzzSeeds {
		f.Add(s)
	}
	buf := make([]Retraction, 0, MaxRetractions)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := FromSFEN(s)
		if err != nil {
			return
		}
		if _, err := checkAllRetractions(p); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if _, err := checkComplete(p, buf); err != nil {
			t.Fatal(err)
		}
	})
}

// randomSFEN builds a random position text: each of the 40 pieces of a game
// goes, at random, on a random empty square (promoted half the time when it
// can be), into a hand, or nowhere; a king is left out a quarter of the
// time, as in tsume. FromSFEN rejects the impossible ones.
func randomSFEN(rng *rand.Rand) string {
	var board [NumSquares]Piece
	var hands [2]Hand
	kinds := []PieceType{King, King, Rook, Rook, Bishop, Bishop}
	for range 4 {
		kinds = append(kinds, Gold, Silver, Knight, Lance)
	}
	for range 18 {
		kinds = append(kinds, Pawn)
	}
	onBoard := 0.2 + 0.6*rng.Float64() // how crowded the board is
	for i, pt := range kinds {
		c := Color(rng.IntN(2))
		if pt == King {
			c = Color(i) // one king each
			if rng.IntN(4) == 0 {
				continue
			}
		}
		switch x := rng.Float64(); {
		case x < onBoard || pt == King:
			s := Square(rng.IntN(NumSquares))
			for board[s] != NoPiece {
				s = Square(rng.IntN(NumSquares))
			}
			if pt.CanPromote() && rng.IntN(2) == 0 {
				pt = pt.Promote()
			}
			board[s] = NewPiece(c, pt)
		case x < 0.95:
			hands[c] = hands[c].Add(pt)
		}
	}
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for f := 8; f >= 0; f-- {
			if pc := board[NewSquare(f, r)]; pc != NoPiece {
				b.WriteString(pc.String())
			} else {
				b.WriteByte('1')
			}
		}
	}
	side := "b"
	if rng.IntN(2) == 1 {
		side = "w"
	}
	h := hands[Black].sfen(Black) + hands[White].sfen(White)
	if h = strings.ReplaceAll(h, "-", ""); h == "" {
		h = "-"
	}
	return b.String() + " " + side + " " + h + " 1"
}

// TestRetractionsRandomPositions runs the completeness and soundness checks
// on random legal positions, which reach corners the game records do not
// (promoted pieces anywhere, crowded boards next to a king, full hands):
// 300 of them, 5000 with GOMATE_LONG=1.
func TestRetractionsRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2))
	buf := make([]Retraction, 0, MaxRetractions)
	want := 300
	if longMode() {
		want = 5000
	}
	positions, pairs, sound := 0, 0, 0
	for tries := 0; positions < want && tries < 100*want; tries++ {
		s := randomSFEN(rng)
		p, err := FromSFEN(s)
		if err != nil {
			continue
		}
		positions++
		n, err := checkComplete(p, buf)
		if err != nil {
			t.Fatal(err)
		}
		pairs += n
		k, err := checkAllRetractions(p)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		sound += k
	}
	t.Logf("%d random positions, %d (Q, m) pairs found back once each, %d retractions sound and unique", positions, pairs, sound)
	if positions < want {
		t.Errorf("only %d random positions were legal", positions)
	}
}
