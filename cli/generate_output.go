package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"gomate/dfpn"
	"gomate/diagram"
	"gomate/generate"
	"gomate/position"
	"gomate/rate"
)

// The output of "gomate generate": each problem rated (package rate),
// then written as a JSON line, a KIF record or a section of an HTML page,
// in index order or, with -rank, by score once the run has ended.

// genFormat is the value of generate's -format.
type genFormat string

// The formats of generate.
const (
	genJSONL genFormat = "jsonl" // a JSON object per line
	genKIF   genFormat = "kif"   // a KIF collection: a record per problem
	genHTML  genFormat = "html"  // one page with a diagram per problem
)

// declare declares -format in fs, jsonl by default.
func (f *genFormat) declare(fs *flag.FlagSet) {
	*f = genJSONL
	fs.Var(f, "format", "the output, `jsonl|kif|html`: a JSON object per line, a KIF collection, or one HTML page of diagrams")
}

// Set sets the format from a flag's value.
func (f *genFormat) Set(s string) error { return setChoice(f, s, genJSONL, genKIF, genHTML) }

func (f *genFormat) String() string { return string(*f) }

// ratedProblem is a generated problem with its rating.
type ratedProblem struct {
	p   *generate.Problem
	pos *position.Position
	r   rate.Rating
	ok  bool // rated: r holds the rating
}

// rateProblem rates p with s under lim and fills its Metrics, or its
// RateError when the rating fails; the problem is kept either way. An
// error only when p's own SFEN does not parse.
func rateProblem(s *dfpn.Solver, lim dfpn.Limits, p *generate.Problem) (ratedProblem, error) {
	pos, err := position.FromSFEN(p.SFEN)
	if err != nil {
		return ratedProblem{}, fmt.Errorf("problem of index %d: %v", p.Index, err)
	}
	rp := ratedProblem{p: p, pos: pos}
	r, err := rate.Rate(s, pos, lim)
	if err != nil {
		p.Metrics = map[string]float64{}
		p.RateError = err.Error()
		return rp, nil
	}
	rp.r, rp.ok = r, true
	p.Metrics = ratingMetrics(r)
	p.RateError = ""
	return rp, nil
}

// ratingMetrics are the metrics of a JSON line, named as gomate rate's
// JSON lines name them (plies and nodes are the line's own fields).
func ratingMetrics(r rate.Rating) map[string]float64 {
	f, st := r.Features, r.Root
	return map[string]float64{
		"score":          round2(r.Score),
		"pn_max":         float64(st.PNMax),
		"pn_mean":        round2(st.PNMean),
		"dn_max":         float64(st.DNMax),
		"dn_mean":        round2(st.DNMean),
		"updates":        float64(st.Updates),
		"stats_nodes":    float64(st.Nodes),
		"sacrifices":     float64(f.Sacrifices),
		"captures":       float64(f.Captures),
		"promotions":     float64(f.Promotions),
		"non_promotions": float64(f.NonPromotions),
		"drops":          float64(f.Drops),
		"distant_moves":  float64(f.DistantMoves),
		"king_freedom":   float64(f.KingFreedom),
		"board_pieces":   float64(f.BoardPieces),
	}
}

// score is the problem's score for -rank; -Inf when it is not rated, so
// that those come last.
func (rp ratedProblem) score() float64 {
	if !rp.ok {
		return math.Inf(-1)
	}
	return rp.r.Score
}

// problemName is a problem's name in the KIF and HTML outputs, from
// which it can be made again.
func problemName(p *generate.Problem) string {
	return fmt.Sprintf("gomate generate seed %d index %d", p.Seed, p.Index)
}

// genWriter writes the problems of a run in a format: as they come, or,
// when ranking or for a page, all at the end (finish).
type genWriter struct {
	w      io.Writer
	format genFormat
	rank   bool
	title  string // the HTML page's title
	buf    []ratedProblem
	n      int // KIF records written
}

// add writes rp, or keeps it for finish.
func (g *genWriter) add(rp ratedProblem) error {
	if g.rank || g.format == genHTML {
		g.buf = append(g.buf, rp)
		return nil
	}
	return g.write(rp)
}

