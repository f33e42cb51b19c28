package generate

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// TestParseMask: the syntax of generate/shape.go, read back by String;
// the doc's example is 1一, 1二 and 1三; malformed masks are refused.
func TestParseMask(t *testing.T) {
	const doc = "........#/........#/........#/........./........./........./........./........./........."
	m, err := ParseMask(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []position.Square{position.NewSquare(0, 0), position.NewSquare(0, 1), position.NewSquare(0, 2)}
	if got := m.Squares(); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("%s: squares %v, want 1a 1b 1c", doc, got)
	}
	if m.String() != doc {
		t.Errorf("String %q, want %q", m.String(), doc)
	}
	// The first character of the first row is 9一 (9a).
	corner, err := ParseMask("#......../........./........./........./........./........./........./........./.........")
	if err != nil || corner.Count() != 1 || !corner.Has(position.NewSquare(8, 0)) {
		t.Errorf("9a: %v %v", corner.Squares(), err)
	}
	for _, bad := range []struct{ mask, want string }{
		{"........#/........#", "2 rows"},
		{"........#/........#/........#/......../........./........./........./........./.........", "row 4 has 8 characters"},
		{"........x/........#/........#/........./........./........./........./........./.........", "is not '#' or '.'"},
		{"........./........./........./........./........./........./........./........./.........", "no square"},
		{"", "1 rows"},
	} {
		if _, err := ParseMask(bad.mask); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.mask, err, bad.want)
		}
	}
}

// TestNamedShapes: every named shape parses, has the number of squares its
// description gives, lies in files 1 to 3 and ranks 1 to 3 as the table's
// comment says, and is found by ParseShape; an unknown name is refused
// with the list of names.
func TestNamedShapes(t *testing.T) {
	count := regexp.MustCompile(`\((\d+) squares\)`)
	for _, n := range namedShapes {
		m, err := ParseShape(n.name)
		if err != nil {
			t.Fatalf("%s: %v", n.name, err)
		}
		c := count.FindStringSubmatch(n.what)
		if c == nil {
			t.Errorf("%s: no square count in %q", n.name, n.what)
		} else if k, _ := strconv.Atoi(c[1]); k != m.Count() {
			t.Errorf("%s: %d squares, the description says %d", n.name, m.Count(), k)
		}
		for _, s := range m.Squares() {
			if s.File() > 2 || s.Rank() > 2 {
				t.Errorf("%s: %s is outside files 1-3, ranks 1-3", n.name, s)
			}
		}
		if again, err := ParseShape(m.String()); err != nil || again != m {
			t.Errorf("%s: its mask %s does not read back: %v", n.name, m, err)
		}
	}
	_, err := ParseShape("heart")
	if err == nil || !strings.Contains(err.Error(), `unknown shape "heart"`) {
		t.Fatalf("heart: %v", err)
	}
	for _, name := range ShapeNames() {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("the error %q does not list %s", err, name)
		}
	}
}

// TestParsePieces: the terms of -pieces, and the specs refused.
func TestParsePieces(t *testing.T) {
	p, err := ParsePieces("bare-king,hand=RB")
	if err != nil || !p.BareKing || !p.HandSet || p.Hand != position.MustParseHand("RB") || p.OneKind != position.NoPieceType {
		t.Errorf("bare-king,hand=RB: %+v %v", p, err)
	}
	if p.String() != "bare-king,hand=RB" {
		t.Errorf("String %q", p.String())
	}
	p, err = ParsePieces("one-kind=s,hand=-")
	if err != nil || p.OneKind != position.Silver || !p.HandSet || !p.Hand.IsEmpty() || p.String() != "hand=-,one-kind=S" {
		t.Errorf("one-kind=s,hand=-: %+v %q %v", p, p.String(), err)
	}
	for _, bad := range []struct{ spec, want string }{
		{"bare-king,hand=-", "nothing can give check"},
		{"one-kind=K", "want one of P L N S G B R"},
		{"one-kind=+R", "want one of"},
		{"hand=3R", "the game has 2"},
		{"hand=Q", "hand=Q"},
		{"one-kind=G,hand=GS", "not of the one kind"},
		{"bare-king,bare-king", "given twice"},
		{"naked", "unknown term"},
		{"hand", "unknown term"},
		{"bare-king=1", "unknown term"},
	} {
		if _, err := ParsePieces(bad.spec); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.spec, err, bad.want)
		}
	}
}

