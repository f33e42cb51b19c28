package diagram

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gomate/position"
)

// Positions the tests draw. Every kind of both colours is on the board of
// allKinds and majors; every hand kind is in fullHand's hand.
const (
	// White's pieces unpromoted where Black's are promoted, except the
	// bishops and rooks; hands of one and of two kinds.
	allKinds = "lnsgk2+p+l/1p1b1r1+n+s/9/9/9/9/9/+S+N5P1/+L+P+R+BKGSNL b G3Pg11p 1"
	// The promoted bishop and rook are White's, the plain ones Black's.
	majors = "+r+b2k4/9/9/9/9/9/9/9/RB2K4 b 2G2S2N2L9P2g2s2n2l8p 1"
	// Kings alone on the board; every other piece in Black's hand.
	fullHand = "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"
)

// wantGlyph is the one-character name of each kind on a diagram.
var wantGlyph = map[position.PieceType]string{
	position.Pawn: "歩", position.Lance: "香", position.Knight: "桂", position.Silver: "銀",
	position.Gold: "金", position.Bishop: "角", position.Rook: "飛", position.King: "玉",
	position.ProPawn: "と", position.ProLance: "杏", position.ProKnight: "圭", position.ProSilver: "全",
	position.Horse: "馬", position.Dragon: "龍",
}

// handNames are the hand's kinds from the rook down, with their names.
var handNames = []struct {
	pt   position.PieceType
	name string
}{
	{position.Rook, "飛"}, {position.Bishop, "角"}, {position.Gold, "金"}, {position.Silver, "銀"},
	{position.Knight, "桂"}, {position.Lance, "香"}, {position.Pawn, "歩"},
}

// kanjiCount writes 2..18 in kanji numerals: 二, 十, 十八.
func kanjiCount(n int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	if n < 10 {
		return digits[n]
	}
	return "十" + digits[n-10]
}

// wantHand is the items a diagram lists for hand h: "飛", "金二", "歩十八".
func wantHand(h position.Hand) []string {
	var items []string
	for _, k := range handNames {
		switch n := h.Count(k.pt); {
		case n == 1:
			items = append(items, k.name)
		case n > 1:
			items = append(items, k.name+kanjiCount(n))
		}
	}
	return items
}

// node is an XML element with its attributes, children and text.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []node     `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) num(t *testing.T, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return v
}

// all returns the elements below n (n included) named name with class
// class (any class if empty), in document order.
func (n *node) all(name, class string) []*node {
	var out []*node
	var walk func(m *node)
	walk = func(m *node) {
		if m.XMLName.Local == name && (class == "" || m.attr("class") == class) {
			out = append(out, m)
		}
		for i := range m.Nodes {
			walk(&m.Nodes[i])
		}
	}
	walk(n)
	return out
}

func parseSVG(t *testing.T, svg string) *node {
	t.Helper()
	var root node
	if err := xml.Unmarshal([]byte(svg), &root); err != nil {
		t.Fatalf("the SVG does not parse: %v\n%s", err, svg)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element %v", root.XMLName)
	}
	return &root
}

// grid returns the x of the board's ten vertical lines from the left and
// the y of its ten horizontal lines from the top: the frame's edges and
// the grid's lines, as the SVG draws them.
func grid(t *testing.T, root *node) (xs, ys []float64) {
	t.Helper()
	frames := root.all("rect", "frame")
	if len(frames) != 1 {
		t.Fatalf("%d frames", len(frames))
	}
	f := frames[0]
	x0, y0 := f.num(t, "x"), f.num(t, "y")
	xs = []float64{x0, x0 + f.num(t, "width")}
	ys = []float64{y0, y0 + f.num(t, "height")}
	for _, g := range root.all("g", "grid") {
		for _, l := range g.all("line", "") {
			switch x1, y1, x2, y2 := l.num(t, "x1"), l.num(t, "y1"), l.num(t, "x2"), l.num(t, "y2"); {
			case x1 == x2 && y1 == ys[0] && y2 == ys[1]:
				xs = append(xs, x1)
			case y1 == y2 && x1 == xs[0] && x2 == xs[1]:
				ys = append(ys, y1)
			default:
				t.Errorf("grid line (%g,%g)-(%g,%g) does not cross the board", x1, y1, x2, y2)
			}
		}
	}
	slices.Sort(xs)
	slices.Sort(ys)
	if len(xs) != 10 || len(ys) != 10 {
		t.Fatalf("%d vertical and %d horizontal lines with the frame, want 10 and 10", len(xs), len(ys))
	}
	for i := 1; i < 10; i++ {
		if xs[i]-xs[i-1] != xs[1]-xs[0] || ys[i]-ys[i-1] != ys[1]-ys[0] {
			t.Fatalf("the grid is not regular: %v %v", xs, ys)
		}
	}
	return xs, ys
}