// finish writes the problems kept: ordered by score, highest first, with
// -rank (the order of the run among equal scores).
func (g *genWriter) finish() error {
	if g.rank {
		sort.SliceStable(g.buf, func(i, j int) bool { return g.buf[i].score() > g.buf[j].score() })
	}
	if g.format == genHTML {
		return g.page()
	}
	for _, rp := range g.buf {
		if err := g.write(rp); err != nil {
			return err
		}
	}
	return nil
}

// write writes one problem as a JSON line or a KIF record.
func (g *genWriter) write(rp ratedProblem) error {
	if g.format == genKIF {
		sep := ""
		if g.n > 0 {
			sep = "\n" // a blank line between the records
		}
		g.n++
		_, err := io.WriteString(g.w, sep+kifRecord(rp))
		return err
	}
	b, err := rp.p.MarshalLine()
	if err != nil {
		return err
	}
	_, err = g.w.Write(append(b, '\n'))
	return err
}

// kifRecord is the KIF record of a problem: position.KIF with a title
// header (表題, the problem's name) and a comment on the start giving the
// length and the score.
func kifRecord(rp ratedProblem) string {
	p := rp.p
	comment := fmt.Sprintf("%s\n%d手詰 (plies %d)\n", problemName(p), p.Plies, p.Plies)
	if rp.ok {
		comment += "score " + strconv.FormatFloat(round2(rp.r.Score), 'f', 2, 64) + "\n"
	} else {
		comment += "not rated: " + p.RateError + "\n"
	}
	rec := position.KIF(rp.pos, p.Line(), comment)
	first, rest, _ := strings.Cut(rec, "\n")
	return first + "\n表題：" + problemName(p) + "\n" + rest
}

// page writes the problems kept as one HTML page (diagram.Page).
func (g *genWriter) page() error {
	probs := make([]diagram.Problem, len(g.buf))
	for i, rp := range g.buf {
		probs[i] = pageProblem(rp)
	}
	return diagram.Page(g.w, g.title, probs)
}

// pageProblem is a problem as a section of the page: its name, length,
// main metrics, notes and solution.
func pageProblem(rp ratedProblem) diagram.Problem {
	p := rp.p
	pr := diagram.Problem{
		Name:     fmt.Sprintf("seed %d index %d", p.Seed, p.Index),
		Position: rp.pos,
		Plies:    p.Plies,
		Solution: p.Line(),
	}
	if rp.ok {
		f, st := rp.r.Features, rp.r.Root
		d := strconv.Itoa
		pr.Metrics = []diagram.Metric{
			{Name: "score", Value: strconv.FormatFloat(round2(rp.r.Score), 'f', 2, 64)},
			{Name: "PN max / DN max", Value: strconv.FormatUint(st.PNMax, 10) + " / " + strconv.FormatUint(st.DNMax, 10)},
			{Name: "sacrifices", Value: d(f.Sacrifices)},
			{Name: "drops", Value: d(f.Drops)},
			{Name: "distant moves", Value: d(f.DistantMoves)},
			{Name: "king's free squares", Value: d(f.KingFreedom)},
			{Name: "pieces on the board", Value: d(f.BoardPieces)},
		}
	} else {
		pr.Notes = append(pr.Notes, "not rated: "+p.RateError)
	}
	pr.Metrics = append(pr.Metrics, diagram.Metric{Name: "pieces proven necessary", Value: strconv.Itoa(p.PiecesNecessary)})
	if len(p.LastMoveAlternatives) > 0 {
		pr.Notes = append(pr.Notes, "other mating last moves: "+strings.Join(p.LastMoveAlternatives, " "))
	}
	if len(p.EqualDefences) > 0 {
		var ds []string
		for _, e := range p.EqualDefences {
			ds = append(ds, fmt.Sprintf("%s at ply %d", e.Move, e.Ply))
		}
		pr.Notes = append(pr.Notes, "equally long defences (変化同手数): "+strings.Join(ds, ", "))
	}
	return pr
}