// TestValidate: the requests refused before any search.
func TestValidate(t *testing.T) {
	mask := func(s string) *Mask {
		m, err := ParseShape(s)
		if err != nil {
			t.Fatal(err)
		}
		return &m
	}
	full := strings.TrimSuffix(strings.Repeat("#########/", 9), "/")
	for _, tc := range []struct {
		c     Constraints
		plies int
		want  string // "" when accepted
	}{
		{Constraints{Shape: mask("t")}, 3, ""},
		{Constraints{Shape: mask("t"), Of: ShapeFinal}, 1, ""},
		{Constraints{Pieces: PieceSpec{BareKing: true}}, 1, "mated in one"},
		{Constraints{Pieces: PieceSpec{BareKing: true}}, 3, ""},
		{Constraints{Shape: mask(full)}, 5, "81 squares"},
		{Constraints{Shape: mask(full), Of: ShapeFinal}, 5, "81 squares"},
		{Constraints{Shape: mask("t"), Pieces: PieceSpec{BareKing: true}}, 5, "5 squares"},
		{Constraints{Shape: mask("t"), Of: ShapeFinal, Pieces: PieceSpec{BareKing: true}}, 5, ""},
		{Constraints{Shape: mask("t"), Pieces: PieceSpec{OneKind: position.Bishop}}, 5, "pieces of the one kind"},
		{Constraints{Shape: mask("t"), Pieces: PieceSpec{OneKind: position.Gold}}, 5, ""},
		{Constraints{Shape: mask("v"), Pieces: PieceSpec{OneKind: position.Rook, HandSet: true, Hand: position.MustParseHand("R")}}, 5, "need more pieces of R"},
		{Constraints{Shape: mask("box"), Pieces: PieceSpec{HandSet: true, Hand: position.MustParseHand("2R2B4G4S4N4L18P")}}, 5, "more than the game's"},
	} {
		err := tc.c.Validate(tc.plies)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%+v at %d plies: %v", tc.c, tc.plies, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%+v at %d plies: %v, want %q", tc.c, tc.plies, err, tc.want)
		}
	}
}

// TestBareKingNoMateInOne: for the defender's king alone on any square,
// the attacker holding one piece of each kind and the defender the rest,
// no legal first move (a drop: there is nothing else) mates. This is what
// Validate's refusal of a bare king at one ply rests on.
func TestBareKingNoMateInOne(t *testing.T) {
	for k := position.Square(0); k < position.NumSquares; k++ {
		var b board
		b.Side = attacker
		b.Board[k] = position.NewPiece(defender, position.King)
		b.Hands[attacker] = position.MustParseHand("RBGSNLP")
		if !b.restToDefender(defender) {
			t.Fatal("hands")
		}
		pos, err := b.position()
		if err != nil {
			t.Fatalf("king on %s: %v", k, err)
		}
		moves := pos.GenerateLegal(nil)
		if len(moves) == 0 {
			t.Fatalf("king on %s: no move", k)
		}
		for _, m := range moves {
			q := pos.Clone()
			q.DoMove(m)
			if q.IsMate() {
				t.Errorf("king on %s: %s mates", k, m)
			}
		}
	}
}

// A small problem to test the checks on: Black's gold on 3c, White's king
// on 1b; G*2c, K1a, 2c2b mates. Its initial position occupies 1b and 3c,
// its final one 1a, 2b and 3c.
const (
	goldsSFEN = "9/8k/6G2/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"
	goldsLine = "G*2c 1b1a 2c2b"
)

// maskOf builds a mask from USI squares.
func maskOf(t *testing.T, squares ...string) *Mask {
	t.Helper()
	var m Mask
	for _, s := range squares {
		m.on[position.NewSquare(int(s[0]-'1'), int(s[1]-'a'))] = true
	}
	return &m
}

