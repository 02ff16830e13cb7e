package man

import (
	"strings"
	"testing"
)

// TestArmies checks every shipped army file (MAN-P-06, MAN-TC-T02, MAN-1.3.1,
// MAN-1.3.2, MAN-1.3.3, MAN-1.3.4, MAN-1.4.4, MAN-1.4.5, MAN-P-04, T-3b, T-6,
// T-7, T-8, T-16, MAN-1.2.2 dice expressions,
// MAN-1.4.1, MAN-1.4.3, MAN-1.4.6, MAN-A-03): 8 units,
// 60 cards, 5 unit cards per unit, a Leader, 3-8 other HQ types, Withdraw
// in every army; no Supply for the Ottomans (MAN-9.2.6); Withdraw values
// only on US cards (MAN-8.7); Grand Battery only on Napoleon (MAN-9.1.6);
// unit ids unique across armies.
func TestArmies(t *testing.T) {
	ids := map[string]string{}
	for _, code := range ArmyCodes {
		a, err := ShippedArmy(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range a.Units {
			if other, dup := ids[u.ID]; dup {
				t.Errorf("unit id %s in %s and %s", u.ID, other, code)
			}
			ids[u.ID] = code
		}
		for _, c := range a.Cards {
			if c.Withdraw.Hi > 0 && code != "us" {
				t.Errorf("%s card %s has a Withdraw value", code, c.ID)
			}
			if c.Battery && c.ID != "napoleon" {
				t.Errorf("%s card %s has Grand Battery", code, c.ID)
			}
		}
		if code == "ot" && (a.Has(CardSupply) || !a.Has(CardRegroup)) {
			t.Error("the Ottomans have Supply or lack Regroup (MAN-9.2.6)")
		}
	}
	fr, _ := ShippedArmy("fr")
	if fr.Card("napoleon") == nil || !fr.Card("napoleon").Battery {
		t.Error("Napoleon has no Grand Battery")
	}
	// MAN-TC-T01 (MAN-1.3.6, MAN-1.3.7, MAN-P-05): the Imperial Guard, alias Garde Impériale, 8/5 infantry, 5 cards.
	g := fr.Unit("guard")
	if g == nil || g.Full != 8 || g.Reduced != 5 || g.Type != Infantry || g.Alias != "Garde Impériale" {
		t.Errorf("Imperial Guard: %+v", g)
	}
	if fr.Card("soult").Rally != (Range{1, 3}) || fr.Card("ney").Rally != (Range{1, 5}) {
		t.Error("Soult rallies on 1-3 and Ney on 1-5 (MAN-7.4)")
	}
}

// TestArmyValidation: an army with a sixth card for one unit (41 unit
// cards) is refused (MAN-TC-T02, MAN-1.4.4).
func TestArmyValidation(t *testing.T) {
	b, _ := dataFS.ReadFile("data/armies/fr.txt")
	src := strings.Replace(string(b), "card guard D8 B2d6 R2", "card guard D8 B2d6 R2 x2", 1)
	if _, err := ParseArmy("fr.txt", src, false); err == nil {
		t.Error("an army with 41 unit cards was accepted")
	}
	src = strings.Replace(string(b), "A2d8 D7 NRA x4", "A2d9 D7 NRA x4", 1)
	if _, err := ParseArmy("fr.txt", src, false); err == nil {
		t.Error("a 2d9 was accepted (MAN-P-06)")
	}
}

// TestTablesAndSections: the tables load (T-3b), and the 24 sections of 4×4
// squares (MAN-1.1.1) turn by quarter turns (MAN-1.1.2). Unit card values
// (MAN-8.0) are read by TestArmies.
func TestTablesAndSections(t *testing.T) {
	tb, err := ShippedTables()
	if err != nil {
		t.Fatal(err)
	}
	if tb.Redoubt != 3 || tb.Terrain["town"].Defence != 3 || tb.Terrain["lake"].Enter {
		t.Errorf("tables: %+v", tb)
	}
	ss, err := Sections()
	if err != nil {
		t.Fatal(err)
	}
	s := ss[0]
	r := s.Rotate(90)
	if r.Terrain[0][3] != s.Terrain[0][0] || s.Rotate(360) != s {
		t.Error("rotation by 90° clockwise moves the north-west square to the north-east (MAN-1.1.2)")
	}
}
