package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// base64GIDs decodes a layer's base64 data, plain or zlib- or gzip-
// compressed, into its n global tile ids (little-endian uint32s). It
// decompresses at most one byte past the n ids, so a small file cannot
// make it inflate more.
func base64GIDs(s, compression string, n int) ([]uint32, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("%w: base64 data: %v", ErrFormat, err)
	}
	var r io.Reader
	switch compression {
	case "":
		r = bytes.NewReader(raw)
	case "zlib":
		if r, err = zlib.NewReader(bytes.NewReader(raw)); err != nil {
			return nil, fmt.Errorf("%w: zlib data: %v", ErrFormat, err)
		}
	case "gzip":
		if r, err = gzip.NewReader(bytes.NewReader(raw)); err != nil {
			return nil, fmt.Errorf("%w: gzip data: %v", ErrFormat, err)
		}
	default:
		return nil, fmt.Errorf("%w: compression %q (want zlib, gzip or none)", ErrFormat, compression)
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(4*n)+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %s data: %v", ErrFormat, compression, err)
	}
	if len(b) != 4*n {
		return nil, fmt.Errorf("%w: %d bytes of tiles, want %d", ErrFormat, len(b), 4*n)
	}
	gids := make([]uint32, n)
	for i := range gids {
		gids[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return gids, nil
}

// csvGIDs decodes a .tmx layer's csv data (ids separated by commas,
// with any white space) into its n global tile ids.
func csvGIDs(s string, n int) ([]uint32, error) {
	if strings.Count(s, ",") != n-1 {
		return nil, fmt.Errorf("%w: %d tiles in csv data, want %d", ErrFormat, strings.Count(s, ",")+1, n)
	}
	gids := make([]uint32, 0, n)
	for f := range strings.SplitSeq(s, ",") {
		v, err := strconv.ParseUint(strings.TrimSpace(f), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%w: csv data: %q", ErrFormat, f)
		}
		gids = append(gids, uint32(v))
	}
	return gids, nil
}
