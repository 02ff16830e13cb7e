package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gateway is the fake's websocket gateway: one bot session at a time per
// shard (one in all when not sharded), with every dispatched event kept
// so that a RESUME replays what the client missed.
type gateway struct {
	mu sync.Mutex
	// sessions by shard; the unsharded session is shard 0's.
	sessions map[int]*gwSession
	conns    map[*gwConn]bool
	// zombie is a connection whose heartbeats go unacknowledged.
	zombie *gwConn
}

type gwSession struct {
	id        string
	shard     int
	seq       int64
	events    []gwEvent
	conn      *gwConn
	resumable bool
}

type gwEvent struct {
	seq    int64
	t      string
	d      json.RawMessage
	onSend func()
}

type gwConn struct {
	ws  *websocket.Conn
	wmu sync.Mutex
	// resumeURL: the connection was made to resume_gateway_url.
	resumeURL bool
}

func (c *gwConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteJSON(v)
}

func (c *gwConn) send(e gwEvent) error {
	err := c.write(map[string]any{"op": 0, "s": e.seq, "t": e.t, "d": e.d})
	if err == nil && e.onSend != nil {
		e.onSend()
	}
	return err
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (s *Server) stat(f func(*Stats)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(&s.stats)
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request, resumeURL bool) {
	if q := r.URL.Query(); q.Get("encoding") != "json" || (q.Get("v") != "9" && q.Get("v") != "10") {
		s.fail("gateway URL %s: want ?v=9|10&encoding=json", r.URL)
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.fail("gateway upgrade: %v", err)
		return
	}
	c := &gwConn{ws: ws, resumeURL: resumeURL}
	g := &s.gw
	g.mu.Lock()
	if g.conns == nil {
		g.conns = map[*gwConn]bool{}
	}
	g.conns[c] = true
	g.mu.Unlock()
	s.stat(func(st *Stats) { st.Connections++ })
	defer func() {
		g.mu.Lock()
		delete(g.conns, c)
		for _, sess := range g.sessions {
			if sess.conn == c {
				sess.conn = nil
			}
		}
		g.mu.Unlock()
		ws.Close()
	}()
	c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()}})
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				s.stat(func(st *Stats) { st.CloseCodes = append(st.CloseCodes, ce.Code) })
				if ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway {
					g.mu.Lock()
					for _, sess := range g.sessions {
						if sess.conn == c {
							sess.resumable = false
						}
					}
					g.mu.Unlock()
				}
			}
			return
		}
		var msg struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(data, &msg); err != nil {
			s.fail("gateway: bad frame %q", data)
			ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "Decode error"), time.Now().Add(time.Second))
			return
		}
		switch msg.Op {
		case 1:
			s.stat(func(st *Stats) { st.Heartbeats++ })
			g.mu.Lock()
			ack := g.zombie != c
			g.mu.Unlock()
			if ack {
				c.write(map[string]any{"op": 11})
			}
		case 2:
			if !s.identify(c, msg.D) {
				return
			}
		case 6:
			if !s.resume(c, msg.D) {
				return
			}
		case 3, 4, 8:
			// presence, voice state, request members: accepted, unused
		default:
			s.fail("gateway: unexpected op %d", msg.Op)
			ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4001, "Unknown opcode"), time.Now().Add(time.Second))
			return
		}
	}
}

func (s *Server) tokenOK(tok string) bool {
	return tok == "Bot "+s.opts.Token || tok == s.opts.Token
}

func (s *Server) identify(c *gwConn, d json.RawMessage) bool {
	var id struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
		Shard   []int  `json:"shard"`
	}
	json.Unmarshal(d, &id)
	if !s.tokenOK(id.Token) {
		s.fail("gateway: IDENTIFY with a wrong token")
		c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
		return false
	}
	shard, count := 0, 1
	switch n := s.opts.Shards; {
	case n > 0 && id.Shard == nil:
		s.fail("gateway: IDENTIFY without shard in shard mode (%d shards)", n)
		c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4011, "Sharding required."), time.Now().Add(time.Second))
		return false
	case id.Shard != nil && (len(id.Shard) != 2 || id.Shard[1] != max(n, 1) || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1]):
		s.fail("gateway: IDENTIFY with shard %v (the fake has %d shards)", id.Shard, max(n, 1))
		c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4010, "Invalid shard."), time.Now().Add(time.Second))
		return false
	case id.Shard != nil:
		shard, count = id.Shard[0], id.Shard[1]
	}
	s.mu.Lock()
	s.stats.Identifies++
	s.stats.Intents = id.Intents
	if s.stats.Shards == nil {
		s.stats.Shards = map[int]int{}
	}
	s.stats.Shards[shard]++
	sessID := "sess-" + s.id()
	bot := s.userJSON(s.Bot)
	var unavailable []any
	var creates []json.RawMessage
	for _, gid := range s.guilds {
		if s.ShardOf(gid) != shard {
			continue
		}
		channels := []any{}
		for _, ch := range s.channels {
			if ch.Type == ChannelText && ch.GuildID == gid {
				channels = append(channels, s.channelJSON(ch))
			}
		}
		guild := map[string]any{"id": gid, "name": "Club", "owner_id": s.Bot.ID, "channels": channels, "threads": []any{}, "roles": []any{},
			"members": []any{}, "joined_at": joined, "unavailable": false, "member_count": len(s.users) + 1, "preferred_locale": "en-US", "large": false}
		gc, _ := json.Marshal(guild)
		creates = append(creates, gc)
		unavailable = append(unavailable, map[string]any{"id": gid, "unavailable": true})
	}
	s.mu.Unlock()
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	sess := &gwSession{id: sessID, shard: shard, conn: c, resumable: true}
	if g.sessions == nil {
		g.sessions = map[int]*gwSession{}
	}
	g.sessions[shard] = sess
	ready, _ := json.Marshal(map[string]any{"v": 10, "user": bot, "session_id": sessID, "resume_gateway_url": s.resumeGatewayURL(),
		"guilds": nonNilAny(unavailable), "shard": []int{shard, count}, "private_channels": []any{},
		"application": map[string]any{"id": s.opts.AppID, "flags": 0}})
	events := []struct {
		t string
		d json.RawMessage
	}{{"READY", ready}}
	for _, gc := range creates {
		events = append(events, struct {
			t string
			d json.RawMessage
		}{"GUILD_CREATE", gc})
	}
	for _, e := range events {
		sess.seq++
		ev := gwEvent{seq: sess.seq, t: e.t, d: e.d}
		sess.events = append(sess.events, ev)
		c.send(ev)
	}
	return true
}

