package ptg

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/game/grid"
)

// Every event carries its narration as data (Msg, rendered in any
// language from the catalogues of messages_en.go and messages_fr.go): the
// factors, the roll, the table cell and the rule ids, so the bot can tell
// the story without recomputing anything. Logs written before narration
// was data carry an English Text instead.

// The set-up events are secret (game.Secret): a side's set-up is hidden
// from the other until it is ready (View), so the orders that make it are
// told to that side alone.

// Placed moves a unit during the set-up (PTG-13.0).
type Placed struct {
	Side game.Side  `json:"side"`
	Unit string     `json:"unit"`
	At   grid.Coord `json:"at"`
	Msg  game.Msg   `json:"msg,omitzero"`
	Text string     `json:"text,omitempty"` // logs written before messages were data
}

// RedoubtSet moves a redoubt counter or changes its state at set-up
// (PTG-13.1.3, 13.2.3). From equals At when only the state changes.
type RedoubtSet struct {
	Side     game.Side  `json:"side"`
	From     grid.Coord `json:"from"`
	At       grid.Coord `json:"at"`
	Building bool       `json:"building,omitempty"`
	Msg      game.Msg   `json:"msg,omitzero"`
	Text     string     `json:"text,omitempty"` // logs written before messages were data
}

// Equipped gives or takes assault equipment at set-up (PTG-14.3.1).
type Equipped struct {
	Side game.Side `json:"side"`
	Unit string    `json:"unit"`
	On   bool      `json:"on"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // logs written before messages were data
}

func (e Placed) Owner() game.Side {
	if !e.Side.Valid() { // a log written before set-up events named their side
		switch {
		case strings.HasPrefix(e.Unit, "RU-"):
			return Russians
		case strings.HasPrefix(e.Unit, "SW-"):
			return Swedes
		}
	}
	return e.Side
}

func (e RedoubtSet) Owner() game.Side {
	if !e.Side.Valid() {
		return Russians // only the Russians set their redoubts up
	}
	return e.Side
}

func (e Equipped) Owner() game.Side {
	if !e.Side.Valid() {
		return Swedes // only Swedish infantry is equipped
	}
	return e.Side
}

// The set-up events of older logs have no side: it decodes as Nobody (not
// as side A, the zero Side), and Owner works it out.

func (e *Placed) UnmarshalJSON(b []byte) error {
	type plain Placed
	p := plain{Side: game.Nobody}
	err := json.Unmarshal(b, &p)
	*e = Placed(p)
	return err
}

func (e *RedoubtSet) UnmarshalJSON(b []byte) error {
	type plain RedoubtSet
	p := plain{Side: game.Nobody}
	err := json.Unmarshal(b, &p)
	*e = RedoubtSet(p)
	return err
}

func (e *Equipped) UnmarshalJSON(b []byte) error {
	type plain Equipped
	p := plain{Side: game.Nobody}
	err := json.Unmarshal(b, &p)
	*e = Equipped(p)
	return err
}

// SetupDone says a side has finished setting up (PTG-13.0).
type SetupDone struct {
	Side game.Side `json:"side"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // logs written before messages were data
}

// Began starts the battle: units in redoubts become immobile garrisons
// (PTG-7.7.2) and units outside the camp are free of the Alert (12.0.2).
type Began struct {
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
	// Garrisons are the units made immobile, Free the units outside the
	// camp, worked out by Decide (record); both nil in the logs of
	// version 1.
	Garrisons []string `json:"garrisons,omitzero"`
	Free      []string `json:"free,omitzero"`
}

// PhaseChanged starts a phase.
type PhaseChanged struct {
	Turn   int       `json:"turn"`
	Phase  string    `json:"phase"`
	Active game.Side `json:"active"`
	Msg    game.Msg  `json:"msg,omitzero"`
	Text   string    `json:"text,omitempty"` // logs written before messages were data
	// What the phase starts with, worked out by Decide (record): a
	// movement phase, the active side's commanded units (PTG-6.0) and
	// those starting in an enemy zone of control; a combat phase, the
	// attacks each unit owes (PTG-7.0.1). Nil in the logs of version 1.
	Command *CommandStatus      `json:"command,omitempty"`
	Must    map[string][]string `json:"must,omitzero"`
}

// CommandStatus lists the units in command (PTG-6.0) and those in an
// enemy zone of control, as a movement phase starts or an aide arrives.
type CommandStatus struct {
	Commanded []string `json:"commanded,omitempty"`
	StartZOC  []string `json:"start_zoc,omitempty"`
}

