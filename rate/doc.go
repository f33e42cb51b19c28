// Package rate measures how hard a mating problem is: the root
// statistics of a search (Ishitobi's PN and DN, max and mean, and the
// number of updates), features of the solution (length, sacrifices,
// captures, promotions, non-promotions, drops, distant moves, the king's
// freedom, the pieces on the board), and one score that combines them
// (docs/difficulty.md gives the formula and the reasons for its weights).
//
// The files:
//
//   - rate.go: Rate, the two searches it runs and the Rating it returns.
//   - stats.go: RootStats, recorded from dfpn.Limits.RootUpdate.
//   - features.go: Features, read from the problem and its line.
//   - score.go: Score, the formula.
//
// Two searches, for two purposes. The line is the composer's answer: the
// solver's default options (tsume rules, the shortest mate against the
// longest defence), whose nodes are reported as Rating.Nodes. The root
// statistics come from a second search, for the first mate only, under
// strict rules (every legal evasion counts, futile interpositions
// included, as in Ishitobi's setting) with the techniques that count
// alike replies once and rejoining paths by max (double-count
// detection on), so that the numbers do not sum one defence many times
// over (Nagai's warning). StatsOptions gives that configuration.
//
// The numbers are the solver's: df-pn with this package's techniques and
// initial estimates, not a human's effort; the score's weights are chosen
// by reasoning, not fitted to human judgements (none are reachable here).
package rate
