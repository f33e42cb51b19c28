package position

import (
	"strings"
	"testing"
)

// TestFromSFENErrors: each malformed or impossible SFEN is rejected with a
// message that names the problem (and where it is).
func TestFromSFENErrors(t *testing.T) {
	board, _, _ := strings.Cut(StartSFEN, " ")
	tests := []struct {
		name, sfen string
		want       []string // substrings of the error message
	}{
		{"empty", "", []string{"3 or 4 fields", "got 0"}},
		{"two fields", board + " b", []string{"3 or 4 fields", "got 2"}},
		{"five fields", board + " b - 1 2", []string{"3 or 4 fields", "got 5"}},
		{"startpos with more", "startpos moves", []string{"3 or 4 fields"}},
		{"eight ranks", "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"8 ranks", "want 9"}},
		{"ten ranks", board + "/9 b - 1", []string{"10 ranks"}},
		{"short rank", "lnsgkgsnl/1r5b1/pppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank c", "8 squares"}},
		{"long rank", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", []string{"rank i", "more than 9"}},
		{"long rank digits", "lnsgkgsnl/1r5b1/ppppppppp/55/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank d", "more than 9"}},
		{"empty rank", "lnsgkgsnl/1r5b1/ppppppppp//9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank d", "0 squares"}},
		{"zero digit", "lnsgkgsnl/1r5b1/ppppppppp/09/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank d", "'0'"}},
		{"unknown letter", "lnsgkgsnl/1r5b1/ppppppppp/9/4X4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank e", "'X'"}},
		{"non-ascii", "lnsgkgsnl/1r5b1/ppppppppp/9/4\xe6\xad\xa94/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank e", "unknown"}},
		{"promoted gold", "lnsgkgsnl/1r5b1/ppppppppp/9/4+G4/9/PPPPPPPPP/1B5R1/LNS1KGSNL b - 1", []string{"rank e", "'G' cannot be promoted"}},
		{"promoted king", "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank a", "'k' cannot be promoted"}},
		{"plus plus", "lnsgkgsnl/1r5b1/ppppppppp/9/4++P4/9/PPPPPPPP1/1B5R1/LNSGKGSNL b - 1", []string{"rank e", "two '+'"}},
		{"plus digit", "lnsgkgsnl/1r5b1/ppppppppp/9/4+5/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank e", "'+' before a digit"}},
		{"trailing plus", "lnsgkgsnl/1r5b1/ppppppppp/9/9+/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", []string{"rank e", "ends with '+'"}},
		{"bad side", board + " x - 1", []string{"side to move", `"x"`}},
		{"bad side B", board + " B - 1", []string{"side to move", `"B"`}},
		{"move number zero", board + " b - 0", []string{"move number", `"0"`}},
		{"move number negative", board + " b - -3", []string{"move number", `"-3"`}},
		{"move number text", board + " b - x", []string{"move number", `"x"`}},
		{"hand king", board + " b K 1", []string{"hand", "'K'"}},
		{"hand promoted", board + " b +P 1", []string{"hand", "'+'"}},
		{"hand unknown", board + " b Q 1", []string{"hand", "'Q'"}},
		{"hand zero count", board + " b 0P 1", []string{"hand", "zero"}},
		{"hand trailing count", board + " b P2 1", []string{"hand", "ends with a count"}},
		{"hand trailing zero", "4k4/9/9/9/9/9/9/9/9 b P0 1", []string{`hand "P0"`, "zero"}},
		{"hand leading zero", "4k4/9/9/9/9/9/9/9/9 b 01P 1", []string{`hand "01P"`, "leading zero"}},
		{"hand leading zero 18", "4k4/9/9/9/9/9/9/9/9 b 018P 1", []string{`hand "018P"`, "leading zero"}},
		{"hand count too large", "4k4/9/9/9/9/9/9/9/9 b 19P 1", []string{"hand", "too large"}},
		{"hand three rooks", "4k4/9/9/9/9/9/9/9/9 b 3R 1", []string{"3 R", "the game has 2"}},
		{"hand rooks split", "4k4/9/9/9/9/9/9/9/9 b 2RR 1", []string{"3 R", "the game has 2"}},
		{"too many pawns", board + " b P 1", []string{"19 pieces of kind P", "18"}},
		{"too many rooks", "4k4/9/9/9/9/9/9/9/R3K4 b r2R 1", []string{"pieces of kind R", "the game has 2"}},
		{"too many golds", "4k4/9/9/9/9/9/9/9/G3K4 w 4g 1", []string{"5 pieces of kind G", "the game has 4"}},
		{"two black kings", "4k4/9/9/9/9/9/9/9/K3K4 b - 1", []string{"black has 2 kings"}},
		{"two white kings", "k3k4/9/9/9/9/9/9/9/4K4 b - 1", []string{"white has 2 kings"}},
		{"black pawn rank a", "4k3P/9/9/9/9/9/9/9/4K4 b - 1", []string{"P on 1a", "never move"}},
		{"white pawn rank i", "4k4/9/9/9/9/9/9/9/4K3p b - 1", []string{"p on 1i", "never move"}},
		{"black lance rank a", "L3k4/9/9/9/9/9/9/9/4K4 b - 1", []string{"L on 9a", "never move"}},
		{"white lance rank i", "4k4/9/9/9/9/9/9/9/l3K4 b - 1", []string{"l on 9i", "never move"}},
		{"black knight rank b", "4k4/7N1/9/9/9/9/9/9/4K4 b - 1", []string{"N on 2b", "never move"}},
		{"white knight rank h", "4k4/9/9/9/9/9/9/1n7/4K4 b - 1", []string{"n on 8h", "never move"}},
		{"black nifu", "4k4/9/9/4P4/9/4P4/9/9/4K4 b - 1", []string{"two unpromoted black pawns on file 5"}},
		{"white nifu", "4k4/p8/9/9/9/p8/9/9/4K4 b - 1", []string{"two unpromoted white pawns on file 9"}},
		{"side not to move in check", "4k4/9/4R4/9/9/9/9/9/4K4 b - 1", []string{"white, not to move, is in check"}},
		{"black not to move in check", "4k4/9/9/9/9/9/9/4r4/4K4 w - 1", []string{"black, not to move, is in check"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := FromSFEN(tc.sfen)
			if err == nil {
				t.Fatalf("FromSFEN(%q) accepted: %s", tc.sfen, p.SFEN())
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("FromSFEN(%q) error %q does not say %q", tc.sfen, err, w)
				}
			}
		})
	}
}

