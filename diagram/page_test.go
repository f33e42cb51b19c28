package diagram

import (
	"strings"
	"testing"

	"gomate/position"
)

// samplePage is a page of two problems: a Zukou problem by SFEN with its
// first moves as the solution, and allKinds by position with metrics and
// notes; the texts hold HTML. The line is legal, not a real solution.
func samplePage(t *testing.T, name, note string) (string, []Problem) {
	t.Helper()
	p, err := position.FromSFEN(allKinds)
	if err != nil {
		t.Fatal(err)
	}
	_, line := majorsLine(t)
	problems := []Problem{
		{Name: name, SFEN: majors, Solution: line, Metrics: []Metric{{"rating <b>", "1 & 2"}}},
		{Name: "all kinds", Position: p, Plies: 9, Notes: []string{note}, Options: Options{Game: true}},
	}
	var b strings.Builder
	if err := Page(&b, "<title>&", problems); err != nil {
		t.Fatal(err)
	}
	return b.String(), problems
}

// TestPageEscapes: the texts a page is given come out escaped, never as
// markup: the title, a name, a metric, a note.
func TestPageEscapes(t *testing.T) {
	const name = `<script>alert("x")</script>`
	const note = `a "quoted" <i>note</i> & 'more'`
	page, _ := samplePage(t, name, note)
	for _, raw := range []string{"<script>", "<i>", "<b>", `"quoted"`, "1 & 2", "<title>&</title>"} {
		if strings.Contains(page, raw) {
			t.Errorf("the page holds %q unescaped", raw)
		}
	}
	for _, esc := range []string{
		"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;",
		"a &#34;quoted&#34; &lt;i&gt;note&lt;/i&gt; &amp; &#39;more&#39;",
		"rating &lt;b&gt;", "1 &amp; 2",
		"<title>&lt;title&gt;&amp;</title>",
	} {
		if !strings.Contains(page, esc) {
			t.Errorf("the page lacks %q", esc)
		}
	}
}

// TestPageContents: each problem has its heading with its length, one
// diagram, and its solution, in Japanese and in USI, inside a closed
// <details>; a problem without a solution has no <details>; the page
// loads nothing from outside.
func TestPageContents(t *testing.T) {
	page, problems := samplePage(t, "majors", "n")
	sections := strings.Split(page, `<section class="problem"`)[1:]
	if len(sections) != 2 {
		t.Fatalf("%d sections, want 2", len(sections))
	}
	q, _ := position.FromSFEN(majors)
	first := sections[0]
	for _, want := range []string{
		"<h2>1. majors <span class=\"len\">3手詰</span></h2>",
		"<details><summary>",
		escape(position.JapaneseLine(q, problems[0].Solution)) + " まで3手詰",
		"G*5b 5a5b 8i3d",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("problem 1 lacks %q", want)
		}
	}
	if i, j := strings.Index(first, "<details>"), strings.Index(first, "G*5b"); i < 0 || j < i || strings.Contains(first, "<details open") {
		t.Error("the solution is not inside a closed <details>")
	}
	second := sections[1]
	if !strings.Contains(second, `<span class="len">9手詰</span>`) || strings.Contains(second, "<details") {
		t.Error("problem 2: want its length 9手詰 and no solution")
	}
	if strings.Count(page, "<svg") != 2 || strings.Count(page, "</svg>") != 2 {
		t.Error("want two diagrams")
	}
	for _, ext := range []string{"<script", "<link", "src=", "href=", "url(", "@import"} {
		if strings.Contains(page, ext) {
			t.Errorf("the page holds %q", ext)
		}
	}
}

// TestPageErrors: no position, a bad SFEN and an illegal solution move
// are errors, and nothing is written.
func TestPageErrors(t *testing.T) {
	p, _ := position.FromSFEN(majors)
	illegal := position.NewDrop(position.NewPiece(position.Black, position.Rook), position.NewSquare(4, 4))
	for _, pr := range []Problem{
		{Name: "none"},
		{Name: "bad", SFEN: "9/9/9 b - 1"},
		{Name: "illegal", Position: p, Solution: []position.Move{illegal}},
	} {
		var b strings.Builder
		if err := Page(&b, "t", []Problem{pr}); err == nil || b.Len() != 0 {
			t.Errorf("%s: error %v, wrote %d bytes", pr.Name, err, b.Len())
		}
	}
}

// majorsLine is the position majors and a legal line from it, not a real
// solution.
func majorsLine(t *testing.T) (*position.Position, []position.Move) {
	t.Helper()
	q, err := position.FromSFEN(majors)
	if err != nil {
		t.Fatal(err)
	}
	line, err := q.ParseLine([]string{"G*5b", "5a5b", "8i3d"})
	if err != nil {
		t.Fatal(err)
	}
	return q, line
}
