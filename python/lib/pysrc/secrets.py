"""secrets: tokens and choices from the module table's entropy source
(random.SystemRandom, which tests can make deterministic)."""

import base64
from hmac import compare_digest
from random import SystemRandom

_sysrand = SystemRandom()

randbits = _sysrand.getrandbits
choice = _sysrand.choice

DEFAULT_ENTROPY = 32


def randbelow(exclusive_upper_bound):
    """A random int in range(exclusive_upper_bound)."""
    if exclusive_upper_bound <= 0:
        raise ValueError('Upper bound must be positive.')
    return _sysrand._randbelow(exclusive_upper_bound)


def token_bytes(nbytes=None):
    """nbytes random bytes (32 by default)."""
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return _sysrand.randbytes(nbytes)


def token_hex(nbytes=None):
    """A random hex string of 2*nbytes digits."""
    return token_bytes(nbytes).hex()


def token_urlsafe(nbytes=None):
    """A random URL-safe Base64 text of about 1.3*nbytes characters."""
    tok = token_bytes(nbytes)
    return base64.urlsafe_b64encode(tok).rstrip(b'=').decode('ascii')
