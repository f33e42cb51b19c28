package diagram

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"gomate/position"
)

// Problem is one problem of a Page.
type Problem struct {
	// Name is the problem's heading, after its number; may be empty.
	Name string
	// Position is the problem; when nil, SFEN is parsed instead.
	Position *position.Position
	SFEN     string
	// Plies is the length shown, "9手詰"; when 0, the solution's length.
	Plies int
	// Solution is the main line from the position, shown under 解答.
	Solution []position.Move
	// Metrics are shown as a table of names and values, in this order.
	Metrics []Metric
	// Notes are shown as a list under the metrics.
	Notes []string
	// Options draw the diagram; the zero Options draw a tsume problem.
	Options Options
}

// Metric is one named value of a problem, such as a rating.
type Metric struct {
	Name, Value string
}

// pageStyle is the page's whole style sheet. The metrics' borders are
// light, so that no long dark line stands near a diagram.
const pageStyle = `body{font-family:` + FontFamily + `;margin:16px;color:#000;background:#fff}
h1{font-size:20px;margin:0 0 12px}
section.problem{margin:0 0 24px}
h2{font-size:17px;margin:0 0 6px}
h2 .len{font-weight:normal;margin-left:.6em}
figure{margin:0}
figure svg{display:block}
table.metrics{border-collapse:collapse;margin:6px 0;font-size:14px}
table.metrics th,table.metrics td{border:1px solid #ccc;padding:1px 8px;text-align:left;font-weight:normal}
ul.notes{margin:4px 0;font-size:14px}
details{margin:6px 0;font-size:15px}
summary{cursor:pointer}
p.usi{font-family:monospace;font-size:13px}
`

// Page writes one self-contained HTML page of problems: for each, its
// number, name and length ("9手詰"), its diagram (SVG), its metrics and
// notes, and its solution in Japanese notation and in USI behind a
// closed <details> (解答), which opens without any script. Every text
// given is escaped. It fails, writing nothing, if a problem has no
// position, an SFEN that does not parse or a solution move that is not
// legal.
func Page(w io.Writer, title string, problems []Problem) error {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<title>" + escape(title) + "</title>\n<style>\n" + pageStyle + "</style>\n</head>\n<body>\n")
	b.WriteString("<h1>" + escape(title) + "</h1>\n")
	for i, pr := range problems {
		if err := writeProblem(&b, i+1, pr); err != nil {
			return fmt.Errorf("problem %d (%s): %w", i+1, pr.Name, err)
		}
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeProblem writes the section of problem number n.
func writeProblem(b *strings.Builder, n int, pr Problem) error {
	p := pr.Position
	if p == nil {
		if pr.SFEN == "" {
			return fmt.Errorf("no position")
		}
		var err error
		if p, err = position.FromSFEN(pr.SFEN); err != nil {
			return err
		}
	}
	if err := checkLine(p, pr.Solution); err != nil {
		return err
	}
	plies := pr.Plies
	if plies == 0 {
		plies = len(pr.Solution)
	}
	id := "p" + strconv.Itoa(n)
	b.WriteString(`<section class="problem" id="` + id + `">` + "\n<h2>" + strconv.Itoa(n) + ".")
	if pr.Name != "" {
		b.WriteString(" " + escape(pr.Name))
	}
	if plies > 0 {
		b.WriteString(` <span class="len">` + mateLength(plies) + "</span>")
	}
	b.WriteString("</h2>\n<figure>" + SVG(p, pr.Options) + "</figure>\n")
	if len(pr.Metrics) > 0 {
		b.WriteString(`<table class="metrics">`)
		for _, m := range pr.Metrics {
			b.WriteString("<tr><th>" + escape(m.Name) + "</th><td>" + escape(m.Value) + "</td></tr>")
		}
		b.WriteString("</table>\n")
	}
	if len(pr.Notes) > 0 {
		b.WriteString(`<ul class="notes">`)
		for _, note := range pr.Notes {
			b.WriteString("<li>" + escape(note) + "</li>")
		}
		b.WriteString("</ul>\n")
	}
	if len(pr.Solution) > 0 {
		b.WriteString("<details><summary>解答 (show)</summary>\n")
		b.WriteString(`<p class="ja">` + escape(position.JapaneseLine(p, pr.Solution)) + " まで" + mateLength(len(pr.Solution)) + "</p>\n")
		b.WriteString(`<p class="usi">` + escape(position.LineString(pr.Solution)) + "</p>\n</details>\n")
	}
	b.WriteString("</section>\n")
	return nil
}

// mateLength is "9手詰".
func mateLength(plies int) string { return strconv.Itoa(plies) + "手詰" }

// checkLine fails unless every move of line is legal in turn from p.
func checkLine(p *position.Position, line []position.Move) error {
	q := p.Clone()
	for i, m := range line {
		if !q.IsLegal(m) {
			return fmt.Errorf("solution move %d (%s) is not legal", i+1, m)
		}
		q.DoMove(m)
	}
	return nil
}
