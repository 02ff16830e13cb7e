package fakediscord

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// wsClient is a bare gateway client: it identifies and reads frames.
type wsClient struct {
	t  *testing.T
	ws *websocket.Conn
}

type frame struct {
	Op int             `json:"op"`
	T  string          `json:"t"`
	D  json.RawMessage `json:"d"`
}

func dialGateway(t *testing.T, s *Server) *wsClient {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL(), "http")+"/gw/?v=10&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	c := &wsClient{t: t, ws: ws}
	if f := c.read(); f.Op != 10 {
		t.Fatalf("first frame: op %d, want HELLO", f.Op)
	}
	return c
}

// read returns the next frame; a close frame is returned as op -code.
func (c *wsClient) read() frame {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(time.Minute))
	_, data, err := c.ws.ReadMessage()
	if ce, ok := err.(*websocket.CloseError); ok {
		return frame{Op: -ce.Code}
	}
	if err != nil {
		c.t.Fatal(err)
	}
	var f frame
	if err := json.Unmarshal(data, &f); err != nil {
		c.t.Fatal(err)
	}
	return f
}

func (c *wsClient) identify(shard []int) {
	c.t.Helper()
	d := map[string]any{"token": "Bot tok", "intents": 1, "properties": map[string]any{}}
	if shard != nil {
		d["shard"] = shard
	}
	if err := c.ws.WriteJSON(map[string]any{"op": 2, "d": d}); err != nil {
		c.t.Fatal(err)
	}
}

// ready identifies and returns READY's guild ids and shard, and the ids
// of the GUILD_CREATEs that follow (want of them).
func (c *wsClient) ready(shard []int, want int) (guilds []string, readyShard []int, created []string) {
	c.t.Helper()
	c.identify(shard)
	f := c.read()
	var r struct {
		Guilds []struct{ ID string } `json:"guilds"`
		Shard  []int                 `json:"shard"`
	}
	if f.T != "READY" || json.Unmarshal(f.D, &r) != nil {
		c.t.Fatalf("after IDENTIFY: %s %s", f.T, f.D)
	}
	for _, g := range r.Guilds {
		guilds = append(guilds, g.ID)
	}
	for range want {
		f := c.read()
		var g struct{ ID string }
		if f.T != "GUILD_CREATE" || json.Unmarshal(f.D, &g) != nil {
			c.t.Fatalf("after READY: %s %s", f.T, f.D)
		}
		created = append(created, g.ID)
	}
	return guilds, r.Shard, created
}

// interaction reads frames until an INTERACTION_CREATE and returns its
// id and guild.
func (c *wsClient) interaction() (id, guild string) {
	c.t.Helper()
	for {
		f := c.read()
		if f.Op < 0 {
			c.t.Fatalf("connection closed with %d", -f.Op)
		}
		if f.T == "INTERACTION_CREATE" {
			var in struct {
				ID      string `json:"id"`
				GuildID string `json:"guild_id"`
			}
			json.Unmarshal(f.D, &in)
			return in.ID, in.GuildID
		}
	}
}

