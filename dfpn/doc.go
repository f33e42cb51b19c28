// Package dfpn proves or disproves mates with depth-first proof-number
// search (df-pn) over a transposition table.
//
// The files, in reading order. The driver:
//
//   - api.go: what a caller gives (Options, Limits) and gets (Result).
//   - techniques.go: the switchable techniques, one table for the front
//     ends; Options.Uses and Set.
//   - rules.go: Rules, which defences count (tsume or strict).
//   - solver.go: Solver and Solve: the first mate, then a mate two plies
//     shorter until there is none, so the length is proven, not guessed;
//     then the line of that length, checked before it is returned.
//   - shortcut.go: before each search for a shorter mate, detours along
//     the line that a search seeing a few plies ahead cuts out.
//   - pv.go: the line rebuilt from the table, searching what it lost.
//   - lengthen.go: a line for a bound not yet proven shortest, mended with
//     the longer defences the table knows.
//   - verify.go: a line replayed and checked move by move.
//   - spare.go: the conventions on spare pieces, applied to Solve's line.
//   - realmate.go: under tsume rules, a line of equal rank that ends in a
//     real mate.
//   - walkreports.go: progress reports while those two walk the lines.
//
// The search:
//
//   - searcher.go: the state of one search, in parts (progress, switches,
//     phase, futility, caches, stack, stats); node counting and polls.
//   - search.go: mid, the df-pn recursion (below), its summary of the
//     children and their thresholds.
//   - frame.go: what a node knows of its children during a visit; probes
//     of the table and the side caches.
//   - expand.go: a visit's first steps: decisions without children, and
//     the expansion.
//   - estimate.go: df-pn+ initial numbers of the children the table does
//     not know.
//   - decide.go: what a decided node stores, where, and returns.
//   - hands.go: proof and disproof hands (below).
//   - parallel.go: the search on several threads over the one table
//     (Options.Threads): helpers with virtual numbers around the main
//     thread's path (docs/threads.md).
//
// The techniques the search uses:
//
//   - lazy.go: alike replies (interposing drops, Nagai's A and B) counted
//     once until proven; alike moves counted by max (an attacker's
//     non-promotions, middle interpositions).
//   - answers.go: Nagai's heuristic C, the move that answered a move.
//   - simulate.go: Kawano's simulation: a drop revealed behind a proven
//     one on its square proven by replaying that one's proof.
//   - dag.go: children counted by max instead of sum ("shared"), and the
//     double-count detection (a switch, off by default).
//   - pathset.go: the positions on the current path.
//   - loops.go: which moves return to the path (repetitions, inferior
//     positions), and where a result resting on them is a fact.
//   - repcache.go: the results that rest on a repetition of the path.
//   - futile.go: futile interpositions (無駄合) under tsume rules.
//   - futile_relative.go: drops futile relative to the node's other
//     defences, tested by searches.
//   - exactcache.go: the results that hold for their exact hand only.
//
// After the search, the questions asked at the line's nodes:
//
//   - subsearch.go: bounded sub-searches under one shared budget
//     (Budget, MateWithinBudget), which the spare-piece and real-mate
//     steps and package compose's composition checks ask.
//
// The search. mid is df-pn in φ/δ form. At the attacker's nodes (OR) the
// moves are checks; at the defender's (AND) they are the legal replies
// (less the futile interpositions under tsume rules). φ is the proof
// number from the side to move's point of view and δ the disproof number;
// a node's φ is the least δ of its children and its δ the sum of their φ.
// mid descends into the child with the least δ with thresholds
// φ' = thδ − (δ − φ_child) and δ' = min(thφ, δ₂ + 1) (δ₂ the second least),
// and returns when its own numbers reach its thresholds or the node is
// decided. Between two passes only the child just visited is updated; the
// others keep what expansion read until the node's next visit
// (SiblingReprobe, a switch, off by default, reads them again: a
// transposition below the visited child may have changed them, but it
// costs time: docs/notes/speed.md#kept-no-second-reading-of-the-siblings-entries).
//
// Proof and disproof pieces (hands.go). A proven node is stored under the
// smallest attacker hand that still mates, a disproven one under the
// largest that still fails, so one result serves every superior or
// inferior hand. Two subtleties are handled there: at a defender's node a
// kind the defender could interpose but lacks only because the attacker
// holds it stays in the proof hand; at an attacker's node a kind it does
// not hold leaves the disproof hand (it could give new checking drops).
//
// Depth. Every search carries a bound: the plies the node may still use.
// A proven result records its mate length (an upper bound on the shortest)
// and is valid for any bound at least that long; a disproven one records
// the bound it was disproven at ("no mate within L"), tt.Unlimited when it
// holds at any depth. The first search uses an effectively unlimited bound.
// An attacker's node with one ply left is decided by a mate-in-one test.
// Estimates (pn and dn of undecided nodes) are kept by the node's ply, not
// its depth, in the searches with a length bound: a search with a shorter
// bound (the minimisation, a futility test, the line's rebuild) starts
// from those of the searches before it. The search for the first mate,
// which has no bound, keeps one estimate per position and hand instead
// (EstimatesByPosition): a position met at many plies, as the long
// problems' wandering kings make them, is then searched as one node, not
// once per ply (Microcosmos' first mate in far fewer nodes:
// docs/notes/ablation.md#estimates-by-position-in-the-search-for-the-first-mate).
// Estimates only order the search; what is proven or disproven
// never rests on them.
//
// Repetition. A move that returns to a position on the current path loses
// for the attacker (perpetual check), and in the searches for a shorter
// mate so does one that returns to a board on the path with no more
// attacker's pieces in hand (loops.go: a shortest mate never needs it),
// but only on this path: such a result
// is kept in the node's frame for the rest of the visit and marked path
// dependent, and a result that rests on one is never stored in the table
// as a fact about the position (this is how solvers print false "no
// mate"). Children are checked against the path before their table entries
// are read, so the numbers of a cycle cannot feed on themselves. Such a
// disproof is a fact about the position reached with the same positions
// on its path, though: the repetition cache keeps it under that set, and
// the table marks the node so that a later visit along the same path (df-pn
// comes back to a node again and again, and the line's rebuild follows the
// search's paths) takes it from there instead of proving it again. Under
// tsume rules a proof can rest on such a disproof too (through a test of
// relative futility, below); the cache keeps those proofs the same way.
//
// Exact-hand results. Under tsume rules a drop is futile relative to the
// node's other defences (futile_relative.go), and a larger or smaller
// attacker's hand can turn that either way, so a result that rests on
// such a test holds for its exact hand only. The exact cache
// (exactcache.go) keeps those, never the table. Such a result also holds
// at its own bound only: the test's answer at 4 plies says nothing of 6,
// so a disproof is kept with the node's bound as its length
// (decided) and answers no other depth. Like the repetition
// cache, it is looked up only for nodes the table marks as having such
// side results (tt.Table.MarkSideResult): one more cache miss per probe
// of every child costs the search dearly
// (docs/notes/speed.md#kept-the-exact-cache-read-only-through-the-tables-mark).
//
// The conventions on spare pieces (spare.go) come after the length is
// proven: among equally long defences the one that leaves the attacker
// nothing, and a defence two plies shorter that leaves nothing beats a
// longer one that leaves spare pieces (2手変長). Then, under tsume rules,
// a line that ends where the defender could still drop a futile
// interposition gives way to one the rules rank equal that ends in
// checkmate by the game's rules, if there is one (realmate.go). Both steps
// ask bounded questions at the line's nodes ("another mate within r
// plies?") under one shared budget (subsearch.go), the same questions the
// composition checks of package compose ask on top of Solve.
//
// Principal variation. With the exact length L proven (mate within L, none
// within L−2), the line is rebuilt with a budget that drops by one per ply:
// at an attacker's node any check whose child mates within the budget
// minus one, at a defender's node a reply whose child has no mate within
// the budget minus three (so its mate takes exactly the budget minus one:
// the longest defence). Missing table entries are searched again.
package dfpn
