import hashlib
print(hashlib.sha512(b"x").hexdigest()[:20], hashlib.blake2b(b"x", digest_size=8).hexdigest(), hashlib.new("sha256", b"x").hexdigest()[:8])
print(sorted(hashlib.algorithms_guaranteed))
for n in range(0, 300, 37):
    data = bytes(range(256))[:n] * 3
    print(n, hashlib.blake2b(data).hexdigest()[:32], hashlib.blake2s(data).hexdigest()[:32])
    print(hashlib.blake2b(data, key=b"secret", digest_size=20, salt=b"salty", person=b"me").hexdigest())
    print(hashlib.blake2s(data, key=b"k" * 32, digest_size=7, salt=b"s" * 8, person=b"p" * 8).hexdigest())
    print(hashlib.blake2b(data, fanout=2, depth=3, leaf_size=4096, node_offset=5, node_depth=1, inner_size=32, last_node=True).hexdigest()[:24])
    print(hashlib.blake2s(data, fanout=2, depth=3, leaf_size=4096, node_offset=5, node_depth=1, inner_size=16, last_node=True).hexdigest()[:24])
    print(hashlib.shake_128(data).hexdigest(10), hashlib.shake_256(data).hexdigest(33))
print(hashlib.blake2b(b"k" * 128 + b"x").hexdigest()[:16], hashlib.blake2b(b"", key=b"k").hexdigest()[:16], hashlib.blake2b(b"a"*128, key=b"k").hexdigest()[:16])
h = hashlib.blake2b(b"ab", digest_size=16)
h2 = h.copy()
h2.update(b"c")
h.update(b"c" * 200)
print(h.hexdigest(), h2.hexdigest(), hashlib.blake2b(b"abc", digest_size=16).hexdigest(), h.name, h.digest_size, h.block_size, hashlib.blake2s().block_size)
s = hashlib.shake_128(b"x")
s2 = s.copy(); s2.update(b"y")
print(s.name, s.digest_size, s.block_size, s.hexdigest(4), s.digest(4), s2.hexdigest(4), hashlib.shake_128(b"xy").hexdigest(4), s.hexdigest(0))
print(hashlib.new("blake2b", b"x", digest_size=4).hexdigest(), hashlib.new("shake_256", b"").hexdigest(3), hashlib.new("blake2s", b"q").hexdigest()[:8])
print(hashlib.blake2b.MAX_DIGEST_SIZE, hashlib.blake2b.SALT_SIZE, hashlib.blake2s.PERSON_SIZE, hashlib.blake2s.MAX_KEY_SIZE, type(hashlib.blake2b()).__name__, isinstance(hashlib.blake2b(), hashlib.blake2b))
errs = []
for kw in [dict(digest_size=0), dict(digest_size=65), dict(key=b'k'*65), dict(salt=b's'*17), dict(person=b'p'*17), dict(fanout=256), dict(depth=0), dict(leaf_size=-1), dict(node_offset=-1), dict(node_depth=256), dict(inner_size=65), dict(key="str")]:
    try:
        hashlib.blake2b(**kw)
    except Exception as e:
        errs.append(f"{type(e).__name__} {e}")
for f in [lambda: hashlib.blake2s(digest_size=33), lambda: hashlib.blake2s(salt=b'x'*9), lambda: hashlib.blake2b("s"), lambda: s.hexdigest(), lambda: s.hexdigest("a"), lambda: hashlib.shake_128("x"), lambda: hashlib.new("BLAKE2S")]:
    try:
        f()
    except Exception as e:
        errs.append(f"{type(e).__name__} {e}")
print("\n".join(errs))
# ---
import hashlib, io
print(hashlib.file_digest(io.BytesIO(b"hello" * 1000), "sha256").hexdigest()[:16], hashlib.file_digest(io.BytesIO(b"x"), hashlib.blake2b).hexdigest()[:16])
# ---
import hmac, hashlib
print(hmac.new(b"k", b"msg", "blake2b").hexdigest()[:32], hmac.new(b"k", b"msg", hashlib.blake2s).hexdigest()[:32])
print(hmac.digest(b"k", b"m", "sha3_256").hex()[:16], callable(hashlib.file_digest))
# ---
import hashlib
print(hashlib.new("sha512_256", b"x").hexdigest()[:16], hashlib.new("SHA512_224").name, hashlib.new("sha512_256").digest_size, hashlib.new("sha512_256").block_size, hashlib.new("sha512_224", b"abc").copy().hexdigest()[:12])
print(sorted(hashlib.algorithms_available - {"md5-sha1", "ripemd160", "sm3"}))
