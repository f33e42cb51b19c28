package position

// Fuzz targets. Their seed corpora run in every go test; to fuzz:
//
//	go test -run=NONE -fuzz=FuzzFromSFEN -fuzztime=30s ./position
//	go test -run=NONE -fuzz=FuzzParseMove -fuzztime=30s ./position
//	go test -run=NONE -fuzz=FuzzParsePositionCommand -fuzztime=30s ./position

import (
	"strconv"
	"strings"
	"testing"
)

// accepted reports whether a parser, called as what, accepted its input: a
// rejection must come without a position, and an accepted position must be
// consistent.
func accepted(t *testing.T, what string, p *Position, err error) bool {
	t.Helper()
	if err != nil {
		if p != nil {
			t.Fatalf("%s returned a position with error %v", what, err)
		}
		return false
	}
	if err := checkInternal(p); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return true
}

// fuzzSFENs seed the corpora: valid positions of every kind, and near misses.
var fuzzSFENs = []string{
	StartSFEN,
	"startpos",
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	"8k/9/7+R1/9/9/9/9/9/9 b P 1",
	"9/9/9/4k4/9/4R4/9/B8/9 w - 1",
	"+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
	"4k4/9/9/9/9/9/9/9/9 b 10P8p",
	"lnsgkgsnl/1r5b1/pppp1pppp/9/4L4/9/PPPP1PPPP/1B5R1/LNSGKGSN1 w Pp 1",
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
	"lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	"4k4/9/9/9/9/9/9/9/9 b 19P 1",
	"k8/p8/p8/9/9/9/9/9/L8 w - 1",
	"9/9/9/9/9/9/9/9/9 b - 1",
	"4k4/9/4R4/9/9/9/9/9/4K4 w - 1",         // in check
	"4k4/9/2B1R4/9/9/9/9/9/4K4 w 2G 1",      // double check
	"3Nk4/9/2B1R4/9/9/9/9/9/4K4 w 2G 1",     // triple check
	"9/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1", // no kings, full hand
	"ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42",
	"",
}

// FuzzFromSFEN: FromSFEN never panics; an accepted SFEN round-trips to a
// canonical SFEN that parses to the same position and keys, and the
// generators run on it.
func FuzzFromSFEN(f *testing.F) {
	for _, s := range fuzzSFENs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := FromSFEN(s)
		if !accepted(t, "FromSFEN("+strconv.Quote(s)+")", p, err) {
			return
		}
		canon := p.SFEN()
		q, err := FromSFEN(canon)
		if err != nil {
			t.Fatalf("FromSFEN(%q) accepted, its SFEN %q rejected: %v", s, canon, err)
		}
		if q.SFEN() != canon || q.Key() != p.Key() || q.BoardKey() != p.BoardKey() {
			t.Fatalf("round trip of %q: %q, keys %x/%x vs %x/%x", s, q.SFEN(), q.Key(), q.BoardKey(), p.Key(), p.BoardKey())
		}
		var buf [MaxMoves]Move
		legal := p.GenerateLegal(buf[:0])
		if len(legal) > MaxMoves {
			t.Fatalf("%q: %d legal moves", s, len(legal))
		}
		p.GenerateChecks(buf[:0])
		if p.InCheck() {
			p.GenerateEvasions(buf[:0])
		}
		p.Mate1()
		if err := checkInternal(p); err != nil {
			t.Fatalf("%q after generation: %v", s, err)
		}
	})
}

// fuzzMovePositions are the fixed positions FuzzParseMove reads moves in.
var fuzzMovePositions = []string{
	StartSFEN,
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	"lnsgkgsnl/1r5b1/pppp1pppp/9/4L4/9/PPPP1PPPP/1B5R1/LNSGKGSN1 w Pp 1",
	"8k/9/7+R1/9/9/9/9/9/9 b P 1",
}

// FuzzParseMove: ParseMove never panics; an accepted move is legal (or a
// pass out of check) and its String re-parses to the same move.
func FuzzParseMove(f *testing.F) {
	for i := range fuzzMovePositions {
		for _, m := range []string{"7g7f", "8h2b+", "P*5e", "G*5b", "pass", "0000", "9i9a+", "1a1b", "B*5e", "x", ""} {
			f.Add(uint8(i), m)
		}
	}
	positions := make([]*Position, len(fuzzMovePositions))
	for i, s := range fuzzMovePositions {
		positions[i] = mustSFEN(f, s)
	}
	f.Fuzz(func(t *testing.T, idx uint8, s string) {
		p := positions[int(idx)%len(positions)]
		before := stateOf(p)
		m, err := p.ParseMove(s)
		if stateOf(p) != before {
			t.Fatalf("ParseMove(%q) changed the position", s)
		}
		if err != nil {
			if m != NoMove {
				t.Fatalf("ParseMove(%q) returned %v with error %v", s, m, err)
			}
			return
		}
		if m.IsPass() {
			if p.InCheck() {
				t.Fatalf("ParseMove(%q): pass accepted in check", s)
			}
			return
		}
		var buf [MaxMoves]Move
		legal := false
		for _, l := range p.GenerateLegal(buf[:0]) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("ParseMove(%q) = %v, not a legal move of %s", s, m, p.SFEN())
		}
		if m2, err := p.ParseMove(m.String()); err != nil || m2 != m {
			t.Fatalf("ParseMove(%q) = %v; its text re-parses to %v, %v", s, m, m2, err)
		}
	})
}

// FuzzParsePositionCommand: the fuzz string is split into fields and
// parsed as a position command; it never panics and an accepted position
// is consistent.
func FuzzParsePositionCommand(f *testing.F) {
	for _, s := range []string{
		"startpos", "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", "startpos moves 7g7f pass",
		"sfen " + StartSFEN + " moves 2g2f", "sfen 4k4/9/9/9/9/9/9/9/4K4 w p 5 moves P*5b",
		"sfen 8k/9/7+R1/9/9/9/9/9/9 b P 1 moves P*1b", "sfen", "moves", "startpos moves 7g7f 7g7f", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePositionCommand(strings.Fields(s))
		if !accepted(t, strconv.Quote(s), p, err) {
			return
		}
		if q, err := FromSFEN(p.SFEN()); err != nil || q.Key() != p.Key() {
			t.Fatalf("%q: SFEN %q does not round-trip: %v", s, p.SFEN(), err)
		}
	})
}
