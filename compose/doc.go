// Package compose checks tsume problems as compositions: what a composer
// runs before publishing a problem, on top of the mate search of package
// dfpn.
//
// A problem is sound (完全作) when it has a mate, the attacker's move is
// the only one that mates as fast at every attacker's move of the main
// line but the last, and the attacker's hand is empty at the end. Check
// tells whether it is, and why not:
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
// Problem generation (making sound problems rather than checking them)
// will live next to this package and use its checks as the test of every
// problem it makes.
package compose
