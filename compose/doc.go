// Package compose checks tsume problems as compositions: what a composer
// runs before publishing a problem, on top of the mate search of package
// dfpn.
//
// Check calls a problem sound when it has a mate, the attacker's move is
// the only one that mates as fast at every attacker's move of the main
// line but the last, and the attacker's hand is empty at the end: points
// 2 to 4 of the full soundness (完全作) that Judge proves (below), which
// adds a legal position, necessary pieces and the variations. Check tells
// whether it is, and why not:
//
//   - The main line is the one dfpn.Solver.Solve returns: the shortest
//     mate against the longest defence under the rules, with the
//     conventions on spare pieces already applied (dfpn/spare.go): among
//     lines of the same length one that leaves the attacker nothing in
//     hand, and a defence two plies shorter without spare pieces before a
//     longer one with them (2手変長駒余り).
//   - Alternative mates (余詰, alternatives.go): at each attacker's node of
//     the main line but the last, with r plies left, another check that
//     mates within r plies. Each is listed with its line; a move that
//     differs from the line's only in promotion is marked. Longer
//     alternatives (detours, 迂回) are not looked for; other mates at the
//     last move are listed but are not a flaw.
//   - Spare pieces (駒余り): what the attacker still holds at the end.
//   - Equally long defences (変化同手数, defences.go): at each defender's
//     node, another defence that counts under the rules after which the
//     mate takes as long. A remark, not a flaw.
//
// CompareLine (compare.go) checks an intended line, a composer's or a
// book's, move by move: each attacker's move must mate as fast as any
// other check and each defence last as long as any other, and the
// findings say where the line falls short (a faster mate, a longer
// defence with or without spare pieces, a defence the rules do not
// count). AlternativeMates is the alternative-mate walk alone, for a
// line found elsewhere (the USI server's CheckAlternatives).
//
// How it uses the solver. Each question is a bounded search on the
// caller's dfpn.Solver, asked at a node of the line: "does the attacker
// mate within r plies?" (dfpn.Solver.MateWithinBudget, no line built),
// then, where the answer is yes, Solve for the line, with the moves
// already found excluded at the root (dfpn.Options.ExcludeRootMoves).
// One dfpn.Budget shares the caller's limits among all the searches of a
// check: each gets what remains of the time limit and the whole node
// limit. A search a limit leaves undecided leaves its point unchecked
// (Unchecked), and an unchecked alternative-mate point makes the verdict
// Undecided, never Sound. The searches share the solver's table, so a
// check is cheaper on a table that the solve has just filled.
//
// # Soundness: the judge of generated problems
//
// Judge (sound.go) says whether a candidate problem is sound (完全作) by
// every point below, each proven and none assumed; a search a limit
// leaves undecided makes the verdict Undecided, never Sound. Problem
// generation (making sound problems rather than checking them) will use
// it as the test of every problem it makes: a generated problem that is
// not sound is the worst bug the program can have. The points (judged
// cheapest first: 1, 2, 4, 3, 6, 5); the first failure or open point ends
// the judgement, and a Sound verdict has run them all:
//
//  1. A legal problem (legal.go): the attacker to move and not in check;
//     the defender's king on the board and not in check; no attacker's
//     king unless SoundnessOptions.AllowAttackerKing; no two unpromoted
//     pawns of a side on a file, no piece that can never move, piece
//     totals within the game's; the defender's hand exactly the rest of
//     the pieces (the tsume convention), or normalised to it with
//     SoundnessOptions.NormaliseHands (TsumeHands; Soundness.Judged is
//     the position judged).
//  2. Under tsume rules the mate is proven shortest against the longest
//     defence, and, when SoundnessOptions.Plies asks, exactly that long:
//     a mate within Plies-2 or none within Plies+2 (bounded searches)
//     fail it before the solve, and the line the conventions on spare
//     pieces choose (at most two plies shorter than the proven value)
//     must be Plies long.
//  3. Unique: no alternative mate (余詰) at an attacker's move of the main
//     line but the last, as in Check; last-move alternatives are
//     reported only.
//  4. No spare pieces (駒余り) at the end of the main line.
//  5. Every piece necessary (necessity.go): each board piece but the
//     defender's king, and one piece of each kind in the attacker's hand,
//     is taken away (given to the defender, as the tsume convention has
//     it); the piece is unnecessary when the reduced position is a sound
//     problem (points 1 to 4 and 6) with the same answer: the same line,
//     or another line of the same length in which the candidate's line is
//     still best move by move (CompareLine). It is necessary when the
//     reduced position is illegal, the line no longer mates there, the
//     length differs, the reduced position is unsound (the piece stops an
//     alternative mate, say), or the line is no longer best. Every doubt
//     counts as "not proven necessary", which rejects.
//  6. Variations (variations.go): the equally long defences (変化同手数)
//     are reported; 変化別詰, another mate as short at an attacker's move
//     but the last of a side line's own proven line, is reported and,
//     under SoundnessOptions.SideAlternatives, rejects: by default only
//     in side lines not shorter than the main line from their node.
//  7. Any limit or stop: Undecided.
//
// All the searches of a judgement, the reduced positions' included, share
// one dfpn.Budget and the caller's solver, as in Check.
//
// Files: check.go (Check, Verdict), alternatives.go, defences.go,
// compare.go (CompareLine), sound.go (Judge, SoundnessOptions,
// Soundness), legal.go (point 1, TsumeHands), necessity.go (point 5),
// variations.go (point 6).
package compose