// TestConstraintsCheck: a problem keeps to the shapes it occupies and is
// rejected by the others; the conditions on pieces likewise.
func TestConstraintsCheck(t *testing.T) {
	pos, err := position.FromSFEN(goldsSFEN)
	if err != nil {
		t.Fatal(err)
	}
	line, err := pos.ParseLine(strings.Fields(goldsLine))
	if err != nil {
		t.Fatal(err)
	}
	initial, final := maskOf(t, "1b", "3c"), maskOf(t, "1a", "2b", "3c")
	for _, tc := range []struct {
		name string
		c    Constraints
		ok   bool
	}{
		{"initial shape", Constraints{Shape: initial}, true},
		{"final shape", Constraints{Shape: final, Of: ShapeFinal}, true},
		{"the final shape asked of the initial position", Constraints{Shape: final}, false},
		{"the initial shape asked of the final position", Constraints{Shape: initial, Of: ShapeFinal}, false},
		{"a square more", Constraints{Shape: maskOf(t, "1b", "3c", "9i")}, false},
		{"one-kind=G", Constraints{Pieces: PieceSpec{OneKind: position.Gold}}, true},
		{"one-kind=S", Constraints{Pieces: PieceSpec{OneKind: position.Silver}}, false},
		{"bare-king", Constraints{Pieces: PieceSpec{BareKing: true}}, false},
		{"hand=G", Constraints{Pieces: PieceSpec{HandSet: true, Hand: position.MustParseHand("G")}}, true},
		{"hand=2G", Constraints{Pieces: PieceSpec{HandSet: true, Hand: position.MustParseHand("2G")}}, false},
	} {
		why := tc.c.Check(pos, line)
		if (why == "") != tc.ok {
			t.Errorf("%s: %q, want ok %v", tc.name, why, tc.ok)
		}
		if got := tc.c.stepAllows(pos, line, true); got != tc.ok {
			t.Errorf("%s: stepAllows at the last step %v, want %v", tc.name, got, tc.ok)
		}
	}
	// A bare king passes bare-king.
	bare, _ := position.FromSFEN("8k/9/9/9/9/9/9/9/9 b 2R2G2b2g4s4n4l18p 1")
	if why := (&Constraints{Pieces: PieceSpec{BareKing: true}}).Check(bare, nil); why != "" {
		t.Errorf("a bare king: %s", why)
	}
}