// post sends a REST request as the bot and decodes the answer.
func post(t *testing.T, s *Server, path, body string, out any) {
	t.Helper()
	req, _ := http.NewRequest("POST", "https://discord.com/api/v10"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bot tok")
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || json.Unmarshal(b, out) != nil {
		t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
	}
}

// buttonIn posts a message with one button in a channel and returns its
// id.
func buttonIn(t *testing.T, s *Server, channel string) string {
	t.Helper()
	var m struct{ ID string }
	post(t, s, "/channels/"+channel+"/messages",
		`{"content":"pick","components":[{"type":1,"components":[{"type":2,"style":1,"label":"go","custom_id":"go"}]}]}`, &m)
	return m.ID
}

// TestShardRouting: in shard mode each shard's session gets READY with
// its own guilds and their GUILD_CREATEs, the interactions of a guild's
// channels go to the session of shard (guild_id >> 22) % count and to no
// other, and DM interactions to shard 0's.
func TestShardRouting(t *testing.T) {
	s, err := New(Options{Token: "tok", Shards: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	g1, ch1 := s.AddGuild()
	g2, ch2 := s.AddGuild()
	if s.ShardOf(g1) == s.ShardOf(g2) {
		t.Fatalf("successive guilds %s and %s on the same shard %d", g1, g2, s.ShardOf(g1))
	}
	byShard := map[int][]string{}
	chanOf := map[string]string{s.Guild: s.Channel, g1: ch1, g2: ch2}
	for _, g := range []string{s.Guild, g1, g2} {
		byShard[s.ShardOf(g)] = append(byShard[s.ShardOf(g)], g)
	}
	conns := map[int]*wsClient{}
	for shard := range 2 {
		c := dialGateway(t, s)
		guilds, rs, created := c.ready([]int{shard, 2}, len(byShard[shard]))
		slices.Sort(guilds)
		slices.Sort(created)
		want := slices.Sorted(slices.Values(byShard[shard]))
		if !slices.Equal(guilds, want) || !slices.Equal(created, want) || !slices.Equal(rs, []int{shard, 2}) {
			t.Errorf("shard %d: READY guilds %v shard %v, GUILD_CREATE %v; want guilds %v", shard, guilds, rs, created, want)
		}
		conns[shard] = c
	}
	if st := s.Stats(); st.Shards[0] != 1 || st.Shards[1] != 1 {
		t.Errorf("identifies by shard %v, want one each", st.Shards)
	}
	u := s.AddUser("alice", 0)
	for _, g := range []string{s.Guild, g1, g2} {
		msg := buttonIn(t, s, chanOf[g])
		in, err := s.Click(u, msg, "go")
		if err != nil {
			t.Fatal(err)
		}
		id, guild := conns[s.ShardOf(g)].interaction()
		if id != in.ID || guild != g {
			t.Errorf("guild %s: shard %d got interaction %s of guild %q, want %s", g, s.ShardOf(g), id, guild, in.ID)
		}
	}
	var dm struct{ ID string }
	post(t, s, "/users/@me/channels", `{"recipient_id":"`+u.ID+`"}`, &dm)
	in, err := s.Click(u, buttonIn(t, s, dm.ID), "go")
	if err != nil {
		t.Fatal(err)
	}
	if id, guild := conns[0].interaction(); id != in.ID || guild != "" {
		t.Errorf("DM: shard 0 got interaction %s of guild %q, want %s without a guild", id, guild, in.ID)
	}
	// Nothing went to a shard that does not own the guild: each
	// connection's next event is the one sent to it now.
	for shard, c := range conns {
		g := byShard[shard][0]
		in, err := s.Click(u, buttonIn(t, s, chanOf[g]), "go")
		if err != nil {
			t.Fatal(err)
		}
		if id, _ := c.interaction(); id != in.ID {
			t.Errorf("shard %d: next interaction %s, want %s (it got another shard's)", shard, id, in.ID)
		}
	}
	if f := s.Failures(); len(f) > 0 {
		t.Errorf("failures: %v", f)
	}
}

// TestShardIdentify: a sharded fake closes an IDENTIFY without a shard
// (4011) or with another shard count (4010) and records the failure; an
// unsharded fake takes [0, 1] and refuses any other shard.
func TestShardIdentify(t *testing.T) {
	cases := []struct {
		name   string
		shards int
		shard  []int
		close  int
	}{
		{"sharding required", 2, nil, 4011},
		{"wrong count", 2, []int{0, 3}, 4010},
		{"id out of range", 2, []int{2, 2}, 4010},
		{"unsharded fake, shard 1 of 2", 0, []int{1, 2}, 4010},
		{"unsharded fake, [0, 1]", 0, []int{0, 1}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := New(Options{Token: "tok", Shards: c.shards})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(s.Close)
			ws := dialGateway(t, s)
			ws.identify(c.shard)
			f := ws.read()
			switch {
			case c.close == 0 && f.T != "READY":
				t.Errorf("got op %d %s, want READY", f.Op, f.T)
			case c.close != 0 && f.Op != -c.close:
				t.Errorf("got op %d %s, want close %d", f.Op, f.T, c.close)
			}
			if got := len(s.Failures()); (c.close != 0) != (got == 1) {
				t.Errorf("failures %v", s.Failures())
			}
		})
	}
}
