package generate

import (
	"encoding/json"

	"gomate/compose"
	"gomate/position"
)

// Problem is one generated problem, as a line of the JSONL output.
type Problem struct {
	// SFEN is the problem, the attacker (Black) to move, move number 1.
	SFEN string `json:"sfen"`
	// Plies is its length, as Judge proved it.
	Plies int `json:"plies"`
	// LineUSI and LineJA are the main line in USI moves and in Japanese
	// notation.
	LineUSI string `json:"line_usi"`
	LineJA  string `json:"line_ja"`
	// Method is the method's name: "reverse", "random" or "extend".
	Method string `json:"method"`
	// Seed and Index name the candidate that made it: the run's seed and
	// the candidate's index, from which it can be made again.
	Seed  uint64 `json:"seed"`
	Index int    `json:"index"`
	// Trials counts the candidates of the run since the previous problem
	// of the same length written, this one's included: the trials it
	// took.
	Trials int `json:"trials"`
	// Duplicate marks a problem the run found to be a duplicate, written
	// only when asked (Config.KeepDuplicates), for a merge of shards;
	// left out of the line when false.
	Duplicate bool `json:"duplicate,omitempty"`
	// From names the problem the extend method grew (FILE:LINE), empty
	// for the other methods.
	From string `json:"from,omitempty"`
	// LastMoveAlternatives are the other mating last moves (USI); not a
	// flaw.
	LastMoveAlternatives []string `json:"last_move_alternatives"`
	// EqualDefences are the equally long defences (変化同手数): a remark.
	EqualDefences []EqualDefence `json:"equal_defences"`
	// PiecesNecessary is how many pieces the judge took away one at a
	// time and found necessary (every board piece but the defender's
	// king, one piece of each kind in the attacker's hand).
	PiecesNecessary int `json:"pieces_necessary"`
	// Nodes are the nodes of a solve of the problem on a cleared table
	// (default options): a first hint of its difficulty to a program,
	// not to a person.
	Nodes uint64 `json:"nodes"`
	// Metrics hold the problem's rating (package rate), filled by the
	// caller (gomate generate); empty when it is not rated.
	Metrics map[string]float64 `json:"metrics"`
	// RateError says why the rating failed, when it did (Metrics then
	// empty).
	RateError string `json:"rate_error,omitempty"`
	// Constraints are the composer's conditions the problem was made
	// under (Constraints.String), absent when none.
	Constraints string `json:"constraints,omitempty"`

	// line is the main line, pos the problem (not written).
	line []position.Move
	pos  *position.Position
}

// EqualDefence is another defence as long as the main line's at a ply.
type EqualDefence struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// newProblem writes the sound problem p, made by candidate i, as a Problem.
func newProblem(p sound, st Settings, i int) *Problem {
	c := &p.report.Composition
	pr := &Problem{
		SFEN:                 boardOf(p.pos).sfen(),
		Plies:                len(c.Line),
		LineUSI:              position.LineString(c.Line),
		LineJA:               position.JapaneseLine(p.pos, c.Line),
		Method:               st.Method.String(),
		Constraints:          st.Constraints.String(),
		Seed:                 st.Seed,
		Index:                i,
		LastMoveAlternatives: []string{},
		EqualDefences:        []EqualDefence{},
		PiecesNecessary:      countNecessary(p.report.Pieces),
		Metrics:              map[string]float64{},
		line:                 c.Line,
		pos:                  p.pos,
	}
	for _, m := range c.LastMoveAlternatives {
		pr.LastMoveAlternatives = append(pr.LastMoveAlternatives, m.String())
	}
	for _, d := range c.EqualDefences {
		pr.EqualDefences = append(pr.EqualDefences, EqualDefence{Ply: d.Ply, Move: d.Move.String()})
	}
	return pr
}

// countNecessary counts the pieces proven necessary.
func countNecessary(fs []compose.PieceFinding) int {
	n := 0
	for _, f := range fs {
		if f.Necessary {
			n++
		}
	}
	return n
}

// Line is the main line.
func (p *Problem) Line() []position.Move { return p.line }

// MarshalLine is the problem as one line of JSON, without the newline.
func (p *Problem) MarshalLine() ([]byte, error) { return json.Marshal(p) }
