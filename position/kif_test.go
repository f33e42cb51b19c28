package position

import (
	"strconv"
	"strings"
	"testing"
)

// placed builds an SFEN from pieces written as SFEN letters and a USI
// square ("G5h", "+s4c", "k1a"), the side to move and the hands.
func placed(side, hands string, pieces ...string) string {
	var board [9][9]string // [rank][file index]
	for _, pc := range pieces {
		sq := pc[len(pc)-2:]
		board[sq[1]-'a'][sq[0]-'1'] = pc[:len(pc)-2]
	}
	var b strings.Builder
	writeBoard(&b, func(f, r int) string { return board[r][f] })
	return b.String() + " " + side + " " + hands + " 1"
}

func mustMove(tb testing.TB, p *Position, usi string) Move {
	tb.Helper()
	m, err := p.ParseMove(usi)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// TestJapaneseMove checks one move at a time: names, 打, 成 and 不成, and
// the relative modifiers for both sides.
func TestJapaneseMove(t *testing.T) {
	// Four black golds around 5g: one from each direction.
	golds4 := placed("b", "-", "G6g", "G6h", "G4g", "G5f", "k9a")
	// Three golds in a row below 5g, and one in hand.
	golds3 := placed("b", "G", "G6h", "G5h", "G4h", "k9a")
	// Three silvers around 4c (Black's promotion zone).
	silvers := placed("b", "-", "S5d", "S3d", "S3b", "k9a")
	// The same arrangements for White: golds below 5c as White sees it,
	// knights on 1a and 3a.
	wgolds := placed("w", "-", "g6b", "g5b", "g4b", "g5d", "n3a", "n1a", "K9i")
	type tc struct {
		name, sfen, move, want string
	}
	cases := []tc{
		{"pawn", StartSFEN, "7g7f", "７六歩"},
		{"white pawn", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "3c3d", "３四歩"},
		{"king", StartSFEN, "5i4h", "４八玉"},
		{"white king", placed("w", "-", "k5a", "K5i"), "5a4b", "４二玉"},
		{"bishop promotes", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b+", "２二角成"},
		{"bishop declines", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b", "２二角不成"},
		{"silver out of the zone declines", placed("b", "-", "S2c", "k9a"), "2c3d", "３四銀不成"},
		{"silver outside the zone", placed("b", "-", "S2f", "k9a"), "2f2e", "２五銀"},
		{"white pawn promotes", placed("w", "-", "p5f", "K1i"), "5f5g+", "５七歩成"},
		{"white pawn declines", placed("w", "-", "p5f", "K1i"), "5f5g", "５七歩不成"},
		{"gold never promotes", placed("b", "-", "G5d", "k9a"), "5d5c", "５三金"},
		// 打 only when a board piece of the kind could go there too.
		{"drop needs 打", golds3, "G*5g", "５七金打"},
		{"drop without rival", golds3, "G*1e", "１五金"},
		{"promoted pawn is no rival of a pawn drop", placed("b", "P", "+P5h", "k9a"), "P*5g", "５七歩"},
		{"drop with a pawn that can't reach", placed("b", "P", "P4g", "k9a"), "P*5g", "５七歩"},
		// 上 引 寄, then 左 右 and both.
		{"gold 左寄", golds4, "6g5g", "５七金左寄"},
		{"gold 上", golds4, "6h5g", "５七金上"},
		{"gold 右", golds4, "4g5g", "５七金右"},
		{"gold 引", golds4, "5f5g", "５七金引"},
		{"gold 左", golds3, "6h5g", "５七金左"},
		{"gold 直", golds3, "5h5g", "５七金直"},
		{"gold 右 of three", golds3, "4h5g", "５七金右"},
		{"gold 直 beside another", golds3, "6h6g", "６七金直"},
		{"gold 右 beside another", golds3, "5h6g", "６七金右"},
		{"no rival for the gold", golds3, "4h3h", "３八金"},
		{"silver 左", silvers, "5d4c+", "４三銀左成"},
		{"silver 右上", silvers, "3d4c", "４三銀右上不成"},
		{"silver 引", silvers, "3b4c+", "４三銀引成"},
		{"knight 左", placed("b", "-", "N3i", "N1i", "k9a"), "3i2g", "２七桂左"},
		{"knight 右", placed("b", "-", "N3i", "N1i", "k9a"), "1i2g", "２七桂右"},
		{"promoted silvers", placed("b", "-", "+S6h", "+S4h", "k9a"), "4h5g", "５七成銀右"},
		{"tokin and gold are different kinds", placed("b", "-", "+P6h", "G4h", "k9a"), "4h5g", "５七金"},
		// A pinned gold cannot reach, so it is no rival.
		{"pinned rival", placed("b", "-", "G6h", "G4h", "K4i", "l4a", "k9a"), "6h5g", "５七金"},
		// Dragons and horses: movement first, then left or right of the
		// other one, never 直.
		{"dragon 上", placed("b", "-", "+R5e", "+R1a", "k9i"), "5e5a", "５一龍上"},
		{"dragon 寄", placed("b", "-", "+R5e", "+R1a", "k9i"), "1a5a", "５一龍寄"},
		{"dragon 左 not 直", placed("b", "-", "+R5i", "+R4i", "k9a"), "5i5h", "５八龍左"},
		{"dragon 右", placed("b", "-", "+R5i", "+R4i", "k9a"), "4i5h", "５八龍右"},
		{"horse 左", placed("b", "-", "+B9i", "+B1i", "k5a"), "9i5e", "５五馬左"},
		{"horse 右", placed("b", "-", "+B9i", "+B1i", "k5a"), "1i5e", "５五馬右"},
		{"horse 引", placed("b", "-", "+B5d", "+B6e", "k9a"), "5d5e", "５五馬引"},
		{"horse 寄", placed("b", "-", "+B5d", "+B6e", "k9a"), "6e5e", "５五馬寄"},
		// White: forward is towards rank i, left is towards file 1.
		{"white gold 左", wgolds, "4b5c", "５三金左"},
		{"white gold 直", wgolds, "5b5c", "５三金直"},
		{"white gold 右", wgolds, "6b5c", "５三金右"},
		{"white gold 引", wgolds, "5d5c", "５三金引"},
		{"white knight 右", wgolds, "3a2c", "２三桂右"},
		{"white knight 左", wgolds, "1a2c", "２三桂左"},
		{"white horses", placed("w", "-", "+b9a", "+b1a", "K5i"), "9a5e", "５五馬右"},
		{"white dragons", placed("w", "-", "+r5a", "+r4a", "K9i"), "5a5b", "５二龍右"},
	}
	// Promoted pieces, each stepping from 5d to 5c.
	for _, pr := range []struct{ letters, name string }{
		{"+P", "と"}, {"+L", "成香"}, {"+N", "成桂"}, {"+S", "成銀"}, {"+B", "馬"}, {"+R", "龍"},
	} {
		cases = append(cases, tc{pr.name, placed("b", "-", pr.letters+"5d", "k9a"), "5d5c", "５三" + pr.name})
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		before := p.SFEN()
		m := mustMove(t, p, c.move)
		if got := p.JapaneseMove(m, NoMove); got != c.want {
			t.Errorf("%s: %s in %s is %q, want %q", c.name, c.move, c.sfen, got, c.want)
		}
		if p.SFEN() != before {
			t.Errorf("%s: JapaneseMove changed the position", c.name)
		}
	}
}

// TestJapaneseMoveSame: 同 and a full-width space, whatever the name.
func TestJapaneseMoveSame(t *testing.T) {
	cases := []struct {
		sfen, prev, move, want string
	}{
		{placed("b", "-", "+L5d", "k9a"), "5c", "5d5c", "同　成香"},
		{placed("b", "-", "G6h", "G4h", "k9a"), "5g", "4h5g", "同　金右"},
		{placed("b", "-", "S5d", "k9a"), "4c", "5d4c+", "同　銀成"},
		{placed("b", "-", "S5d", "k9a"), "5c", "5d4c", "４三銀不成"},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		sq, _ := parseSquare(c.prev)
		prev := NewDrop(NewPiece(White, Pawn), sq) // only the square counts
		if got := p.JapaneseMove(mustMove(t, p, c.move), prev); got != c.want {
			t.Errorf("%s after a move to %s: %q, want %q", c.move, c.prev, got, c.want)
		}
	}
	p := mustSFEN(t, StartSFEN)
	if got := p.JapaneseMove(PassMove, NoMove); got != "パス" {
		t.Errorf("pass: %q", got)
	}
}

func parseLine(tb testing.TB, root *Position, usi string) []Move {
	tb.Helper()
	line, err := root.ParseLine(strings.Fields(usi))
	if err != nil {
		tb.Fatalf("%s: %v", usi, err)
	}
	return line
}

func TestJapaneseLine(t *testing.T) {
	cases := []struct {
		sfen, line, want string
	}{
		{StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", "▲７六歩 △３四歩 ▲２二角成 △同　銀"},
		// White moves first.
		{placed("w", "G", "k3b", "p3c", "l1a", "K9i"), "3b4b G*4c 4b4c", "△４二玉 ▲４三金 △同　玉"},
		{StartSFEN, "", ""},
	}
	for _, c := range cases {
		root := mustSFEN(t, c.sfen)
		before := root.SFEN()
		if got := JapaneseLine(root, parseLine(t, root, c.line)); got != c.want {
			t.Errorf("%s: %q, want %q", c.line, got, c.want)
		}
		if root.SFEN() != before || root.Ply() != 0 {
			t.Errorf("%s: JapaneseLine changed the root", c.line)
		}
	}
	root := mustSFEN(t, StartSFEN)
	bad := []Move{mustMove(t, root, "7g7f"), mustMove(t, root, "7g7f")}
	if got := JapaneseLine(root, bad); got != "▲７六歩 (illegal move 7g7f)" {
		t.Errorf("illegal line: %q", got)
	}
}

func TestHandText(t *testing.T) {
	cases := []struct {
		hand, want string
	}{
		{"-", "なし"},
		{"R", "飛"},
		{"G3PR", "飛　金　歩三"},
		{"RB2G2S2N2L10P", "飛　角　金二　銀二　桂二　香二　歩十"},
		{"18P", "歩十八"},
		{"11P", "歩十一"},
		{"4L", "香四"},
	}
	for _, c := range cases {
		h, err := ParseHand(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := handText(h); got != c.want {
			t.Errorf("%s: %q, want %q", c.hand, got, c.want)
		}
	}
}

// TestKIF checks a whole record: a position with both hands and White to
// move, a comment, 打, 同 and the end line.
func TestKIF(t *testing.T) {
	root := mustSFEN(t, placed("w", "RG2Pb10p", "k3b", "p3c", "l1a", "+S5e", "+r1h", "K9i"))
	line := parseLine(t, root, "3b4b G*4c 4b4c")
	want := `# KIF形式棋譜ファイル Generated by gomate
後手の持駒：角　歩十
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v香|一
| ・ ・ ・ ・ ・ ・v玉 ・ ・|二
| ・ ・ ・ ・ ・ ・v歩 ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ 全 ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・v龍|八
| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：飛　金　歩二
後手番
手数----指手---------消費時間--
*a test
*two lines
   1 ４二玉(32)   ( 0:00/00:00:00)
   2 ４三金打     ( 0:00/00:00:00)
   3 同　玉(42)   ( 0:00/00:00:00)
まで3手で詰み
`
	before := root.SFEN()
	if got := KIF(root, line, "a test\ntwo lines"); got != want {
		t.Errorf("KIF:\n%s\nwant:\n%s", got, want)
	}
	if root.SFEN() != before || root.Ply() != 0 {
		t.Error("KIF changed the root")
	}

	// The start position has no diagram; a move that could promote.
	start := mustSFEN(t, StartSFEN)
	got := KIF(start, parseLine(t, start, "7g7f 3c3d 8h2b 3a2b"), "")
	want = `# KIF形式棋譜ファイル Generated by gomate
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:00/00:00:00)
   2 ３四歩(33)   ( 0:00/00:00:00)
   3 ２二角(88)   ( 0:00/00:00:00)
   4 同　銀(31)   ( 0:00/00:00:00)
まで4手で詰み
`
	if got != want {
		t.Errorf("KIF from the start:\n%s\nwant:\n%s", got, want)
	}
}

func TestKIFMove(t *testing.T) {
	cases := []struct {
		sfen, move, want string
	}{
		{"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b+", "２二角成(88)"},
		{placed("b", "G", "G6h", "k9a"), "G*5g", "５七金打"}, // 打 even without a rival
		{placed("b", "-", "G6h", "G4h", "k9a"), "4h5g", "５七金(48)"},
		{placed("b", "-", "+L5d", "k9a"), "5d5c", "５三成香(54)"},
		{placed("w", "-", "s5f", "K1i"), "5f4g", "４七銀(56)"}, // no 不成 in KIF
		{placed("w", "-", "s5f", "K1i"), "5f4g+", "４七銀成(56)"},
		{placed("w", "-", "+p5f", "K1i"), "5f4g", "４七と(56)"},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		if got := kifMove(mustMove(t, p, c.move), NoMove); got != c.want {
			t.Errorf("%s: %q, want %q", c.move, got, c.want)
		}
	}
}

// TestNotationOnSolutions formats every move of the Zukou solution lines
// (and Microcosmos) and writes each as KIF: no panic, no empty move, one
// KIF move line per ply.
func TestNotationOnSolutions(t *testing.T) {
	for _, sl := range solutionLines(t) {
		root := mustSFEN(t, sl.sfen)
		q := root.Clone()
		line := make([]Move, 0, len(sl.moves))
		prev := NoMove
		for i, s := range sl.moves {
			m := mustMove(t, q, s)
			if ja := q.JapaneseMove(m, prev); ja == "" || strings.ContainsAny(ja, " ?") {
				t.Fatalf("%s ply %d: %s gives %q", sl.name, i+1, s, ja)
			}
			line = append(line, m)
			q.DoMove(m)
			prev = m
		}
		ja := JapaneseLine(root, line)
		if n := len(strings.Split(ja, " ")); n != len(line) || strings.Contains(ja, "illegal") {
			t.Errorf("%s: the Japanese line has %d moves, want %d", sl.name, n, len(line))
		}
		kif := KIF(root, line, sl.name)
		moveLines := 0
		for _, l := range strings.Split(kif, "\n") {
			if strings.HasSuffix(l, "( 0:00/00:00:00)") {
				moveLines++
			}
		}
		if moveLines != len(line) {
			t.Errorf("%s: %d KIF move lines, want %d", sl.name, moveLines, len(line))
		}
		if want := "まで" + strconv.Itoa(len(line)) + "手で詰み\n"; !strings.HasSuffix(kif, want) {
			t.Errorf("%s: KIF does not end with %q", sl.name, want)
		}
	}
}
