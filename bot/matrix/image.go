package matrix

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"strings"

	"golang.org/x/image/draw"
	"maunium.net/go/mautrix"
	"maunium.net/go/mautrix/crypto/attachment"
	"maunium.net/go/mautrix/event"
	"maunium.net/go/mautrix/id"

	"github.com/grognard/grognard/bot"
)

// Thumbnails fit in ThumbWidth × ThumbHeight (what clients show inline).
const (
	ThumbWidth  = 800
	ThumbHeight = 600
)

// postImage uploads a board to the media repository, with a thumbnail,
// and posts it as m.image (width, height, size, mimetype, thumbnail);
// caption, when not nil, is the text it carries (body and formatted_body,
// with its mentions).
func (a *Adapter) postImage(ctx context.Context, p place, img bot.Image, caption *rendered) (id.EventID, error) {
	name := img.Name
	if name == "" {
		name = "board.png"
	}
	// In an encrypted room the image and its thumbnail are uploaded
	// encrypted (AES-CTR, keys in the encrypted event: file and
	// thumbnail_file instead of url and thumbnail_url).
	e2e := a.crypto()
	encrypt := e2e != nil && e2e.encrypted(ctx, p.room)
	url, file, err := a.uploadFile(ctx, img.PNG, name, "image/png", encrypt)
	if err != nil {
		return "", err
	}
	info := &event.FileInfo{MimeType: "image/png", Size: len(img.PNG)}
	if cfg, err := png.DecodeConfig(bytes.NewReader(img.PNG)); err == nil {
		info.Width, info.Height = cfg.Width, cfg.Height
		thumb, tw, th, err := thumbnail(img.PNG, cfg)
		switch {
		case err != nil:
			a.log.Warn("matrix: thumbnail", "image", name, "err", err)
		case thumb == nil: // small enough: the image is its own thumbnail
			info.ThumbnailURL, info.ThumbnailFile = url, file
			info.ThumbnailInfo = &event.FileInfo{MimeType: "image/png", Size: len(img.PNG), Width: cfg.Width, Height: cfg.Height}
		default:
			turl, tfile, err := a.uploadFile(ctx, thumb, "thumbnail-"+strings.TrimSuffix(name, ".png")+".jpg", "image/jpeg", encrypt)
			if err != nil {
				return "", err
			}
			info.ThumbnailURL, info.ThumbnailFile = turl, tfile
			info.ThumbnailInfo = &event.FileInfo{MimeType: "image/jpeg", Size: len(thumb), Width: tw, Height: th}
		}
	}
	body := name
	if img.Alt != "" {
		body = img.Alt
	}
	content := &event.MessageEventContent{
		MsgType: event.MsgImage, Body: body, FileName: name, URL: url, File: file, Info: info,
		Mentions: &event.Mentions{}, RelatesTo: p.relation(),
	}
	if caption != nil && caption.plain != name {
		content.Body, content.Format, content.FormattedBody = caption.plain, event.FormatHTML, caption.html
		content.Mentions.UserIDs = caption.mentions
	}
	return a.send(ctx, p.room, event.EventMessage, content)
}

// uploadFile uploads data: in clear (its URL), or encrypted (its
// encrypted-file info, whose url is the ciphertext's).
func (a *Adapter) uploadFile(ctx context.Context, data []byte, name, mime string, encrypt bool) (id.ContentURIString, *event.EncryptedFileInfo, error) {
	if !encrypt {
		url, err := a.upload(ctx, data, name, mime)
		return url, nil, err
	}
	ef := attachment.NewEncryptedFile()
	cipher := bytes.Clone(data)
	ef.EncryptInPlace(cipher)
	url, err := a.upload(ctx, cipher, name, "application/octet-stream")
	if err != nil {
		return "", nil, err
	}
	return "", &event.EncryptedFileInfo{EncryptedFile: *ef, URL: url}, nil
}

func (a *Adapter) upload(ctx context.Context, data []byte, name, mime string) (id.ContentURIString, error) {
	var resp *mautrix.RespMediaUpload
	err := a.retry(ctx, "upload", func() (err error) {
		resp, err = a.cli.UploadBytesWithName(ctx, data, mime, strings.ReplaceAll(name, "/", "_"))
		return
	})
	if err != nil {
		return "", err
	}
	return resp.ContentURI.CUString(), nil
}

// thumbnail scales a PNG down to fit ThumbWidth × ThumbHeight, as a JPEG
// (a fraction of a scaled PNG's size); nil when the image already fits.
func thumbnail(data []byte, cfg image.Config) ([]byte, int, int, error) {
	if cfg.Width <= ThumbWidth && cfg.Height <= ThumbHeight {
		return nil, 0, 0, nil
	}
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, 0, 0, err
	}
	w, h := ThumbWidth, cfg.Height*ThumbWidth/cfg.Width
	if h > ThumbHeight {
		w, h = cfg.Width*ThumbHeight/cfg.Height, ThumbHeight
	}
	w, h = max(w, 1), max(h, 1)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 85}); err != nil {
		return nil, 0, 0, err
	}
	return buf.Bytes(), w, h, nil
}
