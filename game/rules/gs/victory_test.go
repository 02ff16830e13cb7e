package gs

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
)

// TestPercentResult: the percentage result of scenario VII reads as it
// did in English and takes decimal commas in French (GS-S7.victory).
func TestPercentResult(t *testing.T) {
	sc, err := scenarios.Load("gs-7")
	if err != nil {
		t.Fatal(err)
	}
	st, err := (&Rules{}).Start(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.Losses[game.SideA], s.Losses[game.SideB] = 1, 1
	o := finalOutcome(s)
	ta, tb := s.startTotal(game.SideA), s.startTotal(game.SideB)
	if ta != 68 || tb != 107 {
		t.Fatalf("starting totals %d and %d", ta, tb)
	}
	if want := "draw (losses A 1 of 68 (1.5%), B 1 of 107 (0.9%); 5 points or less apart)"; o.Result != want {
		t.Errorf("English:\n got  %s\n want %s", o.Result, want)
	}
	if got, want := game.Render(game.LangFR, o.ResultMsg), "partie nulle (pertes A 1 sur 68 (1,5 %), B 1 sur 107 (0,9 %) ; 5 points d'écart ou moins)"; got != want {
		t.Errorf("French:\n got  %s\n want %s", got, want)
	}
}
