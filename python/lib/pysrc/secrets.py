"""secrets: tokens and random choices for security-sensitive uses, drawn from the module
table's entropy source (random.SystemRandom, which tests can make deterministic).

A token of n random bytes comes as bytes (token_bytes), as 2n hex digits (token_hex) or
as unpadded URL-safe Base64 (token_urlsafe); n defaults to DEFAULT_ENTROPY."""

import base64 as _base64
from hmac import compare_digest
from random import SystemRandom as _SystemRandom

__all__ = ['choice', 'randbelow', 'randbits', 'SystemRandom', 'token_bytes', 'token_hex',
           'token_urlsafe', 'compare_digest']

SystemRandom = _SystemRandom
DEFAULT_ENTROPY = 32

_entropy = _SystemRandom()
choice = _entropy.choice
randbits = _entropy.getrandbits


def randbelow(exclusive_upper_bound):
    """A random int n with 0 <= n < exclusive_upper_bound."""
    if exclusive_upper_bound > 0:
        return _entropy._randbelow(exclusive_upper_bound)
    raise ValueError('Upper bound must be positive.')


def token_bytes(nbytes=None):
    """nbytes random bytes (DEFAULT_ENTROPY when None)."""
    return _entropy.randbytes(DEFAULT_ENTROPY if nbytes is None else nbytes)


def token_hex(nbytes=None):
    """nbytes random bytes as a string of 2*nbytes lowercase hex digits."""
    return token_bytes(nbytes).hex()


def token_urlsafe(nbytes=None):
    """nbytes random bytes as URL-safe Base64 text without '=' padding."""
    encoded = _base64.urlsafe_b64encode(token_bytes(nbytes))
    return encoded.decode('ascii').rstrip('=')
