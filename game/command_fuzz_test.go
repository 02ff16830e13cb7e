package game

import (
	"strings"
	"testing"
)

// FuzzParseCommand: ParseCommand never panics, and a parsed order printed
// in its canonical notation parses back to the same command.
//
//	go test ./game -run XXX -fuzz FuzzParseCommand -fuzztime 10m -parallel 1
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"move A3 0512", "attack A3+A4 -> B7 at 2:1", "attack A3,A4→B7", "retreat B7 0714",
		"choose 2", "deploy A1 0101 A2 0102", "place R5 1207", "redoubt 1207 -> 1310", "end", "", "  ", "->", "+ + ,",
		"MOVE é 0512", "move\tA3\n0512", "move A3 0512 0513 0514", "move A3 (5, 12)", "(1,2)(3,4)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmd, err := ParseCommand(SideB, text)
		if err != nil {
			if strings.TrimSpace(strings.NewReplacer(",", " ").Replace(text)) != "" {
				t.Fatalf("%q refused: %v", text, err)
			}
			return
		}
		if cmd.Verb == "" || cmd.Side != SideB {
			t.Fatalf("%q gave %+v", text, cmd)
		}
		back, err := ParseCommand(SideB, cmd.String())
		if err != nil || back.String() != cmd.String() {
			t.Fatalf("%q → %q → %q (%v)", text, cmd.String(), back.String(), err)
		}
	})
}