// cellOf returns the column and row whose inside holds (x, y), or -1.
func cellOf(xs, ys []float64, x, y float64) (col, row int) {
	col, row = -1, -1
	for i := 0; i < 9; i++ {
		if xs[i] < x && x < xs[i+1] {
			col = i
		}
		if ys[i] < y && y < ys[i+1] {
			row = i
		}
	}
	return col, row
}

// checkBoard: every occupied square of p has exactly one glyph, inside
// its square, with its kind's name, turned half a circle about its own
// point if and only if it is White's; no glyph stands anywhere else.
func checkBoard(t *testing.T, p *position.Position, root *node) {
	t.Helper()
	xs, ys := grid(t, root)
	seen := map[position.Square]int{}
	for _, g := range root.all("text", "piece") {
		x, y := g.num(t, "x"), g.num(t, "y")
		col, row := cellOf(xs, ys, x, y)
		if col < 0 || row < 0 {
			t.Errorf("glyph %s at (%g,%g) is off the board's squares", g.Text, x, y)
			continue
		}
		s := position.NewSquare(8-col, row) // column 0 is file 9
		seen[s]++
		pc := p.PieceAt(s)
		if pc == position.NoPiece {
			t.Errorf("%s: glyph %s on the empty square", s, g.Text)
			continue
		}
		if g.Text != wantGlyph[pc.Type()] {
			t.Errorf("%s: glyph %s, want %s (%s)", s, g.Text, wantGlyph[pc.Type()], pc)
		}
		turn := fmt.Sprintf("rotate(180 %s %s)", g.attr("x"), g.attr("y"))
		if got := g.attr("transform"); pc.Color() == position.White && got != turn {
			t.Errorf("%s: White's %s has transform %q, want %q", s, g.Text, got, turn)
		} else if pc.Color() == position.Black && got != "" {
			t.Errorf("%s: Black's %s has transform %q, want none", s, g.Text, got)
		}
	}
	for s := position.Square(0); s < position.NumSquares; s++ {
		if p.PieceAt(s) != position.NoPiece && seen[s] != 1 {
			t.Errorf("%s: %d glyphs for %s, want 1", s, seen[s], p.PieceAt(s))
		}
	}
}

// handOf reads the hand column of colour c: its label and its items,
// after checking that its characters stand one under the other beside
// the board, on the left for White and on the right for Black.
func handOf(t *testing.T, root *node, c position.Color) (label string, items []string) {
	t.Helper()
	xs, ys := grid(t, root)
	var col *node
	for _, g := range root.all("g", "hand") {
		if g.attr("data-color") == c.String() {
			if col != nil {
				t.Fatalf("two hands of %s", c)
			}
			col = g
		}
	}
	if col == nil {
		t.Fatalf("no hand of %s", c)
	}
	lastY, x := ys[0], -1.0
	for _, ch := range col.all("text", "") {
		cx, cy := ch.num(t, "x"), ch.num(t, "y")
		if x < 0 {
			x = cx
		}
		if cx != x || cy <= lastY || cy >= ys[9] {
			t.Errorf("hand of %s: %s at (%g,%g) out of its column", c, ch.Text, cx, cy)
		}
		if c == position.White && cx >= xs[0] || c == position.Black && cx <= xs[9] {
			t.Errorf("hand of %s at x=%g, the board spans %g..%g", c, cx, xs[0], xs[9])
		}
		lastY = cy
	}
	for _, ch := range col.all("text", "hand-label") {
		label += ch.Text
	}
	for _, it := range col.all("g", "item") {
		var s string
		for _, ch := range it.all("text", "") {
			s += ch.Text
		}
		items = append(items, s)
	}
	return label, items
}

// zukouPositions returns the first n positions of the Shogi Zukou file.
func zukouPositions(t *testing.T, n int) []string {
	t.Helper()
	f, err := os.Open("../testdata/classic/zukou100.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Split(line, "\t")[1])
		}
	}
	if len(out) < n {
		t.Fatalf("read %d Zukou positions, want %d", len(out), n)
	}
	return out
}

// TestSVGBoardAndHands draws positions under the three ways of labelling
// the hands and checks the board square by square, the hands item by
// item, the title and the numerals around the board.
func TestSVGBoardAndHands(t *testing.T) {
	sfens := append([]string{allKinds, majors, fullHand, position.StartSFEN}, zukouPositions(t, 12)...)
	for _, sfen := range sfens {
		p, err := position.FromSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			opt                    Options
			blackLabel, whiteLabel string
			rest                   bool // White's hand written 残り全部
		}{
			{Options{}, "攻方持駒", "玉方持駒", true},
			{Options{DefenderHand: true}, "攻方持駒", "玉方持駒", false},
			{Options{Game: true}, "先手の持駒", "後手の持駒", false},
		} {
			t.Run(fmt.Sprintf("%s/%+v", sfen, tc.opt), func(t *testing.T) {
				root := parseSVG(t, SVG(p, tc.opt))
				if titles := root.all("title", ""); len(titles) != 1 || titles[0].Text != p.SFEN() {
					t.Errorf("title %v, want the SFEN %s", titles, p.SFEN())
				}
				checkBoard(t, p, root)
				for _, c := range []position.Color{position.Black, position.White} {
					label, items := handOf(t, root, c)
					wantLabel, want := tc.blackLabel, wantHand(p.Hand(c))
					if c == position.White {
						wantLabel = tc.whiteLabel
					}
					switch {
					case c == position.White && tc.rest:
						want = []string{"残り全部"}
					case len(want) == 0:
						want = []string{"なし"}
					}
					if label != wantLabel || !slices.Equal(items, want) {
						t.Errorf("hand of %s: %s %q, want %s %q", c, label, items, wantLabel, want)
					}
				}
			})
		}
	}
}

