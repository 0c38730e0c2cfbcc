package main

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// A Chrome DevTools Protocol client over a minimal WebSocket (RFC 6455:
// masked text frames out, unmasked frames in), enough to drive a page
// in headless Chromium from a test without a dependency.

type wsConn struct {
	c net.Conn
	r *bufio.Reader
}

// wsDial opens a WebSocket to a ws:// URL.
func wsDial(raw string) (*wsConn, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	c, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	var key [16]byte
	rand.Read(key[:])
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
		u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key[:]))
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, &http.Request{Method: "GET"})
	if err != nil {
		c.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		c.Close()
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	return &wsConn{c: c, r: r}, nil
}

func (w *wsConn) send(msg []byte) error {
	hdr := []byte{0x81} // FIN, text
	switch n := len(msg); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	hdr = append(hdr, mask[:]...)
	body := make([]byte, len(msg))
	for i, b := range msg {
		body[i] = b ^ mask[i%4]
	}
	_, err := w.c.Write(append(hdr, body...))
	return err
}

// recv returns the next whole text or binary message.
func (w *wsConn) recv() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			if _, err := io.ReadFull(w.r, b[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			if _, err := io.ReadFull(w.r, b[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(b[:])
		}
		var mask [4]byte
		if h[1]&0x80 != 0 {
			if _, err := io.ReadFull(w.r, mask[:]); err != nil {
				return nil, err
			}
		}
		if n > 256<<20 {
			return nil, fmt.Errorf("websocket frame of %d bytes", n)
		}
		p := make([]byte, n)
		if _, err := io.ReadFull(w.r, p); err != nil {
			return nil, err
		}
		if h[1]&0x80 != 0 {
			for i := range p {
				p[i] ^= mask[i%4]
			}
		}
		switch op {
		case 8:
			return nil, errors.New("websocket closed")
		case 9, 10: // ping, pong: DevTools sends none; skip
			continue
		}
		msg = append(msg, p...)
		if fin {
			return msg, nil
		}
	}
}

// cdp is a DevTools session on one page.
type cdp struct {
	ws *wsConn
	id int
}

// call sends a command and returns its result, skipping events.
func (c *cdp) call(method string, params any, result any) error {
	c.id++
	msg, err := json.Marshal(map[string]any{"id": c.id, "method": method, "params": params})
	if err != nil {
		return err
	}
	c.ws.c.SetDeadline(time.Now().Add(60 * time.Second))
	if err := c.ws.send(msg); err != nil {
		return err
	}
	for {
		b, err := c.ws.recv()
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		var r struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(b, &r); err != nil {
			return err
		}
		if r.ID != c.id {
			continue // an event
		}
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(r.Result, result)
		}
		return nil
	}
}

// eval evaluates a JavaScript expression in the page and decodes its
// value (JSON) into out.
func (c *cdp) eval(expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := c.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("%s: %s %s", expr, r.Exception.Text, r.Exception.Exception.Description)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(r.Result.Value, out)
}

// waitFor evaluates a boolean expression until it holds.
func (c *cdp) waitFor(expr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		var ok bool
		if err := c.eval("Boolean("+expr+")", &ok); err != nil {
			return err
		}
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("waited %v for %s", limit, expr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// mouse sends a mouse event at page coordinates (x, y).
func (c *cdp) mouse(kind string, x, y float64, shift bool) error {
	p := map[string]any{"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
	if kind == "mouseMoved" {
		p["buttons"] = 1
	}
	if shift {
		p["modifiers"] = 8
	}
	return c.call("Input.dispatchMouseEvent", p, nil)
}

// click presses and releases the left button at (x, y).
func (c *cdp) click(x, y float64) error {
	if err := c.mouse("mousePressed", x, y, false); err != nil {
		return err
	}
	return c.mouse("mouseReleased", x, y, false)
}

// devtoolsURL reads Chromium's stderr for the browser's DevTools
// address and returns its host:port.
func devtoolsURL(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if _, after, ok := strings.Cut(line, "DevTools listening on "); ok {
			u, err := url.Parse(strings.TrimSpace(after))
			if err != nil {
				return "", err
			}
			go io.Copy(io.Discard, r) // keep draining
			return u.Host, nil
		}
	}
	return "", errors.New("chromium printed no DevTools address")
}

// newPage opens a page on DevTools at host and returns its session.
func newPage(host, pageURL string) (*cdp, error) {
	req, err := http.NewRequest(http.MethodPut, "http://"+host+"/json/new?"+url.QueryEscape(pageURL), nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var t struct {
		WS string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&t); err != nil {
		return nil, fmt.Errorf("/json/new: %s: %w", resp.Status, err)
	}
	ws, err := wsDial(t.WS)
	if err != nil {
		return nil, err
	}
	return &cdp{ws: ws}, nil
}
