package console

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
)

// Platform is the platform name the terminal room gives the bot.
const Platform = "console"

// Limits are what the terminal shows: any length, no buttons or threads;
// replies meant for one user are marked as such. The terminal is the
// operator's own: no rate limit, so a script piped in (grognard <
// script.txt) is read line by line, every line answered.
var Limits = bot.Limits{Ephemeral: true, Unmetered: true}

// Room is a chat room in a terminal: every line typed is a message from
// the current user; the bot's replies are printed, and board images are
// written to ImageDir with their paths printed.
type Room struct {
	App *bot.App
	In  io.Reader
	Out io.Writer
	// ImageDir receives the PNG images ("" : images are only described).
	ImageDir string
	// User is the current user; /as NAME switches. Admin makes them a
	// room administrator (/admin on|off).
	User  string
	Admin bool
	// Name is the room's id (default "terminal").
	Name string
	// Prompt prints "name> " before reading each line.
	Prompt bool

	ready bool
	// mu serialises the output of replies and deliveries (the scheduler
	// delivers from its own goroutine).
	mu sync.Mutex
}

// setup declares the terminal's limits to the App once.
func (r *Room) setup() {
	if !r.ready {
		r.App.SetLimits(Platform, Limits)
		r.ready = true
	}
	if r.User == "" {
		r.User = "player"
	}
}

// Run reads lines until the input ends, /quit, or ctx is done.
func (r *Room) Run(ctx context.Context) error {
	r.setup()
	sc := bufio.NewScanner(r.In)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for {
		if err := ctx.Err(); err != nil {
			return nil
		}
		if r.Prompt {
			fmt.Fprintf(r.Out, "%s> ", r.User)
		}
		if !sc.Scan() {
			return sc.Err()
		}
		if quit, err := r.Line(ctx, sc.Text()); err != nil || quit {
			return err
		}
	}
}

// Line handles one typed line: a room command (/as, /admin, /help,
// /quit) or a message to the bot. It reports whether the user quit.
func (r *Room) Line(ctx context.Context, line string) (quit bool, err error) {
	t := strings.TrimSpace(line)
	if t == "" {
		return false, nil
	}
	if strings.HasPrefix(t, "/") {
		return r.roomCommand(t)
	}
	var resp bot.Response
	// A panic (the console's code or the bot's) is recovered: the App logs
	// it with a reference, the line is answered with it, reading goes on.
	if ref := r.App.Guard("terminal line", func() {
		r.setup()
		resp = r.App.Handle(ctx, bot.Request{
			Platform: Platform, Room: r.room(), User: bot.User{ID: r.User, Name: r.User},
			IsAdmin: r.Admin, Text: t,
		})
	}, "platform", Platform, "user", r.User); ref != "" {
		resp = bot.Response{Messages: []bot.Message{{Text: r.App.PanicText(ref, ""), Ephemeral: true}}}
	}
	return false, r.Print(resp)
}

func (r *Room) room() string {
	if r.Name == "" {
		return "terminal"
	}
	return r.Name
}

func (r *Room) roomCommand(t string) (bool, error) {
	words := strings.Fields(t)
	switch words[0] {
	case "/quit", "/exit":
		return true, nil
	case "/as":
		if len(words) != 2 {
			fmt.Fprintln(r.Out, "usage: /as NAME")
			return false, nil
		}
		r.User = strings.TrimPrefix(words[1], "@")
		fmt.Fprintf(r.Out, "(you are now %s)\n", r.User)
	case "/admin":
		r.Admin = len(words) < 2 || words[1] != "off"
		fmt.Fprintf(r.Out, "(%s is admin: %v)\n", r.User, r.Admin)
	default:
		fmt.Fprintln(r.Out, "room commands: /as NAME (switch user), /admin on|off, /quit; everything else goes to the bot (try: help)")
	}
	return false, nil
}

// Deliver prints what the bot says without being asked (reminders,
// deadlines, digests, league rounds): it is the room's bot.Deliverer for
// the console platform. Messages for other rooms are printed too, with
// their room's name.
func (r *Room) Deliver(_ context.Context, d bot.Delivery) error {
	if d.Room != "" && d.Room != r.room() {
		r.mu.Lock()
		fmt.Fprintf(r.Out, "(in room %s)\n", d.Room)
		r.mu.Unlock()
	}
	return r.Print(bot.Response{Messages: d.Messages})
}

// Print writes a response: one block per message, private and
// asker-only messages marked, images saved and described.
func (r *Room) Print(resp bot.Response) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range resp.Messages {
		text := m.Format(func(u bot.User) string { return "@" + u.Display() })
		switch {
		case m.To != nil:
			text = fmt.Sprintf("[private to %s] %s", m.To.Display(), text)
		case m.Ephemeral:
			text = fmt.Sprintf("[to %s] %s", r.User, text)
		}
		if strings.TrimSpace(text) != "" {
			fmt.Fprintln(r.Out, text)
		}
		for _, img := range m.Images {
			line, err := r.saveImage(img)
			if err != nil {
				return err
			}
			fmt.Fprintln(r.Out, "  "+line)
		}
	}
	return nil
}

// saveImage writes an image to ImageDir and describes it: name, whose
// view, a short hash of the bytes, and the path. A game's board is named
// by the game and the number of orders it shows (g1-0012-t01-move-A.png),
// so files written in another run are never overwritten: a file of that
// name with other bytes keeps its name and this one gets "-2", "-3" ….
func (r *Room) saveImage(img bot.Image) (string, error) {
	sum := sha256.Sum256(img.PNG)
	view := "public"
	if img.Side != game.Nobody {
		view = "view " + img.Side.String()
	}
	desc := fmt.Sprintf("[image %s · %s · sha256:%s]", img.Name, view, hex.EncodeToString(sum[:6]))
	if r.ImageDir == "" {
		return desc, nil
	}
	if err := os.MkdirAll(r.ImageDir, 0o755); err != nil {
		return "", err
	}
	p, err := FreePath(r.ImageDir, imageFile(img), img.PNG)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(p, img.PNG, 0o644); err != nil {
		return "", err
	}
	return desc + " " + p, nil
}

// imageFile is the file name of an image: a game's board carries the
// game and its log position.
func imageFile(img bot.Image) string {
	name := filepath.Base(img.Name)
	if img.Game == "" {
		return name
	}
	return fmt.Sprintf("%s-%04d-%s", img.Game, img.Seq, strings.TrimPrefix(name, img.Game+"-"))
}

// FreePath is dir/name, or dir/name-N.ext for the first N whose file does
// not exist or already holds these bytes.
func FreePath(dir, name string, data []byte) (string, error) {
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for n := 1; ; n++ {
		p := filepath.Join(dir, name)
		if n > 1 {
			p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", stem, n, ext))
		}
		old, err := os.ReadFile(p)
		switch {
		case errors.Is(err, fs.ErrNotExist), err == nil && bytes.Equal(old, data):
			return p, nil
		case err != nil:
			return "", err
		}
	}
}
