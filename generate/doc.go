// Package generate makes sound tsume problems (完全作) of a given length,
// by one of three methods (Settings.Method): the reverse method (the
// default, below), Noshita's random method (random.go: a random mate
// placement simplified while its exact length does not drop) and Ishii
// et al.'s extension of given problems by two plies (extend.go, on the
// reverse method's step). Every problem written is judged by
// compose.Judge as below.
//
// The reverse method is Hirose, Ito and Matsubara's (逆算法),
// generalised with the solver's exact length test and the
// soundness judge of package compose at every step: from a random mate
// position, retract the attacker's last move (a sound problem of one
// ply), then a defender's move and an attacker's check at a time (two
// plies longer), keeping a step only when compose.Judge proves the
// longer problem sound with exactly that length, and taking off the
// pieces the judge finds unnecessary. Retractions (position.Retractions)
// include un-captures of every kind and un-promotions; the order in which
// they are tried is weighted towards what composers do (sacrifices taken
// by the defender, drops) and away from what spoils a problem (the
// attacker capturing defender pieces).
//
// The reverse method also grows given problems (Settings.Inputs, `-from`)
// instead of mate positions, and a trial may backtrack
// (Settings.Backtracks, from the steps of Settings.BacktrackFrom plies
// on): that is how it makes problems past 17 plies (candidate.go).
//
// Two choices are the caller's: where the attacker may capture
// (Settings.Captures: never at the first move by default, anywhere, or
// nowhere as in Hirose's system), and whether the pieces the judge finds
// unnecessary are taken off at every step (the default: every problem on
// the way is sound) or carried to the last step (Settings.CarryPieces,
// Hirose's order). docs/notes/generation.md measures them.
//
// A problem is written only when Judge called it Sound with exactly the
// plies asked; a search a limit cuts short rejects the candidate, never
// passes it.
//
// A run (Run) draws candidate i from a random source made of the run's
// seed and i and cleans the worker's solver before each candidate, and
// writes problems in index order, so that a seed gives the same problems
// for any number of workers (when no time limit is reached). Duplicates
// are dropped: the same position up to the mirror, or the same solution
// shape.
//
// A run may take a range of candidate indices (Config.From, Config.To):
// runs on adjacent ranges are shards of one run, and "gomate merge"
// reads their lines back (ReadProblem) and drops duplicates by the same
// rule (Dedup). With Config.KeepDuplicates a shard also emits the
// problems it drops as duplicates, so that the merge of shards decides
// every duplicate as the run on the whole range would.
//
// The files, in reading order:
//
//   - run.go: Config, Run, Stats: the workers, the ordered output, the
//     statistics.
//   - candidate.go: Candidate, Settings, Outcome: one trial.
//   - method.go: Method, the three methods; written, which proves every
//     problem again on a cleared table before it is written.
//   - reverse.go: the steps of the reverse method (first, grow, judge and
//     the removal of unnecessary pieces).
//   - random.go: the random method (placement, simplification).
//   - extend.go: the extend method (Input, the given problems grown).
//   - weights.go: the weights of retractions, with the table of them.
//   - matepos.go: the random mate positions the method starts from, and
//     CheckMate for a given one.
//   - problem.go: Problem, the JSON line of a problem.
//   - dedup.go: Dedup, the duplicates (mirror, solution shape).
//   - read.go: ReadProblem, a problem read back from its JSON line.
//   - board.go: a position as a board to edit; rng.go: the random source
//     (SplitMix64).
//   - constraints.go: Constraints, the conditions composers ask for
//     (shape.go: masks and named shapes, 曲詰 and あぶり出し; pieces.go:
//     bare-king, hand=, one-kind=), checked at every step and on every
//     problem written; shapemate.go: mate positions on a mask;
//     place.go: the direct search for a shape of the initial position;
//     barekings.go: the bare king (裸玉) enumerated.
//
// Measurements: docs/notes/generation.md.
package generate
