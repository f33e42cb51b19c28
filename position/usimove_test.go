package position

import (
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		sfen, move string
		want       string // the move's String(), or "" for an error
		errHas     string
	}{
		{"startpos", "7g7f", "7g7f", ""},
		{"startpos", "2h7h", "2h7h", ""},
		{"startpos", "7g7e", "", "not legal"},
		{"startpos", "7g7f+", "", "not legal"},
		{"startpos", "3c3d", "", "not the side to move's"},
		{"startpos", "5e5d", "", "no piece on 5e"},
		{"startpos", "P*5e", "", "not legal"},
		{"startpos", "K*5e", "", "not a piece that can be dropped"},
		{"startpos", "p*5e", "", "not a piece that can be dropped"},
		{"startpos", "P*5j", "", "bad square"},
		{"startpos", "0g7f", "", "bad square"},
		{"startpos", "7g7f++", "", "not USI"},
		{"startpos", "", "", "not USI"},
		{"startpos", "7g", "", "not USI"},
		{"startpos", "pass", "pass", ""},
		{"startpos", "0000", "pass", ""},
		{"startpos", "null", "pass", ""},
		{"4k4/9/4R4/9/9/9/9/9/4K4 w - 1", "pass", "", "in check"},
		{"4k4/9/4R4/9/9/9/9/9/4K4 w - 1", "5a4a", "5a4a", ""},
		{"4k4/9/4R4/9/9/9/9/9/4K4 w - 1", "5a5b", "", "not legal"},
		{"4k4/9/9/9/9/9/9/9/4K4 w P 1", "P*5e", "", "not legal"}, // black's pawn
		{"4k4/9/9/9/9/9/9/9/4K4 w p 1", "P*5e", "P*5e", ""},      // white drops are upper case in USI
		{"4k4/9/9/9/9/9/9/9/4K4 w p 1", "P*5i", "", "not legal"}, // dead pawn
		{"8k/9/7+R1/9/9/9/9/9/9 b P 1", "P*1b", "", "not legal"}, // pawn-drop mate, no attacker king
		{"4k4/9/4P4/9/9/9/9/9/4K4 b - 1", "5c5b", "5c5b", ""},    // a check
		{"4k4/9/4P4/9/9/9/9/9/4K4 b - 1", "5c5b+", "5c5b+", ""},
		{"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c+", "5d5c+", ""},
		{"4k4/9/9/4P4/9/9/9/9/4K4 b - 1", "5d5c", "5d5c", ""},
		{"8k/9/9/9/9/9/9/9/L3K4 b - 1", "9i9a", "", "not legal"}, // must promote
		{"8k/9/9/9/9/9/9/9/L3K4 b - 1", "9i9a+", "9i9a+", ""},
		{"8k/9/9/9/9/9/9/9/L3K4 b - 1", "9i9b", "9i9b", ""}, // optional non-promotion
	}
	for _, tc := range tests {
		p := mustSFEN(t, tc.sfen)
		before := stateOf(p)
		m, err := p.ParseMove(tc.move)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%s: ParseMove(%q) = %v, want an error", tc.sfen, tc.move, m)
		case tc.want == "" && !strings.Contains(err.Error(), tc.errHas):
			t.Errorf("%s: ParseMove(%q) error %q does not say %q", tc.sfen, tc.move, err, tc.errHas)
		case tc.want != "" && err != nil:
			t.Errorf("%s: ParseMove(%q): %v", tc.sfen, tc.move, err)
		case tc.want != "" && m.String() != tc.want:
			t.Errorf("%s: ParseMove(%q) = %v, want %s", tc.sfen, tc.move, m, tc.want)
		}
		if stateOf(p) != before {
			t.Errorf("%s: ParseMove(%q) changed the position", tc.sfen, tc.move)
		}
	}
}

func TestParsePositionCommand(t *testing.T) {
	tests := []struct {
		cmd     string
		want    string // resulting SFEN, or "" for an error
		errHas  string
		lastMov string
	}{
		{"startpos", StartSFEN, "", "none"},
		{"startpos moves", StartSFEN, "", "none"},
		{"startpos moves 7g7f 3c3d", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "", "3c3d"},
		{"startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6", "", "B*4e"},
		{"startpos moves 7g7f pass 2g2f", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4", "", "2g2f"},
		{"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f", "lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2", "", "2g2f"},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 w p moves P*5e", "4k4/9/9/9/4p4/9/9/9/4K4 b - 2", "", "P*5e"},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 w p", "4k4/9/9/9/9/9/9/9/4K4 w p 1", "", "none"},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 w p 5 moves P*5b", "4k4/4p4/9/9/9/9/9/9/4K4 b - 6", "", "P*5b"},
		{"", "", "missing", ""},
		{"sfen", "", "3 or 4 fields", ""},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4", "", "3 or 4 fields", ""},
		{"startpos 7g7f", "", `unexpected "7g7f"`, ""},
		{"startpos moves 7g7e", "", "moves[0]", ""},
		{"startpos moves 7g7f 7g7f", "", "moves[1]", ""},
		{"fen rnbqkbnr", "", "startpos or sfen", ""},
	}
	for _, tc := range tests {
		p, err := ParsePositionCommand(strings.Fields(tc.cmd))
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%q: accepted as %s", tc.cmd, p.SFEN())
		case tc.want == "" && !strings.Contains(err.Error(), tc.errHas):
			t.Errorf("%q: error %q does not say %q", tc.cmd, err, tc.errHas)
		case tc.want != "" && err != nil:
			t.Errorf("%q: %v", tc.cmd, err)
		case tc.want != "" && (p.SFEN() != tc.want || p.LastMove().String() != tc.lastMov):
			t.Errorf("%q: %s after %v, want %s after %s", tc.cmd, p.SFEN(), p.LastMove(), tc.want, tc.lastMov)
		}
	}
}

// TestParseLine: a legal line comes back move by move and the position is
// left as it was; an illegal move anywhere in the line is an error.
func TestParseLine(t *testing.T) {
	p, err := FromSFEN(StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	before := p.SFEN()
	line, err := p.ParseLine([]string{"7g7f", "3c3d", "8h2b+"})
	if err != nil || len(line) != 3 || line[2].String() != "8h2b+" {
		t.Fatalf("line %v, err %v", line, err)
	}
	if p.SFEN() != before {
		t.Errorf("position changed: %s", p.SFEN())
	}
	if _, err := p.ParseLine([]string{"7g7f", "7g7f"}); err == nil {
		t.Errorf("an illegal second move accepted")
	}
}
