package bot

import (
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/game/dice"
	"github.com/grognard/grognard/game/rules/all"
	"github.com/grognard/grognard/storage"
)

// TestServerSettings (issue 15, per-server settings): a server's
// administrators set its admin role, language, deadline and rulesets;
// anyone reads them; a refusal names the field and changes nothing; new
// games of the server follow them; another server keeps the defaults.
func TestServerSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	st, err := storage.Open(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var seeds int64
	open := func() *App {
		app, err := New(Config{Store: st, Logger: slog.New(slog.DiscardHandler), Operators: []string{"test:op"}, Deadlines: Deadlines{Phase: 48 * time.Hour},
			NewSeed: func() []byte { seeds++; return dice.SeedFromInt(seeds) }})
		if err != nil {
			t.Fatal(err)
		}
		return app
	}
	app := open()
	// Rooms r1 and r2 are channels of server s1, r3 of server s2. Manny
	// manages s1 (Manage Server); gil is an administrator through the
	// configured global role only; rita holds role 42.
	type who struct {
		admin, roleAdmin bool
		roles            []string
		locale           string
	}
	people := map[string]who{
		"manny": {admin: true},
		"gil":   {admin: true, roleAdmin: true, roles: []string{"7"}},
		"rita":  {roles: []string{"42"}},
		"pat":   {},
		"franc": {locale: "fr"},
	}
	servers := map[string]string{"r1": "s1", "r2": "s1", "r3": "s2"}
	say := func(room, user, text string) string {
		p := people[user]
		r := app.Handle(t.Context(), Request{Platform: "test", Room: room, Server: servers[room], User: User{ID: user, Name: user},
			IsAdmin: p.admin, RoleAdmin: p.roleAdmin, Roles: p.roles, Lang: p.locale, Text: text})
		return texts(r)
	}
	stored := func() string {
		b, err := st.ServerSettings("test:s1")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	wants := func(room, user, text string, want ...string) string {
		t.Helper()
		got := say(room, user, text)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Fatalf("%s in %s: %q: %q, want %q", user, room, text, got, w)
			}
		}
		return got
	}
	refused := func(room, user, text string, want ...string) {
		t.Helper()
		before, fp := stored(), fingerprint(t, st)
		wants(room, user, text, want...)
		if stored() != before || fingerprint(t, st) != fp {
			t.Fatalf("%s in %s: %q: refused but the store changed", user, room, text)
		}
	}
	for u := range people {
		say("r1", u, "help")
	}

	// Anyone reads the defaults.
	wants("r1", "pat", "settings", "Settings of this server", "admin-role: the configured admin role (the bot's default)",
		"lang: en (the bot's default)", "deadline: 2 d (the bot's default)", "rulesets: "+strings.Join(all.Names(), ", ")+" (the bot's default)")
	// A non-administrator may not change them (English and French), nor
	// may an administrator through the global role only.
	refused("r1", "pat", "settings lang fr", "only a server administrator", "can change lang")
	refused("r1", "franc", "settings deadline 72h", "seul un administrateur du serveur", "peut changer deadline")
	refused("r1", "gil", "settings rulesets gs", "can change rulesets")
	refused("r1", "rita", "settings admin-role 42", "can change admin-role")
	// Bad values are refused naming the field.
	refused("r1", "manny", "settings lang de", "de is not a valid lang", "Nothing was changed")
	refused("r1", "manny", "settings deadline 5s", "not a valid deadline")
	refused("r1", "manny", "settings deadline 90d", "not a valid deadline")
	refused("r1", "manny", "settings rulesets gs,chess", "chess is not a ruleset for rulesets", strings.Join(all.Names(), ", "))
	refused("r1", "manny", "settings admin-role bob", "not a valid admin-role")
	refused("r1", "manny", "settings colour red", "colour")
	refused("r1", "manny", "settings deadline", "give a value for deadline")

	// The administrator sets them.
	wants("r1", "manny", "settings rulesets ptg", "manny set rulesets for this server: ptg")
	wants("r1", "manny", "settings deadline 72h", "set deadline", "3 d")
	wants("r1", "manny", "settings admin-role <@&42>", "set admin-role", "<@&42>")
	wants("r1", "manny", "settings lang fr", "manny a réglé lang pour ce serveur : fr")

	// In another channel of the server: French, the offered rulesets, the
	// server's deadline.
	wants("r2", "pat", "settings", "Réglages de ce serveur", "lang: fr", "deadline: 3 j", "rulesets: ptg", "admin-role: <@&42>")
	wants("r2", "pat", "new gs-1", "ce serveur ne propose pas le jeu de règles gs", "ptg")
	got := wants("r2", "pat", "new ptg-historical", "g1")
	if want := T(FR, "new.deadline", "phase", fmtDuration(FR, 72*time.Hour), "decision", fmtDuration(FR, app.decisionFor(72*time.Hour))); !strings.Contains(got, want) {
		t.Fatalf("a new game of the server: %q, want %q", got, want)
	}
	// deadline=… at `new` still wins.
	wants("r2", "manny", "new ptg-historical deadline=none", "g2")
	if strings.Contains(say("r2", "manny", "g2 status"), "3 j") {
		t.Fatal("deadline=none at new did not win over the server's deadline")
	}

	// The server's admin role replaces the global one: rita administers
	// the room's settings, gil no longer does; neither changes `settings`.
	wants("r1", "rita", "lang en room", "This room now speaks English")
	refused("r1", "gil", "lang fr room", "only a room administrator")
	refused("r1", "rita", "settings lang en", "can change lang")

	// Another server keeps the bot's defaults.
	wants("r3", "pat", "settings", "lang: en (the bot's default)", "rulesets: "+strings.Join(all.Names(), ", ")+" (the bot's default)")
	wants("r3", "pat", "new gs-1", "g3")

	// Stored: a new App on the same store reads them; default restores.
	app = open()
	wants("r2", "pat", "settings", "lang: fr", "rulesets: ptg")
	wants("r2", "manny", "settings rulesets all", "rulesets", strings.Join(all.Names(), ", "))
	wants("r2", "op", "settings deadline default", "2 j")
	wants("r2", "pat", "new gs-1", "g4")

	// Where the room is its own server (Matrix, the terminal) there are no
	// roles to name.
	servers["r4"] = ""
	wants("r4", "manny", "settings admin-role 42", "this platform has no server roles")
	if got := say("r4", "pat", "settings"); strings.Contains(got, "admin-role") {
		t.Fatalf("settings of a room without roles lists admin-role: %q", got)
	}
	wants("r4", "manny", "settings lang fr", "lang")
	wants("r4", "pat", "help", "commandes")
}

// TestServerRulesetsListed: `scenarios` and the scenario autocomplete
// offer only the server's rulesets.
func TestServerRulesetsListed(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "g.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app, err := New(Config{Store: st, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	req := func(user string, admin bool, text string) Request {
		return Request{Platform: "test", Room: "r1", Server: "s1", User: User{ID: user}, IsAdmin: admin, Text: text}
	}
	app.Handle(t.Context(), req("manny", true, "settings rulesets ptg"))
	got := texts(app.Handle(t.Context(), req("pat", false, "scenarios")))
	if strings.Contains(got, "gs-1") || !strings.Contains(got, "ptg-historical") {
		t.Fatalf("scenarios where only ptg is offered: %q", got)
	}
	r := req("pat", false, "")
	r.Command, r.Args = "new", map[string]string{"scenario": ""}
	for _, c := range app.Complete(t.Context(), r, "scenario", "") {
		if strings.HasPrefix(c.Command, "gs-") {
			t.Fatalf("autocomplete offers %s where only ptg is offered", c.Command)
		}
	}
}
