// Package tests holds end-to-end tests: TestMain builds the gomate binary
// once, and the tests run it as a GUI would, over pipes, with a timeout on
// every wait, through the USI client usi/usiclient (which also checks
// every line the engine writes and logs the dialogue of a failed test).
// They use only positions copied into this package (see
// positions_test.go and testdata/SOURCES.md), never the shared data set.
package tests