// VisibilityRolled is the start-of-turn visibility roll (PTG-14.7.1).
type VisibilityRolled struct {
	Turn int      `json:"turn"`
	Roll int      `json:"roll"`
	Bad  bool     `json:"bad"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// Moved is one stretch of a unit's move: the hexes entered (start hex
// first, unless it enters the map: Entry), the half MP spent, and the
// enemy units it charges (PTG-14.9).
type Moved struct {
	Unit    string       `json:"unit"`
	Path    []grid.Coord `json:"path"`
	Cost    int          `json:"cost"`
	Entry   bool         `json:"entry,omitempty"`
	Charged []string     `json:"charged,omitempty"`
	Stop    bool         `json:"stop,omitempty"` // may not move again this phase
	Msg     game.Msg     `json:"msg,omitzero"`
	Text    string       `json:"text,omitempty"` // logs written before messages were data
	// Free is set when the move takes a combat unit out of the camp
	// (PTG-12.0.6), worked out by Decide (record); nil in the logs of
	// version 1.
	Free *bool `json:"free,omitempty"`
}

// Alerted is the Russian Alert (PTG-12.0.7).
type Alerted struct {
	Unit string     `json:"unit"`
	At   grid.Coord `json:"at"`
	Msg  game.Msg   `json:"msg,omitzero"`
	Text string     `json:"text,omitempty"` // logs written before messages were data
}

// StrayBullet is a combat unit entering a hex with an enemy leader (PTG-8.2).
type StrayBullet struct {
	Leader string     `json:"leader"`
	Unit   string     `json:"unit"`
	At     grid.Coord `json:"at"`
	Roll   int        `json:"roll"`
	Killed bool       `json:"killed"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
}

// LeaderDisplaced puts a surviving leader with friendly units (PTG-8.2).
type LeaderDisplaced struct {
	Leader string     `json:"leader"`
	From   grid.Coord `json:"from"`
	To     grid.Coord `json:"to"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
}

// LeaderLost eliminates a leader: an original leader turns to his
// replacement side, placed at the end of the player turn (PTG-8.3); a
// replacement or an aide is gone for good (8.3.1). Points is the army
// morale lost (PTG-10.0.1C).
type LeaderLost struct {
	Leader string     `json:"leader"`
	At     grid.Coord `json:"at"`
	Points int        `json:"points"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
	// Replaced is set when the leader turns to his replacement side
	// (PTG-8.3), worked out by Decide (record); nil in the logs of
	// version 1.
	Replaced *bool `json:"replaced,omitempty"`
}

// LeaderPlaced puts a replacement leader with a friendly combat unit at
// the end of the player turn (PTG-8.3).
type LeaderPlaced struct {
	Leader string     `json:"leader"`
	At     grid.Coord `json:"at"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
}

// FireZoneAttack is a fire-zone attack during the movement phase (PTG-7.6.2).
type FireZoneAttack struct {
	Unit     string       `json:"unit"`
	At       grid.Coord   `json:"at"`
	Redoubts []grid.Coord `json:"redoubts"`
	Strength int          `json:"strength"`
	Column   string       `json:"column"`
	Roll     int          `json:"roll"`
	Result   string       `json:"result"`
	Msg      game.Msg     `json:"msg,omitzero"`
	Text     string       `json:"text,omitempty"` // logs written before messages were data
}

// StepLost flips a unit to its reduced face, or eliminates it when it has
// none (PTG-3.3). Points is the army morale lost (PTG-10.0.1, 10.0.2).
type StepLost struct {
	Unit       string     `json:"unit"`
	At         grid.Coord `json:"at"`
	Eliminated bool       `json:"eliminated"`
	Points     int        `json:"points"`
	Rule       string     `json:"rule"`
	Msg        game.Msg   `json:"msg,omitzero"`
	Text       string     `json:"text,omitempty"` // logs written before messages were data
}

// Eliminated removes a whole unit (De, no legal retreat, routed twice,
// artillery routed, a picket forced back).
type Eliminated struct {
	Unit   string     `json:"unit"`
	At     grid.Coord `json:"at"`
	Points int        `json:"points"`
	Rule   string     `json:"rule"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
}

// Removed takes a unit off the map without eliminating it: off the map in
// a retreat (PTG-7.3.6), a failed rally (9.0), an exit (11.0D, status
// exited), a surrender (14.6, Points half the cost).
type Removed struct {
	Unit   string     `json:"unit"`
	At     grid.Coord `json:"at"`
	Status string     `json:"status"`
	Points int        `json:"points,omitempty"`
	Rule   string     `json:"rule"`
	Msg    game.Msg   `json:"msg,omitzero"`
	Text   string     `json:"text,omitempty"` // logs written before messages were data
}

// Retreated carries out retreats and routs, a chain of pushed units
// first (PTG-7.3, 7.4). A routing hop gets the rout marker.
type Retreated struct {
	Moves []Hop    `json:"moves"`
	Msg   game.Msg `json:"msg,omitzero"`
	Text  string   `json:"text,omitempty"` // logs written before messages were data
}

