import hashlib
print(hashlib.md5(b"hello").hexdigest(), hashlib.sha1(b"hello").hexdigest())
print(hashlib.sha256(b"hello world").hexdigest())
print(hashlib.sha512(b"").hexdigest()[:32], hashlib.sha224(b"x").hexdigest(), hashlib.sha384(b"x").hexdigest()[:20])
# ---
import hashlib
h = hashlib.sha256()
h.update(b"hello ")
c = h.copy()
h.update(b"world")
print(h.hexdigest() == hashlib.sha256(b"hello world").hexdigest(), c.hexdigest() == hashlib.sha256(b"hello ").hexdigest())
print(h.name, h.digest_size, h.block_size, len(h.digest()), hashlib.new("SHA1", b"abc").hexdigest(), hashlib.new("md5").name)
print(sorted(hashlib.algorithms_guaranteed) >= ['md5', 'sha1', 'sha256'], hashlib.md5("café".encode()).hexdigest())
# ---
import hashlib
hashlib.sha256("text")
# raises: TypeError: Strings must be encoded before hashing
# ---
import hashlib
hashlib.new("nope")
# raises: ValueError: unsupported hash type nope
# ---
import hmac, hashlib
mac = hmac.new(b"secret", b"message", hashlib.sha256)
print(mac.hexdigest(), mac.name, mac.digest_size)
print(hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", "md5").hexdigest())
print(hmac.digest(b"k" * 100, b"data", "sha1").hex(), hmac.new(b"k", digestmod="sha512").hexdigest()[:16])
m = hmac.new(b"k", digestmod=hashlib.sha1)
m.update(b"a")
m2 = m.copy()
m2.update(b"b")
print(m.hexdigest() == hmac.new(b"k", b"a", "sha1").hexdigest(), m2.hexdigest() == hmac.new(b"k", b"ab", "sha1").hexdigest())
# ---
import hmac
print(hmac.compare_digest(b"abc", b"abc"), hmac.compare_digest(b"abc", b"abd"), hmac.compare_digest("abc", "abc"), hmac.compare_digest(b"a", b"ab"))
# ---
import hmac
hmac.compare_digest("abc", b"abc")
# raises: TypeError: a bytes-like object is required, not 'str'
# ---
import hmac
hmac.new(b"key", b"msg")
# raises: TypeError: Missing required parameter 'digestmod'.
# ---
import hmac, hashlib
body = '{"event": "push", "id": 7}'.encode()
sig = "sha256=" + hmac.new(b"whsec", body, hashlib.sha256).hexdigest()
print(sig, hmac.compare_digest(sig, "sha256=" + hmac.new(b"whsec", body, "sha256").hexdigest()))
# ---
import hmac
hmac.compare_digest(1, 2)
# raises: TypeError: unsupported operand types(s) or combination of types: 'int' and 'int'
# ---
import hashlib, hmac
print(hashlib.sha3_256(b"abc").hexdigest(), hashlib.new("sha3_512", b"").hexdigest()[:32], hashlib.sha3_224().digest_size, hashlib.sha3_384().block_size)
print(hmac.new(b"k", b"m", hashlib.sha3_256).hexdigest(), hashlib.sha3_256(b"a").name)
