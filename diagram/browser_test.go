package diagram

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gomate/position"
)

// The screenshots: one CSS pixel a pixel, the whole page in the window.
const (
	shotW, shotH = 620, 1900
	darkBelow    = 128 // a pixel darker than this (0-255 grey) is ink
	cellInset    = 5   // pixels of a square's edges left out: the grid lines
	maxEmptyInk  = 3   // ink pixels tolerated in an empty square
	minPieceInk  = 40  // ink pixels a piece's square has at least
	maxShift     = 3   // how far two glyphs are slid over each other to compare them

	upsideDownRatio = 4 // White's glyph is this many times closer to Black's turned than upright
)

// TestBrowserScreenshot renders a page of three problems in headless
// Chromium and reads the screenshot: it finds the three boards by their
// frames, checks the ink of every square against the positions, checks
// that White's pieces are Black's turned upside down, and that the
// solution is hidden until its <details> is opened.
func TestBrowserScreenshot(t *testing.T) {
	if os.Getenv("GOMATE_BROWSER") != "1" {
		t.Skip("runs with GOMATE_BROWSER=1 (needs chromium)")
	}
	chromium := os.Getenv("GOMATE_CHROMIUM")
	if chromium == "" {
		chromium = "chromium"
	}
	bin, err := exec.LookPath(chromium)
	if err != nil {
		t.Fatalf("GOMATE_BROWSER=1 but no browser: %v", err)
	}
	dir := os.Getenv("GOMATE_BROWSER_OUT")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	problems := browserProblems(t)
	var b strings.Builder
	if err := Page(&b, "gomate diagram test", problems); err != nil {
		t.Fatal(err)
	}
	closed := screenshot(t, bin, dir, "closed", b.String())
	open := screenshot(t, bin, dir, "open", strings.Replace(b.String(), "<details>", "<details open>", 1))

	boards := findBoards(closed)
	if len(boards) != len(problems) {
		t.Fatalf("found %d boards in the screenshot %v, want %d", len(boards), boards, len(problems))
	}
	for i, pr := range problems {
		p := pr.Position
		if p == nil {
			p, _ = position.FromSFEN(pr.SFEN)
		}
		checkInk(t, closed, boards[i], p)
		checkTurned(t, closed, boards[i], p)
	}
	checkHidden(t, closed, open)
}

// browserProblems: every kind of both colours (allKinds), a Shogi Zukou
// problem, and last, so that nothing follows its <details>, a problem
// with a solution.
func browserProblems(t *testing.T) []Problem {
	q, line := majorsLine(t)
	return []Problem{
		{Name: "all kinds", SFEN: allKinds, Options: Options{Game: true}, Metrics: []Metric{{"rating", "1500"}}},
		{Name: "図巧第1番", SFEN: zukouPositions(t, 1)[0], Plies: 69},
		{Name: "majors", Position: q, Solution: line, Notes: []string{"not a real solution"}},
	}
}

// screenshot writes page to DIR/name.html, has Chromium take a screenshot
// of it at shotW×shotH and returns the screenshot in grey.
func screenshot(t *testing.T, bin, dir, name, page string) *image.Gray {
	t.Helper()
	html := filepath.Join(dir, name+".html")
	shot := filepath.Join(dir, name+".png")
	if err := os.WriteFile(html, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(html)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--disable-gpu", "--no-sandbox",
		"--no-first-run", "--hide-scrollbars", "--force-device-scale-factor=1",
		"--user-data-dir="+filepath.Join(t.TempDir(), "profile"),
		fmt.Sprintf("--window-size=%d,%d", shotW, shotH), "--screenshot="+shot, "file://"+abs)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	r := img.Bounds()
	if r.Dx() != shotW || r.Dy() != shotH {
		t.Fatalf("screenshot %v, want %dx%d", r, shotW, shotH)
	}
	g := image.NewGray(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.Set(x, y, color.GrayModel.Convert(img.At(x, y)))
		}
	}
	return g
}

func dark(g *image.Gray, x, y int) bool { return g.GrayAt(x, y).Y < darkBelow }

// findBoards finds the boards' frames from the top: a row with a dark run
// as long as a board is wide, over a column with a dark run as long as it
// is high. It returns each board's top left corner: the inner edge of
// the frame's left and top lines, where the grid's first line would be.
func findBoards(g *image.Gray) []image.Point {
	var out []image.Point
	r := g.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; {
			n := 0
			for x+n < r.Max.X && dark(g, x+n, y) {
				n++
			}
			if n >= boardW && n <= boardW+frameW+1 && darkColumn(g, x, y) >= boardH {
				out = append(out, image.Pt(x+frameW/2, y+frameW/2))
				y += boardH + frameW // past this board
				break
			}
			x += n + 1
		}
	}
	return out
}

// darkColumn is the length of the dark run down from (x, y).
func darkColumn(g *image.Gray, x, y int) int {
	n := 0
	for y+n < g.Bounds().Max.Y && dark(g, x, y+n) {
		n++
	}
	return n
}

// cellRect is the inside of the square drawn at column col and row row
// of the board whose corner is o, its edges (grid lines) left out.
func cellRect(o image.Point, col, row, inset int) image.Rectangle {
	x, y := o.X+col*cellW, o.Y+row*cellH
	return image.Rect(x+inset, y+inset, x+cellW-inset, y+cellH-inset)
}

func ink(g *image.Gray, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if dark(g, x, y) {
				n++
			}
		}
	}
	return n
}

