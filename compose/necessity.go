package compose

import (
	"fmt"
	"slices"
	"strings"

	"gomate/dfpn"
	"gomate/position"
)

// Point 5 of soundness: every piece is necessary (no 不要駒, 飾り駒).
//
// Each piece is taken away in turn: every board piece of either side but
// the defender's king, and one piece of each kind in the attacker's hand
// (pieces of one kind in hand are interchangeable, so one test a kind).
// The piece goes to the defender's hand, as under the tsume convention
// every piece that is neither on the board nor in the attacker's hand
// does; an attacker's king (when allowed) just leaves the board. The
// piece is UNNECESSARY when the reduced position is a sound problem with
// the same answer, and necessary when that is proven false. The decision,
// cheapest test first:
//
//   - The reduced position is not a legal problem (point 1): necessary,
//     "illegal". Taking a piece away cannot make two pawns, a dead piece
//     or too many pieces, but it can uncover a check on the defender's
//     king (the side not to move) or, with an attacker's king, on the
//     attacker's: the problem then does not exist without the piece.
//   - The main line, replayed under tsume rules, is no longer a mate
//     (a move illegal, an attacker's move no check, no mate at the end):
//     necessary, "the line fails". A line that does not mate is not the
//     answer of the reduced position, whatever that is.
//   - The reduced position's length (point 2), with the length asked
//     being the main line's, L: a mate within L-2, none within L+2, or
//     a solve whose line (under the same conventions on spare pieces)
//     is not L plies long makes the piece necessary ("another length").
//   - When the solver's line is another line of length L, the lines part
//     at a defender's move (at an attacker's move two mates as long
//     would be an alternative mate): the solver chose another of equally
//     long defences. The candidate's line is then compared move by move
//     in the reduced position (CompareLine): a move proven not best (a
//     faster mate, a longer defence, a defence that no longer counts)
//     makes the answer differ and the piece necessary ("another line").
//     When the only findings are longer defences that leave spare
//     pieces, the conventions on spare pieces may still make the
//     candidate's line the answer: the solver's line, the one the
//     conventions take, is judged (points 4, 3 and 6), and a flaw along
//     it makes the piece necessary ("unsound"); otherwise the piece is
//     counted undecided, which rejects the candidate (an exact answer
//     would need the conventions re-run on that line).
//   - Points 4, 3 and 6 are judged along the candidate's line, whatever
//     line the solver chose: a proven flaw (spare pieces, an alternative
//     mate, a rejected 変化別詰) makes the piece necessary ("unsound":
//     the piece is there to prevent it, as a piece that stops an
//     alternative mate is); a point left open makes it undecided; none
//     makes it unnecessary ("the same answer"). Judged along the
//     solver's line, point 6 depended on which of equally long defences
//     the solver took, and that on what the table held: a piece was
//     once kept because a 変化別詰 showed in the side lines of the
//     other equal defence only (TestWithoutPieceJudgedAlongTheLine).
//
// Every doubt falls on the side of "not proven necessary", which rejects
// the candidate: a decorative piece in a problem called sound would be
// the worse error.

// PieceFinding is the test of one piece for point 5.
type PieceFinding struct {
	// Square is where the piece stands; position.NoSquare for a piece of
	// the attacker's hand.
	Square position.Square
	// Piece is the piece (for a hand piece, of the attacker's colour).
	Piece position.Piece
	// Necessary is proven: the reduced position is not the same sound
	// problem, for the reason Why (one of the Piece* constants).
	Necessary bool
	Why       string
	// Detail says more: the reduced position's faults or findings.
	Detail string
}

// Why a piece is necessary (PieceFinding.Why), or is not.
const (
	PieceIllegal     = "illegal without it"         // the reduced position is not a legal problem
	PieceLineFails   = "the line fails without it"  // the main line is no mate there
	PieceOtherLength = "another length without it"  // a shorter mate, or none within the length
	PieceUnsound     = "unsound without it"         // an alternative mate, spare pieces, a rejected 変化別詰
	PieceOtherLine   = "another answer without it"  // the main line is no longer best there
	PieceSameAnswer  = "the same answer without it" // unnecessary
	PieceUndecided   = "undecided"                  // a limit, or the spare conventions, left it open
)

// Where is the piece's square, or "hand".
func (f PieceFinding) Where() string {
	if f.Square == position.NoSquare {
		return "hand"
	}
	return f.Square.String()
}

// String describes the finding in a line.
func (f PieceFinding) String() string {
	s := fmt.Sprintf("%s on %s: %s", f.Piece, f.Where(), f.Why)
	if f.Detail != "" {
		s += " (" + f.Detail + ")"
	}
	return s
}