func (s *Server) resume(c *gwConn, d json.RawMessage) bool {
	var rs struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	json.Unmarshal(d, &rs)
	if !s.tokenOK(rs.Token) {
		s.fail("gateway: RESUME with a wrong token")
		c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
		return false
	}
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	var sess *gwSession
	for _, ss := range g.sessions {
		if ss.id == rs.SessionID {
			sess = ss
		}
	}
	if sess == nil || !sess.resumable || rs.Seq > sess.seq {
		s.stat(func(st *Stats) { st.ResumeFailures++ })
		c.write(map[string]any{"op": 9, "d": false})
		return true
	}
	s.stat(func(st *Stats) {
		st.Resumes++
		if !c.resumeURL {
			st.ResumesElsewhere++
		}
	})
	sess.conn = c
	for _, e := range sess.events {
		if e.seq > rs.Seq {
			c.send(e)
		}
	}
	sess.seq++
	ev := gwEvent{seq: sess.seq, t: "RESUMED", d: json.RawMessage(`{}`)}
	sess.events = append(sess.events, ev)
	c.send(ev)
	return true
}

// dispatch sends an event to the session of a shard (0 when not
// sharded); while the session has no connection, the event waits for a
// RESUME.
func (g *gateway) dispatch(s *Server, shard int, t string, d json.RawMessage, onSend func()) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	sess := g.sessions[shard]
	if sess == nil {
		return fmt.Errorf("fakediscord: no gateway session of shard %d (the bot has not identified)", shard)
	}
	sess.seq++
	ev := gwEvent{seq: sess.seq, t: t, d: d, onSend: onSend}
	sess.events = append(sess.events, ev)
	if c := sess.conn; c != nil {
		if err := c.send(ev); err != nil {
			return fmt.Errorf("fakediscord: dispatch %s: %w", t, err)
		}
	}
	return nil
}

// Connected reports whether the bot's session (shard 0's in shard mode)
// has a live connection.
func (s *Server) Connected() bool { return s.ShardConnected(0) }

// ShardConnected reports whether a shard's session has a live
// connection.
func (s *Server) ShardConnected(shard int) bool {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	sess := s.gw.sessions[shard]
	return sess != nil && sess.conn != nil
}

// sess is shard 0's session (the only one when not sharded), which
// DropGateway, AskReconnect, Zombify, ForgetSession and InvalidSession
// act on; nil before the bot identifies. g.mu is held.
func (g *gateway) sess() *gwSession { return g.sessions[0] }

// DropGateway cuts the bot's gateway connection without a close frame, as
// a network failure would; the session stays resumable, and events
// dispatched meanwhile wait for the RESUME.
func (s *Server) DropGateway() {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sess() != nil && g.sess().conn != nil {
		g.sess().conn.ws.UnderlyingConn().Close()
		g.sess().conn = nil
	}
}

// AskReconnect sends op 7 RECONNECT: the client must reconnect and
// resume.
func (s *Server) AskReconnect() error {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sess() == nil || g.sess().conn == nil {
		return errors.New("fakediscord: no connection")
	}
	return g.sess().conn.write(map[string]any{"op": 7, "d": nil})
}

// Zombify stops acknowledging heartbeats on the bot's current connection:
// a zombie connection, which the client should close (with a code other
// than 1000/1001, to keep its session) and replace with a new connection
// that resumes. Heartbeats on later connections are acknowledged.
func (s *Server) Zombify() error {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sess() == nil || g.sess().conn == nil {
		return errors.New("fakediscord: no connection")
	}
	g.zombie = g.sess().conn
	return nil
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.conns {
		c.ws.UnderlyingConn().Close()
	}
}

// ForgetSession makes the bot's session impossible to resume (as when it
// has expired): the next RESUME gets INVALID_SESSION and the client must
// identify again.
func (s *Server) ForgetSession() {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if sess := s.gw.sess(); sess != nil {
		sess.resumable = false
	}
}

// InvalidSession sends op 9 INVALID_SESSION on the bot's connection, as
// Discord does when it ends a session on its side. With resumable
// (d=true) the session is kept: the client should reconnect and RESUME,
// and the events dispatched meanwhile wait for it. Without (d=false) the
// session is over: the client must IDENTIFY again, and the events
// dispatched before it does are lost, as on Discord.
func (s *Server) InvalidSession(resumable bool) error {
	g := &s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sess() == nil || g.sess().conn == nil {
		return errors.New("fakediscord: no connection")
	}
	c := g.sess().conn
	g.sess().conn = nil
	if !resumable {
		g.sess().resumable = false
	}
	s.stat(func(st *Stats) { st.InvalidSessions++ })
	return c.write(map[string]any{"op": 9, "d": resumable})
}

func nonNilAny(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}