// checkInk: every occupied square of p has ink, every empty one none.
func checkInk(t *testing.T, g *image.Gray, o image.Point, p *position.Position) {
	t.Helper()
	minPiece, maxEmpty := 1<<30, 0
	for row := 0; row < 9; row++ {
		for col := 0; col < 9; col++ {
			s := position.NewSquare(8-col, row)
			n := ink(g, cellRect(o, col, row, cellInset))
			if pc := p.PieceAt(s); pc != position.NoPiece {
				minPiece = min(minPiece, n)
				if n < minPieceInk {
					t.Errorf("%s: %s has %d ink pixels, want at least %d", p.SFEN(), s, n, minPieceInk)
				}
			} else {
				maxEmpty = max(maxEmpty, n)
				if n > maxEmptyInk {
					t.Errorf("%s: empty %s has %d ink pixels, want at most %d", p.SFEN(), s, n, maxEmptyInk)
				}
			}
		}
	}
	t.Logf("%s: ink of the pieces' squares >= %d, of the empty squares <= %d", p.SFEN(), minPiece, maxEmpty)
}

// checkTurned: for each kind that both sides have on the board, White's
// glyph looks like Black's turned half a circle, and much less like
// Black's as it stands (measured here: 10 to 75 times less).
func checkTurned(t *testing.T, g *image.Gray, o image.Point, p *position.Position) {
	t.Helper()
	var at [2][position.NumPieceTypes]position.Square
	for s := position.Square(0); s < position.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != position.NoPiece {
			at[pc.Color()][pc.Type()] = s + 1 // 0: none
		}
	}
	for pt := position.Pawn; pt < position.NumPieceTypes; pt++ {
		bs, ws := at[position.Black][pt]-1, at[position.White][pt]-1
		if bs < 0 || ws < 0 {
			continue
		}
		black := cellPixels(g, o, bs)
		white := cellPixels(g, o, ws)
		turned, upright := distance(white, rotate(black)), distance(white, black)
		t.Logf("%s: White's %s (%s) against Black's (%s): %d turned, %d upright", p.SFEN(), wantGlyph[pt], ws, bs, turned, upright)
		if turned*upsideDownRatio >= upright {
			t.Errorf("White's %s on %s is not drawn upside down: %d from Black's turned, %d from Black's upright", wantGlyph[pt], ws, turned, upright)
		}
	}
}

// cellPixels is the darkness (255 - grey) of the inside of square s, a
// margin of maxShift kept inside the grid lines.
func cellPixels(g *image.Gray, o image.Point, s position.Square) [][]int {
	r := cellRect(o, 8-s.File(), s.Rank(), 2)
	px := make([][]int, r.Dy())
	for y := range px {
		px[y] = make([]int, r.Dx())
		for x := range px[y] {
			px[y][x] = 255 - int(g.GrayAt(r.Min.X+x, r.Min.Y+y).Y)
		}
	}
	return px
}

// rotate turns a picture half a circle.
func rotate(px [][]int) [][]int {
	h, w := len(px), len(px[0])
	out := make([][]int, h)
	for y := range out {
		out[y] = make([]int, w)
		for x := range out[y] {
			out[y][x] = px[h-1-y][w-1-x]
		}
	}
	return out
}

// distance is the smallest sum of absolute differences of two pictures
// of one size, one slid over the other by up to maxShift pixels each way
// (the glyph's own centre is not quite the point it is turned about),
// counted over the part that stays inside.
func distance(a, b [][]int) int {
	h, w := len(a), len(a[0])
	best := 1 << 62
	for dy := -maxShift; dy <= maxShift; dy++ {
		for dx := -maxShift; dx <= maxShift; dx++ {
			d := 0
			for y := maxShift; y < h-maxShift; y++ {
				for x := maxShift; x < w-maxShift; x++ {
					v := a[y][x] - b[y+dy][x+dx]
					d += max(v, -v)
				}
			}
			best = min(best, d)
		}
	}
	return best
}

// checkHidden: the page's last ink is the <details>' summary while it is
// closed; opened, the solution's lines appear below it, and nothing above
// it changes.
func checkHidden(t *testing.T, closed, open *image.Gray) {
	t.Helper()
	last := lastInkRow(closed)
	if last < 0 {
		t.Fatal("the closed page has no ink")
	}
	// The summary's line: its marker turns when the details open.
	const summaryH = 30
	for y := 0; y < last-summaryH; y++ {
		for x := 0; x < shotW; x++ {
			if closed.GrayAt(x, y) != open.GrayAt(x, y) {
				t.Fatalf("opening the solution changed (%d,%d), above the summary at %d", x, y, last)
			}
		}
	}
	bands := inkBands(open, last+1)
	t.Logf("closed page: last ink at row %d; opened: %d lines of text below it", last, bands)
	if bands < 2 {
		t.Errorf("opened, the solution shows %d lines below the summary, want 2 (Japanese and USI)", bands)
	}
}

func lastInkRow(g *image.Gray) int {
	for y := g.Bounds().Max.Y - 1; y >= 0; y-- {
		for x := 0; x < g.Bounds().Max.X; x++ {
			if dark(g, x, y) {
				return y
			}
		}
	}
	return -1
}

// inkBands counts the runs of rows with ink from row y0 down.
func inkBands(g *image.Gray, y0 int) int {
	n, in := 0, false
	for y := y0; y < g.Bounds().Max.Y; y++ {
		has := false
		for x := 0; x < g.Bounds().Max.X && !has; x++ {
			has = dark(g, x, y)
		}
		if has && !in {
			n++
		}
		in = has
	}
	return n
}