// Unnecessary returns the piece the judgement found unnecessary: the last
// piece it tried, when that piece ended the judgement as "the same answer
// without it". Judge tries the pieces (point 5) only after every other
// point has passed, so the problem without that piece may yet be sound.
func (out *Soundness) Unnecessary() (PieceFinding, bool) {
	if out.Verdict != Unsound || len(out.Pieces) == 0 {
		return PieceFinding{}, false
	}
	f := out.Pieces[len(out.Pieces)-1]
	return f, f.Why == PieceSameAnswer
}

// necessity tests every piece of pos, whose main line is line, into out.
// The first unnecessary piece ends it; an undecided one does not.
func (j *judge) necessity(pos *position.Position, line []position.Move, out *Soundness) {
	attacker := pos.SideToMove()
	defender := attacker.Opp()
	var reduced []diagram
	var tried []PieceFinding
	for _, pt := range position.HandTypes {
		if pos.Hand(attacker).Count(pt) == 0 {
			continue
		}
		d := diagramOf(pos)
		d.Hands[attacker] = d.Hands[attacker].Sub(pt)
		d.Hands[defender] = d.Hands[defender].Add(pt)
		reduced = append(reduced, d)
		tried = append(tried, PieceFinding{Square: position.NoSquare, Piece: position.NewPiece(attacker, pt)})
	}
	for s := position.Square(0); s < position.NumSquares; s++ {
		pc := pos.PieceAt(s)
		if pc == position.NoPiece || pc == position.NewPiece(defender, position.King) {
			continue
		}
		d := diagramOf(pos)
		d.Board[s] = position.NoPiece
		if pc.Type() != position.King {
			d.Hands[defender] = d.Hands[defender].Add(pc.Type().Unpromote())
		}
		reduced = append(reduced, d)
		tried = append(tried, PieceFinding{Square: s, Piece: pc})
	}
	for i, d := range reduced {
		f := tried[i]
		f.Necessary, f.Why, f.Detail = j.withoutPiece(d, attacker, line)
		out.Pieces = append(out.Pieces, f)
		switch {
		case f.Why == PieceSameAnswer:
			out.fail(5, "unnecessary piece "+f.String())
			return
		case f.Why == PieceUndecided:
			out.open(5, "is "+f.Piece.String()+" on "+f.Where()+" necessary? "+f.Detail)
		}
	}
}

// withoutPiece decides whether the reduced position d is the same sound
// problem as the candidate whose main line is line (see the comment at the
// top of the file).
func (j *judge) withoutPiece(d diagram, attacker position.Color, line []position.Move) (necessary bool, why, detail string) {
	r, err := d.position()
	if err != nil {
		return true, PieceIllegal, err.Error()
	}
	if faults := problemFaults(r, j.so.AllowAttackerKing); len(faults) > 0 {
		return true, PieceIllegal, strings.Join(faults, "; ")
	}
	if err := dfpn.Tsume.VerifyLine(r, attacker, line); err != nil {
		return true, PieceLineFails, err.Error()
	}
	// Point 2 as j.problem judges it (point 1 is done above), then the
	// candidate's line made the line judged, with the reasons a piece
	// has for it not being an answer.
	var sub Soundness
	walk := walkOptions()
	if !j.length(r, len(line), walk, &sub) {
		return classify(&sub)
	}
	res, ok := j.mainLine(r, len(line), &sub)
	if !ok {
		return classify(&sub)
	}
	chose := ""
	if !slices.Equal(res.PV, line) {
		chose = " (the solver chose " + position.LineString(res.PV) + ")"
	}
	solver := res
	switch why, detail := j.adoptLine(r, &res, line, walk); why {
	case "":
	case PieceUndecided:
		// When the conventions on spare pieces leave open whether the
		// candidate's line is an answer, the solver's line (the one the
		// conventions take) is judged: a flaw along it proves the
		// reduced position not the same sound problem.
		var alt Soundness
		if !j.line(r, solver, walk, &alt) && alt.Verdict == Unsound {
			return classify(&alt)
		}
		return false, why, detail
	default:
		return true, why, detail
	}
	// Points 4, 3 and 6 along the candidate's line, whatever line the
	// solver chose: the same problem is judged by the same line.
	if !j.line(r, res, walk, &sub) {
		return classify(&sub)
	}
	if chose != "" {
		return false, PieceSameAnswer, "sound along the same line" + chose
	}
	return false, PieceSameAnswer, "sound, the same line"
}

// classify tells why a reduced position's judgement sub, which failed or
// was left open, makes the piece necessary or undecided.
func classify(sub *Soundness) (necessary bool, why, detail string) {
	switch {
	case sub.Verdict != Unsound:
		return false, PieceUndecided, sub.reasonText()
	case strings.HasPrefix(sub.Reasons[0], "point 2:"):
		return true, PieceOtherLength, sub.reasonText()
	}
	return true, PieceUnsound, sub.reasonText()
}
