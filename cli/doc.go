// Package cli is the gomate command: Run takes the command line and the
// standard streams and returns the exit status, and main only calls it.
// With no command gomate serves USI (package usi); its commands solve
// positions (solve), check compositions (check), make problems
// (generate, package generate), merge the outputs of runs (merge),
// benchmark the solver on the built-in suite (bench, package benchdata),
// measure Nagai's heuristics (ablate) and count perft nodes (perft).
//
// Each command is declared once, as a row of the command table, and the
// dispatcher, "gomate help", each command's usage and the README's
// synopsis are written from it. The flags that several commands take are
// declared once, as groups.
//
// The files, in the order to read them:
//
//   - commands.go: the command table, Run and the parsing of a command's
//     flags.
//   - help.go: "gomate help", each command's usage and the README's
//     synopsis, written from the table.
//   - flags.go: the shared flag groups: limits (-time, -nodes, -hash),
//     -rules, -format and -profile.
//   - techniques.go: the technique switches, one flag per technique of
//     dfpn.Techniques, named by one rule.
//   - problems.go: reading positions and problem files.
//   - solver.go: the solver a command uses and its warning about huge
//     pages; build.go: the build bench records.
//   - the commands, one file each: usi.go, solve.go, check.go (the
//     composition checks and their report, -workers), generate.go,
//     bench.go, ablate.go, perft.go, merge.go; generate_output.go:
//     generate's rating of each problem and its formats (jsonl, kif,
//     html) and -rank; generate_bench.go: generate -bench;
//     check_judge.go: check -judge, the soundness judgement of a problem
//     in one line; check_summary.go: check's summary of a file.
//   - inorder.go: work on several goroutines, the results in input order
//     (check -workers).
//   - outcome.go: solving one problem and checking its line
//     (dfpn.VerifyMate); totals.
//   - report.go: how outcomes are printed: the summary line, the table,
//     the lines and their notes in usi or kif format, the totals.
package cli