// TestFromSFENValid: accepted forms and their canonical SFEN.
func TestFromSFENValid(t *testing.T) {
	tests := []struct {
		name, sfen, canon string
	}{
		{"startpos", "startpos", StartSFEN},
		{"startpos spaced", "  startpos ", StartSFEN},
		{"no move number", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", StartSFEN},
		{"move number", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 124",
			"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 124"},
		{"hands any order", "4k4/9/9/9/9/9/9/9/9 b pPbRg2s 1", "4k4/9/9/9/9/9/9/9/9 b RPbg2sp 1"},
		{"two-digit hands", "4k4/9/9/9/9/9/9/9/9 b 10P8p 1", "4k4/9/9/9/9/9/9/9/9 b 10P8p 1"},
		{"all pawns in one hand", "4k4/9/9/9/9/9/9/9/9 w 18p 3", "4k4/9/9/9/9/9/9/9/9 w 18p 3"},
		{"repeated letters add", "4k4/9/9/9/9/9/9/9/9 b PP2P 1", "4k4/9/9/9/9/9/9/9/9 b 4P 1"},
		{"no kings", "9/9/9/9/9/9/9/9/9 b - 1", "9/9/9/9/9/9/9/9/9 b - 1"},
		{"attacker without king", "8k/9/7+R1/9/9/9/9/9/9 b P 1", "8k/9/7+R1/9/9/9/9/9/9 b P 1"},
		{"side to move in check", "4k4/9/4R4/9/9/9/9/9/4K4 w - 1", "4k4/9/4R4/9/9/9/9/9/4K4 w - 1"},
		{"promoted on last rank", "4k3+P/9/9/9/9/9/9/9/+l3K3+n b - 1", "4k3+P/9/9/9/9/9/9/9/+l3K3+n b - 1"},
		{"promoted pawns share a file", "4k4/9/4+P4/4P4/4+P4/9/9/9/4K4 b - 1", "4k4/9/4+P4/4P4/4+P4/9/9/9/4K4 b - 1"},
		{"tabs", "4k4/9/9/9/9/9/9/9/4K4\tb\t-\t1", "4k4/9/9/9/9/9/9/9/4K4 b - 1"},
		{"all pieces", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1",
			"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := FromSFEN(tc.sfen)
			if err != nil {
				t.Fatalf("FromSFEN(%q): %v", tc.sfen, err)
			}
			if got := p.SFEN(); got != tc.canon {
				t.Errorf("FromSFEN(%q).SFEN() = %q, want %q", tc.sfen, got, tc.canon)
			}
			if err := checkInternal(p); err != nil {
				t.Error(err)
			}
			if cap(p.history) < 64 {
				t.Errorf("history capacity %d: DoMove would allocate", cap(p.history))
			}
		})
	}
}

// TestHandCounts checks the parsed hands piece by piece.
func TestHandCounts(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L10Pp 1")
	want := map[PieceType]int{Rook: 2, Bishop: 2, Gold: 4, Silver: 4, Knight: 4, Lance: 4, Pawn: 10}
	for pt, n := range want {
		if got := p.Hand(Black).Count(pt); got != n {
			t.Errorf("black %v: %d, want %d", pt, got, n)
		}
	}
	if got := p.Hand(White); got.Count(Pawn) != 1 || got.Total() != 1 {
		t.Errorf("white hand %v, want one pawn", got)
	}
}