// MoraleTested is a morale test (PTG-3.3, 7.4.2).
type MoraleTested struct {
	Unit string   `json:"unit"`
	Roll int      `json:"roll"`
	Need int      `json:"need"`
	Pass bool     `json:"pass"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// Factor is one unit's line of a combat's arithmetic (PTG-7.2.1, 8.1.3).
type Factor struct {
	Unit    string `json:"unit"`
	Printed int    `json:"printed"`
	Final   int    `json:"final"`
	Leader  string `json:"leader,omitempty"`
	Bonus   int    `json:"bonus,omitempty"`
	Why     string `json:"why,omitempty"`
	// WhyMsg is Why as data, one message per multiplier.
	WhyMsg []game.Msg `json:"why_msg,omitempty"`
}

// Shift is a CRT column shift with its rule (PTG-14.0).
type Shift struct {
	Value int    `json:"value"`
	Why   string `json:"why"`
	Rule  string `json:"rule"`
	// WhyMsg is Why as data.
	WhyMsg game.Msg `json:"why_msg,omitzero"`
}

// shift builds a Shift from its reason as a message.
func shift(v int, rule, key string, kv ...any) Shift {
	m := game.M(key, kv...)
	return Shift{Value: v, Why: game.Render(game.LangEN, m), Rule: rule, WhyMsg: m}
}

// CombatDeclared opens a combat: the attackers, the defending hexes and
// the attacker's choices; the defender may still respond (PTG-7.0.2).
type CombatDeclared struct {
	Fight Fight    `json:"fight"`
	Msg   game.Msg `json:"msg,omitzero"`
	Text  string   `json:"text,omitempty"` // logs written before messages were data
}

// CombatResolved is a combat's arithmetic, roll and result (PTG-7.0.2,
// T-CRT, T-RED) or a bombardment's (T-BOMB).
type CombatResolved struct {
	ID         int      `json:"id"`
	Bombard    bool     `json:"bombard,omitempty"`
	AttackF    []Factor `json:"attack_factors"`
	DefenceF   []Factor `json:"defence_factors,omitempty"`
	Attack     int      `json:"attack"`
	Defence    int      `json:"defence"`
	Diff       int      `json:"diff"`
	Shifts     []Shift  `json:"shifts,omitempty"`
	Column     string   `json:"column"`
	MoraleDiff int      `json:"morale_diff"`
	Roll       int      `json:"roll"`
	Row        string   `json:"row,omitempty"`
	Result     string   `json:"result"`
	HexResult  []string `json:"hex_result"`
	Grenades   []string `json:"grenades,omitempty"` // grenadier units that used their grenade
	Rolling    []string `json:"rolling,omitempty"`  // units that used rolling fire
	Canister   [2]bool  `json:"canister"`           // canister fired, by side
	Msg        game.Msg `json:"msg,omitzero"`
	Text       string   `json:"text,omitempty"` // logs written before messages were data
}

// Vacancy notes a hex emptied by the losing side of the combat, into
// which one victorious unit may advance (PTG-7.5).
type Vacancy struct {
	At   grid.Coord `json:"at"`
	Side game.Side  `json:"side"`
}

// Advanced is an advance after combat, leaders going along (PTG-7.5, 8.2.2).
type Advanced struct {
	Unit    string     `json:"unit"`
	From    grid.Coord `json:"from"`
	To      grid.Coord `json:"to"`
	Leaders []string   `json:"leaders,omitempty"`
	Msg     game.Msg   `json:"msg,omitzero"`
	Text    string     `json:"text,omitempty"` // logs written before messages were data
	// Free is set when the advance takes the unit out of the camp
	// (PTG-12.0.6), worked out by Decide (record); nil in the logs of
	// version 1.
	Free *bool `json:"free,omitempty"`
}

// FightEnded closes a combat.
type FightEnded struct {
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// Queued adds decisions or consequences to wait for; Front puts them
// before those already waiting.
type Queued struct {
	Steps []Step   `json:"steps"`
	Front bool     `json:"front,omitempty"`
	Msg   game.Msg `json:"msg,omitzero"`
	Text  string   `json:"text,omitempty"` // logs written before messages were data
}

// Popped removes the step at the head of the queue, done.
type Popped struct {
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// Rallied is a rally attempt (PTG-9.0); a failure is followed by Removed.
type Rallied struct {
	Unit    string   `json:"unit"`
	Roll    int      `json:"roll"`
	Need    int      `json:"need"`
	Success bool     `json:"success"`
	Msg     game.Msg `json:"msg,omitzero"`
	Text    string   `json:"text,omitempty"` // logs written before messages were data
}

// ZonePlanned records the hex the phasing player chose for a redoubt's
// fire zone (PTG-7.6.1).
type ZonePlanned struct {
	Zone FireZone `json:"zone"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// FireZonesPlaced puts the phasing player's fire-zone markers at the end
// of his combat phase (PTG-7.6.1).
type FireZonesPlaced struct {
	Zones []FireZone `json:"zones"`
	Msg   game.Msg   `json:"msg,omitzero"`
	Text  string     `json:"text,omitempty"` // logs written before messages were data
}

// FireZonesCleared removes a side's fire-zone markers (PTG-7.6.1).
type FireZonesCleared struct {
	Side game.Side `json:"side"`
	Msg  game.Msg  `json:"msg,omitzero"`
	Text string    `json:"text,omitempty"` // logs written before messages were data
}

// MoraleChanged is an army morale change not due to a unit: the camp
// event of PTG-10.0.6.
type MoraleChanged struct {
	Side  game.Side `json:"side"`
	Delta int       `json:"delta"`
	Msg   game.Msg  `json:"msg,omitzero"`
	Text  string    `json:"text,omitempty"` // logs written before messages were data
}

// AidePlaced brings an aide in with the senior leader, and its survival
// roll (PTG-14.16.2, 14.16.4).
type AidePlaced struct {
	Aide string     `json:"aide"`
	At   grid.Coord `json:"at"`
	Roll int        `json:"roll"`
	Hit  bool       `json:"hit"`
	Msg  game.Msg   `json:"msg,omitzero"`
	Text string     `json:"text,omitempty"` // logs written before messages were data
	// Command is the command status once the aide is in (PTG-6.0),
	// worked out by Decide (record); nil when he is hit and in the logs
	// of version 1.
	Command *CommandStatus `json:"command,omitempty"`
}

// Mounted is dragoons dismounting or remounting (PTG-14.12); it costs 1 MP.
type Mounted struct {
	Unit       string   `json:"unit"`
	Dismounted bool     `json:"dismounted"`
	Msg        game.Msg `json:"msg,omitzero"`
	Text       string   `json:"text,omitempty"` // logs written before messages were data
	// Cost is in half MP; the logs of version 1 have none (it was 2).
	Cost int `json:"cost,omitempty"`
}

// SquareChanged is infantry forming or leaving square (PTG-14.11): Cost
// half MP (0 when forced by combat).
type SquareChanged struct {
	Unit   string   `json:"unit"`
	Square bool     `json:"square"`
	Cost   int      `json:"cost"`
	Msg    game.Msg `json:"msg,omitzero"`
	Text   string   `json:"text,omitempty"` // logs written before messages were data
}

// Broke is the horse-artillery breakdown roll (PTG-14.17.3).
type Broke struct {
	Unit   string   `json:"unit"`
	Roll   int      `json:"roll"`
	Broken bool     `json:"broken"`
	Msg    game.Msg `json:"msg,omitzero"`
	Text   string   `json:"text,omitempty"` // logs written before messages were data
}

// EquipmentChecked is the assault-equipment roll after a redoubt attack
// (PTG-14.3.3).
type EquipmentChecked struct {
	Unit string   `json:"unit"`
	Roll int      `json:"roll"`
	Kept bool     `json:"kept"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// Released names one of the five camp units that may leave on turn 4
// (PTG-12.0.4).
type Released struct {
	Unit string   `json:"unit"`
	Msg  game.Msg `json:"msg,omitzero"`
	Text string   `json:"text,omitempty"` // logs written before messages were data
}

// GameEnded records the final result.
type GameEnded struct {
	Outcome game.Outcome `json:"outcome"`
}

func (Placed) Kind() string           { return "placed" }
func (RedoubtSet) Kind() string       { return "redoubt-set" }
func (Equipped) Kind() string         { return "equipped" }
func (SetupDone) Kind() string        { return "setup-done" }
func (Began) Kind() string            { return "began" }
func (PhaseChanged) Kind() string     { return "phase" }
func (VisibilityRolled) Kind() string { return "visibility" }
func (Moved) Kind() string            { return "moved" }
func (Alerted) Kind() string          { return "alerted" }
func (StrayBullet) Kind() string      { return "stray-bullet" }
func (LeaderDisplaced) Kind() string  { return "leader-displaced" }
func (LeaderLost) Kind() string       { return "leader-lost" }
func (LeaderPlaced) Kind() string     { return "leader-placed" }
func (FireZoneAttack) Kind() string   { return "fire-zone-attack" }
func (StepLost) Kind() string         { return "step-lost" }
func (Eliminated) Kind() string       { return "eliminated" }
func (Removed) Kind() string          { return "removed" }
func (Retreated) Kind() string        { return "retreated" }
func (MoraleTested) Kind() string     { return "morale-test" }
func (CombatDeclared) Kind() string   { return "combat-declared" }
func (CombatResolved) Kind() string   { return "combat" }
func (Vacancy) Kind() string          { return "vacancy" }
func (Advanced) Kind() string         { return "advanced" }
func (FightEnded) Kind() string       { return "fight-ended" }
func (Queued) Kind() string           { return "queued" }
func (Popped) Kind() string           { return "popped" }
func (Rallied) Kind() string          { return "rallied" }
func (ZonePlanned) Kind() string      { return "zone-planned" }
func (FireZonesPlaced) Kind() string  { return "fire-zones-placed" }
func (FireZonesCleared) Kind() string { return "fire-zones-cleared" }
func (MoraleChanged) Kind() string    { return "morale-changed" }
func (AidePlaced) Kind() string       { return "aide-placed" }
func (Mounted) Kind() string          { return "mounted" }
func (SquareChanged) Kind() string    { return "square" }
func (Broke) Kind() string            { return "broke" }
func (EquipmentChecked) Kind() string { return "equipment-checked" }
func (Released) Kind() string         { return "released" }
func (GameEnded) Kind() string        { return "game-ended" }

func (e Placed) Message() game.Msg           { return narration(e.Msg, e.Text) }
func (e Placed) Explain() string             { return game.Render(game.LangEN, e.Message()) }
func (e RedoubtSet) Message() game.Msg       { return narration(e.Msg, e.Text) }
func (e RedoubtSet) Explain() string         { return game.Render(game.LangEN, e.Message()) }
func (e Equipped) Message() game.Msg         { return narration(e.Msg, e.Text) }
func (e Equipped) Explain() string           { return game.Render(game.LangEN, e.Message()) }
func (e SetupDone) Message() game.Msg        { return narration(e.Msg, e.Text) }
func (e SetupDone) Explain() string          { return game.Render(game.LangEN, e.Message()) }
func (e Began) Message() game.Msg            { return narration(e.Msg, e.Text) }
func (e Began) Explain() string              { return game.Render(game.LangEN, e.Message()) }
func (e PhaseChanged) Message() game.Msg     { return narration(e.Msg, e.Text) }
func (e PhaseChanged) Explain() string       { return game.Render(game.LangEN, e.Message()) }
func (e VisibilityRolled) Message() game.Msg { return narration(e.Msg, e.Text) }
func (e VisibilityRolled) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Moved) Message() game.Msg            { return narration(e.Msg, e.Text) }
func (e Moved) Explain() string              { return game.Render(game.LangEN, e.Message()) }
func (e Alerted) Message() game.Msg          { return narration(e.Msg, e.Text) }
func (e Alerted) Explain() string            { return game.Render(game.LangEN, e.Message()) }
func (e StrayBullet) Message() game.Msg      { return narration(e.Msg, e.Text) }
func (e StrayBullet) Explain() string        { return game.Render(game.LangEN, e.Message()) }
func (e LeaderDisplaced) Message() game.Msg  { return narration(e.Msg, e.Text) }
func (e LeaderDisplaced) Explain() string    { return game.Render(game.LangEN, e.Message()) }
func (e LeaderLost) Message() game.Msg       { return narration(e.Msg, e.Text) }
func (e LeaderLost) Explain() string         { return game.Render(game.LangEN, e.Message()) }
func (e LeaderPlaced) Message() game.Msg     { return narration(e.Msg, e.Text) }
func (e LeaderPlaced) Explain() string       { return game.Render(game.LangEN, e.Message()) }
func (e FireZoneAttack) Message() game.Msg   { return narration(e.Msg, e.Text) }
func (e FireZoneAttack) Explain() string     { return game.Render(game.LangEN, e.Message()) }
func (e StepLost) Message() game.Msg         { return narration(e.Msg, e.Text) }
func (e StepLost) Explain() string           { return game.Render(game.LangEN, e.Message()) }
func (e Eliminated) Message() game.Msg       { return narration(e.Msg, e.Text) }
func (e Eliminated) Explain() string         { return game.Render(game.LangEN, e.Message()) }
func (e Removed) Message() game.Msg          { return narration(e.Msg, e.Text) }
func (e Removed) Explain() string            { return game.Render(game.LangEN, e.Message()) }
func (e Retreated) Message() game.Msg        { return narration(e.Msg, e.Text) }
func (e Retreated) Explain() string          { return game.Render(game.LangEN, e.Message()) }
func (e MoraleTested) Message() game.Msg     { return narration(e.Msg, e.Text) }
func (e MoraleTested) Explain() string       { return game.Render(game.LangEN, e.Message()) }
func (e CombatDeclared) Message() game.Msg   { return narration(e.Msg, e.Text) }
func (e CombatDeclared) Explain() string     { return game.Render(game.LangEN, e.Message()) }
func (e CombatResolved) Message() game.Msg   { return narration(e.Msg, e.Text) }
func (e CombatResolved) Explain() string     { return game.Render(game.LangEN, e.Message()) }
func (e Vacancy) Message() game.Msg          { return game.Msg{} }
func (e Vacancy) Explain() string            { return "" }
func (e Advanced) Message() game.Msg         { return narration(e.Msg, e.Text) }
func (e Advanced) Explain() string           { return game.Render(game.LangEN, e.Message()) }
func (e FightEnded) Message() game.Msg       { return narration(e.Msg, e.Text) }
func (e FightEnded) Explain() string         { return game.Render(game.LangEN, e.Message()) }
func (e Queued) Message() game.Msg           { return narration(e.Msg, e.Text) }
func (e Queued) Explain() string             { return game.Render(game.LangEN, e.Message()) }
func (e Popped) Message() game.Msg           { return narration(e.Msg, e.Text) }
func (e Popped) Explain() string             { return game.Render(game.LangEN, e.Message()) }
func (e Rallied) Message() game.Msg          { return narration(e.Msg, e.Text) }
func (e Rallied) Explain() string            { return game.Render(game.LangEN, e.Message()) }
func (e ZonePlanned) Message() game.Msg      { return narration(e.Msg, e.Text) }
func (e ZonePlanned) Explain() string        { return game.Render(game.LangEN, e.Message()) }
func (e FireZonesPlaced) Message() game.Msg  { return narration(e.Msg, e.Text) }
func (e FireZonesPlaced) Explain() string    { return game.Render(game.LangEN, e.Message()) }
func (e FireZonesCleared) Message() game.Msg { return narration(e.Msg, e.Text) }
func (e FireZonesCleared) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e MoraleChanged) Message() game.Msg    { return narration(e.Msg, e.Text) }
func (e MoraleChanged) Explain() string      { return game.Render(game.LangEN, e.Message()) }
func (e AidePlaced) Message() game.Msg       { return narration(e.Msg, e.Text) }
func (e AidePlaced) Explain() string         { return game.Render(game.LangEN, e.Message()) }
func (e Mounted) Message() game.Msg          { return narration(e.Msg, e.Text) }
func (e Mounted) Explain() string            { return game.Render(game.LangEN, e.Message()) }
func (e SquareChanged) Message() game.Msg    { return narration(e.Msg, e.Text) }
func (e SquareChanged) Explain() string      { return game.Render(game.LangEN, e.Message()) }
func (e Broke) Message() game.Msg            { return narration(e.Msg, e.Text) }
func (e Broke) Explain() string              { return game.Render(game.LangEN, e.Message()) }
func (e EquipmentChecked) Message() game.Msg { return narration(e.Msg, e.Text) }
func (e EquipmentChecked) Explain() string   { return game.Render(game.LangEN, e.Message()) }
func (e Released) Message() game.Msg         { return narration(e.Msg, e.Text) }
func (e Released) Explain() string           { return game.Render(game.LangEN, e.Message()) }
func (e GameEnded) Message() game.Msg {
	if e.Outcome.ResultMsg.IsZero() {
		return game.M("ptg.game-over", "result", game.Plain(e.Outcome.Result))
	}
	return game.M("ptg.game-over", "result", e.Outcome.ResultMsg)
}
func (e GameEnded) Explain() string { return game.Render(game.LangEN, e.Message()) }

// narration is an event's message, or for a log written before messages
// were data, its English text as it was.
func narration(m game.Msg, text string) game.Msg {
	if m.IsZero() && text != "" {
		return game.M("ptg.text", "text", game.Plain(text))
	}
	return m
}

var eventKinds = map[string]func() game.Event{
	"placed":             func() game.Event { return &Placed{} },
	"redoubt-set":        func() game.Event { return &RedoubtSet{} },
	"equipped":           func() game.Event { return &Equipped{} },
	"setup-done":         func() game.Event { return &SetupDone{} },
	"began":              func() game.Event { return &Began{} },
	"phase":              func() game.Event { return &PhaseChanged{} },
	"visibility":         func() game.Event { return &VisibilityRolled{} },
	"moved":              func() game.Event { return &Moved{} },
	"alerted":            func() game.Event { return &Alerted{} },
	"stray-bullet":       func() game.Event { return &StrayBullet{} },
	"leader-displaced":   func() game.Event { return &LeaderDisplaced{} },
	"leader-lost":        func() game.Event { return &LeaderLost{} },
	"leader-placed":      func() game.Event { return &LeaderPlaced{} },
	"fire-zone-attack":   func() game.Event { return &FireZoneAttack{} },
	"step-lost":          func() game.Event { return &StepLost{} },
	"eliminated":         func() game.Event { return &Eliminated{} },
	"removed":            func() game.Event { return &Removed{} },
	"retreated":          func() game.Event { return &Retreated{} },
	"morale-test":        func() game.Event { return &MoraleTested{} },
	"combat-declared":    func() game.Event { return &CombatDeclared{} },
	"combat":             func() game.Event { return &CombatResolved{} },
	"vacancy":            func() game.Event { return &Vacancy{} },
	"advanced":           func() game.Event { return &Advanced{} },
	"fight-ended":        func() game.Event { return &FightEnded{} },
	"queued":             func() game.Event { return &Queued{} },
	"popped":             func() game.Event { return &Popped{} },
	"rallied":            func() game.Event { return &Rallied{} },
	"zone-planned":       func() game.Event { return &ZonePlanned{} },
	"fire-zones-placed":  func() game.Event { return &FireZonesPlaced{} },
	"fire-zones-cleared": func() game.Event { return &FireZonesCleared{} },
	"morale-changed":     func() game.Event { return &MoraleChanged{} },
	"aide-placed":        func() game.Event { return &AidePlaced{} },
	"mounted":            func() game.Event { return &Mounted{} },
	"square":             func() game.Event { return &SquareChanged{} },
	"broke":              func() game.Event { return &Broke{} },
	"equipment-checked":  func() game.Event { return &EquipmentChecked{} },
	"released":           func() game.Event { return &Released{} },
	"game-ended":         func() game.Event { return &GameEnded{} },
}

// lose subtracts army morale, never below 0 (PTG-10.0.4).
func (s *State) lose(side game.Side, points int) {
	s.NMA[side] = max(0, s.NMA[side]-points)
}

func (s *State) markGone(u *Unit, at grid.Coord) {
	s.Gone = append(s.Gone, game.Mark{At: at, Kind: "eliminated", Label: u.ID})
}

// evolve applies one event to a copy of s.
func evolve(s *State, ev game.Event) *State {
	defer purity.Evolving()()
	if unrecorded(ev) {
		ev = legacyRecord(s, ev)
	}
	n := s.clone()
	switch e := ev.(type) {
	case Placed:
		u := n.Unit(e.Unit)
		u.At, u.Placed = e.At, true
		if u.Status == game.StatusReserve {
			u.Status = game.StatusActive
		}
	case RedoubtSet:
		if r := n.RedoubtAt(e.From); r != nil {
			r.At, r.Building = e.At, e.Building
		}
	case Equipped:
		n.Unit(e.Unit).Assault = e.On
	case SetupDone:
		n.Ready[e.Side] = true
		n.Active = e.Side.Other()
	case Began:
		for _, id := range e.Garrisons {
			n.Unit(id).Immobile = true
		}
		for _, id := range e.Free {
			n.Unit(id).Free = true
		}
	case PhaseChanged:
		n.Turn = e.Turn
		n.startPhase(e.Phase, e.Active)
		switch e.Phase {
		case PhaseMove:
			n.setCommand(e.Command)
		case PhaseCombat:
			n.Must = make(map[string][]string, len(e.Must))
			for id, targets := range e.Must {
				n.Must[id] = slices.Clone(targets)
			}
		}
	case VisibilityRolled:
		n.Visibility = ""
		if e.Bad {
			n.Visibility = "bad"
		}
	case Moved:
		u := n.Unit(e.Unit)
		if n.Mover != "" && n.Mover != e.Unit {
			if m := n.Unit(n.Mover); m != nil {
				m.Done = true
			}
		}
		n.Mover = e.Unit
		from := e.Path[0]
		if e.Entry {
			u.Status, u.Placed = game.StatusActive, true
		}
		u.At = e.Path[len(e.Path)-1]
		u.Spent += e.Cost
		u.Moved = true
		u.Done = u.Done || e.Stop
		if e.Charged != nil {
			u.Charged = slices.Clone(e.Charged)
		}
		if *e.Free {
			u.Free = true // PTG-12.0.6: once out, a unit may come and go
		}
		if !e.Entry || len(e.Path) > 1 {
			n.Recent = append(n.Recent, game.Arrow{From: from, To: u.At, Kind: "move", Side: u.Side})
		}
	case Alerted:
		n.Alerted = true
	case StrayBullet:
	case LeaderDisplaced:
		n.Unit(e.Leader).At = e.To
	case LeaderLost:
		u := n.Unit(e.Leader)
		u.Lost += e.Points
		n.lose(u.Side, e.Points)
		n.markGone(u, e.At)
		if *e.Replaced {
			u.Replacement, u.Awaiting = true, true
			u.Status = game.StatusReserve
			u.Placed = false
		} else {
			u.Status = game.StatusEliminated
		}
	case LeaderPlaced:
		u := n.Unit(e.Leader)
		u.At, u.Status, u.Awaiting, u.Placed = e.At, game.StatusActive, false, true
	case FireZoneAttack:
	case StepLost:
		u := n.Unit(e.Unit)
		u.Lost += e.Points
		n.lose(u.Side, e.Points)
		if e.Eliminated {
			u.Status = game.StatusEliminated
			n.markGone(u, e.At)
		} else {
			u.Reduced = true
		}
	case Eliminated:
		u := n.Unit(e.Unit)
		u.Lost += e.Points
		n.lose(u.Side, e.Points)
		u.Status = game.StatusEliminated
		n.markGone(u, e.At)
	case Removed:
		u := n.Unit(e.Unit)
		u.Lost += e.Points
		n.lose(u.Side, e.Points)
		u.Status = e.Status
		n.Gone = append(n.Gone, game.Mark{At: e.At, Kind: "eliminated", Label: u.ID})
	case Retreated:
		for _, h := range e.Moves {
			u := n.Unit(h.Unit)
			u.At = h.Path[len(h.Path)-1]
			u.Square = false
			if h.Rout {
				u.Routed = true
			}
			n.Recent = append(n.Recent, game.Arrow{From: h.Path[0], To: u.At, Kind: "retreat", Side: u.Side})
		}
	case MoraleTested:
	case CombatDeclared:
		f := e.Fight
		n.Fight = &f
		n.Combats = f.ID
		for _, id := range f.Attackers {
			u := n.Unit(id)
			u.Attacked = true
			u.Square = false // PTG-14.11.1: a square that attacks leaves square
		}
		for _, id := range f.Defenders {
			n.Unit(id).Defended = true
		}
	case CombatResolved:
		n.Fight.Result, n.Fight.HexResult = e.Result, slices.Clone(e.HexResult)
		for _, id := range e.Grenades {
			n.Unit(id).Grenade = false
		}
		for _, id := range e.Rolling {
			n.Unit(id).Exhausted = true
		}
		for side, used := range e.Canister {
			if used {
				n.Canister[side]--
			}
		}
		label := e.Column + " " + e.Result
		for _, id := range n.Fight.Attackers {
			n.Recent = append(n.Recent, game.Arrow{From: n.Unit(id).At, To: n.Fight.Hexes[0], Kind: "combat", Side: n.Fight.Side, Label: label})
		}
	case Vacancy:
		n.Fight.Vacated = append(n.Fight.Vacated, Vacated{At: e.At, Side: e.Side})
	case Advanced:
		u := n.Unit(e.Unit)
		u.At, u.Square = e.To, false
		for _, l := range e.Leaders {
			n.Unit(l).At = e.To
		}
		if *e.Free {
			u.Free = true
		}
		n.Fight.Advanced = append(n.Fight.Advanced, e.Unit)
		n.Recent = append(n.Recent, game.Arrow{From: e.From, To: e.To, Kind: "advance", Side: u.Side})
	case FightEnded:
		n.Fight = nil
	case Queued:
		if e.Front {
			n.Queue = append(slices.Clone(e.Steps), n.Queue...)
		} else {
			n.Queue = append(n.Queue, e.Steps...)
		}
	case Popped:
		if len(n.Queue) > 0 {
			n.Queue = n.Queue[1:]
		}
	case Rallied:
		if e.Success {
			n.Unit(e.Unit).Routed = false
		}
	case ZonePlanned:
		n.Planned = slices.DeleteFunc(n.Planned, func(z FireZone) bool { return z.From == e.Zone.From })
		n.Planned = append(n.Planned, e.Zone)
	case FireZonesPlaced:
		n.FireZones = append(n.FireZones, e.Zones...)
		n.Planned = nil
	case FireZonesCleared:
		n.FireZones = slices.DeleteFunc(n.FireZones, func(z FireZone) bool { return z.Side == e.Side })
	case MoraleChanged:
		n.lose(e.Side, -e.Delta)
		n.CampEvent = true
	case AidePlaced:
		u := n.Unit(e.Aide)
		n.AideUsed = true
		if e.Hit {
			u.Status = StatusRemoved
		} else {
			u.At, u.Status, u.Placed = e.At, game.StatusActive, true
			n.setCommand(e.Command)
		}
	case Mounted:
		u := n.Unit(e.Unit)
		u.Dismounted = e.Dismounted
		u.Spent += e.Cost
	case SquareChanged:
		u := n.Unit(e.Unit)
		if n.Mover != "" && n.Mover != e.Unit {
			if m := n.Unit(n.Mover); m != nil {
				m.Done = true
			}
		}
		n.Mover = e.Unit
		u.Square = e.Square
		u.Spent += e.Cost
		u.Moved = true
		if e.Square {
			u.Done = true
		}
	case Broke:
		if e.Broken {
			n.Unit(e.Unit).Broken = true
		}
	case EquipmentChecked:
		n.Unit(e.Unit).Assault = e.Kept
	case Freed:
		n.Unit(e.Unit).Attacked = false
	case Released:
		u := n.Unit(e.Unit)
		u.Released = true
	case GameEnded:
		o := e.Outcome
		n.Result = &o
		n.Phase = PhaseOver
		n.Active = game.Nobody
	}
	n.ix = nil
	return n
}

// startPhase resets the per-phase marks, the bookkeeping of PhaseChanged;
// the command status (PTG-6.0) and the obligations of PTG-7.0.1 a phase
// starts with come from the event.
func (s *State) startPhase(phase string, active game.Side) {
	if phase == PhaseMove {
		s.AideUsed = false // PTG-14.16.5: one aide per player turn
	}
	s.Phase, s.Active = phase, active
	s.Mover = ""
	s.Recent, s.Gone = nil, nil
	s.Must = nil
	for i := range s.Units {
		u := &s.Units[i]
		u.Moved, u.Done, u.Spent, u.Attacked, u.Defended = false, false, 0, false, false
		u.StartAt = u.At
		if phase == PhaseMove && u.Side == active {
			u.Charged = nil
		}
	}
}
