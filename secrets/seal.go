package secrets

import (
	"bytes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/chacha20poly1305"
)

// StorageKeyEnv names the environment variable that holds the key of the
// encrypted file store, for hosts without an OS keyring (CI runners,
// containers). Its value is 32 random bytes in base64 (standard or URL
// alphabet, padded or not), as `toolplane secret keygen` prints. A random
// key rather than a passphrase: nothing to stretch, nothing to guess.
const StorageKeyEnv = "TOOLPLANE_STORAGE_KEY"

// StorageKeySize is the length of a storage key in bytes.
const StorageKeySize = 32

// GenerateStorageKey returns a new random storage key, base64-encoded.
func GenerateStorageKey() string {
	key := make([]byte, StorageKeySize)
	rand.Read(key) // never fails (crypto/rand panics rather than return an error)
	return base64.StdEncoding.EncodeToString(key)
}

// ParseStorageKey decodes a storage key. The error does not quote the
// value: it is a secret even when malformed.
func ParseStorageKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if key, err := enc.DecodeString(s); err == nil {
			if len(key) != StorageKeySize {
				return nil, fmt.Errorf("a storage key is %d bytes in base64; this one decodes to %d bytes (generate one with `toolplane secret keygen`)", StorageKeySize, len(key))
			}
			return key, nil
		}
	}
	return nil, fmt.Errorf("a storage key is %d random bytes in base64; this one is not base64 (generate one with `toolplane secret keygen`)", StorageKeySize)
}

// sealMagic starts every encrypted value file; a file without it is a
// plaintext value written before encryption (or by the plaintext opt-in).
var sealMagic = []byte("toolplane-sealed-v1\n")

// keyIDSize is the length of the key id kept in every sealed file, so a
// file sealed under another key is told apart from a damaged one.
const keyIDSize = 8

// sealer encrypts value files with XChaCha20-Poly1305 under a key derived
// from the storage key with HKDF-SHA256. Each file is
//
//	magic | key id (8) | nonce (24) | ciphertext and tag
//
// and its associated data binds it to the namespace and name it was
// written for: a file copied over another name's, or from the OAuth
// namespace to the secrets one, does not open.
type sealer struct {
	aead cipher.AEAD
	id   []byte
	// source says where the key came from, for messages.
	source string
}

func newSealer(key []byte, source string) (*sealer, error) {
	if len(key) != StorageKeySize {
		return nil, fmt.Errorf("storage key: want %d bytes, got %d", StorageKeySize, len(key))
	}
	enc, err := hkdf.Key(sha256.New, key, nil, "toolplane secret files v1: xchacha20poly1305", chacha20poly1305.KeySize)
	if err != nil {
		return nil, err
	}
	id, err := hkdf.Key(sha256.New, key, nil, "toolplane secret files v1: key id", keyIDSize)
	if err != nil {
		return nil, err
	}
	aead, err := chacha20poly1305.NewX(enc)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead, id: id, source: source}, nil
}

// ID is the key id in hex, safe to show: it identifies the key without
// revealing it.
func (s *sealer) ID() string { return hex.EncodeToString(s.id) }

func associatedData(header []byte, namespace, name string) []byte {
	ad := append([]byte(nil), header...)
	ad = append(ad, namespace...)
	ad = append(ad, 0)
	return append(ad, name...)
}

// seal encrypts value for namespace/name.
func (s *sealer) seal(namespace, name string, value []byte) []byte {
	header := append(append([]byte(nil), sealMagic...), s.id...)
	nonce := make([]byte, s.aead.NonceSize())
	rand.Read(nonce)
	out := append(header, nonce...)
	return s.aead.Seal(out, nonce, value, associatedData(header, namespace, name))
}

// isSealed reports whether data is a sealed file.
func isSealed(data []byte) bool { return bytes.HasPrefix(data, sealMagic) }

// errWrongKey and errTampered are what open reports; the file store turns
// them into messages naming the file and the fix.
var (
	errWrongKey = errors.New("it was encrypted with another storage key")
	errTampered = errors.New("it was modified, truncated, or copied from another secret's file")
)

// open decrypts a sealed file written for namespace/name.
func (s *sealer) open(namespace, name string, data []byte) ([]byte, error) {
	headerLen := len(sealMagic) + keyIDSize
	if len(data) < headerLen+s.aead.NonceSize()+s.aead.Overhead() {
		return nil, errTampered
	}
	header := data[:headerLen]
	if !bytes.Equal(header[len(sealMagic):], s.id) {
		return nil, fmt.Errorf("%w (key id %s; the current key's is %s)", errWrongKey, hex.EncodeToString(header[len(sealMagic):]), s.ID())
	}
	nonce := data[headerLen : headerLen+s.aead.NonceSize()]
	plain, err := s.aead.Open(nil, nonce, data[headerLen+s.aead.NonceSize():], associatedData(header, namespace, name))
	if err != nil {
		return nil, errTampered
	}
	return plain, nil
}
