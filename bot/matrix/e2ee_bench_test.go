package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"
	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/crypto/attachment"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	crypto "github.com/grognard/grognard/third_party/mautrixcrypto"
)

// benchMachine is an Olm machine on a real crypto store (SQLite in a
// temporary directory) with a Megolm session for an encrypted room,
// shared (as after ShareGroupSession) and readable by the machine itself:
// what the bot does per message, without the homeserver.
func benchMachine(b *testing.B) (*crypto.OlmMachine, id.RoomID) {
	b.Helper()
	ctx := context.Background()
	cli, err := mautrix.NewClient("http://127.0.0.1:1", "@bench:localhost", "")
	if err != nil {
		b.Fatal(err)
	}
	cli.DeviceID = "BENCH"
	e, _, err := newE2EE(ctx, cli, filepath.Join(b.TempDir(), "crypto.db"), []byte("bench"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { e.db.Close() })
	e.store.DeviceID = cli.DeviceID
	log := zerolog.Nop()
	mach := crypto.NewOlmMachine(cli, &log, e.store, e.state)
	if err := mach.Load(ctx); err != nil {
		b.Fatal(err)
	}
	room := id.RoomID("!bench:localhost")
	// No rotation within the benchmark (a room rotates every 100 messages
	// by default, which costs a key share: network, not measured here).
	enc := &event.EncryptionEventContent{Algorithm: id.AlgorithmMegolmV1, RotationPeriodMessages: 1 << 30, RotationPeriodMillis: 1 << 50}
	if err := e.state.SetEncryptionEvent(ctx, room, enc); err != nil {
		b.Fatal(err)
	}
	out, err := crypto.NewOutboundGroupSession(room, enc, &event.HistoryVisibilityEventContent{HistoryVisibility: event.HistoryVisibilityShared})
	if err != nil {
		b.Fatal(err)
	}
	out.Shared = true
	own := mach.OwnIdentity()
	in, err := crypto.NewInboundGroupSession(own.IdentityKey, own.SigningKey, room, out.Internal.Key(), 0, 0, nil, false)
	if err != nil {
		b.Fatal(err)
	}
	if err := e.store.AddOutboundGroupSession(ctx, out); err != nil {
		b.Fatal(err)
	}
	if err := mach.StoreGroupSession(ctx, in); err != nil {
		b.Fatal(err)
	}
	return mach, room
}

// BenchmarkEncryptedOrder is the extra cost of one order in an encrypted
// room: the bot decrypts the player's message and encrypts its answer
// (Megolm, the session kept in the SQLite crypto store) where a plain room
// only encodes the answer as JSON.
func BenchmarkEncryptedOrder(b *testing.B) {
	ctx := context.Background()
	answer := &event.MessageEventContent{
		MsgType: event.MsgNotice, Body: "g1 · A (alice) · move A6 0706\n  A6 0801 → 0706 (6 MP of 6)",
		Format: event.FormatHTML, FormattedBody: "g1 · A (<a href=\"https://matrix.to/#/@alice:localhost\">alice</a>) · <code>move A6 0706</code><br>  A6 0801 → 0706 (6 MP of 6)",
		Mentions: &event.Mentions{UserIDs: []id.UserID{"@alice:localhost"}},
	}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(answer); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encrypt-answer", func(b *testing.B) {
		mach, room := benchMachine(b)
		for b.Loop() {
			if _, err := mach.EncryptMegolmEvent(ctx, room, event.EventMessage, answer); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decrypt-order", func(b *testing.B) {
		mach, room := benchMachine(b)
		order := &event.MessageEventContent{MsgType: event.MsgText, Body: "!g move A6 0706"}
		evts := make([]*event.Event, b.N)
		for i := range evts {
			enc, err := mach.EncryptMegolmEvent(ctx, room, event.EventMessage, order)
			if err != nil {
				b.Fatal(err)
			}
			evts[i] = &event.Event{Type: event.EventEncrypted, RoomID: room, Sender: "@bench:localhost",
				ID: id.EventID(fmt.Sprintf("$order%d", i)), Content: event.Content{Parsed: enc}}
		}
		b.ResetTimer()
		for _, evt := range evts {
			if _, err := mach.DecryptMegolmEvent(ctx, evt); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEncryptedBoard is the extra cost of one board in an encrypted
// room: what postImage does before the upload (the PNG's size and the
// thumbnail) plain, and with both files encrypted (AES-CTR and SHA-256).
// The board is 1294×1015, about the size the renderer makes.
func BenchmarkEncryptedBoard(b *testing.B) {
	img := image.NewNRGBA(image.Rect(0, 0, 1294, 1015))
	for y := range 1015 {
		for x := range 1294 {
			hex := (x/48 + y/42) % 6
			img.Set(x, y, color.NRGBA{uint8(40 * hex), uint8(200 - 25*hex), uint8((x * y) % 7 * 9), 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.ReportMetric(float64(len(data)), "png-bytes")
	prepare := func(encrypt bool) {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		thumb, _, _, err := thumbnail(data, cfg)
		if err != nil {
			b.Fatal(err)
		}
		if encrypt {
			for _, f := range [][]byte{data, thumb} {
				ef := attachment.NewEncryptedFile()
				ef.EncryptInPlace(bytes.Clone(f))
			}
		}
	}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			prepare(false)
		}
	})
	b.Run("encrypted", func(b *testing.B) {
		for b.Loop() {
			prepare(true)
		}
	})
	// The encryption of the PNG alone (the difference of the two above
	// drowns in the thumbnail's noise on a busy machine).
	b.Run("encrypt-png-only", func(b *testing.B) {
		for b.Loop() {
			attachment.NewEncryptedFile().EncryptInPlace(bytes.Clone(data))
		}
	})
}
