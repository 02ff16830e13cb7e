package sdc

import "testing"

// TestData checks the data files against the digest's tables: the
// element types of TBL-5 (SDC-2.7), TBL-8 moves in hexes (PM 3, PT 4,
// SDC-8.1; light cavalry and staff forced 4 PM, SDC-Q.29, SDC-Q.46),
// TBL-4 qualities, SDC-10.7 ranges, TBL-10/13 results, TBL-3.
func TestData(t *testing.T) {
	d, err := LoadData()
	if err != nil {
		t.Fatal(err)
	}
	moves := map[string][2]int{"LI": {3, 4}, "EI": {3, 4}, "Art": {3, 4}, "HvA": {3, 4}, "Cav": {4, 6}, "HC": {4, 6}, "HA": {4, 6}, "LC": {6, 12}}
	for ty, m := range moves { // TBL-8, SDC-T-MOV-11
		k := d.Kinds[ty]
		if k == nil || k.Move != m[0] || k.Forced != m[1] {
			t.Errorf("%s: moves %+v, want %v", ty, k, m)
		}
	}
	if GeneralMove != 6 || GeneralForced != 12 { // TBL-8 État-major, SDC-Q.46
		t.Errorf("general moves %d / %d", GeneralMove, GeneralForced)
	}
	if d.Kinds["EI"].Quality != 3 || d.Kinds["HC"].Quality != 3 || d.Kinds["LI"].Quality != 4 { // TBL-4, SDC-Q.6
		t.Errorf("qualities")
	}
	if d.Kinds["Art"].Range != 18 || d.Kinds["HA"].Range != 18 || d.Kinds["HvA"].Range != 24 || d.Kinds["HvA"].Step != 4 { // SDC-10.7
		t.Errorf("ranges")
	}
	if d.Kinds["HA"].Battery || !d.Kinds["Art"].Battery || !d.Kinds["HvA"].Battery || d.Kinds["HA"].FireMod != -1 { // SDC-15.21, TBL-11
		t.Errorf("batterie or horse artillery")
	}
	if !d.Kinds["LC"].Woods || d.Kinds["LC"].CavBonus || d.Kinds["Cav"].Woods || !d.Kinds["HC"].Reroll { // SDC-8.13, SDC-11.6
		t.Errorf("cavalry")
	}
	r := []Result{{0, true, false, false, 0}, {1, true, false, false, 3}, {2, false, true, false, 6}, {3, false, false, true, 0}}
	for m := 0; m < 6; m++ { // TBL-10, TBL-13
		if got, want := d.ResultOf(m), r[min(m, 3)]; got != want {
			t.Errorf("margin %d: %+v, want %+v", m, got, want)
		}
	}
	if x := d.Army.Exchanges["X4"]; x.Give["Art"] != 3 || x.Get["HvA"] != 2 { // TBL-3
		t.Errorf("X4 %+v", x)
	}
	if d.Army.Generals["elite"] != 3 || d.Army.Generals["average"] != 4 || d.Army.Generals["mediocre"] != 5 { // TBL-4
		t.Errorf("generals %v", d.Army.Generals)
	}
}

// TestTerrainNames: the terrains of SDC-3.1 as map cells (SDC-G.18).
func TestTerrainNames(t *testing.T) {
	want := map[string]string{"clear": Open, "hill": Hill, "wood": Wood, "village": BuiltUp, "farm": BuiltUp, "river": River, "bridge": Cross, "ford": Cross}
	for name, tr := range want {
		if terrainOf[name] != tr {
			t.Errorf("%s reads as %q", name, terrainOf[name])
		}
	}
}