// TestMayRemove: the reverse method takes off an unnecessary piece only
// when the shape survives: never a board piece under a shape of the
// initial position; under a final shape, only when the line played
// without the piece still ends on the mask.
func TestMayRemove(t *testing.T) {
	pos, _ := position.FromSFEN(goldsSFEN)
	line, _ := pos.ParseLine(strings.Fields(goldsLine))
	// Without the gold on 3c (to White's hand) the line is still legal and
	// ends on 1a and 2b only.
	without, err := position.FromSFEN("9/8k/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	board := compose.PieceFinding{Square: position.NewSquare(2, 2), Piece: position.NewPiece(attacker, position.Gold)}
	hand := compose.PieceFinding{Square: position.NoSquare, Piece: position.NewPiece(attacker, position.Gold)}
	final := &Constraints{Shape: maskOf(t, "1a", "2b", "3c"), Of: ShapeFinal}
	if final.mayRemove(without, board, line) {
		t.Error("final shape: the gold on 3c taken off, yet allowed")
	}
	if !(&Constraints{Shape: maskOf(t, "1a", "2b"), Of: ShapeFinal}).mayRemove(without, board, line) {
		t.Error("final shape 1a 2b: the gold on 3c taken off leaves it, yet refused")
	}
	initial := &Constraints{Shape: maskOf(t, "1b", "3c")}
	if initial.mayRemove(without, board, line) || !initial.mayRemove(pos, hand, line) {
		t.Error("initial shape: a board piece must never go, a hand piece may")
	}
	if !(*Constraints)(nil).mayRemove(without, board, line) || !(*Constraints)(nil).stepAllows(pos, line, true) {
		t.Error("no constraints: refused")
	}
}

// shapeRun generates count problems of plies plies under c with seed and
// a test-sized budget (nodes only, 100 tries), and returns them.
func shapeRun(t *testing.T, c Constraints, plies, count int, seed uint64) []*Problem {
	t.Helper()
	cfg := Config{
		Settings: Settings{Plies: plies, Seed: seed, Tries: 100, Limits: testLimits, Constraints: c},
		Count:    count, Workers: 1, HashMB: 16,
	}
	var probs []*Problem
	stats, err := Run(cfg, func(p *Problem) error {
		probs = append(probs, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d candidates, %d problems in %v", stats.Candidates, stats.Problems, stats.Elapsed)
	if len(probs) != count {
		t.Fatalf("%d problems, want %d (%+v)", len(probs), count, stats)
	}
	return probs
}

// occupiedText is the mask of an SFEN's board, read from the text: every
// letter is a piece, every digit that many empty squares.
func occupiedText(t *testing.T, sfen string) string {
	t.Helper()
	var rows []string
	for _, row := range strings.Split(strings.Fields(sfen)[0], "/") {
		var b strings.Builder
		for _, ch := range row {
			switch {
			case ch == '+':
			case ch >= '1' && ch <= '9':
				b.WriteString(strings.Repeat(".", int(ch-'0')))
			default:
				b.WriteByte('#')
			}
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/")
}

// shapeJudgedAgain judges p again on a fresh solver and returns its main line's
// final position as an SFEN, played from the SFEN text.
func shapeJudgedAgain(t *testing.T, p *Problem) string {
	t.Helper()
	pos, err := position.FromSFEN(p.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	rep := compose.Judge(dfpn.New(16), pos, compose.SoundnessOptions{Plies: p.Plies}, dfpn.Limits{Nodes: 2000000})
	if rep.Verdict != compose.Sound || len(rep.Composition.Line) != p.Plies || position.LineString(rep.Composition.Line) != p.LineUSI {
		t.Errorf("%s: a fresh Judge: %v, line %s, reasons %v; want sound, %s", p.SFEN, rep.Verdict, position.LineString(rep.Composition.Line), rep.Reasons, p.LineUSI)
	}
	end, _ := position.FromSFEN(p.SFEN)
	if err := end.ApplyMoves(strings.Fields(p.LineUSI)); err != nil {
		t.Fatal(err)
	}
	return end.SFEN()
}

// TestShapeFinalGenerated: the reverse method with the final shape "v"
// (3 plies) writes problems whose main line, played out, ends on the
// mask, each sound by the tests' independent checks.
func TestShapeFinalGenerated(t *testing.T) {
	m, _ := ParseShape("v")
	for _, p := range shapeRun(t, Constraints{Shape: &m, Of: ShapeFinal}, 3, 2, 1) {
		t.Logf("%s %s", p.SFEN, p.LineJA)
		if p.Method != "reverse" || p.Constraints != "-shape "+m.String()+" -shape-of final" {
			t.Errorf("method %q, constraints %q", p.Method, p.Constraints)
		}
		verifySound(t, p.SFEN, p.LineUSI, 3)
		end := shapeJudgedAgain(t, p)
		if got := occupiedText(t, end); got != m.String() {
			t.Errorf("%s: the final position %s occupies %s, not the shape %s", p.SFEN, end, got, m)
		}
	}
}

// TestShapeInitialGenerated: the direct search with the initial shape "t"
// (3 plies) writes problems that occupy the mask, each sound by the
// tests' independent checks.
func TestShapeInitialGenerated(t *testing.T) {
	m, _ := ParseShape("t")
	for _, p := range shapeRun(t, Constraints{Shape: &m}, 3, 2, 1) {
		t.Logf("%s %s", p.SFEN, p.LineJA)
		if p.Method != "placement" || p.Constraints != "-shape "+m.String()+" -shape-of initial" {
			t.Errorf("method %q, constraints %q", p.Method, p.Constraints)
		}
		verifySound(t, p.SFEN, p.LineUSI, 3)
		shapeJudgedAgain(t, p)
		if got := occupiedText(t, p.SFEN); got != m.String() {
			t.Errorf("%s occupies %s, not the shape %s", p.SFEN, got, m)
		}
	}
}

// TestOneKindGenerated: one-kind=G (3 plies): every piece of the problem
// written but the defender's king, on the board or in Black's hand, is a
// gold, read from the SFEN text.
func TestOneKindGenerated(t *testing.T) {
	for _, p := range shapeRun(t, Constraints{Pieces: PieceSpec{OneKind: position.Gold}}, 3, 2, 1) {
		t.Logf("%s %s", p.SFEN, p.LineJA)
		verifySound(t, p.SFEN, p.LineUSI, 3)
		shapeJudgedAgain(t, p)
		f := strings.Fields(p.SFEN)
		for _, ch := range strings.ReplaceAll(f[0], "/", "") {
			if ch >= 'A' && ch <= 'z' && ch != 'k' && ch != 'G' && ch != 'g' {
				t.Errorf("%s: a piece %c", p.SFEN, ch)
			}
		}
		// Black's hand: the upper-case letters of the hand field.
		for _, ch := range f[2] {
			if ch >= 'A' && ch <= 'Z' && ch != 'G' {
				t.Errorf("%s: %c in Black's hand", p.SFEN, ch)
			}
		}
	}
}

// TestShapesDoc: docs/commands.md's table of named shapes has a row for
// each, in the table's order, with its description and its picture
// (files 3 to 1 of its rows).
func TestShapesDoc(t *testing.T) {
	text, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "| `") {
			rows = append(rows, line)
		}
	}
	if len(rows) != len(namedShapes) {
		t.Fatalf("docs/commands.md: %d shape rows, %d named shapes", len(rows), len(namedShapes))
	}
	for i, n := range namedShapes {
		var pic []string
		for _, r := range n.rows {
			pic = append(pic, "`"+r[6:]+"`")
		}
		want := "| `" + n.name + "` | " + n.what + " | " + strings.Join(pic, "<br>") + " |"
		if rows[i] != want {
			t.Errorf("docs/commands.md row %d:\n%s\nwant\n%s", i+1, rows[i], want)
		}
	}
}