// TestSVGNumeralsAndStars: the file numbers ９ to １ stand above the
// columns from left to right, the rank numerals 一 to 九 right of the
// rows from top to bottom, and the four star points on the crossings
// that mark off the middle three files and ranks.
func TestSVGNumeralsAndStars(t *testing.T) {
	root := parseSVG(t, SVG(position.Startpos(), Options{}))
	xs, ys := grid(t, root)
	files := root.all("text", "file")
	ranks := root.all("text", "rank")
	if len(files) != 9 || len(ranks) != 9 {
		t.Fatalf("%d file and %d rank numerals", len(files), len(ranks))
	}
	wantFiles := []string{"９", "８", "７", "６", "５", "４", "３", "２", "１"}
	wantRanks := []string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	for i := 0; i < 9; i++ {
		fx, fy := files[i].num(t, "x"), files[i].num(t, "y")
		if files[i].Text != wantFiles[i] || !(xs[i] < fx && fx < xs[i+1]) || fy >= ys[0] {
			t.Errorf("file numeral %d: %s at (%g,%g), want %s above column %g..%g", i, files[i].Text, fx, fy, wantFiles[i], xs[i], xs[i+1])
		}
		rx, ry := ranks[i].num(t, "x"), ranks[i].num(t, "y")
		if ranks[i].Text != wantRanks[i] || !(ys[i] < ry && ry < ys[i+1]) || rx <= xs[9] {
			t.Errorf("rank numeral %d: %s at (%g,%g), want %s right of row %g..%g", i, ranks[i].Text, rx, ry, wantRanks[i], ys[i], ys[i+1])
		}
	}
	var stars [][2]float64
	for _, c := range root.all("circle", "hoshi") {
		stars = append(stars, [2]float64{c.num(t, "cx"), c.num(t, "cy")})
	}
	want := [][2]float64{{xs[3], ys[3]}, {xs[3], ys[6]}, {xs[6], ys[3]}, {xs[6], ys[6]}}
	slices.SortFunc(stars, func(a, b [2]float64) int { return int(a[0]-b[0])*1000 + int(a[1]-b[1]) })
	if !slices.Equal(stars, want) {
		t.Errorf("star points %v, want %v", stars, want)
	}
}

// TestSVGHighlight: a highlighted square is shaded exactly, under its
// piece; squares off the board are ignored.
func TestSVGHighlight(t *testing.T) {
	p, _ := position.FromSFEN(allKinds)
	s := position.NewSquare(1, 7) // 2h, Black's pawn
	svg := SVG(p, Options{Highlight: []position.Square{s, position.NoSquare, 81}})
	root := parseSVG(t, svg)
	xs, ys := grid(t, root)
	hs := root.all("rect", "highlight")
	if len(hs) != 1 {
		t.Fatalf("%d highlights, want 1", len(hs))
	}
	h := hs[0]
	col, row := 8-s.File(), s.Rank()
	if h.num(t, "x") != xs[col] || h.num(t, "y") != ys[row] || h.num(t, "width") != xs[1]-xs[0] || h.num(t, "height") != ys[1]-ys[0] {
		t.Errorf("highlight %v, want the square %g,%g..%g,%g", h.Attrs, xs[col], ys[row], xs[col+1], ys[row+1])
	}
	if strings.Index(svg, `class="highlight"`) > strings.Index(svg, `class="piece"`) {
		t.Error("the highlight is drawn over the pieces")
	}
}

// TestParseBODRejects: a BOD not laid out as position.BOD writes it is an
// error, not a wrong diagram.
func TestParseBODRejects(t *testing.T) {
	good := position.Startpos().BOD()
	if _, err := parseBOD(good); err != nil {
		t.Fatalf("the start position's BOD: %v", err)
	}
	for _, bad := range []string{
		"",
		strings.Replace(good, "後手の持駒：", "後手持駒：", 1),
		strings.Replace(good, "|一", "一", 1),
		strings.Replace(good, "  ９ ８", "  ８", 1),
	} {
		if _, err := parseBOD(bad); err == nil {
			t.Errorf("accepted:\n%s", bad)
		}
	}
}
