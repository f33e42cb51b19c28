package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"

	"gomate/position"
	"gomate/rate"
)

const rateUsage = `
Rates each problem's difficulty: the root statistics of a search for the
first mate under strict rules with double-count detection (Ishitobi's PN
and DN, max and mean, and the root's updates), features of the line
(sacrifices, captures, promotions, non-promotions, drops, distant moves;
the king's free squares and the pieces on the board at the start) and a
score; the formula and what each metric means: docs/difficulty.md.

The line is the solver's answer under tsume rules. -time and -nodes bound
each of the two searches of a problem. A line of FILE that cannot be read
(SFEN, TSV as for "gomate solve", or a JSON object with "sfen" and
optionally "id" and "plies") is reported on stderr with its line number
(FILE:LINE: why) and skipped; so is a problem that cannot be rated (no
mate, or none within the limits: FILE:LINE: NAME: why). The exit status
is then 1, after the others are rated.`

// rateCommand is "gomate rate".
type rateCommand struct {
	limits  limitFlags
	format  rateFormat
	profile profileFlag
}

func (c *rateCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 10000, 256)
	c.format.declare(fs)
	c.profile.declare(fs)
}

func (c *rateCommand) run(fs *flag.FlagSet, std stdio) int {
	probs, failed, status := problemsFor("rate", &c.limits, fs.Args(), std.err, 1)
	if status != 0 {
		return status
	}
	defer c.profile.start()()

	s, warn := newSolver("rate", c.limits.hash, std.err)
	if c.format == rateTSV {
		fmt.Fprintln(std.out, rateHeader)
	}
	for _, p := range probs {
		r, err := rate.Rate(s, p.pos, c.limits.limits())
		warn.check()
		if err != nil {
			fmt.Fprintf(std.err, "gomate rate: %s: %v\n", p.label(), err)
			failed = true
			continue
		}
		if err := writeRating(std.out, c.format, p, r); err != nil {
			fmt.Fprintln(std.err, "gomate rate:", err)
			return 1
		}
	}
	if failed {
		return 1
	}
	return 0
}

// rateFormat is the value of rate's -format.
type rateFormat string

// The rating formats.
const (
	rateTSV   rateFormat = "tsv"   // a header, then a row per problem
	rateJSONL rateFormat = "jsonl" // a JSON object per problem
)

// declare declares -format in fs, tsv by default.
func (f *rateFormat) declare(fs *flag.FlagSet) {
	*f = rateTSV
	fs.Var(f, "format", "the output, `tsv|jsonl`: a row per problem after a header, or a JSON object per line")
}

// Set sets the format from a flag's value.
func (f *rateFormat) Set(s string) error { return setChoice(f, s, rateTSV, rateJSONL) }

func (f *rateFormat) String() string { return string(*f) }

// rateHeader names the columns of rate's TSV rows (writeRating). The SFEN
// comes after the numbers and the line after it, so that the output reads
// back as a problem file.
const rateHeader = "# id\tplies\tshortest\tscore\tnodes\tpn_max\tpn_mean\tdn_max\tdn_mean\tupdates\tstats_nodes\t" +
	"sacrifices\tcaptures\tpromotions\tnon_promotions\tdrops\tdistant_moves\tking_freedom\tboard_pieces\tsfen\tline"

// ratingJSON is a JSONL line of rate.
type ratingJSON struct {
	ID            string  `json:"id"`
	SFEN          string  `json:"sfen"`
	Plies         int     `json:"plies"`
	Shortest      bool    `json:"shortest"`
	Score         float64 `json:"score"`
	Nodes         uint64  `json:"nodes"`
	PNMax         uint64  `json:"pn_max"`
	PNMean        float64 `json:"pn_mean"`
	DNMax         uint64  `json:"dn_max"`
	DNMean        float64 `json:"dn_mean"`
	Updates       int     `json:"updates"`
	StatsNodes    uint64  `json:"stats_nodes"`
	Sacrifices    int     `json:"sacrifices"`
	Captures      int     `json:"captures"`
	Promotions    int     `json:"promotions"`
	NonPromotions int     `json:"non_promotions"`
	Drops         int     `json:"drops"`
	DistantMoves  int     `json:"distant_moves"`
	KingFreedom   int     `json:"king_freedom"`
	BoardPieces   int     `json:"board_pieces"`
	Line          string  `json:"line"`
}

// ratingRow is the rating r of problem p as one record.
func ratingRow(p problem, r rate.Rating) ratingJSON {
	f, st := r.Features, r.Root
	return ratingJSON{
		ID: p.name, SFEN: p.pos.SFEN(), Plies: f.Plies, Shortest: r.Shortest, Score: round2(r.Score), Nodes: r.Nodes,
		PNMax: st.PNMax, PNMean: round2(st.PNMean), DNMax: st.DNMax, DNMean: round2(st.DNMean),
		Updates: st.Updates, StatsNodes: st.Nodes,
		Sacrifices: f.Sacrifices, Captures: f.Captures, Promotions: f.Promotions, NonPromotions: f.NonPromotions,
		Drops: f.Drops, DistantMoves: f.DistantMoves, KingFreedom: f.KingFreedom, BoardPieces: f.BoardPieces,
		Line: position.LineString(r.Line),
	}
}

// yesNo is "yes" or "no".
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// round2 rounds x to two decimals, as the TSV shows it.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

// writeRating writes the rating r of problem p to w in format f.
func writeRating(w io.Writer, f rateFormat, p problem, r rate.Rating) error {
	row := ratingRow(p, r)
	if f == rateJSONL {
		b, err := json.Marshal(row)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	_, err := fmt.Fprintf(w, "%s\t%d\t%s\t%.2f\t%d\t%d\t%.2f\t%d\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\n",
		row.ID, row.Plies, yesNo(row.Shortest), row.Score, row.Nodes, row.PNMax, row.PNMean, row.DNMax, row.DNMean, row.Updates, row.StatsNodes,
		row.Sacrifices, row.Captures, row.Promotions, row.NonPromotions, row.Drops, row.DistantMoves, row.KingFreedom,
		row.BoardPieces, row.SFEN, row.Line)
	return err
}
