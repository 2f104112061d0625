// Package house holds the house rules of the repository's Go code as a
// test (house_test.go): no hand-written Go file over maxFileLines lines and
// no function over maxFuncLines, so that each file stays one concept and
// each function one step that a reader can hold in mind. Tests and
// generated code are exempt. It has no code of its own.
package house
